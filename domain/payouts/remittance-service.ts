/**
 * Remittance advice: when a partner's commission is paid through the
 * product (Mark as Paid on a page, the API, the CLI, or a payout batch), a remittance is queued in the
 * payment's own transaction and emailed after it commits: the month, the amount, the reference and
 * the month's consolidated report attached. One per payment (a unique link to the payment), claimed
 * before sending, so it is never sent twice; a mail failure leaves the payment paid and the remittance
 * "failed", to be sent again (retryRemittances). Every send is logged in email_log (sendDocument).
 */
import type { Kysely } from "kysely";
import type { CommissionRemittancesTable, Database } from "#db/schema.ts";
import type { Selectable } from "kysely";
import { getBusinessProfile } from "../business/business-service.ts";
import { sendDocument, type MailConfig } from "../mail/mail-service.ts";
import type { MailBody } from "../mail/mail-templates.ts";
import { formatDate, formatMonth, formatPence, maskAccountNumber } from "../shared/format.ts";
import { isoDay } from "../shared/dates.ts";
import { assertPayable, markCommissionPaidIn, type PaidMonth } from "../commissions/commission-payment-service.ts";
import { repaymentText } from "../commissions/correction-words.ts";
import { moneyPaidFrom } from "../commissions/correction-rules.ts";
import { adjustmentText } from "../agreements/agreement-words.ts";
import { consolidatedReport } from "../commissions/statement-service.ts";

type DB = Kysely<Database>;

export const remittanceSubject = (month: string) => `Remittance advice: your commission for ${formatMonth(month)}`;

/** What became of one remittance: sent over SMTP, written to the outbox, not sent (no address, failed), or skipped (already sent). */
export interface RemittanceOutcome {
  remittanceId: number;
  partnerId: number;
  partnerName: string;
  month: string;
  amountPence: number;
  reference: string;
  status: "sent" | "written" | "no_email" | "failed" | "skipped";
  to: string | null;
  error: string | null;
}

