/**
 * POST /api/partners/{id}/write-off: writes off what the partner owes (a negative commission balance
 * no later month will take, domain/commissions/balance-rules.ts) with one `written_off` adjustment,
 * audited (admin). Answers {writtenOff, month}; 409 when nothing is owed.
 */
import { writeOffBalance } from "#domain/commissions/balance-service.ts";
import { writeOffJson } from "#domain/commissions/commission-json.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Partner not found");
  return Response.json(writeOffJson(await writeOffBalance(db, id, admin.id)));
});

export const loader = api(async () => methodNotAllowed());
