/** GET /api/machines/stats: last month's and all-time figures of the signed-in partner (admins: ?partnerId=). */
import { partnerStats } from "#domain/machines/machine-service.ts";
import { partnerStatsJson } from "#domain/machines/machine-json.ts";
import { api, requireApiPartnerScope } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";

export const loader = api(async ({ request }) => {
  const partnerId = await requireApiPartnerScope(request);
  return Response.json(partnerStatsJson(await partnerStats(db, partnerId)));
});
