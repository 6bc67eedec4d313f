/** POST /api/partners/commissions/reset {month, partnerId?}: Reset Month, reopening every partner's month or one partner's (admin). */
import { z } from "zod";
import { resetCommissions } from "#domain/commissions/commission-reset-service.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { monthParam } from "#app/utils/params.server.ts";

const schema = z.object({
  month: z.string({ error: "Month is required" }).min(1, "Month is required"),
  partnerId: z.coerce
    .number({ error: "partnerId must be a partner id" })
    .int("partnerId must be a partner id")
    .positive("partnerId must be a partner id")
    .optional(),
});

export const action = api(async ({ request }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const { month, partnerId } = await parseBody(request, schema);
  return Response.json(await resetCommissions(db, monthParam(month), admin.id, partnerId));
});

export const loader = api(async () => methodNotAllowed());
