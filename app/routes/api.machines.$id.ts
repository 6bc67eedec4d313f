/** PATCH /api/machines/{id} (location, imageUrl, status) and DELETE (with its records and sales); admin. */
import { deleteMachine, updateMachine } from "#domain/machines/machine-service.ts";
import { machineUpdateSchema } from "#domain/machines/machine-schemas.ts";
import { savedMachineJson } from "#domain/machines/machine-json.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const action = api(async ({ request, params }) => {
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Machine not found");
  if (request.method === "PATCH") {
    const input = await parseBody(request, machineUpdateSchema);
    return Response.json(savedMachineJson(await updateMachine(db, id, input, admin.id)));
  }
  if (request.method === "DELETE") {
    await deleteMachine(db, id, admin.id, { dataDir: DATA_DIR });
    return Response.json({ deleted: id });
  }
  return methodNotAllowed();
});

export const loader = api(async () => methodNotAllowed());
