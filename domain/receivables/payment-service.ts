/**
 * Payments and credit notes: recording a payment against one or more of a
 * partner's invoices (oldest due first by default), deleting it, issuing a credit note, and the
 * spec's status calls on top (pay in full, take the payment back, cancel with a credit note). Each
 * write is one transaction with its audit entries; the invoices' stored status, paid date and
 * reference are written back from their payments and credits (settlement-service.ts).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, Payment } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { isoDay } from "../shared/dates.ts";
import { DomainError, badInput, conflict, notFound } from "../shared/errors.ts";
import { formatCreditNoteId, formatInvoiceId, formatPence } from "../shared/format.ts";
import { penceToPounds } from "../shared/money.ts";
import type { PublicUser } from "../accounts/user-service.ts";
import { creditNotePdf } from "./credit-note-pdf.ts";
import {
  allocateOldestFirst,
  allocationsProblem,
  creditReasonProblem,
  methodFromReference,
  paymentAmountProblem,
  paymentReferenceProblem,
  receivedOnProblem,
  unallocatedProblem,
  type Allocation,
  type PaymentMethod,
} from "./payment-rules.ts";
import {
  insertCreditNote,
  insertPayment,
  invoicesWithState,
  openInvoices,
  refreshInvoices,
  syncPartner,
  type InvoiceWithState,
} from "./settlement-service.ts";

type DB = Kysely<Database>;
type Tx = DB | Transaction<Database>;

export interface PaymentView {
  id: number;
  partnerId: number;
  receivedOn: string;
  /** Pounds. */
  amount: number;
  method: PaymentMethod;
  reference: string | null;
  allocations: { invoiceId: number; displayId: string; amount: number }[];
  createdAt: string;
  createdBy: number | null;
}

export interface CreditNoteView {
  id: number;
  displayId: string;
  invoiceId: number;
  invoiceDisplayId: string;
  partnerId: number;
  issuedOn: string;
  amount: number;
  reason: string;
  kind: "credit" | "cancellation";
  pdfUrl: string;
  createdAt: string;
}

const invoiceMonth = (row: { periodStart: string }) => row.periodStart.slice(0, 7);

async function partnerOrThrow(db: Tx, partnerId: number) {
  const partner = await db.selectFrom("users").select(["id", "isAdmin"]).where("id", "=", partnerId).executeTakeFirst();
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
  return partner;
}

async function paymentViews(db: Tx, payments: readonly Payment[]): Promise<PaymentView[]> {
  if (!payments.length) return [];
  const allocations = await db
    .selectFrom("paymentAllocations")
    .select(["paymentId", "invoiceId", "amountPence"])
    .where(
      "paymentId",
      "in",
      payments.map((p) => p.id),
    )
    .orderBy("id")
    .execute();
  return payments.map((p) => ({
    id: p.id,
    partnerId: p.partnerId,
    receivedOn: p.receivedOn,
    amount: penceToPounds(p.amountPence),
    method: p.method,
    reference: p.reference,
    allocations: allocations
      .filter((a) => a.paymentId === p.id)
      .map((a) => ({
        invoiceId: a.invoiceId,
        displayId: formatInvoiceId(a.invoiceId),
        amount: penceToPounds(a.amountPence),
      })),
    createdAt: p.createdAt,
    createdBy: p.createdBy,
  }));
}

/** A partner's payments, newest first. */
export async function listPayments(db: DB, partnerId: number): Promise<PaymentView[]> {
  await partnerOrThrow(db, partnerId);
  const rows = await db
    .selectFrom("payments")
    .selectAll()
    .where("partnerId", "=", partnerId)
    .orderBy("receivedOn", "desc")
    .orderBy("id", "desc")
    .execute();
  return paymentViews(db, rows);
}

export function creditNoteView(row: {
  id: number;
  invoiceId: number;
  partnerId: number;
  issuedOn: string;
  amountPence: number;
  reason: string;
  kind: "credit" | "cancellation";
  createdAt: string;
}): CreditNoteView {
  return {
    id: row.id,
    displayId: formatCreditNoteId(row.id),
    invoiceId: row.invoiceId,
    invoiceDisplayId: formatInvoiceId(row.invoiceId),
    partnerId: row.partnerId,
    issuedOn: row.issuedOn,
    amount: penceToPounds(row.amountPence),
    reason: row.reason,
    kind: row.kind,
    pdfUrl: `/api/credit-notes/${row.id}/pdf`,
    createdAt: row.createdAt,
  };
}

