/**
 * POST /api/users/{id}/send-reset-link (admin): emails the account (admin or partner) a single-use
 * link to choose a new password, valid 30 minutes; 200 {sentTo, expiresAt}. 400 when it has no
 * email, 404 unknown id, 409 disabled. Audited.
 */
import { sendPasswordLink } from "#domain/accounts/reset-service.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "User not found");
  return Response.json(await sendPasswordLink(db, MAIL_CONFIG, id, { kind: "admin-reset", actorId: admin.id }));
});

export const loader = api(async () => methodNotAllowed());
