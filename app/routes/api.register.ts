/** POST /api/register: an admin creates a partner. The admin's own session is left as it is. */
import { partnerCreateSchema } from "#domain/partners/partner-schemas.ts";
import { createPartner } from "#domain/partners/partner-service.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { publicUserJson } from "#domain/accounts/user-json.ts";

export const action = api(async ({ request }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const input = await parseBody(request, partnerCreateSchema);
  return Response.json(publicUserJson(await createPartner(db, input, admin.id)), { status: 201 });
});

export const loader = api(async () => methodNotAllowed());
