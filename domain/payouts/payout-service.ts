/**
 * Commission payout batches: a month's candidates (eligible partners
 * with their bank lines, the others with why), the bank payment file of a selection, and marking the
 * selection paid in one transaction, each payment as Mark as Paid records it, with a payout_batches
 * row and one audit entry for the batch; the remittances are queued with the payments and sent after.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import type { MailConfig } from "../mail/mail-service.ts";
import { isoDay } from "../shared/dates.ts";
import { badInput, conflict } from "../shared/errors.ts";
import { formatMonth, formatPence } from "../shared/format.ts";
import { assertPayable, markCommissionPaidIn } from "../commissions/commission-payment-service.ts";
import { everyPartnerMonthFigures } from "../commissions/commission-summary.ts";
import { assertMonthEnded } from "../month-close/month-close-rules.ts";
import { getPayoutPrefix } from "../business/business-service.ts";
import { payoutTotal, planPayout, type PayoutLine, type PayoutPlan } from "./payout-rules.ts";
import { payoutCsv, payoutFilename } from "./payout-csv.ts";
import { bankHolds, latestBankChanges } from "../commissions/bank-hold-service.ts";
import { formatBankTime } from "../commissions/bank-rules.ts";
import { queueRemittance, sendRemittances, type RemittanceOutcome } from "./remittance-service.ts";

type DB = Kysely<Database>;

/** The month's payout: eligible partners (with the bank file's line) and the others with their reasons. Only for a month that has ended (409). */
export async function payoutCandidates(db: DB, month: string, now: Date = new Date()): Promise<PayoutPlan> {
  assertMonthEnded(month, now);
  const [figures, banks, prefix, holds] = await Promise.all([
    everyPartnerMonthFigures(db, month),
    db
      .selectFrom("users")
      .select(["id", "accountHolderName", "bankName", "sortCode", "accountNumber"])
      .where("isAdmin", "=", 0)
      .execute(),
    getPayoutPrefix(db),
    bankHolds(db, now),
  ]);
  const bankOf = new Map(banks.map((b) => [b.id, b]));
  return planPayout(
    figures.map((f) => {
      const bank = bankOf.get(f.partnerId);
      return {
        ...f,
        accountHolderName: bank?.accountHolderName ?? null,
        bankName: bank?.bankName ?? null,
        sortCode: bank?.sortCode ?? null,
        accountNumber: bank?.accountNumber ?? null,
        bankHold: holds.get(f.partnerId) ?? null,
      };
    }),
    month,
    now,
    prefix,
  );
}

/** The chosen partners' lines (every eligible partner when none are named); 409 for a partner who is not eligible, with why. */
export function selectLines(plan: PayoutPlan, partnerIds?: readonly number[]): PayoutLine[] {
  if (partnerIds === undefined) return plan.eligible;
  if (!partnerIds.length) throw badInput("Choose at least one partner to pay");
  for (const id of new Set(partnerIds)) {
    if (plan.eligible.some((l) => l.partnerId === id)) continue;
    const left = plan.leftOut.find((l) => l.partnerId === id);
    throw conflict(
      left
        ? `${left.partnerName} cannot be paid for ${formatMonth(plan.month)}: ${left.reason.message}`
        : `Partner ${id} has no commission to pay for ${formatMonth(plan.month)}`,
    );
  }
  // In the plan's order (the summary's: name, then username), whatever order they were asked in.
  const chosen = new Set(partnerIds);
  return plan.eligible.filter((l) => chosen.has(l.partnerId));
}

export interface PayoutFile {
  csv: string;
  filename: string;
  totalPence: number;
  rows: PayoutLine[];
}

/**
 * The bank bulk-payment file for the chosen partners (all eligible when none are named). What it says
 * is kept (payout_files, audited), so marking the batch paid can refuse an amount that changed since.
 */
export async function payoutFile(
  db: DB,
  month: string,
  partnerIds?: readonly number[],
  now: Date = new Date(),
  actorId: number | null = null,
): Promise<PayoutFile> {
  const rows = selectLines(await payoutCandidates(db, month, now), partnerIds);
  if (!rows.length) throw conflict(`No partner can be paid for ${formatMonth(month)}`);
  const totalPence = payoutTotal(rows);
  const changes = await latestBankChanges(
    db,
    rows.map((r) => r.partnerId),
  );
  const lines: FileLine[] = rows.map((r) => ({
    partnerId: r.partnerId,
    amountPence: r.amountPence,
    reference: r.reference,
    bankChangedAt: changes.get(r.partnerId)?.changedAt ?? null,
  }));
  await db.transaction().execute(async (trx) => {
    const file = await trx
      .insertInto("payoutFiles")
      .values({ month, lines: JSON.stringify(lines), totalPence, createdBy: actorId })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actorId,
      action: "payout_file",
      entity: "payout_file",
      entityId: file.id,
      month,
      after: { partners: rows.length, totalPence },
      details: { lines },
    });
  });
  return { csv: payoutCsv(rows), filename: payoutFilename(month), totalPence, rows };
}

interface FileLine {
  partnerId: number;
  amountPence: number;
  reference: string;
  /** The partner's latest change of bank details when the file was made (absent in files made before changes were kept). */
  bankChangedAt?: string | null;
}

