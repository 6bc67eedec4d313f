/**
 * The hold on paying a partner whose bank details changed (bank-rules.ts's bankHold), read from
 * bank_detail_changes: every way of paying (Mark as Paid, a payout batch, the CLI) asks here.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { conflict } from "../shared/errors.ts";
import { audit } from "../shared/audit-writer.ts";
import { BANK_HOLD_HOURS, bankHold, formatBankTime, type BankChange, type BankHold } from "./bank-rules.ts";

type DB = Kysely<Database>;

export interface StoredBankChange extends BankChange {
  id: number;
  partnerId: number;
  verifiedBy: string | null;
  confirmedBy: number | null;
}

/** Each partner's latest change of bank details (of the given partners, or all). */
export async function latestBankChanges(
  db: DB,
  partnerIds?: readonly number[],
): Promise<Map<number, StoredBankChange>> {
  if (partnerIds && !partnerIds.length) return new Map();
  let query = db
    .selectFrom("bankDetailChanges")
    .select(["id", "partnerId", "changedAt", "changedBy", "notifiedTo", "confirmedAt", "confirmedBy", "verifiedBy"])
    .orderBy("id", "desc");
  if (partnerIds) query = query.where("partnerId", "in", [...partnerIds]);
  const latest = new Map<number, StoredBankChange>();
  for (const row of await query.execute()) if (!latest.has(row.partnerId)) latest.set(row.partnerId, row);
  return latest;
}

/** The partners whose payments are held now, with the hold (its words and when paying may resume). */
export async function bankHolds(
  db: DB,
  now: Date = new Date(),
  partnerIds?: readonly number[],
): Promise<Map<number, BankHold>> {
  const holds = new Map<number, BankHold>();
  for (const [partnerId, change] of await latestBankChanges(db, partnerIds)) {
    const hold = bankHold(change, now);
    if (hold) holds.set(partnerId, hold);
  }
  return holds;
}

/**
 * 409 when the partner's bank details changed and paying them is still held: "<name> cannot be paid
 * yet: Bank details changed on …; payable from …". The first payment after a hold ran its 72 hours
 * writes its end to the trail (`bank_hold_end`); an early end by confirmation wrote its own.
 */
export async function assertNotHeld(
  db: DB,
  partnerId: number,
  partnerName: string,
  now: Date = new Date(),
  actorId: number | null = null,
) {
  const change = (await latestBankChanges(db, [partnerId])).get(partnerId);
  const hold = bankHold(change, now);
  if (hold) throw conflict(`${partnerName} cannot be paid yet: ${hold.message}`);
  if (!change || change.confirmedAt) return;
  const ended = await db
    .selectFrom("auditLog")
    .select("id")
    .where("action", "=", "bank_hold_end")
    .where("entity", "=", "bank_details")
    .where("entityId", "=", String(change.id))
    .executeTakeFirst();
  if (ended) return;
  const endedAt = new Date(new Date(change.changedAt).getTime() + BANK_HOLD_HOURS * 3_600_000).toISOString();
  await audit(db, {
    actorId,
    action: "bank_hold_end",
    entity: "bank_details",
    entityId: change.id,
    partnerId,
    after: { endedAt },
    details: { reason: `The hold on ${partnerName}'s payments ended on ${formatBankTime(endedAt)}: 72 hours passed` },
  });
}
