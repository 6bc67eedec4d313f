/**
 * GET /api/partners/{id}/agreements: the commission agreement in force this month and every version,
 * newest first (admin, or the partner: hosts see their own terms). POST writes an agreement from its
 * month (admin): 201 {agreement, adjustments}; 409 when it reaches paid months whose commission it
 * would change and `adjustPaidMonths` is not true (the message names them), or for a partner type
 * without commission.
 */
import { agreementRequestSchema, partnerAgreementsJson, setAgreementJson } from "#domain/agreements/agreement-json.ts";
import { partnerAgreements, setAgreement } from "#domain/agreements/agreement-service.ts";
import {
  api,
  methodNotAllowed,
  parseBody,
  requireApiAdmin,
  requireApiPartnerAccess,
  requireApiUser,
} from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  await requireApiUser(request);
  const id = idParam(params.id, "Partner not found");
  await requireApiPartnerAccess(request, id);
  return Response.json(partnerAgreementsJson(await partnerAgreements(db, id)));
});

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Partner not found");
  const { effectiveMonth, terms, adjustPaidMonths } = await parseBody(request, agreementRequestSchema);
  const result = await setAgreement(db, id, { effectiveMonth, terms, adjustPaidMonths }, admin.id);
  return Response.json(setAgreementJson(result), { status: 201 });
});