/** Queues the remittance of the money a payment just sent (one per transfer), inside the payment's transaction; answers its id. */
export async function queueRemittance(trx: DB, paid: PaidMonth): Promise<number> {
  const { payment, transfer } = paid;
  const row = await trx
    .insertInto("commissionRemittances")
    .values({
      commissionPaymentId: payment.id,
      transferId: transfer.id,
      partnerId: transfer.partnerId,
      month: transfer.month,
      amountPence: transfer.amountPence,
      reference: transfer.reference,
      batchId: transfer.batchId,
    })
    .onConflict((oc) => oc.column("transferId").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (row) return row.id;
  const existing = await trx
    .selectFrom("commissionRemittances")
    .select("id")
    .where("transferId", "=", transfer.id)
    .executeTakeFirstOrThrow();
  return existing.id;
}

/**
 * Sends one queued (or failed) remittance. It is claimed first (queued/failed → sending in one
 * statement), so two callers never both send it; a remittance already sent, or whose payment was
 * reset, is skipped.
 */
export async function sendRemittance(db: DB, mail: MailConfig, remittanceId: number): Promise<RemittanceOutcome> {
  const claimed = await db
    .updateTable("commissionRemittances")
    .set((eb) => ({ status: "sending", attempts: eb("attempts", "+", 1) }))
    .where("id", "=", remittanceId)
    .where("status", "in", ["queued", "failed"])
    .where("commissionPaymentId", "is not", null)
    .returningAll()
    .executeTakeFirst();
  const row =
    claimed ??
    (await db.selectFrom("commissionRemittances").selectAll().where("id", "=", remittanceId).executeTakeFirstOrThrow());
  const partner = await db
    .selectFrom("users")
    .select(["name", "username", "email", "bankName", "accountNumber"])
    .where("id", "=", row.partnerId)
    .executeTakeFirstOrThrow();
  const outcome = (
    status: RemittanceOutcome["status"],
    to: string | null,
    error: string | null,
  ): RemittanceOutcome => ({
    remittanceId: row.id,
    partnerId: row.partnerId,
    partnerName: partner.name ?? partner.username,
    month: row.month,
    amountPence: row.amountPence,
    reference: row.reference,
    status,
    to,
    error,
  });
  if (!claimed) return outcome("skipped", row.toAddress, null);
  const finish = (status: "sent" | "written" | "no_email" | "failed", to: string | null, error: string | null) =>
    db
      .updateTable("commissionRemittances")
      .set({
        status,
        toAddress: to,
        error,
        sentAt: status === "sent" || status === "written" ? new Date().toISOString() : null,
      })
      .where("id", "=", row.id)
      .execute();
  if (!partner.email) {
    await finish("no_email", null, null);
    return outcome("no_email", null, null);
  }
  try {
    const paidOn = await remittancePaidDate(db, row);
    const report = await consolidatedReport(db, row.partnerId, row.month);
    const adjustments = await db
      .selectFrom("commissionAdjustments")
      .select(["forMonth", "amountPence", "reason"])
      .where("partnerId", "=", row.partnerId)
      .where("month", "=", row.month)
      .orderBy("id")
      .execute();
    const adjusted = adjustments.length ? `\nIncluding: ${adjustments.map(adjustmentText).join("; ")}` : "";
    const topUp = await topUpLine(db, row);
    const business = await getBusinessProfile(db);
    const subject = remittanceSubject(row.month);
    const into = partner.accountNumber
      ? `\nPaid into: ${[partner.bankName, `account ${maskAccountNumber(partner.accountNumber)}`].filter(Boolean).join(" ")}`
      : "";
    const body: MailBody = {
      greeting: `Dear ${partner.name ?? partner.username},`,
      paragraphs: [
        topUp && row.amountPence === 0
          ? `We have worked out your commission for ${formatMonth(row.month)} again: nothing more is paid.`
          : `We have paid your commission for ${formatMonth(row.month)}.`,
        `Amount: ${formatPence(row.amountPence)}${topUp}${adjusted}\nPayment reference: ${row.reference}${paidOn ? `\nPaid on: ${formatDate(paidOn)}` : ""}${into}`,
        `The consolidated report for ${formatMonth(row.month)} is attached. You can see every machine's figures, and the transactions behind them, on your dashboard.`,
      ],
      action: { label: "Open your dashboard", path: "/" },
    };
    const document = { filename: report.filename, bytes: report.bytes };
    const sent = await sendDocument(db, mail, { to: partner.email, subject, body, business, document });
    await finish(sent.result, partner.email, null);
    return outcome(sent.result, partner.email, null);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await finish("failed", partner.email, reason);
    return outcome("failed", partner.email, reason);
  }
}

type RemittanceRow = Selectable<CommissionRemittancesTable>;

/** The day the remittance's money was paid: its transfer's, else (older rows) its payment's. */
async function remittancePaidDate(db: DB, row: RemittanceRow): Promise<string | null> {
  if (row.transferId !== null) {
    const t = await db
      .selectFrom("commissionTransfers")
      .select("paidDate")
      .where("id", "=", row.transferId)
      .executeTakeFirst();
    if (t) return t.paidDate;
  }
  if (row.commissionPaymentId === null) return null;
  return (
    (
      await db
        .selectFrom("commissionPayments")
        .select("paidDate")
        .where("id", "=", row.commissionPaymentId)
        .executeTakeFirst()
    )?.paidDate ?? null
  );
}

/**
 * A top-up (money had been paid for the month before this transfer) names both figures:
 * "\nOctober 2026: £32.62, already paid £32.15 on 27/11/2026, now £0.47". Empty otherwise.
 */
async function topUpLine(db: DB, row: RemittanceRow): Promise<string> {
  if (row.transferId === null) return "";
  const earlier = await db
    .selectFrom("commissionTransfers")
    .select(["amountPence", "paidDate"])
    .where("partnerId", "=", row.partnerId)
    .where("month", "=", row.month)
    .where("id", "<", row.transferId)
    .orderBy("id")
    .execute();
  const before = moneyPaidFrom(earlier);
  if (!before.pence) return "";
  const payment =
    row.commissionPaymentId === null
      ? null
      : await db
          .selectFrom("commissionPayments")
          .select("amountPence")
          .where("id", "=", row.commissionPaymentId)
          .executeTakeFirst();
  const monthPence = payment?.amountPence ?? before.pence + row.amountPence;
  return `\n${repaymentText(row.month, monthPence, before)}`;
}

/** Sends each remittance in turn; one failing does not stop the others. */
export async function sendRemittances(
  db: DB,
  mail: MailConfig,
  remittanceIds: readonly number[],
): Promise<RemittanceOutcome[]> {
  const outcomes: RemittanceOutcome[] = [];
  for (const id of remittanceIds) outcomes.push(await sendRemittance(db, mail, id));
  return outcomes;
}

/** The remittances of a month still to send (queued, or failed earlier) whose payment stands. */
export async function unsentRemittances(db: DB, month: string) {
  return db
    .selectFrom("commissionRemittances as r")
    .innerJoin("users as u", "u.id", "r.partnerId")
    .select([
      "r.id",
      "r.partnerId",
      "u.name",
      "u.username",
      "r.amountPence",
      "r.status",
      "r.error",
      "r.attempts",
      "r.toAddress",
    ])
    .where("r.month", "=", month)
    .where("r.status", "in", ["queued", "failed"])
    .where("r.commissionPaymentId", "is not", null)
    .orderBy("u.name")
    .execute();
}

/** Sends a month's unsent remittances again (after a mail failure). */
export async function retryRemittances(db: DB, mail: MailConfig, month: string): Promise<RemittanceOutcome[]> {
  return sendRemittances(
    db,
    mail,
    (await unsentRemittances(db, month)).map((r) => r.id),
  );
}

/**
 * Mark as Paid with its remittance (the partner page, the summary, POST
 * /api/partners/{id}/commission-payment, `commissions pay`): the payment and the queued remittance
 * commit together; the email goes after, and its failure never undoes the payment.
 */
export async function payCommission(
  db: DB,
  mail: MailConfig,
  partnerId: number,
  month: string,
  actorId: number | null,
  paidDate: string = isoDay(new Date()),
  now: Date = new Date(),
) {
  assertPayable(month, paidDate, now);
  const { paid: payment, remittanceId } = await db.transaction().execute(async (trx) => {
    const paid = await markCommissionPaidIn(trx, partnerId, month, actorId, paidDate, null, now);
    return { paid, remittanceId: await queueRemittance(trx, paid) };
  });
  return { ...payment, remittance: await sendRemittance(db, mail, remittanceId) };
}
