/**
 * A fee invoice's status changes and deletion, each in one transaction with its audit entry. Status
 * follows from payments and credit notes (receivables/): marking paid pays in full, cancelling
 * raises a credit note. The pure rules are in invoice-rules.ts.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { isoDay } from "../shared/dates.ts";
import { badInput, conflict } from "../shared/errors.ts";
import { paidDateProblem, paymentReferenceProblem } from "../receivables/payment-rules.ts";
import {
  canTransition,
  deleteRefusal,
  formatInvoiceId,
  notDeletableBecause,
  type InvoiceStatus,
} from "./invoice-rules.ts";
import { forgetDocument } from "../receivables/issued-documents.ts";
import { recordInvoiceSent } from "./invoice-documents.ts";
import {
  cancelWithCreditNote,
  correctPayment,
  payInFull,
  takeBackPayments,
} from "../receivables/invoice-status-service.ts";
import { invoicesWithState, refreshInvoices, syncPartner } from "../receivables/settlement-service.ts";
import { auditSnapshot } from "./invoice-audit.ts";
import { invoiceMonth } from "../receivables/invoice-balance-rules.ts";
import { findInvoice, invoiceView, type InvoiceView } from "./invoice-queries.ts";

type DB = Kysely<Database>;

export interface PaymentDetails {
  /** YYYY-MM-DD, not after today; default today (an invoice already paid keeps its date). */
  paidDate?: string;
  /** Trimmed, at most 100 characters; blank means none. An invoice already paid keeps its reference when omitted. */
  paymentReference?: string | null;
}

/**
 * Paid, pending or overdue from any non-cancelled state; cancelled from pending or overdue (409 otherwise).
 * Marking paid records the paid date and an optional payment reference; any other status clears both.
 */
export async function updateInvoiceStatus(
  db: DB,
  id: number,
  status: InvoiceStatus,
  actorId: number,
  today = isoDay(new Date()),
  payment: PaymentDetails = {},
): Promise<InvoiceView> {
  const givenReference = payment.paymentReference?.trim() || null;
  if (status !== "paid" && (payment.paidDate !== undefined || givenReference !== null)) {
    throw badInput("A paid date and payment reference are recorded only with status paid");
  }
  if (payment.paidDate !== undefined) {
    const problem = paidDateProblem(payment.paidDate, today);
    if (problem) throw badInput(problem);
  }
  if (payment.paymentReference) {
    const problem = paymentReferenceProblem(payment.paymentReference);
    if (problem) throw badInput(problem);
  }
  await db.transaction().execute(async (trx) => {
    const invoice = await findInvoice(trx, id);
    if (!canTransition(invoice.status, status)) throw conflict("Failed to update payment status");
    // Status follows from payments and credit notes: each call writes those.
    if (status === "paid") {
      if (invoice.status === "paid") {
        // Paid again: a date or reference given corrects the payment that settled it.
        await correctPayment(
          trx,
          id,
          {
            receivedOn: payment.paidDate,
            reference: payment.paymentReference !== undefined ? givenReference : undefined,
          },
          actorId,
        );
      } else {
        await payInFull(trx, id, payment.paidDate ?? today, givenReference, actorId, today);
      }
      await refreshInvoices(trx, [id], today);
    } else if (status === "cancelled") {
      await cancelWithCreditNote(trx, id, actorId, today);
    } else {
      if (invoice.status === "paid") await takeBackPayments(trx, id, actorId, today);
      const [state] = await invoicesWithState(trx, { ids: [id] }, today);
      // Credit notes alone may settle it: then it cannot be due again.
      if (state.state.balancePence === 0) throw conflict("Failed to update payment status");
      // Pending or overdue as asked (the spec's calls set either by hand, as the due check does by date).
      await trx
        .updateTable("feePayments")
        .set({ status, paidDate: null, paymentReference: null })
        .where("id", "=", id)
        .execute();
    }
    await syncPartner(trx, invoice.partnerId);
    const after = await findInvoice(trx, id);
    await audit(trx, {
      actorId,
      action: "status",
      entity: "fee_payment",
      entityId: id,
      partnerId: invoice.partnerId,
      month: invoiceMonth(invoice),
      before: auditSnapshot(invoice),
      after: auditSnapshot(after),
      details: { from: invoice.status, to: status },
    });
  });
  return invoiceView(await findInvoice(db, id));
}

/**
 * An invoice never sent can be deleted (a cancelled one with its cancellation credit note), and its
 * number stays in the audit trail. One paid (409 with the spec's message), sent (emailed,
 * downloaded by anyone or marked sent, cancelled or not: 409 naming when; decision 67) or with a
 * payment or a credit note applied cannot.
 */
export async function deleteInvoice(db: DB, id: number, actorId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const invoice = await findInvoice(trx, id);
    const why = notDeletableBecause(invoice.status, Number(invoice.moneyApplied) > 0, invoice);
    if (why) throw conflict(deleteRefusal(formatInvoiceId(id), invoice.status, why));
    const notes = await trx.selectFrom("creditNotes").select("id").where("invoiceId", "=", id).execute();
    await trx.deleteFrom("feePayments").where("id", "=", id).execute();
    // Never sent: its stored PDFs go with it (the number stays in the audit entry below).
    await forgetDocument(trx, "invoice", id);
    for (const note of notes) await forgetDocument(trx, "credit_note", note.id);
    await syncPartner(trx, invoice.partnerId);
    await audit(trx, {
      actorId,
      action: "delete",
      entity: "fee_payment",
      entityId: id,
      partnerId: invoice.partnerId,
      month: invoiceMonth(invoice),
      before: auditSnapshot(invoice),
      after: null,
      details: {
        invoice: formatInvoiceId(id),
        partnerId: invoice.partnerId,
        amountPence: invoice.amountPence,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
      },
    });
  });
}

/**
 * Marks an invoice sent (posted, or handed over outside Vendboard): from then on it is never
 * deleted (decision 67). The first sending stays recorded; marking again changes nothing. Audited.
 */
export async function markInvoiceSent(db: DB, id: number, actorId: number, at = new Date()): Promise<InvoiceView> {
  await db.transaction().execute(async (trx) => {
    const invoice = await findInvoice(trx, id);
    if (invoice.sentAt) return;
    await recordInvoiceSent(trx, id, "marked", at);
    await audit(trx, {
      actorId,
      action: "sent",
      entity: "fee_payment",
      entityId: id,
      partnerId: invoice.partnerId,
      month: invoiceMonth(invoice),
      before: null,
      after: null,
      details: { invoice: formatInvoiceId(id), sentAt: at.toISOString(), sentVia: "marked" },
    });
  });
  return invoiceView(await findInvoice(db, id));
}
