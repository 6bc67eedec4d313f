/**
 * Fee invoices: generation with term discounts, status changes, deletion, PDFs, email and the due check.
 * Over 250 lines on purpose: every change of an invoice's state and its audit entry live together,
 * so the rules of ARCHITECTURE.md section 5 for invoices can be read in one place; the pure rules
 * are in invoice-rules.ts.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database, FeePayment } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { formatDate, isoDay } from "../shared/dates.ts";
import { DomainError, badInput, conflict, notFound } from "../shared/errors.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { paidDateProblem, paymentReferenceProblem } from "../receivables/payment-rules.ts";
import {
  accountState,
  notDeletableBecause,
  canTransition,
  formatInvoiceId,
  invoiceCharge,
  invoicePeriod,
  nextPeriodStart,
  type AccountState,
  type InvoiceCharge,
  type InvoicePeriod,
  type InvoiceStatus,
  type PaymentPeriod,
} from "./invoice-rules.ts";
import { sendMail, type MailConfig } from "../mail/mail-service.ts";
import { mailHtml, mailText, type MailBody } from "../mail/mail-templates.ts";
import { DEFAULT_APP_URL } from "#db/config.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { hasBankDetails, vatLines } from "../business/business-rules.ts";
import { formatPence } from "../shared/format.ts";
import { penceToPounds } from "../shared/money.ts";
import { clampPage, offsetOf, pageInfo, type PageInfo, type PageRequest } from "../shared/paging.ts";
import type { PublicUser } from "../accounts/user-service.ts";
import { cancelWithCreditNote, correctPayment, payInFull, takeBackPayments } from "../receivables/payment-service.ts";
import { invoicesWithState, refreshInvoices, syncPartner } from "../receivables/settlement-service.ts";

type DB = Kysely<Database>;
type Tx = DB | Transaction<Database>;

export interface InvoiceView {
  id: number;
  displayId: string;
  partnerId: number;
  partnerName: string;
  /** The invoice's amount: the fee after any term discount, net of VAT. */
  amount: number;
  /** The VAT rate the invoice was raised at, as a percentage (20), or null when it carries no VAT. */
  vatPercent: number | null;
  /** VAT on the amount (0 without VAT). */
  vat: number;
  /** What the partner pays: amount + VAT. */
  total: number;
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
  /** Whether Delete is offered (the API's rule: not paid, no payment or credit applied), and why not. */
  deletable: boolean;
  notDeletableBecause: string | null;
}