/** Each partner's line in the latest bank file made for the month that has them. */
async function fileAmounts(db: DB, month: string): Promise<Map<number, FileLine>> {
  const files = await db
    .selectFrom("payoutFiles")
    .select(["lines"])
    .where("month", "=", month)
    .orderBy("id", "desc")
    .execute();
  const out = new Map<number, FileLine>();
  for (const file of files)
    for (const line of JSON.parse(file.lines) as FileLine[])
      if (!out.has(line.partnerId)) out.set(line.partnerId, line);
  return out;
}

/**
 * Money in flight: each line's amount against the latest bank file that has the
 * partner; 409 naming the partner and both amounts when it changed since the file was made.
 */
export function assertFileAmounts(
  rows: readonly PayoutLine[],
  inFile: ReadonlyMap<number, Pick<FileLine, "amountPence"> & Partial<Pick<FileLine, "reference">>>,
  month: string,
): void {
  for (const row of rows) {
    const line = inFile.get(row.partnerId);
    if (!line) continue;
    // A file made before Reset Month carried "<PREFIX> COMM"; a top-up goes as "<PREFIX> ADJ": the same amount under another reference is a change too.
    const otherReference = line.reference !== undefined && line.reference !== row.reference;
    if (line.amountPence !== row.amountPence || otherReference) {
      const ref = (reference: string | undefined) => (otherReference && reference ? ` (${reference})` : "");
      throw conflict(
        `${row.partnerName}'s commission for ${formatMonth(month)} changed since the bank file was made: the file pays ${formatPence(line.amountPence)}${ref(line.reference)}, it now comes to ${formatPence(row.amountPence)}${ref(row.reference)}. Download the bank file again before marking the batch paid.`,
      );
    }
  }
}

/** 409 when the latest bank file that has a partner was made before their bank details last changed: it pays the old account. */
async function assertFileBanks(db: DB, rows: readonly PayoutLine[], inFile: ReadonlyMap<number, FileLine>) {
  const changes = await latestBankChanges(
    db,
    rows.map((r) => r.partnerId),
  );
  for (const row of rows) {
    const line = inFile.get(row.partnerId);
    const change = changes.get(row.partnerId);
    if (line && change && (line.bankChangedAt ?? null) !== change.changedAt)
      throw conflict(
        `The bank file was made before ${row.partnerName}'s bank details changed on ${formatBankTime(change.changedAt)}: it pays the old account. Download the bank file again before marking the batch paid.`,
      );
  }
}

export interface PaidBatch {
  batchId: number;
  month: string;
  paidDate: string;
  totalPence: number;
  rows: PayoutLine[];
  remittanceIds: number[];
}

/**
 * Marks the chosen partners' commission paid in one transaction (all or none): each payment and its
 * snapshot as markCommissionPaid records them (audited one by one), a payout_batches row, one
 * audit entry for the batch, and a remittance queued per payment.
 */
export async function markPayoutPaid(
  db: DB,
  month: string,
  partnerIds: readonly number[] | undefined,
  actorId: number | null,
  paidDate: string = isoDay(new Date()),
  now: Date = new Date(),
): Promise<PaidBatch> {
  assertPayable(month, paidDate, now);
  return db.transaction().execute(async (trx) => {
    // Eligibility is read again inside the transaction: nobody pays a partner twice between the review and the confirmation.
    const rows = selectLines(await payoutCandidates(trx, month, now), partnerIds);
    if (!rows.length) throw conflict(`No partner can be paid for ${formatMonth(month)}`);
    const inFile = await fileAmounts(trx, month);
    assertFileAmounts(rows, inFile, month);
    await assertFileBanks(trx, rows, inFile);
    const totalPence = payoutTotal(rows);
    const batch = await trx
      .insertInto("payoutBatches")
      .values({ month, paidDate, partnerCount: rows.length, totalPence, createdBy: actorId })
      .returning("id")
      .executeTakeFirstOrThrow();
    const remittanceIds: number[] = [];
    for (const row of rows) {
      const paid = await markCommissionPaidIn(trx, row.partnerId, month, actorId, paidDate, batch.id, now);
      // The line was made from the same figures: a payment that differs from it would be a bug to stop on.
      if (paid.transfer.amountPence !== row.amountPence)
        throw conflict(`${row.partnerName}'s commission changed while the batch was being paid; review it again`);
      remittanceIds.push(await queueRemittance(trx, paid));
    }
    await audit(trx, {
      actorId,
      action: "payout_batch",
      entity: "payout_batch",
      entityId: batch.id,
      month,
      after: { paidDate, partners: rows.length, totalPence },
      details: {
        partners: rows.map((r) => ({ partnerId: r.partnerId, name: r.partnerName, amountPence: r.amountPence })),
        reference: rows[0].reference,
      },
    });
    return { batchId: batch.id, month, paidDate, totalPence, rows, remittanceIds };
  });
}

/** Marks the batch paid, then emails each partner's remittance (after the payments have committed). */
export async function payPayoutBatch(
  db: DB,
  mail: MailConfig,
  month: string,
  partnerIds: readonly number[] | undefined,
  actorId: number | null,
  paidDate?: string,
  now: Date = new Date(),
): Promise<PaidBatch & { remittances: RemittanceOutcome[] }> {
  const batch = await markPayoutPaid(db, month, partnerIds, actorId, paidDate ?? isoDay(now), now);
  return { ...batch, remittances: await sendRemittances(db, mail, batch.remittanceIds) };
}
