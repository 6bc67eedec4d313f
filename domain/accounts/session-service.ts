/**
 * Sessions as rows: one row per signed-in device. The cookie holds a
 * random token and the row's id is its SHA-256, so a copy of the database signs nobody in. Reading a
 * request's user is one query (the session joined with its user); last_seen_at is written at most
 * every 5 minutes; a session past its idle limit or its 7 days is deleted when it is next read, and
 * the rest by pruneSessions at each sign-in.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { isSessionAlive, sessionExpiresAt, shouldTouch, type SessionLimits } from "./session-rules.ts";

type DB = Kysely<Database>;

export interface StoredSession {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  userId: number;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
}

/** 32 bytes from the CSPRNG, base64url: what the cookie holds. */
export function newSessionToken(): string {
  return randomBytes(32).toString("base64url");
}

/** What the database keeps of a token. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

const iso = (ms: number) => new Date(ms).toISOString();
/** Longer strings are cut: the header is the client's to choose. */
const MAX_USER_AGENT = 512;

/** A new session for the user; answers the token for the cookie (never stored) and the row. */
export async function createSession(
  db: DB,
  userId: number,
  options: { userAgent?: string | null; now?: number } = {},
): Promise<{ token: string; session: StoredSession }> {
  const now = options.now ?? Date.now();
  const token = newSessionToken();
  const session: StoredSession = {
    id: hashSessionToken(token),
    userId,
    createdAt: iso(now),
    lastSeenAt: iso(now),
    expiresAt: iso(sessionExpiresAt(now)),
    userAgent: options.userAgent?.slice(0, MAX_USER_AGENT) || null,
  };
  await db.insertInto("sessions").values(session).execute();
  return { token, session };
}

/** The session a token names and its user, in one query; undefined when there is none. */
export async function findSessionWithUser(
  db: DB,
  token: string,
): Promise<{ session: StoredSession; user: User } | undefined> {
  const row = await db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.userId")
    .selectAll("users")
    .select([
      "sessions.id as sessionId",
      "sessions.createdAt as sessionCreatedAt",
      "sessions.lastSeenAt as sessionLastSeenAt",
      "sessions.expiresAt as sessionExpiresAt",
      "sessions.userAgent as sessionUserAgent",
    ])
    .where("sessions.id", "=", hashSessionToken(token))
    .executeTakeFirst();
  if (!row) return undefined;
  const { sessionId, sessionCreatedAt, sessionLastSeenAt, sessionExpiresAt, sessionUserAgent, ...user } = row;
  return {
    session: {
      id: sessionId,
      userId: user.id,
      createdAt: sessionCreatedAt,
      lastSeenAt: sessionLastSeenAt,
      expiresAt: sessionExpiresAt,
      userAgent: sessionUserAgent,
    },
    user,
  };
}

/**
 * The live session of a token and its user, or null. A session over its limits is deleted here
 * (lazily); a disabled user's is refused (disabling deletes them too). Its last-seen time is
 * written only when the stored one is over 5 minutes old, so most requests stay one read.
 */
export async function readSession(
  db: DB,
  token: string,
  limits: SessionLimits,
  now = Date.now(),
): Promise<{ session: StoredSession; user: User } | null> {
  const found = await findSessionWithUser(db, token);
  if (!found) return null;
  const { session, user } = found;
  const lastSeenAtMs = Date.parse(session.lastSeenAt);
  if (!isSessionAlive({ lastSeenAtMs, expiresAtMs: Date.parse(session.expiresAt) }, now, limits)) {
    await endSessionById(db, session.id);
    return null;
  }
  if (user.disabledAt) return null;
  if (shouldTouch(lastSeenAtMs, now)) {
    await touchSession(db, session.id, now);
    session.lastSeenAt = iso(now);
  }
  return found;
}

/** Records that the session was seen now (only ever forward: a parallel request's newer time stays). */
export async function touchSession(db: DB, sessionId: string, now = Date.now()): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ lastSeenAt: iso(now) })
    .where("id", "=", sessionId)
    .where("lastSeenAt", "<", iso(now))
    .execute();
}

async function endSessionById(db: DB, sessionId: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", sessionId).execute();
}

/** Logs one device out: the session its token names ends (an unknown token changes nothing). */
export async function endSession(db: DB, token: string): Promise<void> {
  await endSessionById(db, hashSessionToken(token));
}

/** Ends every session of the user (password changed or reset, account disabled); answers how many. */
export async function endAllSessions(db: DB, userId: number): Promise<number> {
  const result = await db.deleteFrom("sessions").where("userId", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** "Log out everywhere": every session of the user ends, audited, in one transaction; answers how many ended. */
export async function logOutEverywhere(db: DB, userId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await endAllSessions(trx, userId);
    const user = await trx
      .selectFrom("users")
      .select(["username", "isAdmin"])
      .where("id", "=", userId)
      .executeTakeFirst();
    await audit(trx, {
      actorId: userId,
      action: "sign-out-everywhere",
      entity: "user",
      entityId: userId,
      partnerId: user?.isAdmin ? null : userId,
      details: { username: user?.username ?? null, sessionsEnded: ended },
    });
    return ended;
  });
}

/** Deletes every session past its 7 days or its idle limit; answers how many. */
export async function pruneSessions(db: DB, limits: SessionLimits, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("expiresAt", "<=", iso(now)), eb("lastSeenAt", "<=", iso(now - limits.idleMs))]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
