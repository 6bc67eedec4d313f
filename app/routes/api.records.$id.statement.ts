/** GET /api/records/{id}/statement: one machine's monthly statement PDF (admin, or the partner). */
import { recordForUser } from "#domain/machines/machine-service.ts";
import { recordStatement } from "#domain/commissions/statement-service.ts";
import { api, pdfResponse, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const record = await recordForUser(db, user, idParam(params.id, "Record not found"));
  return pdfResponse(await recordStatement(db, record.id), "inline");
});
