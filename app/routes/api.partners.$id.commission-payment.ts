/**
 * POST /api/partners/{id}/commission-payment {status?, month?, paidDate?}: marks the month paid (admin)
 * and emails the partner the remittance; `remittance` says what became of it (a mail failure leaves the payment made).
 */
import { z } from "zod";
import { payCommission } from "#domain/payouts/remittance-service.ts";
import { isIsoDay } from "#domain/shared/dates.ts";
import { commissionPaymentJson } from "#domain/commissions/commission-json.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { idParam, monthParam } from "#app/utils/params.server.ts";

const schema = z.object({
  status: z.literal("completed", { error: "Status must be completed" }).optional(),
  month: z.string().optional(),
  paidDate: z.string().refine(isIsoDay, "Paid date must be YYYY-MM-DD").optional(),
});

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Partner not found");
  const body = await parseBody(request, schema);
  const paid = await payCommission(
    db,
    MAIL_CONFIG,
    id,
    monthParam(body.month ?? new URL(request.url).searchParams.get("month")),
    admin.id,
    body.paidDate,
  );
  return Response.json(commissionPaymentJson(paid));
});

export const loader = api(async () => methodNotAllowed());
