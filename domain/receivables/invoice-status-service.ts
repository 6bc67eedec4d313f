/**
 * The spec's invoice status calls on top of payments and credit notes: pay in full, correct the
 * payment, take payments back, cancel with a credit note. The caller holds the transaction
 * (invoices/invoice-lifecycle.ts updateInvoiceStatus).
 */
import type { Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { conflict } from "../shared/errors.ts";
import { formatInvoiceId } from "../shared/format.ts";
import { penceToPounds } from "../shared/money.ts";
import { invoiceMonth } from "./invoice-balance-rules.ts";
import { methodFromReference } from "./payment-rules.ts";
import { refreshInvoices } from "./settlement-service.ts";
import { writePayment } from "./payment-service.ts";
import { invoiceWithState, writeCreditNote } from "./credit-note-service.ts";

/** → paid: a payment of what is left to pay, on the date given (or today), with the reference, settling only this invoice. */
export async function payInFull(
  trx: Transaction<Database>,
  invoiceId: number,
  receivedOn: string,
  reference: string | null,
  actorId: number | null,
  today: string,
): Promise<void> {
  const invoice = await invoiceWithState(trx, invoiceId, today);
  if (invoice.state.balancePence === 0) return;
  await writePayment(
    trx,
    {
      partnerId: invoice.partnerId,
      receivedOn,
      amountPence: invoice.state.balancePence,
      method: methodFromReference(reference),
      reference,
      allocations: [{ invoiceId, amountPence: invoice.state.balancePence }],
    },
    actorId,
    today,
    { statusCall: "paid" },
  );
}

/**
 * An invoice already paid, marked paid again with a date or reference: they correct the payments
 * that settle only this invoice. A payment that also settles others is left alone (409).
 */
export async function correctPayment(
  trx: Transaction<Database>,
  invoiceId: number,
  changes: { receivedOn?: string; reference?: string | null },
  actorId: number | null,
): Promise<void> {
  const payments = await trx
    .selectFrom("payments as p")
    .innerJoin("paymentAllocations as a", "a.paymentId", "p.id")
    .selectAll("p")
    .select((eb) =>
      eb
        .selectFrom("paymentAllocations as o")
        .select((o) => o.fn.countAll<number>().as("n"))
        .whereRef("o.paymentId", "=", "p.id")
        .as("invoices"),
    )
    .where("a.invoiceId", "=", invoiceId)
    .execute();
  if (!payments.length) return;
  if (payments.some((p) => p.invoices !== 1))
    throw conflict(
      `${formatInvoiceId(invoiceId)} was paid by a payment that also settles other invoices: delete that payment and record it again`,
    );
  for (const payment of payments) {
    const after = {
      receivedOn: changes.receivedOn ?? payment.receivedOn,
      reference: changes.reference !== undefined ? changes.reference : payment.reference,
    };
    if (after.receivedOn === payment.receivedOn && after.reference === payment.reference) continue;
    await trx.updateTable("payments").set(after).where("id", "=", payment.id).execute();
    await audit(trx, {
      actorId,
      action: "correct",
      entity: "payment",
      entityId: payment.id,
      partnerId: payment.partnerId,
      before: { receivedOn: payment.receivedOn, reference: payment.reference },
      after,
      details: { invoiceId },
    });
  }
}

/**
 * paid → pending or overdue: the payments allocated to this invoice are taken back. A payment that
 * settles only this invoice is deleted; one that also settles others loses this invoice's part and
 * its amount shrinks by as much, so a payment is always exactly what it settles.
 */
export async function takeBackPayments(
  trx: Transaction<Database>,
  invoiceId: number,
  actorId: number | null,
  today: string,
): Promise<void> {
  const allocations = await trx
    .selectFrom("paymentAllocations as a")
    .innerJoin("payments as p", "p.id", "a.paymentId")
    .select([
      "a.id",
      "a.paymentId",
      "a.amountPence",
      "p.amountPence as paymentPence",
      "p.partnerId",
      "p.receivedOn",
      "p.method",
      "p.reference",
    ])
    .where("a.invoiceId", "=", invoiceId)
    .execute();
  const invoice = await trx
    .selectFrom("feePayments")
    .select(["periodStart"])
    .where("id", "=", invoiceId)
    .executeTakeFirstOrThrow();
  for (const a of allocations) {
    const whole = a.amountPence === a.paymentPence;
    if (whole) await trx.deleteFrom("payments").where("id", "=", a.paymentId).execute();
    else {
      await trx.deleteFrom("paymentAllocations").where("id", "=", a.id).execute();
      await trx
        .updateTable("payments")
        .set({ amountPence: a.paymentPence - a.amountPence })
        .where("id", "=", a.paymentId)
        .execute();
    }
    await audit(trx, {
      actorId,
      action: whole ? "delete" : "unallocate",
      entity: "payment",
      entityId: a.paymentId,
      partnerId: a.partnerId,
      month: invoiceMonth(invoice),
      before: {
        receivedOn: a.receivedOn,
        amount: penceToPounds(a.paymentPence),
        method: a.method,
        reference: a.reference,
      },
      after: whole
        ? null
        : {
            receivedOn: a.receivedOn,
            amount: penceToPounds(a.paymentPence - a.amountPence),
            method: a.method,
            reference: a.reference,
          },
      details: { invoiceId, amount: penceToPounds(a.amountPence), statusCall: "unpaid" },
    });
  }
  await refreshInvoices(trx, [invoiceId], today);
}

/** → cancelled: a cancellation credit note for the unpaid balance (payments already made stay). */
export async function cancelWithCreditNote(
  trx: Transaction<Database>,
  invoiceId: number,
  actorId: number | null,
  today: string,
): Promise<void> {
  const invoice = await invoiceWithState(trx, invoiceId, today);
  if (invoice.state.status === "cancelled") return;
  if (invoice.state.balancePence === 0) throw conflict("Failed to update payment status");
  await writeCreditNote(
    trx,
    invoice,
    { amountPence: invoice.state.balancePence, reason: "Invoice cancelled", kind: "cancellation", issuedOn: today },
    actorId,
  );
}
