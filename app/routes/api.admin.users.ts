/**
 * GET /api/admin/users: every admin with last sign-in and status. POST: creates an admin from
 * {username, name, email?, password?}; without a password one is generated and answered once (201).
 */
import { createAdmin, listAdmins } from "#domain/accounts/admin-service.ts";
import { createAdminSchema } from "#domain/accounts/admin-rules.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";

export const loader = api(async ({ request }) => {
  await requireApiAdmin(request);
  return Response.json(await listAdmins(db), { headers: { "Cache-Control": "no-store" } });
});

export const action = api(async ({ request }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const actor = await requireApiAdmin(request);
  const input = await parseBody(request, createAdminSchema);
  const created = await createAdmin(db, input, actor.id);
  return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
});
