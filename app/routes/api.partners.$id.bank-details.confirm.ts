/**
 * POST /api/partners/{id}/bank-details/confirm {verifiedBy}: another admin than the one who changed
 * the partner's bank details confirms them, saying how they were verified; the 72-hour hold on paying
 * the partner ends now (admin; 403 for the admin who made the change, 409 with no change waiting).
 */
import { bankConfirmSchema } from "#domain/partners/partner-schemas.ts";
import { confirmBankDetails } from "#domain/partners/bank-change-service.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Partner not found");
  const { verifiedBy } = await parseBody(request, bankConfirmSchema);
  return Response.json(await confirmBankDetails(db, id, admin.id, verifiedBy));
});

export const loader = api(async () => methodNotAllowed());
