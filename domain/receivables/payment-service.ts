/**
 * Payments: recording one against one or more of a partner's invoices (oldest due first by
 * default), previewing its allocations, and deleting it. Each write is one transaction with its audit
 * entries; the invoices' stored status, paid date and reference are written back from their payments
 * and credits (settlement-service.ts). The lists are receivables-queries.ts, credit notes
 * credit-note-service.ts, the spec's status calls invoice-status-service.ts.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, Payment } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { isoDay } from "../shared/dates.ts";
import { badInput, notFound } from "../shared/errors.ts";
import { penceToPounds } from "../shared/money.ts";
import { invoiceMonth } from "./invoice-balance-rules.ts";
import {
  allocateOldestFirst,
  allocationsProblem,
  paymentAmountProblem,
  paymentReferenceProblem,
  receivedOnProblem,
  unallocatedProblem,
  type Allocation,
  type PaymentMethod,
} from "./payment-rules.ts";
import { insertPayment, openInvoices, refreshInvoices, syncPartner } from "./settlement-service.ts";
import { partnerOrThrow, paymentViews, type PaymentView } from "./receivables-queries.ts";

type DB = Kysely<Database>;
type Tx = DB | Transaction<Database>;

export interface PaymentInput {
  partnerId: number;
  receivedOn: string;
  amountPence: number;
  method: PaymentMethod;
  reference: string | null;
  /** Which invoices it settles and how much of each; omitted: the oldest unpaid first. */
  allocations?: readonly Allocation[];
}

function checkPayment(input: PaymentInput, today: string) {
  const problem =
    receivedOnProblem(input.receivedOn, today) ??
    paymentAmountProblem(input.amountPence) ??
    (input.reference ? paymentReferenceProblem(input.reference) : null);
  if (problem) throw badInput(problem);
}

/** What the payment would settle, without saving: the allocations it would have, oldest due first unless chosen. */
export async function previewAllocations(db: DB, partnerId: number, amountPence: number, today = isoDay(new Date())) {
  await partnerOrThrow(db, partnerId);
  const open = await openInvoices(db, partnerId, today);
  return { ...allocateOldestFirst(amountPence, open), duePence: open.reduce((s, i) => s + i.balancePence, 0) };
}

export async function writePayment(
  trx: Transaction<Database>,
  input: PaymentInput,
  actorId: number | null,
  today: string,
  note?: object,
): Promise<number> {
  const reference = input.reference?.trim() || null;
  const open = await openInvoices(trx, input.partnerId, today);
  let allocations: readonly Allocation[];
  if (input.allocations) {
    const problem = allocationsProblem(input.amountPence, input.allocations, open);
    if (problem) throw badInput(problem);
    allocations = input.allocations;
  } else {
    const oldest = allocateOldestFirst(input.amountPence, open);
    if (oldest.remainderPence > 0)
      throw badInput(
        unallocatedProblem(
          oldest.remainderPence,
          open.reduce((s, i) => s + i.balancePence, 0),
        ),
      );
    allocations = oldest.allocations;
  }
  const id = await insertPayment(trx, { ...input, reference, allocations, createdBy: actorId });
  const changed = await refreshInvoices(
    trx,
    allocations.map((a) => a.invoiceId),
    today,
  );
  await syncPartner(trx, input.partnerId);
  const first = open.find((i) => i.id === allocations[0].invoiceId)!.invoice;
  await audit(trx, {
    actorId,
    action: "record",
    entity: "payment",
    entityId: id,
    partnerId: input.partnerId,
    month: invoiceMonth(first),
    before: null,
    after: {
      receivedOn: input.receivedOn,
      amount: penceToPounds(input.amountPence),
      method: input.method,
      reference,
      allocations: allocations.map((a) => ({ invoiceId: a.invoiceId, amount: penceToPounds(a.amountPence) })),
    },
    details: {
      invoices: changed.map((c) => ({ invoiceId: c.id, from: c.before.status, to: c.after.status })),
      ...note,
    },
  });
  return id;
}

/** Records a payment (one transaction, audited); 400 with the reason when it is not right. */
export async function recordPayment(
  db: DB,
  input: PaymentInput,
  actorId: number | null,
  today = isoDay(new Date()),
): Promise<PaymentView> {
  checkPayment(input, today);
  await partnerOrThrow(db, input.partnerId);
  const id = await db.transaction().execute((trx) => writePayment(trx, input, actorId, today));
  const row = await db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  return (await paymentViews(db, [row]))[0];
}

/** The payment if `user` may see it (admins any; a partner their own). */
export async function paymentOrThrow(db: Tx, id: number): Promise<Payment> {
  const row = await db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Payment not found");
  return row;
}

/** Deletes a payment and its allocations; the invoices it settled are due again (one transaction, audited). */
export async function deletePayment(
  db: DB,
  id: number,
  actorId: number | null,
  today = isoDay(new Date()),
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const payment = await paymentOrThrow(trx, id);
    const [view] = await paymentViews(trx, [payment]);
    const invoices = view.allocations.map((a) => a.invoiceId);
    await trx.deleteFrom("payments").where("id", "=", id).execute();
    const changed = await refreshInvoices(trx, invoices, today);
    await syncPartner(trx, payment.partnerId);
    const first = invoices.length
      ? await trx.selectFrom("feePayments").select("periodStart").where("id", "=", invoices[0]).executeTakeFirst()
      : undefined;
    await audit(trx, {
      actorId,
      action: "delete",
      entity: "payment",
      entityId: id,
      partnerId: payment.partnerId,
      month: first ? invoiceMonth(first) : null,
      before: {
        receivedOn: payment.receivedOn,
        amount: penceToPounds(view.amountPence),
        method: payment.method,
        reference: payment.reference,
        allocations: view.allocations.map((a) => ({ invoiceId: a.invoiceId, amount: penceToPounds(a.amountPence) })),
      },
      after: null,
      details: { invoices: changed.map((c) => ({ invoiceId: c.id, from: c.before.status, to: c.after.status })) },
    });
  });
}
