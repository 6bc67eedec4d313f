/**
 * The invoices forms' intents, shared by every page that shows them (see app/utils/actions.server.ts):
 * each parses its form with zod, makes the same domain call as the API and answers its toast (done).
 * Status changes, emails, deletions and generating ask first when the form comes without JavaScript
 * (the dialog asked with it); the words are the dialogs' (app/components/invoices/invoice-questions.ts).
 */
import { z } from "zod";
import { checkDueInvoices } from "#domain/invoices/invoice-due.ts";
import { deleteInvoice, updateInvoiceStatus } from "#domain/invoices/invoice-lifecycle.ts";
import { generateInvoice, quoteInvoice } from "#domain/invoices/invoice-generation.ts";
import { invoiceForUser } from "#domain/invoices/invoice-queries.ts";
import { sendInvoiceEmail } from "#domain/invoices/invoice-documents.ts";
import { invoiceStatusSchema } from "#domain/invoices/invoice-schemas.ts";
import { PAYMENT_PERIODS, dueCheckSummary, formatInvoiceId } from "#domain/invoices/invoice-rules.ts";
import { periodStartSchema } from "#domain/invoices/invoice-schemas.ts";
import { formatPence } from "#domain/shared/money.ts";
import { formatCount } from "#domain/shared/format.ts";
import { findUserById, type PublicUser } from "#domain/accounts/user-service.ts";
import {
  deleteQuestion,
  emailQuestion,
  generateQuestion,
  statusQuestion,
} from "#app/components/invoices/invoice-questions.ts";
import { ActionFailed, confirmFirst, done, parseForm, type IntentHandler } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { mailDelivery } from "#app/utils/mail-delivery.ts";
import { log } from "#app/utils/log.server.ts";
import { paymentIntents } from "./payments.server.ts";

const idField = (message: string) => z.coerce.number({ error: message }).int(message).positive(message);
const invoiceForm = z.object({ id: idField("Invoice not found") });

/** The API's status body (status, paid date, payment reference) and the invoice; a blank paid date means today. */
const statusForm = z.preprocess(
  (fields) => {
    const { paidDate, ...rest } = fields as Record<string, unknown>;
    return paidDate === "" ? rest : fields;
  },
  z.intersection(invoiceForm, invoiceStatusSchema),
);

const generateForm = z.object({
  partnerId: idField("Partner not found"),
  requestedPaymentPeriod: z
    .enum(PAYMENT_PERIODS, { error: "requestedPaymentPeriod must be monthly, 6-months or 12-months" })
    .default("monthly"),
  periodStart: periodStartSchema,
});

/** The due check's toast: what changed, and how many reminders failed (their reasons are logged). */
export function dueCheckToast(result: Awaited<ReturnType<typeof checkDueInvoices>>) {
  const failed = result.reminderFailures.length;
  return {
    title: "Due invoices checked",
    description: `${dueCheckSummary(result)}${failed ? `; ${formatCount(failed, "reminder")} could not be sent (the reasons are in the server log)` : ""}.`,
  };
}

export function invoiceIntents(request: Request, user: PublicUser): Record<string, IntentHandler> {
  // Every page that shows these forms is an admin's; a partner's page never offers them.
  const admin = () => {
    if (!user.isAdmin) throw new ActionFailed(403, "Forbidden");
    return user;
  };
  return {
    // Payments and credit notes go wherever the invoices' forms do.
    ...paymentIntents(request, user),
    "invoice-status": {
      failure: "Failed to update payment status",
      async run(form) {
        const actor = admin();
        const { id, status, paidDate, paymentReference } = parseForm(form, statusForm);
        const invoice = await invoiceForUser(db, actor, id);
        const question = confirmFirst("invoice-status", form, statusQuestion(invoice, status));
        if (question) return question;
        await updateInvoiceStatus(db, id, status, actor.id, undefined, { paidDate, paymentReference });
        return done(request, form, {
          title: "Payment status updated",
          description: `${formatInvoiceId(id)} is now ${status}.`,
        });
      },
    },
    "invoice-email": {
      failure: "Failed to send invoice email",
      async run(form) {
        const actor = admin();
        const invoice = await invoiceForUser(db, actor, parseForm(form, invoiceForm).id);
        const question = confirmFirst("invoice-email", form, emailQuestion(invoice));
        if (question) return question;
        await sendInvoiceEmail(db, MAIL_CONFIG, invoice.id);
        const partner = await findUserById(db, invoice.partnerId);
        return done(request, form, {
          title: invoice.status === "overdue" ? "Reminder sent" : "Invoice sent",
          description: `${invoice.displayId}: ${mailDelivery(partner?.email ?? "", MAIL_CONFIG)}`,
        });
      },
    },
    "invoice-delete": {
      // The error says why: the spec's "Failed to delete invoice. Paid invoices cannot be deleted." for a paid one only.
      failure: "Failed to delete invoice",
      async run(form) {
        const actor = admin();
        const invoice = await invoiceForUser(db, actor, parseForm(form, invoiceForm).id);
        const question = confirmFirst("invoice-delete", form, deleteQuestion(invoice));
        if (question) return question;
        await deleteInvoice(db, invoice.id, actor.id);
        return done(request, form, { title: "Invoice deleted", description: invoice.displayId });
      },
    },
    "invoice-generate": {
      failure: "Failed to generate invoice",
      async run(form) {
        const actor = admin();
        const { partnerId, requestedPaymentPeriod, periodStart } = parseForm(form, generateForm);
        const quote = await quoteInvoice(db, partnerId, requestedPaymentPeriod, undefined, periodStart);
        const partner = await findUserById(db, partnerId);
        const question = confirmFirst(
          "invoice-generate",
          form,
          generateQuestion(partner?.name ?? partner?.username ?? `Partner ${partnerId}`, quote),
        );
        if (question) return question;
        const invoice = await generateInvoice(db, partnerId, requestedPaymentPeriod, actor.id, undefined, periodStart);
        return done(request, form, {
          title: "Invoice generated",
          description: `${invoice.displayId} for ${formatPence(invoice.amountPence)}`,
        });
      },
    },
    "invoice-check-due": {
      failure: "Failed to check due invoices",
      async run(form) {
        admin();
        const result = await checkDueInvoices(db, MAIL_CONFIG);
        for (const failure of result.reminderFailures)
          log().error(failure, `The reminder for invoice ${failure.invoiceId} failed`);
        return done(request, form, dueCheckToast(result));
      },
    },
  };
}
