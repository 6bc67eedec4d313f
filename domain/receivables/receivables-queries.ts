/** A partner's receivables read: payments and credit notes as the API answers them, invoice balances, the partner's summary. */
import type { Kysely, Transaction } from "kysely";
import type { Database, Payment } from "#db/schema.ts";
import { isoDay } from "../shared/dates.ts";
import { notFound } from "../shared/errors.ts";
import { formatCreditNoteId, formatInvoiceId } from "../shared/format.ts";
import { type PaymentMethod } from "./payment-rules.ts";
import { invoicesWithState } from "./settlement-service.ts";

type DB = Kysely<Database>;
type Tx = DB | Transaction<Database>;

export interface PaymentView {
  id: number;
  partnerId: number;
  receivedOn: string;
  amountPence: number;
  method: PaymentMethod;
  reference: string | null;
  allocations: { invoiceId: number; displayId: string; amountPence: number }[];
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
  amountPence: number;
  reason: string;
  kind: "credit" | "cancellation";
  pdfUrl: string;
  createdAt: string;
}

/** The partner (not an admin), or 404. */
export async function partnerOrThrow(db: Tx, partnerId: number) {
  const partner = await db.selectFrom("users").select(["id", "isAdmin"]).where("id", "=", partnerId).executeTakeFirst();
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
  return partner;
}

export async function paymentViews(db: Tx, payments: readonly Payment[]): Promise<PaymentView[]> {
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
    amountPence: p.amountPence,
    method: p.method,
    reference: p.reference,
    allocations: allocations
      .filter((a) => a.paymentId === p.id)
      .map((a) => ({
        invoiceId: a.invoiceId,
        displayId: formatInvoiceId(a.invoiceId),
        amountPence: a.amountPence,
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
    amountPence: row.amountPence,
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
  /** By invoice id, pence: what the partner pays (gross), has paid, was credited, and what is left. */
  balances: Record<number, { grossPence: number; paidPence: number; creditedPence: number; balancePence: number }>;
  /** The balances of unpaid invoices added up, pence. */
  duePence: number;
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
      grossPence: i.grossPence,
      paidPence: i.state.paidPence,
      creditedPence: i.state.creditedPence,
      balancePence: i.state.balancePence,
    };
    if (i.state.status !== "cancelled") due += i.state.balancePence;
  }
  return {
    balances,
    duePence: due,
    payments: await listPayments(db, partnerId),
    creditNotes: await listCreditNotes(db, partnerId),
  };
}
