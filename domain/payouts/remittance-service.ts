/**
 * Remittance advice: when a partner's commission is paid through the
 * product (Mark as Paid on a page, the API, the CLI, or a payout batch), a remittance is queued in the
 * payment's own transaction and emailed after it commits: the month, the amount, the reference and
 * the month's consolidated report attached. One per payment (a unique link to the payment), claimed
 * before sending, so it is never sent twice; a mail failure leaves the payment paid and the remittance
 * "failed", to be sent again (retryRemittances). Every send is logged in email_log (sendDocument).
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { sendDocument, type MailConfig } from "../mail/mail-service.ts";
import type { MailBody } from "../mail/mail-templates.ts";
import { formatMonth } from "../shared/format.ts";
import { isoDay } from "../shared/dates.ts";
import { assertPayable, markCommissionPaidIn, type PaidMonth } from "../commissions/commission-payment-service.ts";
import { consolidatedReport } from "../commissions/statement-service.ts";
import { remittanceAdvice, remittanceParagraphs } from "./remittance-advice.ts";

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
    .select(["name", "username", "email"])
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
    const report = await consolidatedReport(db, row.partnerId, row.month);
    const advice = await remittanceAdvice(db, row);
    const business = await getBusinessProfile(db);
    const subject = remittanceSubject(row.month);
    const body: MailBody = {
      greeting: `Dear ${advice.partnerName},`,
      paragraphs: remittanceParagraphs(advice),
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
