/** Credit notes: issuing one against an invoice (one transaction with its audit entry), and its PDF. */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { getBusinessProfile } from "../business/business-service.ts";
import { isoDay } from "../shared/dates.ts";
import { DomainError, badInput, conflict, notFound } from "../shared/errors.ts";
import { formatCreditNoteId, formatInvoiceId, formatPence } from "../shared/format.ts";
import { penceToPounds } from "../shared/money.ts";
import { invoiceMonth } from "./invoice-balance-rules.ts";
import type { PublicUser } from "../accounts/user-service.ts";
import { creditNotePdf } from "./credit-note-pdf.ts";
import { creditReasonProblem, paymentAmountProblem } from "./payment-rules.ts";
import {
  insertCreditNote,
  invoicesWithState,
  refreshInvoices,
  syncPartner,
  type InvoiceWithState,
} from "./settlement-service.ts";
import { creditNoteView, type CreditNoteView } from "./receivables-queries.ts";
import { issuedDocument, type IssuedDocument } from "./issued-documents.ts";

type DB = Kysely<Database>;
type Tx = DB | Transaction<Database>;

/** One invoice with its balance and state, or 404. */
export async function invoiceWithState(trx: Tx, invoiceId: number, today: string): Promise<InvoiceWithState> {
  const [invoice] = await invoicesWithState(trx, { ids: [invoiceId] }, today);
  if (!invoice) throw notFound("Invoice not found");
  return invoice;
}

export async function writeCreditNote(
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
  // The credit note's PDF as issued, kept unchanged from now on (decision 67).
  await issuedDocument(trx, "credit_note", id, () => drawCreditNote(trx, id, note.issuedOn));
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

/** The credit note as a PDF, drawn now. */
async function drawCreditNote(db: Tx, id: number, today: string): Promise<IssuedDocument> {
  const note = await db.selectFrom("creditNotes").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
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

/**
 * The credit note as a PDF, if `user` may see it (admins any; a partner their own: 403 otherwise):
 * as first issued, unchanged since (decision 67); an older note's is stored now.
 */
export async function renderCreditNote(
  db: DB,
  user: PublicUser,
  id: number,
  today = isoDay(new Date()),
): Promise<IssuedDocument> {
  const note = await db.selectFrom("creditNotes").selectAll().where("id", "=", id).executeTakeFirst();
  if (!note) throw notFound("Credit note not found");
  if (!user.isAdmin && note.partnerId !== user.id) throw new DomainError("forbidden", "Forbidden");
  return issuedDocument(db, "credit_note", id, () => drawCreditNote(db, id, today));
}
