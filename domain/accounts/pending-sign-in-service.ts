/**
 * The two-factor waiting cookie's state: a right password makes a row for ten minutes;
 * the cookie holds a random token, the row its SHA-256. The step that finishes the sign-in claims
 * (deletes) the row, so the cookie cannot be used again, even within its ten minutes; of two
 * requests racing with one cookie, one claims it.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { hashResetToken, newResetToken } from "./reset-token.ts";

type DB = Kysely<Database>;
export type PendingStage = "code" | "enrol";

export const PENDING_SIGN_IN_MS = 10 * 60_000;

/** A new waiting sign-in for `userId` at `stage`; answers the cookie's token. Expired rows are swept. */
export async function startPendingSignIn(
  db: DB,
  userId: number,
  stage: PendingStage,
  now = Date.now(),
): Promise<string> {
  const token = newResetToken();
  await db.deleteFrom("pendingSignIns").where("expiresAtMs", "<=", now).execute();
  await db
    .insertInto("pendingSignIns")
    .values({ id: hashResetToken(token), userId, stage, expiresAtMs: now + PENDING_SIGN_IN_MS })
    .execute();
  return token;
}

/** The user waiting under `token` at `stage`, or null (unknown, used, expired, another stage). */
export async function pendingUserId(
  db: DB,
  token: string,
  stage: PendingStage,
  now = Date.now(),
): Promise<number | null> {
  const row = await db
    .selectFrom("pendingSignIns")
    .select("userId")
    .where("id", "=", hashResetToken(token))
    .where("stage", "=", stage)
    .where("expiresAtMs", ">", now)
    .executeTakeFirst();
  return row?.userId ?? null;
}

/** Spends the waiting sign-in: true for the one request that claimed it, false when it was gone. */
export async function claimPendingSignIn(db: DB, token: string, now = Date.now()): Promise<boolean> {
  const result = await db
    .deleteFrom("pendingSignIns")
    .where("id", "=", hashResetToken(token))
    .where("expiresAtMs", ">", now)
    .executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
