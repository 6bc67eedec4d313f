/** DELETE /api/records/{id}: removes the record and its sales (admin). */
import { deleteRecord } from "#domain/machines/machine-service.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { pruneUploads } from "#domain/imports/import-service.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Record not found");
  await deleteRecord(db, id, admin.id);
  await pruneUploads(db, DATA_DIR);
  return Response.json({ deleted: id });
});

export const loader = api(async () => methodNotAllowed());
