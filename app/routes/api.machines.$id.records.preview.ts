/** POST /api/machines/{id}/records/preview (admin, multipart): what the import would add, without saving. */
import { machineForUser } from "#domain/machines/machine-service.ts";
import { importUpload } from "#domain/imports/import-service.ts";
import { uploadJson } from "#domain/imports/import-json.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { idParam } from "#app/utils/params.server.ts";
import { readMonthlyUpload } from "#app/utils/upload.server.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const machine = await machineForUser(db, admin, idParam(params.id, "Machine not found"));
  const { acceptExclusions, adjustPaidMonths, ...upload } = await readMonthlyUpload(request);
  return Response.json(
    uploadJson(
      await importUpload(
        db,
        { machineId: machine.id, ...upload },
        { actorId: admin.id, dataDir: DATA_DIR, dryRun: true, acceptExclusions, adjustPaidMonths },
      ),
    ),
  );
});

export const loader = api(async () => methodNotAllowed());
