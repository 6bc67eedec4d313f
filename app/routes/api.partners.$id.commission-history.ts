/** GET /api/partners/{id}/commission-history: month, status, paidDate per month (admin, or the partner). */
import { commissionHistoryJson } from "#domain/commissions/commission-json.ts";
import { commissionHistory } from "#domain/commissions/commission-service.ts";
import { api, requireApiUser, requireApiPartnerAccess } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  await requireApiUser(request);
  const id = idParam(params.id, "Partner not found");
  await requireApiPartnerAccess(request, id);
  return Response.json((await commissionHistory(db, id)).map(commissionHistoryJson));
});
