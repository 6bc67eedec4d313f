/** The due check: overdue invoices marked, the terms that have started invoiced, one reminder per newly overdue invoice. */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { isoDay } from "../shared/dates.ts";
import type { MailConfig } from "../mail/mail-service.ts";
import { auditSnapshot } from "./invoice-audit.ts";
import { invoiceMonth } from "../receivables/invoice-balance-rules.ts";
import { mailInvoice } from "./invoice-documents.ts";
import { insertInvoice } from "./invoice-generation.ts";

type DB = Kysely<Database>;

export interface DueCheckResult {
  today: string;
  markedOverdue: number;
  invoicesRaised: number;
  remindersSent: number;
  /** Reminders that could not be made or sent, with the reason (a failed email is also in the email log). */
  reminderFailures: { invoiceId: number; reason: string }[];
}

/**
 * The due check, idempotent: pending invoices past their due date become overdue; each fee-paying
 * partner whose next payment is due gets the invoices up to today. One transaction; then one
 * reminder per newly overdue invoice (logged, never sent twice).
 */
export async function checkDueInvoices(db: DB, mail: MailConfig, today = isoDay(new Date())): Promise<DueCheckResult> {
  const { overdueIds: marked, raised } = await db.transaction().execute(async (trx) => {
    let raised = 0;
    const partners = await trx
      .selectFrom("users")
      .select(["id", "paymentPeriod", "nextPaymentDue"])
      .where("isAdmin", "=", 0)
      .where("partnerType", "=", "fee-paying")
      .where("monthlyFeePence", ">", 0)
      .where("nextPaymentDue", "is not", null)
      .where("nextPaymentDue", "<=", today)
      .execute();
    for (const partner of partners) {
      let due = partner.nextPaymentDue;
      // Catch up every period that has started, so a second run on the same day raises nothing.
      for (let guard = 0; due && due <= today && guard < 600; guard++) {
        const open = await trx
          .selectFrom("feePayments")
          .select("id")
          .where("partnerId", "=", partner.id)
          .where("periodStart", "=", due)
          .where("status", "in", ["pending", "overdue"])
          .executeTakeFirst();
        if (open) break;
        // Issued today for the period from `due`: due 14 days after the later of the two (decision 67).
        await insertInvoice(trx, partner.id, partner.paymentPeriod ?? "monthly", today, null, due);
        raised++;
        due = (
          await trx.selectFrom("users").select("nextPaymentDue").where("id", "=", partner.id).executeTakeFirstOrThrow()
        ).nextPaymentDue;
      }
    }
    // Marked last (an invoice raised above is due 14 days after today at the earliest, so never among them).
    const overdue = await trx
      .selectFrom("feePayments")
      .selectAll()
      .where("status", "=", "pending")
      .where("dueDate", "<", today)
      .execute();
    if (overdue.length)
      await trx
        .updateTable("feePayments")
        .set({ status: "overdue" })
        .where(
          "id",
          "in",
          overdue.map((o) => o.id),
        )
        .execute();
    for (const invoice of overdue) {
      await audit(trx, {
        actorId: null,
        action: "status",
        entity: "fee_payment",
        entityId: invoice.id,
        partnerId: invoice.partnerId,
        month: invoiceMonth(invoice),
        before: auditSnapshot(invoice),
        after: auditSnapshot({ ...invoice, status: "overdue" }),
        details: { from: "pending", to: "overdue", dueCheck: today },
      });
    }
    await audit(trx, {
      actorId: null,
      action: "check_due",
      entity: "fee_payment",
      entityId: today,
      details: { markedOverdue: overdue.length, invoicesRaised: raised },
    });
    return { overdueIds: overdue.map((o) => o.id), raised };
  });

  let remindersSent = 0;
  const reminderFailures: DueCheckResult["reminderFailures"] = [];
  // One reminder for each invoice this run turned overdue (not those set overdue by hand).
  const toRemind = marked.length
    ? await db
        .selectFrom("feePayments")
        .select("id")
        .where("id", "in", marked)
        .where("reminderSentAt", "is", null)
        .execute()
    : [];
  for (const { id } of toRemind) {
    try {
      const result = await mailInvoice(db, mail, id, true);
      // Marked either way: a partner without an email address is not retried on every run.
      await db
        .updateTable("feePayments")
        .set({ reminderSentAt: new Date().toISOString() })
        .where("id", "=", id)
        .execute();
      if (result.emailSent) remindersSent++;
    } catch (error) {
      // Not retried: the caller reports it (the API logs it, the CLI prints it on stderr and exits 1).
      reminderFailures.push({ invoiceId: id, reason: error instanceof Error ? error.message : String(error) });
    }
  }
  return { today, markedOverdue: marked.length, invoicesRaised: raised, remindersSent, reminderFailures };
}
