/** GET /api/machines/stats: last month's and all-time figures of the signed-in partner (admins: ?partnerId=). */
import { partnerStats } from "#domain/machine-service.ts";
import { api, apiError, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";

export const loader = api(async ({ request }) => {
  const user = await requireApiUser(request);
  let partnerId = user.id;
  if (user.isAdmin) {
    partnerId = Number(new URL(request.url).searchParams.get("partnerId"));
    if (!Number.isSafeInteger(partnerId) || partnerId <= 0) return apiError(400, "partnerId is required");
  }
  return Response.json(await partnerStats(db, partnerId));
});
