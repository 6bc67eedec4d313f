/**
 * The Commission Agreement card's intents (partner page): the Edit agreement dialog posts its form
 * to preview last month under the new terms (agreement-preview, answered as data for the dialog) and
 * to save them (agreement-save, its toast answered by done()), the same domain calls as
 * GET/POST /api/partners/{id}/agreements. The form speaks percents and pounds; the form is turned into
 * the API's body (rates as fractions) and read by the API's schema, agreementInputSchema.
 */
import { data } from "@remix-run/node";
import { z } from "zod";
import { BASES, isCountBasis, type Basis } from "#domain/agreements/agreement-rules.ts";
import { agreementInputSchema, type AgreementInput } from "#domain/agreements/agreement-schemas.ts";
import { previewAgreement, setAgreement, type AgreementPreview } from "#domain/agreements/agreement-service.ts";
import { percentToFraction } from "#domain/partners/partner-schemas.ts";
import { formatMonth } from "#domain/shared/dates.ts";
import { formatCount } from "#domain/shared/format.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";
import { zodMessage } from "#app/utils/api.server.ts";
import { textField } from "#app/utils/action-reply.ts";
import { ActionFailed, done, parseForm, type IntentHandler } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";

const partnerForm = z.object({
  partnerId: z.coerce.number({ error: "Partner not found" }).int("Partner not found").positive("Partner not found"),
});

/** What agreement-preview answers: the preview, for the dialog (a failure is an ActionFailure as usual). */
export interface AgreementPreviewReply {
  intent: "agreement-preview";
  preview: AgreementPreview;
}

const BASES_WITH_RATES = new Set<string>(BASES);

/** A rate typed as a percent ("12.5") as the API's fraction ("0.1250"); blank stays blank for the schema's message. */
function percentField(text: string, what: string): string | undefined {
  const trimmed = text.trim();
  if (!trimmed) return undefined;
  const percent = Number(trimmed);
  if (!Number.isFinite(percent) || percent < 0 || percent > 100)
    throw new ActionFailed(400, `${what}'s rate must be a percentage between 0 and 100`);
  return percentToFraction(percent);
}

/** A row's rate field: a percent for a money basis, pounds each for a count basis (an unknown basis: the schema answers). */
function rateOf(basis: string, text: string, what: string): { rate?: string; amount?: string } {
  if (!BASES_WITH_RATES.has(basis)) return {};
  return isCountBasis(basis as Basis) ? { amount: text.trim() || undefined } : { rate: percentField(text, what) };
}

/**
 * The dialog's fields as the API's body: effectiveMonth, basis, rate (a percent, or pounds for the
 * count bases), tierUpTo/tierRate and productMatch/productBasis/productRate repeated once a row,
 * minimum and cap in pounds.
 */
export function agreementFormInput(form: FormData): AgreementInput {
  const all = (name: string) => form.getAll(name).map((v) => (typeof v === "string" ? v : ""));
  const basis = textField(form, "basis");
  const upTos = all("tierUpTo");
  const tierRates = all("tierRate");
  const tiers = upTos.map((upTo, i) => ({
    upTo: upTo.trim() || null,
    ...rateOf(basis, tierRates[i] ?? "", `Tier ${i + 1}`),
  }));
  const matches = all("productMatch");
  const productBases = all("productBasis");
  const productRates = all("productRate");
  const products = matches.map((match, i) => ({
    match,
    basis: productBases[i] ?? "",
    ...rateOf(productBases[i] ?? "", productRates[i] ?? "", `Product rule ${i + 1}`),
  }));
  return {
    effectiveMonth: textField(form, "effectiveMonth"),
    basis: basis as Basis,
    ...(tiers.length ? {} : rateOf(basis, textField(form, "rate"), "The agreement")),
    tiers,
    minimum: textField(form, "minimum").trim() || null,
    cap: textField(form, "cap").trim() || null,
    products: products as AgreementInput["products"],
  };
}

function parseAgreementForm(form: FormData) {
  const parsed = agreementInputSchema.safeParse(agreementFormInput(form));
  if (!parsed.success) throw new ActionFailed(400, zodMessage(parsed.error));
  return parsed.data;
}

export function agreementIntents(request: Request, user: PublicUser): Record<string, IntentHandler> {
  // Every page that shows these forms is an admin's.
  const admin = () => {
    if (!user.isAdmin) throw new ActionFailed(403, "Forbidden");
    return user;
  };
  return {
    "agreement-preview": {
      failure: "Failed to preview the agreement",
      async run(form) {
        admin();
        const { partnerId } = parseForm(form, partnerForm);
        const input = parseAgreementForm(form);
        const preview = await previewAgreement(db, partnerId, input);
        return data<AgreementPreviewReply>({ intent: "agreement-preview", preview });
      },
    },
    "agreement-save": {
      failure: "Failed to save the agreement",
      async run(form) {
        const actor = admin();
        const { partnerId } = parseForm(form, partnerForm);
        const input = parseAgreementForm(form);
        const { agreement, adjustments } = await setAgreement(
          db,
          partnerId,
          { ...input, adjustPaidMonths: form.get("adjustPaidMonths") === "yes" },
          actor.id,
        );
        const adjusted = !adjustments.length
          ? ""
          : adjustments.length === 1
            ? ` The paid month's difference was added to ${formatMonth(adjustments[0].targetMonth)}.`
            : ` ${formatCount(adjustments.length, "paid month")}: their differences were added to the next open month.`;
        return done(request, form, {
          title: "Agreement saved",
          description: `From ${formatMonth(agreement.effectiveMonth)}: ${agreement.description.join("; ")}.${adjusted}`,
        });
      },
    },
  };
}