export function invoiceView(
  row: FeePayment & { partnerName: string; moneyApplied: number | boolean | string },
): InvoiceView {
  const vat = vatLines(row.amountPence, row.vatRateBp);
  const why = notDeletableBecause(row.status, Number(row.moneyApplied) > 0 || row.moneyApplied === true);
  return {
    id: row.id,
    displayId: formatInvoiceId(row.id),
    partnerId: row.partnerId,
    partnerName: row.partnerName,
    amount: penceToPounds(row.amountPence),
    vatPercent: row.vatRateBp === null ? null : row.vatRateBp / 100,
    vat: penceToPounds(vat.vatPence),
    total: penceToPounds(vat.grossPence),
    paymentPeriod: row.paymentPeriod,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    dueDate: row.dueDate,
    paidDate: row.paidDate,
    paymentReference: row.paymentReference,
    status: row.status,
    invoiceUrl: `/api/fee-payments/${row.id}/invoice`,
    createdAt: row.createdAt,
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

async function findInvoice(db: Tx, id: number) {
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

/** The money of an invoice as the audit trail keeps it before and after a change. */
function auditSnapshot(row: Pick<FeePayment, "status" | "paidDate" | "paymentReference" | "amountPence">) {
  return {
    status: row.status,
    paidDate: row.paidDate,
    paymentReference: row.paymentReference,
    amount: penceToPounds(row.amountPence),
  };
}

/** The business month an invoice belongs to: the month its period starts. */
const invoiceMonth = (row: Pick<FeePayment, "periodStart">) => row.periodStart.slice(0, 7);

/** A fee-paying partner's account state (Overdue / Payment due / Up to date, next payment due) from their invoices. */
export async function partnerAccountState(db: DB, partnerId: number): Promise<AccountState> {
  const invoices = await db
    .selectFrom("feePayments")
    .select(["status", "dueDate", "periodEnd"])
    .where("partnerId", "=", partnerId)
    .execute();
  return accountState(invoices);
}

export interface InvoiceQuote {
  partnerId: number;
  paymentPeriod: PaymentPeriod;
  months: number;
  discountPercent: number;
  monthlyFee: number;
  gross: number;
  discount: number;
  amount: number;
  /** The VAT the invoice would carry at the business's rate now (null: no VAT), and what the partner pays. */
  vatPercent: number | null;
  vat: number;
  total: number;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
}

/** The invoice generating would raise now: its charge in integer pence and its period. */
async function quote(
  db: Tx,
  partnerId: number,
  period: PaymentPeriod,
  today: string,
): Promise<InvoiceCharge & InvoicePeriod> {
  const partner = await db.selectFrom("users").selectAll().where("id", "=", partnerId).executeTakeFirst();
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
  if (partner.partnerType !== "fee-paying") throw conflict("Only fee-paying partners are invoiced");
  if (!partner.monthlyFeePence) throw conflict("The partner has no monthly fee");
  const latest = await db
    .selectFrom("feePayments")
    .select("periodEnd")
    .where("partnerId", "=", partnerId)
    .where("status", "!=", "cancelled")
    .orderBy("periodEnd", "desc")
    .executeTakeFirst();
  return {
    ...invoiceCharge(partner.monthlyFeePence, period),
    ...invoicePeriod(nextPeriodStart(latest?.periodEnd ?? null, today), period),
  };
}

/** What generating an invoice would produce, without saving it; pounds only in this answer. */
export async function quoteInvoice(
  db: DB,
  partnerId: number,
  period: PaymentPeriod,
  today = isoDay(new Date()),
): Promise<InvoiceQuote> {
  const q = await quote(db, partnerId, period, today);
  const vat = vatLines(q.amountPence, (await getBusinessProfile(db)).vatRateBp);
  return {
    partnerId,
    paymentPeriod: period,
    months: q.months,
    discountPercent: q.discountPercent,
    monthlyFee: penceToPounds(q.monthlyFeePence),
    gross: penceToPounds(q.grossPence),
    discount: penceToPounds(q.discountPence),
    amount: penceToPounds(q.amountPence),
    vatPercent: vat.rateBp === null ? null : vat.rateBp / 100,
    vat: penceToPounds(vat.vatPence),
    total: penceToPounds(vat.grossPence),
    periodStart: q.periodStart,
    periodEnd: q.periodEnd,
    dueDate: q.dueDate,
  };
}

async function insertInvoice(
  trx: Transaction<Database>,
  partnerId: number,
  period: PaymentPeriod,
  today: string,
  actorId: number | null,
) {
  const q = await quote(trx, partnerId, period, today);
  // The invoice keeps the VAT rate in force when it is raised, as it keeps its fee.
  const { vatRateBp } = await getBusinessProfile(trx);
  const row = await trx
    .insertInto("feePayments")
    .values({
      partnerId,
      amountPence: q.amountPence,
      monthlyFeePence: q.monthlyFeePence,
      paymentPeriod: period,
      periodStart: q.periodStart,
      periodEnd: q.periodEnd,
      dueDate: q.dueDate,
      vatRateBp,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await trx.updateTable("users").set({ paymentPeriod: period }).where("id", "=", partnerId).execute();
  await syncPartner(trx, partnerId);
  await audit(trx, {
    actorId,
    action: "generate",
    entity: "fee_payment",
    entityId: row.id,
    partnerId,
    month: invoiceMonth(q),
    before: null,
    after: { status: "pending", paidDate: null, paymentReference: null, amount: penceToPounds(q.amountPence) },
    details: {
      partnerId,
      period,
      amount: penceToPounds(q.amountPence),
      periodStart: q.periodStart,
      periodEnd: q.periodEnd,
      dueDate: q.dueDate,
    },
  });
  return row.id;
}

/** Raises the next invoice for a term; sets the partner's payment period and next payment due. */
export async function generateInvoice(
  db: DB,
  partnerId: number,
  period: PaymentPeriod,
  actorId: number | null,
  today = isoDay(new Date()),
): Promise<InvoiceView> {
  const id = await db.transaction().execute((trx) => insertInvoice(trx, partnerId, period, today, actorId));
  return invoiceView(await findInvoice(db, id));
}

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
 * Unpaid invoices can be deleted (a cancelled one with its cancellation credit note); one with a
 * payment or a credit note applied cannot (409 with the spec's message).
 */
export async function deleteInvoice(db: DB, id: number, actorId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const invoice = await findInvoice(trx, id);
    if (notDeletableBecause(invoice.status, Number(invoice.moneyApplied) > 0))
      throw conflict("Failed to delete invoice. Paid invoices cannot be deleted.");
    await trx.deleteFrom("feePayments").where("id", "=", id).execute();
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
        partnerId: invoice.partnerId,
        amountPence: invoice.amountPence,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
      },
    });
  });
}

/** The invoice as a PDF, rendered from the stored invoice and partner. */
export async function renderInvoice(db: DB, id: number): Promise<{ filename: string; bytes: Uint8Array }> {
  const invoice = await findInvoice(db, id);
  const partner = await db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", invoice.partnerId)
    .executeTakeFirstOrThrow();
  const [state] = await invoicesWithState(db, { ids: [id] }, isoDay(new Date()));
  const settled = { paidPence: state.state.paidPence, creditedPence: state.state.creditedPence };
  const bytes = await invoicePdf({ ...invoice, displayId: formatInvoiceId(invoice.id) }, partner, {
    business: await getBusinessProfile(db),
    settled,
  });
  return { filename: `${formatInvoiceId(invoice.id)}.pdf`, bytes };
}

async function mailInvoice(db: DB, mail: MailConfig, id: number, reminder: boolean) {
  const invoice = await findInvoice(db, id);
  const partner = await db
    .selectFrom("users")
    .select(["email", "name", "username"])
    .where("id", "=", invoice.partnerId)
    .executeTakeFirstOrThrow();
  if (!partner.email) return { emailSent: false, details: "The partner has no email address" };
  const pdf = await renderInvoice(db, id);
  const displayId = formatInvoiceId(invoice.id);
  const business = await getBusinessProfile(db);
  const { grossPence } = vatLines(invoice.amountPence, invoice.vatRateBp);
  const subject = reminder
    ? `Reminder: invoice ${displayId} is overdue`
    : `Invoice ${displayId} from ${business.tradingName}`;
  const body: MailBody = {
    greeting: `Dear ${partner.name ?? partner.username},`,
    paragraphs: [
      [
        reminder
          ? `Invoice ${displayId} for ${formatPence(grossPence)} was due on ${formatDate(invoice.dueDate)} and has not been paid yet.`
          : `Please find attached invoice ${displayId} for ${formatPence(grossPence)}, due on ${formatDate(invoice.dueDate)}.`,
        `Period: ${formatDate(invoice.periodStart)} - ${formatDate(invoice.periodEnd)}.`,
      ].join("\n"),
      hasBankDetails(business)
        ? `The invoice gives the bank details to pay into; please quote ${displayId} as the payment reference.`
        : `Please quote ${displayId} as the payment reference.`,
    ],
    action: { label: "See your invoices", path: "/" },
  };
  const appUrl = mail.appUrl ?? DEFAULT_APP_URL;
  const outcome = await sendMail(db, mail, {
    to: partner.email,
    subject,
    text: mailText(body, business, appUrl),
    html: mailHtml(body, business, appUrl, subject),
    attachments: [{ filename: pdf.filename, content: pdf.bytes, contentType: "application/pdf" }],
  });
  return {
    emailSent: true,
    details: outcome.result === "sent" ? `Sent to ${partner.email}` : `Written to the outbox for ${partner.email}`,
  };
}

/** Emails a pending invoice with its PDF, or an overdue one as the overdue reminder (then noted as reminded). */
export async function sendInvoiceEmail(db: DB, mail: MailConfig, id: number) {
  const invoice = await findInvoice(db, id);
  if (invoice.status !== "pending" && invoice.status !== "overdue")
    throw conflict("Only pending or overdue invoices are sent");
  const reminder = invoice.status === "overdue";
  const result = await mailInvoice(db, mail, id, reminder);
  if (!result.emailSent) throw conflict("The partner has no email address");
  if (reminder)
    await db
      .updateTable("feePayments")
      .set({ reminderSentAt: new Date().toISOString() })
      .where("id", "=", id)
      .execute();
  return result;
}

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
        await insertInvoice(trx, partner.id, partner.paymentPeriod ?? "monthly", due, null);
        raised++;
        due = (
          await trx.selectFrom("users").select("nextPaymentDue").where("id", "=", partner.id).executeTakeFirstOrThrow()
        ).nextPaymentDue;
      }
    }
    // Marked last, so invoices raised above whose due date has passed are overdue in this same run.
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
