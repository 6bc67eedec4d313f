/** POST /api/users/{id}/disable (admin): the account (admin or partner) can no longer sign in and its sessions end; not oneself nor the last active admin (409). */
import { disableAccount } from "#domain/accounts/admin-service.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "User not found");
  return Response.json(await disableAccount(db, id, admin.id));
});

export const loader = api(async () => methodNotAllowed());
