/**
 * /resources/partners/{id}/working?month=: how one month's commission is worked out, in pence, for
 * the dashboard's earlier months, whose "How it's worked out" is fetched when it is opened (the page
 * itself draws only last month's). The partner's own, or any partner's for an admin; the API's
 * answers otherwise (401, 403, 400 for a bad month).
 */
import { monthWorkingOf } from "#domain/payouts/partner-money-service.ts";
import { api, requireApiPartnerAccess, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam, monthParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  await requireApiUser(request);
  const id = idParam(params.id, "Partner not found");
  await requireApiPartnerAccess(request, id);
  const month = monthParam(new URL(request.url).searchParams.get("month"));
  return Response.json({ month, working: await monthWorkingOf(db, id, month) });
});
