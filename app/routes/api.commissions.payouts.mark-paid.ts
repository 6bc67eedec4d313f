/**
 * POST /api/commissions/payouts/mark-paid {month, partnerIds, paidDate?}: marks the chosen partners'
 * commission paid as one batch (all or none), then emails each a remittance (admin). Answers the
 * batch and what became of each remittance; a mail failure leaves the payments made.
 */
import { z } from "zod";
import { paidBatchJson } from "#domain/payouts/payout-json.ts";
import { payPayoutBatch } from "#domain/payouts/payout-service.ts";
import { isIsoDay, parseMonth } from "#domain/shared/dates.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { PARTNER_IDS_MESSAGE } from "#app/utils/payouts.server.ts";

const schema = z.object({
  month: z
    .string({ error: "Month is required (YYYY-MM)" })
    .refine((m) => parseMonth(m) !== null, "Month must be YYYY-MM or an ISO date")
    .transform((m) => parseMonth(m)!),
  partnerIds: z
    .array(z.number({ error: PARTNER_IDS_MESSAGE }).int(PARTNER_IDS_MESSAGE).positive(PARTNER_IDS_MESSAGE), {
      error: "partnerIds must be a list of partner ids",
    })
    .min(1, "Choose at least one partner to pay"),
  paidDate: z.string().refine(isIsoDay, "Paid date must be YYYY-MM-DD").optional(),
});

export const action = api(async ({ request }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const body = await parseBody(request, schema);
  return Response.json(
    paidBatchJson(await payPayoutBatch(db, MAIL_CONFIG, body.month, body.partnerIds, admin.id, body.paidDate)),
  );
});

export const loader = api(async () => methodNotAllowed());
