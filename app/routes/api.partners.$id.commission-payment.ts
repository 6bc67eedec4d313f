/** POST /api/partners/{id}/commission-payment {status?, month?, paidDate?}: marks the month paid (admin). */
import { z } from "zod";
import { markCommissionPaid } from "#domain/commissions/commission-service.ts";
import { bpToFraction } from "#domain/commissions/commission-rules.ts";
import { isIsoDay } from "#domain/shared/dates.ts";
import { penceToPounds } from "#domain/shared/money.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
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
  const payment = await markCommissionPaid(db, id, monthParam(body.month ?? new URL(request.url).searchParams.get("month")), admin.id, body.paidDate);
  return Response.json({ month: payment.month, status: payment.status, paidDate: payment.paidDate, amount: penceToPounds(payment.amountPence ?? 0), commissionPercentage: bpToFraction(payment.rateBp ?? 0) });
});

export const loader = api(async () => methodNotAllowed());
