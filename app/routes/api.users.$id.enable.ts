/** POST /api/users/{id}/enable (admin): a disabled account (admin or partner) may sign in again. */
import { enableAccount } from "#domain/accounts/admin-service.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "User not found");
  return Response.json(await enableAccount(db, id, admin.id));
});

export const loader = api(async () => methodNotAllowed());
