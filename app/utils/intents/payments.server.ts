/**
 * The partner page's payment and credit note forms: record a payment, delete one, issue a
 * credit note. Each parses its form with zod, makes the same domain call as the API and answers its
 * toast (done); without JavaScript each asks first, its fields on the question's page
 * (PaymentFieldsForQuestion), as Mark as Paid does.
 */
import { z } from "zod";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { findUserById } from "#domain/accounts/user-service.ts";
import { deletePayment, paymentOrThrow, recordPayment } from "#domain/receivables/payment-service.ts";
import { issueCreditNote } from "#domain/receivables/credit-note-service.ts";
import { partnerReceivables } from "#domain/receivables/receivables-queries.ts";
import { invoiceForUser } from "#domain/invoices/invoice-queries.ts";
import { creditNoteSchema, paymentSchema } from "#domain/receivables/payment-schemas.ts";
import { formatInvoiceId, formatPence } from "#domain/shared/format.ts";
import {
  creditNoteDone,
  creditNoteQuestion,
  deletePaymentQuestion,
  recordPaymentQuestion,
  settlesText,
} from "#app/components/invoices/payment-questions.ts";
import { ActionFailed, confirmFirst, done, parseForm, type IntentHandler } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";

const idField = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const blankAsMissing = (fields: unknown) =>
  Object.fromEntries(Object.entries(fields as Record<string, unknown>).filter(([, v]) => v !== ""));

const paymentForm = z.preprocess(
  blankAsMissing,
  z.intersection(z.object({ partnerId: idField("Partner not found") }), paymentSchema.omit({ allocations: true })),
);
const creditForm = z.intersection(z.object({ id: idField("Invoice not found") }), creditNoteSchema);

export function paymentIntents(request: Request, user: PublicUser): Record<string, IntentHandler> {
  const admin = () => {
    if (!user.isAdmin) throw new ActionFailed(403, "Forbidden");
    return user;
  };
  return {
    "payment-record": {
      failure: "Failed to record payment",
      async run(form) {
        const actor = admin();
        const partnerId = parseForm(form, z.object({ partnerId: idField("Partner not found") })).partnerId;
        const partner = await findUserById(db, partnerId);
        if (!partner || partner.isAdmin) throw new ActionFailed(404, "Partner not found");
        const receivables = await partnerReceivables(db, partnerId);
        const open = Object.entries(receivables.balances).filter(([, b]) => b.balancePence > 0);
        const dueText = open.length
          ? `Due now: ${open.map(([id, b]) => `${formatInvoiceId(Number(id))} ${formatPence(b.balancePence)}`).join(", ")}; ${formatPence(receivables.duePence)} in all.`
          : "Nothing is due now.";
        const question = confirmFirst(
          "payment-record",
          form,
          recordPaymentQuestion(partner.name ?? partner.username, dueText),
        );
        if (question) return question;
        const body = parseForm(form, paymentForm);
        const payment = await recordPayment(
          db,
          {
            partnerId,
            receivedOn: body.receivedOn,
            amountPence: body.amount,
            method: body.method,
            reference: body.reference,
          },
          actor.id,
        );
        return done(request, form, {
          title: "Payment recorded",
          description: `${formatPence(payment.amountPence)} settles ${settlesText(payment.allocations, receivables.balances)}.`,
        });
      },
    },
    "payment-delete": {
      failure: "Failed to delete payment",
      async run(form) {
        const actor = admin();
        const id = parseForm(form, z.object({ id: idField("Payment not found") })).id;
        const payment = await paymentOrThrow(db, id);
        const view = (await partnerReceivables(db, payment.partnerId)).payments.find((p) => p.id === id)!;
        const question = confirmFirst("payment-delete", form, deletePaymentQuestion(view));
        if (question) return question;
        await deletePayment(db, id, actor.id);
        return done(request, form, {
          title: "Payment deleted",
          description: `${formatPence(view.amountPence)} received ${view.receivedOn} is removed.`,
        });
      },
    },
    "credit-note-issue": {
      failure: "Failed to issue credit note",
      async run(form) {
        const actor = admin();
        const id = parseForm(form, z.object({ id: idField("Invoice not found") })).id;
        const invoice = await invoiceForUser(db, actor, id);
        const balancePence = (await partnerReceivables(db, invoice.partnerId)).balances[id]?.balancePence ?? 0;
        const question = confirmFirst("credit-note-issue", form, creditNoteQuestion({ id, balancePence }));
        if (question) return question;
        const body = parseForm(form, creditForm);
        const note = await issueCreditNote(db, id, { amountPence: body.amount, reason: body.reason }, actor.id);
        return done(request, form, { title: "Credit note issued", description: creditNoteDone(note) });
      },
    },
  };
}
