/**
 * The payouts page's intents (/admin/payouts): Mark batch as paid (the same domain call as POST
 * /api/commissions/payouts/mark-paid; asks first without JavaScript, naming the count and the total)
 * and Send again (the month's remittances a mail failure left unsent).
 */
import { z } from "zod";
import { remittanceNote } from "#domain/payouts/payout-rules.ts";
import { payoutCandidates, payPayoutBatch, selectLines } from "#domain/payouts/payout-service.ts";
import { retryRemittances } from "#domain/payouts/remittance-service.ts";
import { parseMonth } from "#domain/shared/dates.ts";
import { formatCount, formatMonth, formatPence } from "#domain/shared/format.ts";
import { payoutTotal } from "#domain/payouts/payout-rules.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { batchQuestion } from "#app/components/payouts/payout-questions.ts";
import { ActionFailed, confirmFirst, done, parseForm, type IntentHandler } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { partnerIdsSchema } from "#app/utils/payouts.server.ts";

const monthForm = z.object({
  month: z
    .string({ error: "Month must be YYYY-MM" })
    .refine((m) => parseMonth(m) !== null, "Month must be YYYY-MM")
    .transform((m) => parseMonth(m)!),
});

export function payoutIntents(request: Request, user: PublicUser): Record<string, IntentHandler> {
  const admin = () => {
    if (!user.isAdmin) throw new ActionFailed(403, "Forbidden");
    return user;
  };
  return {
    "mark-batch-paid": {
      failure: "Failed to mark the batch as paid",
      async run(form) {
        const actor = admin();
        const { month } = parseForm(form, monthForm);
        const ids = partnerIdsSchema.safeParse(
          form.getAll("partnerIds").filter((v): v is string => typeof v === "string"),
        );
        if (!ids.success) throw new ActionFailed(400, ids.error.issues[0]?.message ?? "Invalid partners");
        if (!ids.data.length) throw new ActionFailed(400, "Choose at least one partner to pay");
        const lines = selectLines(await payoutCandidates(db, month), ids.data);
        const question = confirmFirst("mark-batch-paid", form, batchQuestion(month, lines.length, payoutTotal(lines)));
        if (question) return question;
        const batch = await payPayoutBatch(db, MAIL_CONFIG, month, ids.data, actor.id);
        return done(request, form, {
          title: "Batch marked as paid",
          description: `${formatCount(batch.rows.length, "partner")} paid ${formatPence(batch.totalPence)} for ${formatMonth(month)}. ${remittanceNote(batch.remittances)}`,
        });
      },
    },
    "retry-remittances": {
      failure: "Failed to send the remittances",
      async run(form) {
        admin();
        const { month } = parseForm(form, monthForm);
        const outcomes = await retryRemittances(db, MAIL_CONFIG, month);
        return done(request, form, {
          title: "Remittances",
          description: outcomes.length
            ? remittanceNote(outcomes)
            : `No remittance is waiting to be sent for ${formatMonth(month)}.`,
        });
      },
    },
  };
}
