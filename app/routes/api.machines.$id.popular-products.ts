/** GET /api/machines/{id}/popular-products: the top 10 products by units sold. */
import { machineForUser, popularProducts } from "#domain/machines/machine-service.ts";
import { popularProductJson } from "#domain/machines/machine-json.ts";
import { api, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const machine = await machineForUser(db, user, idParam(params.id, "Machine not found"));
  return Response.json((await popularProducts(db, machine.id)).map(popularProductJson));
});
