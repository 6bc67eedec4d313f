/** A fee invoice as a PDF, and emailed to its partner (the invoice, or the overdue reminder). */
import type { Kysely, Transaction } from "kysely";
import type { Database, InvoiceSentVia } from "#db/schema.ts";
import { formatDate, isoDay } from "../shared/dates.ts";
import { conflict } from "../shared/errors.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { formatInvoiceId } from "./invoice-rules.ts";
import { sendDocument, type MailConfig } from "../mail/mail-service.ts";
import type { MailBody } from "../mail/mail-templates.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { hasBankDetails, vatLines } from "../business/business-rules.ts";
import { formatCreditNoteId, formatPence } from "../shared/format.ts";
import { invoicesWithState } from "../receivables/settlement-service.ts";
import { findInvoice, invoiceView } from "./invoice-queries.ts";
import { invoiceGrossPence, leftToPayWords } from "../receivables/invoice-balance-rules.ts";
import { invoiceStamp } from "./invoice-stamp-rules.ts";
import { stampPdf } from "./invoice-stamp.ts";
import { issuedDocument, type IssuedDocument } from "../receivables/issued-documents.ts";

type DB = Kysely<Database>;
type Tx = DB | Transaction<Database>;

/**
 * The invoice as a PDF as issued: drawn from the stored invoice, partner and business profile, awaiting
 * payment with nothing yet paid (what happens later is stamped over it, never drawn in).
 */
async function drawInvoice(db: Tx, id: number): Promise<IssuedDocument> {
  const invoice = await findInvoice(db, id);
  const partner = await db
    .selectFrom("users")
    .selectAll()
    .where("id", "=", invoice.partnerId)
    .executeTakeFirstOrThrow();
  const asIssued = { ...invoice, status: "pending" as const, paidDate: null, paymentReference: null };
  const bytes = await invoicePdf({ ...asIssued, displayId: formatInvoiceId(invoice.id) }, partner, {
    business: await getBusinessProfile(db),
  });
  return { filename: `${formatInvoiceId(invoice.id)}.pdf`, bytes };
}

/** Stores the invoice's PDF as issued (in the transaction that raises it). */
export async function issueInvoiceDocument(trx: Tx, id: number): Promise<void> {
  await issuedDocument(trx, "invoice", id, () => drawInvoice(trx, id));
}

/**
 * The invoice's PDF as first issued, unchanged since (docs/decisions/067-*; an older invoice's is
 * stored now), with a stamp over it once it is paid, cancelled or part settled.
 */
export async function renderInvoice(db: Tx, id: number): Promise<IssuedDocument> {
  const issued = await issuedDocument(db, "invoice", id, () => drawInvoice(db, id));
  const [invoice] = await invoicesWithState(db, { ids: [id] }, isoDay(new Date()));
  const cancellation =
    invoice.status === "cancelled"
      ? await db
          .selectFrom("creditNotes")
          .select(["id", "issuedOn"])
          .where("invoiceId", "=", id)
          .where("kind", "=", "cancellation")
          .executeTakeFirst()
      : undefined;
  const stamp = invoiceStamp(
    {
      status: invoice.status,
      paidDate: invoice.paidDate,
      paymentReference: invoice.paymentReference,
      grossPence: invoiceGrossPence(invoice),
      paidPence: invoice.state.paidPence,
      creditedPence: invoice.state.creditedPence,
    },
    cancellation ? { displayId: formatCreditNoteId(cancellation.id), issuedOn: cancellation.issuedOn } : null,
  );
  return stamp ? { filename: issued.filename, bytes: await stampPdf(issued.bytes, stamp) } : issued;
}

/** Notes the first time an invoice left the business (emailed, downloaded by anyone, marked sent); later ones change nothing. */
export async function recordInvoiceSent(db: Tx, id: number, via: InvoiceSentVia, at = new Date()): Promise<void> {
  await db
    .updateTable("feePayments")
    .set({ sentAt: at.toISOString(), sentVia: via })
    .where("id", "=", id)
    .where("sentAt", "is", null)
    .execute();
}

/** Emails the invoice with its PDF, or as the overdue reminder; no email address: emailSent false. */
export async function mailInvoice(db: DB, mail: MailConfig, id: number, reminder: boolean) {
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
  // After part payments or credit notes the email says what is left; the attached invoice keeps its total.
  const leftToPay = leftToPayWords(invoiceView(invoice));
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
        ...(leftToPay ? [`${leftToPay}.`] : []),
      ].join("\n"),
      hasBankDetails(business)
        ? `The invoice gives the bank details to pay into; please quote ${displayId} as the payment reference.`
        : `Please quote ${displayId} as the payment reference.`,
    ],
    action: { label: "See your invoices", path: "/" },
  };
  const document = { filename: pdf.filename, bytes: pdf.bytes };
  const outcome = await sendDocument(db, mail, { to: partner.email, subject, body, business, document });
  await recordInvoiceSent(db, id, "email");
  return { emailSent: true, details: outcome.details };
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
