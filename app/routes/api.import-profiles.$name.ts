/** GET /api/import-profiles/{name} (admin): one saved profile. DELETE (admin): deletes it; receipts keep their copy. */
import { deleteProfile, getProfile } from "#domain/imports/profile-service.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";

export const loader = api(async ({ request, params }) => {
  await requireApiAdmin(request);
  return Response.json(await getProfile(db, params.name ?? ""));
});

export const action = api(async ({ request, params }) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  return Response.json({ deleted: await deleteProfile(db, params.name ?? "", admin.id) });
});
