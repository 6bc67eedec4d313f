/**
 * Attempt limits kept in the database, so every worker and server shares them: each attempt is
 * counted before the password is checked (a parallel burst is limited like a sequence), taken back
 * when it succeeds, and kept as a failure otherwise. Keys are SHA-256 hashes; old rows are pruned.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { DomainError } from "../shared/errors.ts";
import { decideAttempt, retryAfterSeconds, type AttemptLimits } from "./attempt-rules.ts";

type DB = Kysely<Database>;

/** 429 with the seconds to wait (the Retry-After header). */
export class RateLimitedError extends DomainError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super("rate_limited", message);
    this.name = "RateLimitedError";
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export interface Attempt {
  /** 'login' or 'confirm' (an admin's password confirmation): counted apart. */
  purpose: string;
  username: string;
  address: string;
  /**
   * The nonce of this browser's device cookie for this username (verified by the caller), if any:
   * then the username's wait does not apply and the device's own limit does.
   */
  device?: string | null;
}

/** What the limits need from the caller: its address, the limits, and its device cookie's nonce for a username. */
export interface AttemptGuard {
  address: string;
  limits: AttemptLimits;
  deviceFor?: (username: string) => string | null;
}

export interface Reservation {
  ids: number[];
  userKey: string;
  pairKey: string;
  deviceKey: string | null;
}

const hash = (value: string) => createHash("sha256").update(value).digest("hex");

function keys(attempt: Attempt) {
  const username = attempt.username.trim().toLowerCase();
  return {
    pair: hash(`${attempt.purpose}:pair:${username}:${attempt.address}`),
    address: hash(`${attempt.purpose}:address:${attempt.address}`),
    user: hash(`${attempt.purpose}:user:${username}`),
    device: attempt.device ? hash(`${attempt.purpose}:device:${attempt.device}`) : null,
  };
}

/** Counts the attempt, or throws RateLimitedError (429) with the wait when a limit is reached. */
export async function reserveAttempt(
  db: DB,
  attempt: Attempt,
  limits: AttemptLimits,
  message: string,
  now = Date.now(),
): Promise<Reservation> {
  const k = keys(attempt);
  return db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom("authFailures")
      .where("atMs", "<=", now - limits.windowMs)
      .execute();
    const rows = await trx
      .selectFrom("authFailures")
      .select(["scope", "keyHash", "atMs"])
      .where((eb) =>
        eb.or([
          eb.and([eb("scope", "=", "pair"), eb("keyHash", "=", k.pair)]),
          eb.and([eb("scope", "=", "address"), eb("keyHash", "=", k.address)]),
          eb.and([eb("scope", "=", "user"), eb("keyHash", "=", k.user)]),
          ...(k.device ? [eb.and([eb("scope", "=", "device"), eb("keyHash", "=", k.device)])] : []),
        ]),
      )
      .execute();
    const times = (scope: string) => rows.filter((r) => r.scope === scope).map((r) => r.atMs);
    const decision = decideAttempt(
      {
        pair: times("pair"),
        address: times("address"),
        user: times("user"),
        ...(k.device ? { device: times("device") } : {}),
      },
      now,
      limits,
    );
    if (!decision.allowed) throw new RateLimitedError(message, retryAfterSeconds(decision.retryAfterMs));
    const inserted = await trx
      .insertInto("authFailures")
      .values([
        { scope: "pair", keyHash: k.pair, atMs: now },
        { scope: "address", keyHash: k.address, atMs: now },
        { scope: "user", keyHash: k.user, atMs: now },
        ...(k.device ? [{ scope: "device" as const, keyHash: k.device, atMs: now }] : []),
      ])
      .returning("id")
      .execute();
    return { ids: inserted.map((r) => r.id), userKey: k.user, pairKey: k.pair, deviceKey: k.device };
  });
}

/**
 * The attempt succeeded: it is taken back, and this pair's failures are forgotten. From an unknown
 * browser the username's failures (anywhere) are forgotten too; from a known one (its device cookie)
 * only that device's: the wait an attacker built up for unknown browsers stays.
 */
export async function attemptSucceeded(db: DB, reservation: Reservation): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("authFailures").where("id", "in", reservation.ids).execute();
    const { deviceKey } = reservation;
    await trx
      .deleteFrom("authFailures")
      .where((eb) =>
        eb.or([
          deviceKey
            ? eb.and([eb("scope", "=", "device"), eb("keyHash", "=", deviceKey)])
            : eb.and([eb("scope", "=", "user"), eb("keyHash", "=", reservation.userKey)]),
          eb.and([eb("scope", "=", "pair"), eb("keyHash", "=", reservation.pairKey)]),
        ]),
      )
      .execute();
  });
}

/**
 * Runs `check` (which answers whether the password was right) under the limits: counted first,
 * taken back on success. Throws RateLimitedError (429) when a limit is reached.
 */
export async function limitedAttempt<T>(
  db: DB,
  attempt: Attempt,
  limits: AttemptLimits,
  message: string,
  check: () => Promise<T | null>,
): Promise<T | null> {
  const reservation = await reserveAttempt(db, attempt, limits, message);
  const result = await check();
  if (result !== null) await attemptSucceeded(db, reservation);
  return result;
}

/** The attempt of `purpose` by `username` under a caller's guard (its address and device cookie). */
export function guardedAttempt(purpose: string, username: string, guard: AttemptGuard): Attempt {
  return { purpose, username, address: guard.address, device: guard.deviceFor?.(username) ?? null };
}
