/**
 * The Self-billing card's intents (partner page): self-billing-save sets the agreement from the
 * card's form, self-billing-remove ends it after asking (ConfirmPost; without JavaScript the question
 * is answered as a page). The same domain calls as PUT/DELETE /api/partners/{id}/self-billing.
 */
import { z } from "zod";
import { selfBillingSchema } from "#domain/self-billing/self-billing-schemas.ts";
import { removeSelfBilling, saveSelfBilling } from "#domain/self-billing/self-billing-service.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { backTo, confirmFirst, done, parseForm, type IntentHandler } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { endSelfBillingQuestion } from "#app/components/partners/self-billing-words.ts";

const partnerForm = z.object({
  partnerId: z.coerce.number({ error: "Partner not found" }).int("Partner not found").positive("Partner not found"),
});

export function selfBillingIntents(request: Request, admin: PublicUser): Record<string, IntentHandler> {
  return {
    "self-billing-save": {
      failure: "Self-billing not saved",
      async run(form) {
        const { partnerId } = parseForm(form, partnerForm);
        const agreement = parseForm(form, selfBillingSchema);
        const view = await saveSelfBilling(db, partnerId, agreement, admin.id);
        // Back to the card without its form (the form's redirectTo), with JavaScript too.
        return done(request, form, { title: "Self-billing saved", description: view.stateText }, backTo(request, form));
      },
    },
    "self-billing-remove": {
      failure: "Self-billing not ended",
      async run(form) {
        const { partnerId } = parseForm(form, partnerForm);
        const question = confirmFirst("self-billing-remove", form, endSelfBillingQuestion);
        if (question) return question;
        await removeSelfBilling(db, partnerId, admin.id);
        return done(request, form, {
          title: "Self-billing ended",
          description: "Unpaid commission is paid without VAT; the self-billed invoices already issued stay.",
        });
      },
    },
  };
}
