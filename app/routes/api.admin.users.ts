/**
 * GET /api/admin/users: every admin with last sign-in and status. POST: creates an admin from
 * {username, name, email?, password?, sendSetPasswordLink?}; with sendSetPasswordLink (an email
 * needed) a link to choose the password is emailed, valid 72 hours; else without a password one is
 * generated and answered once (201).
 */
import { createAdmin, listAdmins } from "#domain/accounts/admin-service.ts";
import { createAdminSchema } from "#domain/accounts/admin-rules.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";

export const loader = api(async ({ request }) => {
  await requireApiAdmin(request);
  return Response.json(await listAdmins(db), { headers: { "Cache-Control": "no-store" } });
});

export const action = api(async ({ request }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const actor = await requireApiAdmin(request);
  const input = await parseBody(request, createAdminSchema);
  const created = await createAdmin(db, input, actor.id, MAIL_CONFIG);
  return Response.json(created, { status: 201, headers: { "Cache-Control": "no-store" } });
});
