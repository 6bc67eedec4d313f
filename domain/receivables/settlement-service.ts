/**
 * The writes every payment, credit note and status call share: the open
 * invoices of a partner with their balances, inserting a payment or a credit note, and writing each
 * invoice's status, paid date and payment reference back from its payments and credits
 * (invoice-balance-rules.ts), then the partner's last payment and next payment due. Callers hold
 * the transaction; the invoices' services and the payment, credit note and status services build on this module.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, FeePayment } from "#db/schema.ts";
import type { CreditNoteKind, PaymentMethod } from "#db/enums.ts";
import { addDaysIso } from "../shared/dates.ts";
import { invoiceGrossPence, invoiceState, type InvoiceState } from "./invoice-balance-rules.ts";
import type { Allocation, OpenInvoice } from "./payment-rules.ts";

type Tx = Kysely<Database> | Transaction<Database>;

/** The partner's last payment and next payment due always follow their invoices. */
export async function syncPartner(trx: Tx, partnerId: number): Promise<void> {
  const invoices = await trx
    .selectFrom("feePayments")
    .select(["status", "paidDate", "periodEnd"])
    .where("partnerId", "=", partnerId)
    .execute();
  const paid = invoices
    .filter((i) => i.status === "paid" && i.paidDate)
    .map((i) => i.paidDate!)
    .sort();
  const ends = invoices
    .filter((i) => i.status !== "cancelled")
    .map((i) => i.periodEnd)
    .sort();
  await trx
    .updateTable("users")
    .set({ lastPaymentDate: paid.at(-1) ?? null, nextPaymentDue: ends.length ? addDaysIso(ends.at(-1)!, 1) : null })
    .where("id", "=", partnerId)
    .execute();
}

export type InvoiceWithState = FeePayment & { state: InvoiceState; grossPence: number };

/** Invoices with their balance and the status that follows from their payments and credits (of one partner, or by id). */
export async function invoicesWithState(
  trx: Tx,
  filter: { partnerId?: number; ids?: readonly number[] },
  today: string,
): Promise<InvoiceWithState[]> {
  let query = trx.selectFrom("feePayments").selectAll();
  if (filter.partnerId !== undefined) query = query.where("partnerId", "=", filter.partnerId);
  if (filter.ids) {
    if (!filter.ids.length) return [];
    query = query.where("id", "in", [...filter.ids]);
  }
  const invoices = await query.orderBy("dueDate").orderBy("id").execute();
  if (!invoices.length) return [];
  const ids = invoices.map((i) => i.id);
  const allocations = await trx
    .selectFrom("paymentAllocations as a")
    .innerJoin("payments as p", "p.id", "a.paymentId")
    .select(["a.invoiceId", "a.amountPence", "p.receivedOn", "p.reference"])
    .where("a.invoiceId", "in", ids)
    .execute();
  const credits = await trx
    .selectFrom("creditNotes")
    .select(["invoiceId", "amountPence", "issuedOn", "kind"])
    .where("invoiceId", "in", ids)
    .execute();
  return invoices.map((invoice) => {
    const grossPence = invoiceGrossPence(invoice);
    const state = invoiceState(
      {
        grossPence,
        allocations: allocations.filter((a) => a.invoiceId === invoice.id),
        credits: credits.filter((c) => c.invoiceId === invoice.id),
        dueDate: invoice.dueDate,
        status: invoice.status,
      },
      today,
    );
    return { ...invoice, grossPence, state };
  });
}

/** The partner's invoices a payment may settle: not cancelled, something left to pay; oldest due first. */
export async function openInvoices(
  trx: Tx,
  partnerId: number,
  today: string,
): Promise<(OpenInvoice & { invoice: InvoiceWithState })[]> {
  return (await invoicesWithState(trx, { partnerId }, today))
    .filter((i) => i.state.status !== "cancelled" && i.state.balancePence > 0)
    .map((invoice) => ({
      id: invoice.id,
      dueDate: invoice.dueDate,
      balancePence: invoice.state.balancePence,
      invoice,
    }));
}

/**
 * Writes each invoice's status, paid date and payment reference from its payments and credits;
 * answers the invoices whose stored state changed, before and after. The caller syncs the partner.
 */
export async function refreshInvoices(trx: Tx, ids: readonly number[], today: string) {
  const changed: {
    id: number;
    partnerId: number;
    periodStart: string;
    before: Pick<FeePayment, "status" | "paidDate" | "paymentReference">;
    after: Pick<FeePayment, "status" | "paidDate" | "paymentReference">;
  }[] = [];
  for (const invoice of await invoicesWithState(trx, { ids: [...new Set(ids)] }, today)) {
    const after = {
      status: invoice.state.status,
      paidDate: invoice.state.paidDate,
      paymentReference: invoice.state.paymentReference,
    };
    if (
      after.status === invoice.status &&
      after.paidDate === invoice.paidDate &&
      after.paymentReference === invoice.paymentReference
    )
      continue;
    await trx.updateTable("feePayments").set(after).where("id", "=", invoice.id).execute();
    changed.push({
      id: invoice.id,
      partnerId: invoice.partnerId,
      periodStart: invoice.periodStart,
      before: { status: invoice.status, paidDate: invoice.paidDate, paymentReference: invoice.paymentReference },
      after,
    });
  }
  return changed;
}

export interface NewPayment {
  partnerId: number;
  receivedOn: string;
  amountPence: number;
  method: PaymentMethod;
  reference: string | null;
  allocations: readonly Allocation[];
  createdBy: number | null;
}

/** Inserts a payment and its allocations (already checked); answers its id. */
export async function insertPayment(trx: Tx, payment: NewPayment): Promise<number> {
  const row = await trx
    .insertInto("payments")
    .values({
      partnerId: payment.partnerId,
      receivedOn: payment.receivedOn,
      amountPence: payment.amountPence,
      method: payment.method,
      reference: payment.reference,
      createdBy: payment.createdBy,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx
    .insertInto("paymentAllocations")
    .values(payment.allocations.map((a) => ({ paymentId: row.id, invoiceId: a.invoiceId, amountPence: a.amountPence })))
    .execute();
  return row.id;
}

export interface NewCreditNote {
  invoiceId: number;
  partnerId: number;
  issuedOn: string;
  amountPence: number;
  reason: string;
  kind: CreditNoteKind;
  createdBy: number | null;
}

export async function insertCreditNote(trx: Tx, note: NewCreditNote): Promise<number> {
  const row = await trx.insertInto("creditNotes").values(note).returning("id").executeTakeFirstOrThrow();
  return row.id;
}
