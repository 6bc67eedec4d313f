/**
 * The commissions forms' intents, shared by every page that shows them (see app/utils/actions.server.ts):
 * each parses its form with zod, makes the same domain call as the API and answers its toast (done).
 * Mark as Paid (POST /api/partners/{id}/commission-payment, which also emails the remittance), Reset Month for every partner or one
 * (POST /api/partners/commissions/reset) and Send Report (POST /api/partners/{id}/send-report) ask
 * first when the form comes without JavaScript (the dialog asked with it), in the dialogs' words
 * (app/components/partners/commission-questions.ts). Write off (POST /api/partners/{id}/write-off) likewise,
 * in balance-rules.ts's words.
 */
import { z } from "zod";
import { partnerMonth } from "#domain/commissions/commission-service.ts";
import { resetCommissions } from "#domain/commissions/commission-reset-service.ts";
import { payCommission } from "#domain/payouts/remittance-service.ts";
import { moneyPaidOf } from "#domain/commissions/money-paid.ts";
import { remittanceNote } from "#domain/payouts/payout-rules.ts";
import { commissionSummaryRow, paidSummary } from "#domain/commissions/commission-summary.ts";
import { formatMonth, parseMonth } from "#domain/shared/dates.ts";
import { formatCount, formatPence } from "#domain/shared/format.ts";
import { sendReport } from "#domain/commissions/statement-service.ts";
import { partnerBalance, writeOffBalance } from "#domain/commissions/balance-service.ts";
import { writeOffQuestion } from "#domain/commissions/balance-rules.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import {
  markPaidQuestion,
  reopenQuestion,
  resetQuestion,
  sendReportQuestion,
} from "#app/components/partners/commission-questions.ts";
import { ActionFailed, confirmFirst, done, parseForm, type IntentHandler } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { mailDelivery } from "#app/utils/mail-delivery.ts";

const partnerField = z.coerce
  .number({ error: "Partner not found" })
  .int("Partner not found")
  .positive("Partner not found");
const monthField = z
  .string({ error: "Month must be YYYY-MM" })
  .refine((m) => parseMonth(m) !== null, "Month must be YYYY-MM")
  .transform((m) => parseMonth(m)!);

const partnerMonthForm = z.object({ partnerId: partnerField, month: monthField });
/** Reset Month: the whole month, or one partner's when the form names one (the partner page). */
const resetForm = z.object({
  month: monthField,
  partnerId: z.preprocess((v) => (v === "" ? undefined : v), partnerField.optional()),
});

export function commissionIntents(request: Request, user: PublicUser): Record<string, IntentHandler> {
  // Every page that shows these forms is an admin's; a partner's page never offers them.
  const admin = () => {
    if (!user.isAdmin) throw new ActionFailed(403, "Forbidden");
    return user;
  };
  return {
    "mark-paid": {
      failure: "Failed to update payment status",
      async run(form) {
        const actor = admin();
        const { partnerId, month } = parseForm(form, partnerMonthForm);
        const row = await commissionSummaryRow(db, month, partnerId);
        const name = row?.partnerName ?? `Partner ${partnerId}`;
        const paid = (await moneyPaidOf(db, month, [partnerId])).get(partnerId);
        const monthPence = row?.profitSharePence ?? 0;
        const question = confirmFirst(
          "mark-paid",
          form,
          markPaidQuestion(name, month, formatPence(monthPence), paid ? { monthPence, paid } : null),
        );
        if (question) return question;
        // The remittance goes after the payment commits; a mail failure is said in the toast, never undoes the payment.
        const { remittance } = await payCommission(db, MAIL_CONFIG, partnerId, month, actor.id);
        return done(request, form, {
          title: "Payment status updated",
          description: `${name}: ${formatMonth(month)} marked as paid. ${remittanceNote([remittance])}`,
        });
      },
    },
    "reset-month": {
      failure: "Reset failed",
      async run(form) {
        const actor = admin();
        const { month, partnerId } = parseForm(form, resetForm);
        if (partnerId !== undefined) {
          const current = await partnerMonth(db, partnerId, month);
          const name = current.partner.name ?? current.partner.username;
          const { payment } = current;
          const amount = formatPence(payment.amountPence ?? current.totals.commissionPence);
          const question = confirmFirst(
            "reset-month",
            form,
            reopenQuestion(name, month, amount, payment.status === "completed" ? payment.paidDate : null),
          );
          if (question) return question;
          await resetCommissions(db, month, actor.id, partnerId);
          return done(request, form, {
            title: "Reset successful",
            description: `${name}: ${formatMonth(month)} is open again.`,
          });
        }
        const question = confirmFirst("reset-month", form, resetQuestion(month, await paidSummary(db, month)));
        if (question) return question;
        const { reset } = await resetCommissions(db, month, actor.id);
        return done(request, form, {
          title: "Reset successful",
          description: `${formatCount(reset, "payment")} for ${formatMonth(month)} set back to pending.`,
        });
      },
    },
    "send-report": {
      // A mail failure is the API's 502 (MailError): the toast says so with the mail server's reason.
      failure: "Failed to send report",
      async run(form) {
        admin();
        const { partnerId, month } = parseForm(form, partnerMonthForm);
        const current = await partnerMonth(db, partnerId, month);
        const name = current.partner.name ?? current.partner.username;
        const amount = formatPence(
          current.payment.status === "completed" && current.payment.amountPence !== null
            ? current.payment.amountPence
            : current.totals.commissionPence,
        );
        const question = confirmFirst("send-report", form, sendReportQuestion(name, month, amount));
        if (question) return question;
        const result = await sendReport(db, MAIL_CONFIG, partnerId, month);
        return done(
          request,
          form,
          result.emailSent
            ? {
                title: "Monthly report has been sent successfully",
                description: mailDelivery(current.partner.email ?? "", MAIL_CONFIG),
              }
            : { title: "Report processed, but no email was sent because partner has no email address" },
        );
      },
    },
    "write-off": {
      // What a partner owes with no later month to take it: the API's POST /api/partners/{id}/write-off.
      failure: "Write-off failed",
      async run(form) {
        const actor = admin();
        const { partnerId } = parseForm(form, z.object({ partnerId: partnerField }));
        const { partnerName, owing } = await partnerBalance(db, partnerId);
        // Nothing owed: no question, the write-off's 409 says so.
        if (owing) {
          const question = confirmFirst("write-off", form, writeOffQuestion(partnerName, owing));
          if (question) return question;
        }
        const { writtenOffPence, month } = await writeOffBalance(db, partnerId, actor.id);
        return done(request, form, {
          title: "Balance written off",
          description: `${partnerName}: ${formatPence(writtenOffPence)} written off in ${formatMonth(month)}.`,
        });
      },
    },
  };
}
