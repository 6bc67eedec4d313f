/** Fee invoices read: the invoice as the API answers it, the lists and pages, one invoice for its viewer, a partner's account state. */
import type { Kysely, Transaction } from "kysely";
import type { Database, FeePayment, InvoiceSentVia } from "#db/schema.ts";
import { DomainError, notFound } from "../shared/errors.ts";
import {
  accountState,
  notDeletableBecause,
  formatInvoiceId,
  type AccountState,
  type InvoiceStatus,
  type PaymentPeriod,
} from "./invoice-rules.ts";
import { vatLines } from "../business/business-rules.ts";
import { leftToPayPence } from "../receivables/invoice-balance-rules.ts";
import { clampPage, offsetOf, pageInfo, type PageInfo, type PageRequest } from "../shared/paging.ts";
import type { PublicUser } from "../accounts/user-service.ts";

type DB = Kysely<Database>;
type Tx = DB | Transaction<Database>;

export interface InvoiceView {
  id: number;
  displayId: string;
  partnerId: number;
  partnerName: string;
  /** The invoice's amount in pence: the fee after any term discount, net of VAT. */
  amountPence: number;
  /** The VAT rate the invoice was raised at, as a percentage (20), or null when it carries no VAT. */
  vatPercent: number | null;
  /** VAT on the amount in pence (0 without VAT). */
  vatPence: number;
  /** What the partner pays in pence: amount + VAT. */
  totalPence: number;
  /** What is left to pay in pence: the total less payments and credit notes (0 once paid or cancelled). */
  leftToPayPence: number;
  paymentPeriod: PaymentPeriod;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  paidDate: string | null;
  /** What the partner quoted when paying (a bank reference), recorded when marked paid. */
  paymentReference: string | null;
  status: InvoiceStatus;
  invoiceUrl: string;
  createdAt: string;
  /** When the invoice first left the business (ISO), and how: emailed, downloaded (by anyone) or marked sent; null: never. */
  sentAt: string | null;
  sentVia: InvoiceSentVia | null;
  /** Whether Delete is offered (the API's rule: not paid, never sent, no payment or credit applied), and why not. */
  deletable: boolean;
  notDeletableBecause: string | null;
}

/** A sum read from SQL: PostgreSQL answers a bigint sum as text. */
type SqlSum = number | string | bigint | null;

export function invoiceView(
  row: FeePayment & {
    partnerName: string;
    moneyApplied: number | boolean | string;
    paidPence: SqlSum;
    creditedPence: SqlSum;
  },
): InvoiceView {
  const vat = vatLines(row.amountPence, row.vatRateBp);
  const why = notDeletableBecause(row.status, Number(row.moneyApplied) > 0 || row.moneyApplied === true, row);
  return {
    id: row.id,
    displayId: formatInvoiceId(row.id),
    partnerId: row.partnerId,
    partnerName: row.partnerName,
    amountPence: row.amountPence,
    vatPercent: row.vatRateBp === null ? null : row.vatRateBp / 100,
    vatPence: vat.vatPence,
    totalPence: vat.grossPence,
    leftToPayPence: leftToPayPence({
      grossPence: vat.grossPence,
      paidPence: Number(row.paidPence ?? 0),
      creditedPence: Number(row.creditedPence ?? 0),
    }),
    paymentPeriod: row.paymentPeriod,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    dueDate: row.dueDate,
    paidDate: row.paidDate,
    paymentReference: row.paymentReference,
    status: row.status,
    invoiceUrl: `/api/fee-payments/${row.id}/invoice`,
    createdAt: row.createdAt,
    sentAt: row.sentAt,
    sentVia: row.sentVia,
    deletable: why === null,
    notDeletableBecause: why,
  };
}

