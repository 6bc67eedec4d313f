/**
 * GET /api/machines/{id}/records: the machine's monthly records with their figures and receipts.
 * POST (admin, multipart month + reportFile): imports the export; every figure comes from the file.
 */
import { machineForUser, recordsOfMachine } from "#domain/machines/machine-service.ts";
import { machineRecordJson } from "#domain/machines/machine-json.ts";
import { importUpload } from "#domain/imports/import-service.ts";
import { uploadJson } from "#domain/imports/import-json.ts";
import { api, methodNotAllowed, requireApiAdmin, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { idParam } from "#app/utils/params.server.ts";
import { readMonthlyUpload } from "#app/utils/upload.server.ts";

export const loader = api(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const machine = await machineForUser(db, user, idParam(params.id, "Machine not found"));
  return Response.json((await recordsOfMachine(db, machine)).map(machineRecordJson));
});

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const machine = await machineForUser(db, admin, idParam(params.id, "Machine not found"));
  const { acceptExclusions, adjustPaidMonths, ...upload } = await readMonthlyUpload(request);
  const result = await importUpload(
    db,
    { machineId: machine.id, ...upload },
    { actorId: admin.id, dataDir: DATA_DIR, acceptExclusions, adjustPaidMonths },
  );
  return Response.json(uploadJson(result), { status: 201 });
});
