/** GET /api/stats: totals for the admin dashboard (admin). */
import { getStats } from "#domain/partners/partner-service.ts";
import { statsJson } from "#domain/partners/partner-json.ts";
import { api, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";

export const loader = api(async ({ request }) => {
  await requireApiAdmin(request);
  return Response.json(statsJson(await getStats(db)));
});
