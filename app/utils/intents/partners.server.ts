/**
 * The partners forms' intents, shared by every page that shows them (see app/utils/actions.server.ts):
 * each parses its form with zod, makes the same domain call as the API and answers its toast (done).
 * Create is POST /api/register's, edit and the commission rate PATCH /api/partners/{id}'s, delete
 * DELETE /api/partners/{id}'s (the admin's password, attempt-limited like sign-in by the address).
 */
import { z } from "zod";
import { formatRate, percentToBp } from "#domain/shared/commission-rules.ts";
import {
  bankConfirmSchema,
  checkCommissionPercent,
  deletePartnerSchema,
  partnerCreateSchema,
  partnerUpdateSchema,
  percentToFraction,
} from "#domain/partners/partner-schemas.ts";
import { createPartner, deletePartner, updatePartner } from "#domain/partners/partner-service.ts";
import { confirmBankDetails } from "#domain/partners/bank-change-service.ts";
import { isProfitSharingType, type PartnerType } from "#domain/partners/partner-rules.ts";
import { findUserById, type PublicUser } from "#domain/accounts/user-service.ts";
import { ActionFailed, backTo, done, parseForm, type IntentHandler } from "#app/utils/actions.server.ts";
import { attemptGuard } from "#app/utils/auth.server.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR, MAIL_CONFIG } from "#app/utils/env.server.ts";

const idForm = z.object({
  id: z.coerce.number({ error: "Partner not found" }).int("Partner not found").positive("Partner not found"),
});

/** The form's own fields, not the partner's. */
const CONTROL_FIELDS = new Set(["intent", "id", "redirectTo", "confirmed"]);
const fieldsOf = (raw: unknown) =>
  Object.fromEntries(Object.entries(raw as Record<string, unknown>).filter(([key]) => !CONTROL_FIELDS.has(key)));

/**
 * The Add Partner form as POST /api/register's body: the commission entered as a percent is sent as
 * a fraction (0 for a type without commission), the fee and payment period only for fee-paying.
 */
const createForm = z.preprocess((raw) => {
  const fields = fieldsOf(raw);
  const text = (key: string) => (typeof fields[key] === "string" ? fields[key] : "");
  const type = text("partnerType") as PartnerType;
  const percentText = text("commissionPercent").trim();
  const percent = Number(percentText);
  const validPercent = percentText !== "" && Number.isFinite(percent) && percent >= 0 && percent <= 100;
  const { commissionPercent: _percent, ...rest } = fields;
  return {
    ...rest,
    // An invalid percent stays invalid for the schema, which answers 'Commission must be between 0 and 100'.
    commissionPercentage: isProfitSharingType(type)
      ? validPercent
        ? percentToFraction(percent)
        : "invalid"
      : percentToFraction(0),
    monthlyFee: type === "fee-paying" && text("monthlyFee") !== "" ? text("monthlyFee") : null,
    paymentPeriod: type === "fee-paying" ? text("paymentPeriod") || "monthly" : null,
  };
}, partnerCreateSchema);

/** Fields the edit dialog clears with a blank (sent as null, as the dialog did). */
const NULLABLE = new Set(["monthlyFee", "bankName", "accountHolderName", "accountNumber", "sortCode", "rollNumber"]);

/** One field of the Edit dialog as PATCH /api/partners/{id}'s body (the schema is strict: partner fields only). */
const updateForm = z.preprocess(
  (raw) =>
    Object.fromEntries(
      Object.entries(fieldsOf(raw)).map(([key, value]) => [
        key,
        NULLABLE.has(key) && typeof value === "string" && !value.trim() ? null : value,
      ]),
    ),
  partnerUpdateSchema,
);

const commissionForm = z.object({ commissionPercent: z.string({ error: "Invalid commission" }) });

export function partnerIntents(request: Request, user: PublicUser, context: unknown): Record<string, IntentHandler> {
  // Every page that shows these forms is an admin's.
  const admin = () => {
    if (!user.isAdmin) throw new ActionFailed(403, "Forbidden");
    return user;
  };
  return {
    "partner-create": {
      failure: "Error creating partner",
      fallback: "Registration failed",
      async run(form) {
        const actor = admin();
        const input = parseForm(form, createForm);
        const created = await createPartner(db, input, actor.id);
        return done(request, form, {
          title: "Partner created",
          description: `${created.name ?? input.name} can now sign in as ${created.username}.`,
        });
      },
    },
    "partner-update": {
      failure: "Update failed",
      fallback: "Failed to update partner",
      async run(form) {
        const actor = admin();
        const { id } = parseForm(form, idForm);
        const input = parseForm(form, updateForm);
        await updatePartner(db, id, input, actor.id, new Date(), MAIL_CONFIG);
        return done(request, form, { title: "Partner updated" });
      },
    },
    "partner-commission": {
      failure: "Failed to update commission rate",
      async run(form) {
        const actor = admin();
        const { id } = parseForm(form, idForm);
        const checked = checkCommissionPercent(parseForm(form, commissionForm).commissionPercent);
        if (!checked.ok) throw new ActionFailed(400, checked.message, { commissionPercent: checked.message });
        // The partner page's PATCH: the rate as a fraction, with the type it applies to.
        const input = partnerUpdateSchema.parse({
          commissionPercentage: percentToFraction(checked.percent),
          partnerType: "profit-sharing",
        });
        await updatePartner(db, id, input, actor.id);
        return done(request, form, {
          title: "Partner updated",
          description: `Commission rate set to ${formatRate(percentToBp(checked.percent))}.`,
        });
      },
    },
    "bank-confirm": {
      failure: "Bank details not confirmed",
      async run(form) {
        const actor = admin();
        const { id } = parseForm(form, idForm);
        const { verifiedBy } = parseForm(form, bankConfirmSchema);
        await confirmBankDetails(db, id, actor.id, verifiedBy);
        return done(request, form, {
          title: "Bank details confirmed",
          description: "The hold on paying this partner has ended.",
        });
      },
    },
    "partner-delete": {
      failure: "Deletion failed",
      fallback: "Failed to delete partner",
      async run(form) {
        const actor = admin();
        const { id } = parseForm(form, idForm);
        const { password } = parseForm(form, deletePartnerSchema);
        const partner = await findUserById(db, id);
        await deletePartner(db, id, actor, password, await attemptGuard(request, context), { dataDir: DATA_DIR });
        // The deleted partner's own pages are gone (the partner's page, its edit and delete pages): back to the dashboard from there.
        const from = backTo(request, form);
        const own = `/partners/${id}`;
        const to = from === own || from.startsWith(`${own}?`) || from.startsWith(`${own}/`) ? "/admin" : undefined;
        const name = partner?.name ?? partner?.username ?? `Partner ${id}`;
        return done(
          request,
          form,
          { title: "Partner deleted", description: `${name} and all their data were removed.` },
          to,
        );
      },
    },
  };
}
