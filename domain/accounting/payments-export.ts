/**
 * The payments file for bank reconciliation: the fee payments received in the month (a row per
 * invoice each settles, the rest on account) and the commission paid out in the month (payout
 * batches and single payments, with the reference the bank file carried), each with the document it
 * settles. Money in is positive, money out negative.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { nextMonth } from "../shared/dates.ts";
import { formatInvoiceId } from "../shared/format.ts";
import { paymentViews } from "../receivables/receivables-queries.ts";
import { statementNumber, type Contact } from "./document-rules.ts";
import { ukDate, type Cell } from "./csv-rules.ts";

type DB = Kysely<Database>;

export const PAYMENTS_HEADER = ["Date", "Direction", "Payee", "Amount", "Reference", "Document"] as const;

export interface MonthPayments {
  received: {
    id: number;
    partnerId: number;
    receivedOn: string;
    amountPence: number;
    reference: string | null;
    allocations: { invoiceId: number; amountPence: number }[];
  }[];
  paid: { id: number; partnerId: number; paidDate: string; amountPence: number; reference: string; month: string }[];
}

export async function readPayments(db: DB, month: string): Promise<MonthPayments> {
  const from = `${month}-01`;
  const to = `${nextMonth(month)}-01`;
  const payments = await db
    .selectFrom("payments")
    .selectAll()
    .where("receivedOn", ">=", from)
    .where("receivedOn", "<", to)
    .orderBy("receivedOn")
    .orderBy("id")
    .execute();
  const paid = await db
    .selectFrom("commissionTransfers")
    .select(["id", "partnerId", "paidDate", "amountPence", "reference", "month"])
    .where("paidDate", ">=", from)
    .where("paidDate", "<", to)
    .where("amountPence", "<>", 0)
    .orderBy("paidDate")
    .orderBy("id")
    .execute();
  return {
    // Each with the invoices it settles, as the statement of account reads them.
    received: await paymentViews(db, payments),
    paid,
  };
}

/** The file's rows: each payment received by invoice settled (the rest on account), then each payment made. */
export function paymentRows(payments: MonthPayments, contacts: ReadonlyMap<number, Contact>): Cell[][] {
  const rows: Cell[][] = [];
  const name = (id: number) => contacts.get(id)?.name ?? `Partner ${id}`;
  for (const p of payments.received) {
    const row = (amountPence: number, document: string): Cell[] => [
      { plain: ukDate(p.receivedOn) },
      "Received",
      name(p.partnerId),
      { pence: amountPence },
      p.reference ?? "",
      document,
    ];
    for (const a of p.allocations) rows.push(row(a.amountPence, formatInvoiceId(a.invoiceId)));
    const rest = p.amountPence - p.allocations.reduce((s, a) => s + a.amountPence, 0);
    if (rest !== 0 || !p.allocations.length) rows.push(row(rest, "On account"));
  }
  for (const t of payments.paid)
    rows.push([
      { plain: ukDate(t.paidDate) },
      "Paid",
      name(t.partnerId),
      { pence: -t.amountPence },
      t.reference,
      statementNumber(t.month, t.partnerId),
    ]);
  return rows;
}
