/**
 * A fee-paying partner's account from the database: the statement of account,
 * the balance due with its aging, the statement PDF, and the business's receivables in total.
 * The rules are in account-rules.ts; this file reads rows and shapes them.
 */
import { sql, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { greatest, oneIf } from "#db/dialect.ts";
import { vatLines } from "../business/business-rules.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { isoDay } from "../shared/dates.ts";
import { DomainError, badInput, conflict, notFound } from "../shared/errors.ts";
import { agingOf, type Aging } from "./aging-rules.ts";
import { firstEntryDate, statementOfAccount, type AccountHistory, type Statement } from "./account-rules.ts";
import { statementOfAccountPdf } from "./account-pdf.ts";
import { FROM_AFTER_TO, statementPeriodSchema } from "./account-schemas.ts";

type DB = Kysely<Database>;

export const NOT_FEE_PAYING = "Statements of account are for fee-paying partners only";

export interface AccountPartner {
  id: number;
  name: string;
  username: string;
  email: string | null;
  billingAddress: string | null;
}

/** The partner, if it is a fee-paying partner (404 for an unknown id or an admin, 409 for another type). */
async function feePayingPartner(db: DB, partnerId: number): Promise<AccountPartner> {
  const partner = await db
    .selectFrom("users")
    .select(["id", "name", "username", "email", "billingAddress", "isAdmin", "partnerType"])
    .where("id", "=", partnerId)
    .executeTakeFirst();
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
  if (partner.partnerType !== "fee-paying") throw conflict(NOT_FEE_PAYING);
  return {
    id: partner.id,
    name: partner.name ?? partner.username,
    username: partner.username,
    email: partner.email,
    billingAddress: partner.billingAddress,
  };
}

/** Every invoice, payment (with its allocations) and credit note of the partner. */
export async function accountHistory(db: DB, partnerId: number): Promise<AccountHistory> {
  const [invoices, payments, allocations, credits] = await Promise.all([
    db
      .selectFrom("feePayments")
      .select(["id", "createdAt", "dueDate", "periodStart", "periodEnd", "amountPence", "vatRateBp"])
      .where("partnerId", "=", partnerId)
      .execute(),
    db
      .selectFrom("payments")
      .select(["id", "receivedOn", "amountPence", "method", "reference"])
      .where("partnerId", "=", partnerId)
      .execute(),
    db
      .selectFrom("paymentAllocations as a")
      .innerJoin("payments as p", "p.id", "a.paymentId")
      .select(["a.paymentId", "a.invoiceId", "a.amountPence"])
      .where("p.partnerId", "=", partnerId)
      .orderBy("a.invoiceId")
      .execute(),
    db
      .selectFrom("creditNotes")
      .select(["id", "invoiceId", "issuedOn", "amountPence", "kind", "reason"])
      .where("partnerId", "=", partnerId)
      .execute(),
  ]);
  return {
    // An invoice is dated the day it was issued, as its PDF's "Issue date" (createdAt, UTC).
    invoices: invoices.map((i) => ({
      id: i.id,
      issuedOn: isoDay(new Date(i.createdAt)),
      dueDate: i.dueDate,
      periodStart: i.periodStart,
      periodEnd: i.periodEnd,
      grossPence: vatLines(i.amountPence, i.vatRateBp).grossPence,
    })),
    payments: payments.map((p) => ({
      ...p,
      allocations: allocations
        .filter((a) => a.paymentId === p.id)
        .map((a) => ({ invoiceId: a.invoiceId, amountPence: a.amountPence })),
    })),
    credits,
  };
}

export interface StatementRequest {
  /** YYYY-MM-DD; default the day of the account's first entry (today when it has none). */
  from?: string | null;
  /** YYYY-MM-DD; default today. */
  to?: string | null;
}

export interface PartnerStatement extends Statement {
  partner: AccountPartner;
  /** The balance due at the end of `to` and its aging. */
  aging: Aging;
}

/** The partner's statement for a period, with the aging of the balance at its end. */
export async function partnerStatement(
  db: DB,
  partnerId: number,
  request: StatementRequest = {},
  today = isoDay(new Date()),
): Promise<PartnerStatement> {
  const period = statementPeriodSchema.safeParse({ from: request.from ?? undefined, to: request.to ?? undefined });
  if (!period.success) throw badInput(period.error.issues[0].message);
  const partner = await feePayingPartner(db, partnerId);
  const history = await accountHistory(db, partnerId);
  const to = period.data.to ?? today;
  const from = period.data.from ?? [firstEntryDate(history) ?? to, to].sort()[0];
  if (from > to) throw badInput(FROM_AFTER_TO);
  return { partner, ...statementOfAccount(history, { from, to }), aging: agingOf(history, to) };
}

export interface BalanceDue extends Aging {
  partnerId: number;
}

/** What the partner owes at the end of `asOf` (default today), the overdue part, the oldest overdue days and the aging. */
export async function balanceDue(db: DB, partnerId: number, asOf = isoDay(new Date())): Promise<BalanceDue> {
  await feePayingPartner(db, partnerId);
  return { partnerId, ...agingOf(await accountHistory(db, partnerId), asOf) };
}

/** The statement as a PDF, saved as statement-of-account-<from>-to-<to>.pdf. */
export async function statementPdf(
  db: DB,
  partnerId: number,
  request: StatementRequest = {},
  today = isoDay(new Date()),
): Promise<{ filename: string; bytes: Uint8Array; statement: PartnerStatement }> {
  const statement = await partnerStatement(db, partnerId, request, today);
  const bytes = await statementOfAccountPdf(statement, { business: await getBusinessProfile(db), today });
  return { filename: `statement-of-account-${statement.from}-to-${statement.to}.pdf`, bytes, statement };
}

export interface ReceivablesTotals {
  asOf: string;
  /** What fee-paying partners owe in all (partners in credit count as 0, never against the others). */
  duePence: number;
  /** The part of it past its due date. */
  overduePence: number;
  /** Partners owing something, and those with something overdue. */
  partnersOwing: number;
  partnersOverdue: number;
}

/**
 * The business's receivables at the end of `asOf`, for the admin dashboard, in one SQL query over
 * every fee-paying partner (no query per partner). Each partner's figures are those of agingOf:
 * the balance is what was invoiced (gross) less what was paid and credited, all dated up to asOf;
 * since money not applied to an invoice settles the oldest first, the overdue part is the balance
 * less what is still open on invoices not yet past their due date, never below 0.
 */
export async function receivablesTotals(db: DB, asOf = isoDay(new Date())): Promise<ReceivablesTotals> {
  const { rows } = await sql<{
    duePence: number | null;
    overduePence: number | null;
    partnersOwing: number | null;
    partnersOverdue: number | null;
  }>`
    with fee as (
      select id from users where partner_type = 'fee-paying' and is_admin = 0
    ), inv as (
      -- VAT half-up to the penny on the invoice's net, as vatLines.
      select f.id, f.partner_id, f.due_date,
        f.amount_pence + case when f.vat_rate_bp is null then 0 else (f.amount_pence * f.vat_rate_bp * 2 + 10000) / 20000 end as gross
      from fee_payments f
      where f.partner_id in (select id from fee) and substr(f.created_at, 1, 10) <= ${asOf}
    ), settled as (
      select a.invoice_id, a.amount_pence as pence from payment_allocations a join payments p on p.id = a.payment_id where p.received_on <= ${asOf}
      union all
      select invoice_id, amount_pence from credit_notes where issued_on <= ${asOf}
    ), current_open as (
      select inv.partner_id, sum(${greatest(db, sql`0`, sql`inv.gross - coalesce((select sum(s.pence) from settled s where s.invoice_id = inv.id), 0)`)}) as pence
      from inv where inv.due_date >= ${asOf} group by inv.partner_id
    ), balance as (
      select partner_id, sum(pence) as pence from (
        select partner_id, gross as pence from inv
        union all select partner_id, -amount_pence from payments where received_on <= ${asOf} and partner_id in (select id from fee)
        union all select partner_id, -amount_pence from credit_notes where issued_on <= ${asOf} and partner_id in (select id from fee)
      ) as amounts group by partner_id
    ), owed as (
      select b.pence as balance, ${greatest(db, sql`0`, sql`b.pence - coalesce(c.pence, 0)`)} as overdue
      from balance b left join current_open c on c.partner_id = b.partner_id
    )
    select sum(${greatest(db, sql`0`, sql`balance`)}) as due_pence, sum(overdue) as overdue_pence,
      sum(${oneIf(sql`balance > 0`)}) as partners_owing, sum(${oneIf(sql`overdue > 0`)}) as partners_overdue
    from owed
  `.execute(db);
  const row = rows[0];
  return {
    asOf,
    duePence: row?.duePence ?? 0,
    overduePence: row?.overduePence ?? 0,
    partnersOwing: row?.partnersOwing ?? 0,
    partnersOverdue: row?.partnersOverdue ?? 0,
  };
}

/**
 * The partner page's statement for the period in its URL: a bad period (a date that is not one,
 * from after to) shows the whole account with the reason, rather than failing the page.
 */
export async function statementSection(
  db: DB,
  partnerId: number,
  request: StatementRequest,
  today = isoDay(new Date()),
): Promise<{ statement: PartnerStatement; problem: string | null }> {
  try {
    return { statement: await partnerStatement(db, partnerId, request, today), problem: null };
  } catch (error) {
    if (!(error instanceof DomainError) || error.code !== "bad_input") throw error;
    return { statement: await partnerStatement(db, partnerId, {}, today), problem: error.message };
  }
}