function invoicesQuery(db: Tx) {
  return db
    .selectFrom("feePayments as f")
    .innerJoin("users as u", "u.id", "f.partnerId")
    .selectAll("f")
    .select((eb) => [
      eb.fn.coalesce("u.name", "u.username").as("partnerName"),
      // A payment or a credit (not the cancellation) applied: 1, else 0 (the delete rule).
      eb
        .case()
        .when(
          eb.or([
            eb.exists(eb.selectFrom("paymentAllocations as pa").select("pa.id").whereRef("pa.invoiceId", "=", "f.id")),
            eb.exists(
              eb
                .selectFrom("creditNotes as cn")
                .select("cn.id")
                .whereRef("cn.invoiceId", "=", "f.id")
                .where("cn.kind", "=", "credit"),
            ),
          ]),
        )
        .then(1)
        .else(0)
        .end()
        .as("moneyApplied"),
      // What was paid and credited (the cancellation too), for what is left to pay.
      eb
        .selectFrom("paymentAllocations as pa")
        .select((s) => s.fn.sum<SqlSum>("pa.amountPence").as("sum"))
        .whereRef("pa.invoiceId", "=", "f.id")
        .as("paidPence"),
      eb
        .selectFrom("creditNotes as cn")
        .select((s) => s.fn.sum<SqlSum>("cn.amountPence").as("sum"))
        .whereRef("cn.invoiceId", "=", "f.id")
        .as("creditedPence"),
    ]);
}

/** Invoices, newest period first: all for admins, or one partner's; optionally of one status. */
export async function listInvoices(
  db: DB,
  filter: { partnerId?: number; status?: InvoiceStatus } = {},
): Promise<InvoiceView[]> {
  let query = invoicesQuery(db).orderBy("f.periodStart", "desc").orderBy("f.id", "desc");
  if (filter.partnerId !== undefined) query = query.where("f.partnerId", "=", filter.partnerId);
  if (filter.status) query = query.where("f.status", "=", filter.status);
  return (await query.execute()).map(invoiceView);
}

/** How many invoices each status tab of Invoice Management holds ('all': every invoice), from one GROUP BY. */
export type InvoiceCounts = Record<"all" | InvoiceStatus, number>;

export async function invoiceCounts(db: DB): Promise<InvoiceCounts> {
  const rows = await db
    .selectFrom("feePayments")
    .select((eb) => ["status", eb.fn.countAll<number>().as("count")])
    .groupBy("status")
    .execute();
  const counts: InvoiceCounts = { all: 0, pending: 0, paid: 0, overdue: 0, cancelled: 0 };
  for (const { status, count } of rows) {
    counts[status] = count;
    counts.all += count;
  }
  return counts;
}

export interface InvoicePage {
  invoices: InvoiceView[];
  /** Every tab's count, over every page. */
  counts: InvoiceCounts;
  /** The page shown: one past the end shows the last. */
  page: PageInfo;
}

/**
 * One page of the invoices of one status (or all), in listInvoices' order (newest period first,
 * then newest), with every tab's count. Reads only the page's rows.
 */
export async function listInvoicePage(
  db: DB,
  filter: { status?: InvoiceStatus; page: PageRequest },
): Promise<InvoicePage> {
  const counts = await invoiceCounts(db);
  const total = counts[filter.status ?? "all"];
  const shown = clampPage(filter.page, total);
  let query = invoicesQuery(db)
    .orderBy("f.periodStart", "desc")
    .orderBy("f.id", "desc")
    .limit(shown.size)
    .offset(offsetOf(shown));
  if (filter.status) query = query.where("f.status", "=", filter.status);
  return { invoices: (await query.execute()).map(invoiceView), counts, page: pageInfo(shown, total) };
}

export async function findInvoice(db: Tx, id: number) {
  const row = await invoicesQuery(db).where("f.id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Invoice not found");
  return row;
}

/** The invoice if `user` may see it: admins any, partners their own (403 otherwise). */
export async function invoiceForUser(db: DB, user: PublicUser, id: number): Promise<InvoiceView> {
  const row = await findInvoice(db, id);
  if (!user.isAdmin && row.partnerId !== user.id) throw new DomainError("forbidden", "Forbidden");
  return invoiceView(row);
}

/** A fee-paying partner's account state (Overdue / Payment due / Up to date, next payment due) from their invoices. */
export async function partnerAccountState(db: DB, partnerId: number): Promise<AccountState> {
  const invoices = await db
    .selectFrom("feePayments")
    .select(["status", "dueDate", "periodEnd"])
    .where("partnerId", "=", partnerId)
    .execute();
  return accountState(invoices);
}
