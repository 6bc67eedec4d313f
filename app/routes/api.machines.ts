/** GET /api/machines: the signed-in partner's machines with monthly records (admins: ?partnerId=). POST: add a machine (admin). */
import { createMachine, machinesOfPartner } from "#domain/machines/machine-service.ts";
import { machineJson, savedMachineJson } from "#domain/machines/machine-json.ts";
import { newMachineSchema } from "#domain/machines/machine-schemas.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin, requireApiPartnerScope } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";

export const loader = api(async ({ request }) => {
  const partnerId = await requireApiPartnerScope(request);
  return Response.json((await machinesOfPartner(db, partnerId)).map(machineJson));
});

export const action = api(async ({ request }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const input = await parseBody(request, newMachineSchema);
  return Response.json(savedMachineJson(await createMachine(db, input, admin.id)), { status: 201 });
});