/** A partner's credit notes, newest first. */
export async function listCreditNotes(db: DB, partnerId: number): Promise<CreditNoteView[]> {
  const rows = await db
    .selectFrom("creditNotes")
    .selectAll()
    .where("partnerId", "=", partnerId)
    .orderBy("issuedOn", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map(creditNoteView);
}

/** Each of a partner's invoices' balance in pence and what has been paid and credited (for the partner page). */
export async function invoiceBalances(
  db: DB,
  partnerId: number,
  today = isoDay(new Date()),
): Promise<Map<number, { grossPence: number; balancePence: number; paidPence: number; creditedPence: number }>> {
  const invoices = await invoicesWithState(db, { partnerId }, today);
  return new Map(
    invoices.map((i) => [
      i.id,
      {
        grossPence: i.grossPence,
        balancePence: i.state.balancePence,
        paidPence: i.state.paidPence,
        creditedPence: i.state.creditedPence,
      },
    ]),
  );
}

/** What the partner page shows of a fee-paying partner's money: each invoice's balance, the payments and credit notes. */
export interface PartnerReceivables {
  /** By invoice id, pounds: what the partner pays (gross), has paid, was credited, and what is left. */
  balances: Record<number, { gross: number; paid: number; credited: number; balance: number }>;
  /** The balances of unpaid invoices added up, pounds. */
  due: number;
  payments: PaymentView[];
  creditNotes: CreditNoteView[];
}

export async function partnerReceivables(
  db: DB,
  partnerId: number,
  today = isoDay(new Date()),
): Promise<PartnerReceivables> {
  const invoices = await invoicesWithState(db, { partnerId }, today);
  const balances: PartnerReceivables["balances"] = {};
  let due = 0;
  for (const i of invoices) {
    balances[i.id] = {
      gross: penceToPounds(i.grossPence),
      paid: penceToPounds(i.state.paidPence),
      credited: penceToPounds(i.state.creditedPence),
      balance: penceToPounds(i.state.balancePence),
    };
    if (i.state.status !== "cancelled") due += i.state.balancePence;
  }
  return {
    balances,
    due: penceToPounds(due),
    payments: await listPayments(db, partnerId),
    creditNotes: await listCreditNotes(db, partnerId),
  };
}

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

async function writePayment(
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
        amount: view.amount,
        method: payment.method,
        reference: payment.reference,
        allocations: view.allocations.map((a) => ({ invoiceId: a.invoiceId, amount: a.amount })),
      },
      after: null,
      details: { invoices: changed.map((c) => ({ invoiceId: c.id, from: c.before.status, to: c.after.status })) },
    });
  });
}

async function invoiceWithState(trx: Tx, invoiceId: number, today: string): Promise<InvoiceWithState> {
  const [invoice] = await invoicesWithState(trx, { ids: [invoiceId] }, today);
  if (!invoice) throw notFound("Invoice not found");
  return invoice;
}

async function writeCreditNote(
  trx: Transaction<Database>,
  invoice: InvoiceWithState,
  note: { amountPence: number; reason: string; kind: "credit" | "cancellation"; issuedOn: string },
  actorId: number | null,
): Promise<number> {
  const id = await insertCreditNote(trx, {
    invoiceId: invoice.id,
    partnerId: invoice.partnerId,
    createdBy: actorId,
    ...note,
  });
  const changed = await refreshInvoices(trx, [invoice.id], note.issuedOn);
  await syncPartner(trx, invoice.partnerId);
  await audit(trx, {
    actorId,
    action: "issue",
    entity: "credit_note",
    entityId: id,
    partnerId: invoice.partnerId,
    month: invoiceMonth(invoice),
    before: null,
    after: {
      invoiceId: invoice.id,
      issuedOn: note.issuedOn,
      amount: penceToPounds(note.amountPence),
      kind: note.kind,
      reason: note.reason,
    },
    details: {
      invoices: changed.map((c) => ({ invoiceId: c.id, from: c.before.status, to: c.after.status })),
      balanceBefore: penceToPounds(invoice.state.balancePence),
    },
  });
  return id;
}

/** Issues a credit note of at most the invoice's unpaid balance (one transaction, audited). */
export async function issueCreditNote(
  db: DB,
  invoiceId: number,
  input: { amountPence: number; reason: string },
  actorId: number | null,
  today = isoDay(new Date()),
): Promise<CreditNoteView> {
  const reason = input.reason.trim();
  const problem = paymentAmountProblem(input.amountPence) ?? creditReasonProblem(reason);
  if (problem) throw badInput(problem);
  const id = await db.transaction().execute(async (trx) => {
    const invoice = await invoiceWithState(trx, invoiceId, today);
    if (invoice.state.status === "cancelled")
      throw conflict(`${formatInvoiceId(invoice.id)} is cancelled: nothing is left to credit`);
    if (invoice.state.balancePence === 0)
      throw conflict(`${formatInvoiceId(invoice.id)} is paid: nothing is left to credit`);
    if (input.amountPence > invoice.state.balancePence)
      throw badInput(
        `A credit note can be at most the ${formatPence(invoice.state.balancePence)} left to pay on ${formatInvoiceId(invoice.id)}`,
      );
    return writeCreditNote(
      trx,
      invoice,
      { amountPence: input.amountPence, reason, kind: "credit", issuedOn: today },
      actorId,
    );
  });
  return creditNoteView(await db.selectFrom("creditNotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow());
}

/** The credit note as a PDF, if `user` may see it (admins any; a partner their own: 403 otherwise). */
export async function renderCreditNote(
  db: DB,
  user: PublicUser,
  id: number,
  today = isoDay(new Date()),
): Promise<{ filename: string; bytes: Uint8Array }> {
  const note = await db.selectFrom("creditNotes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!note) throw notFound("Credit note not found");
  if (!user.isAdmin && note.partnerId !== user.id) throw new DomainError("forbidden", "Forbidden");
  const invoice = await invoiceWithState(db, note.invoiceId, today);
  const partner = await db.selectFrom("users").selectAll().where("id", "=", note.partnerId).executeTakeFirstOrThrow();
  const bytes = await creditNotePdf(
    note,
    {
      grossPence: invoice.grossPence,
      balancePence: invoice.state.balancePence,
      periodStart: invoice.periodStart,
      periodEnd: invoice.periodEnd,
    },
    partner,
    {
      business: await getBusinessProfile(db),
    },
  );
  return { filename: `${formatCreditNoteId(note.id)}.pdf`, bytes };
}

// The spec's status calls on top of payments and credits (invoices/invoice-lifecycle.ts updateInvoiceStatus holds the transaction).

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
