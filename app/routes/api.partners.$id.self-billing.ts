/**
 * GET /api/partners/{id}/self-billing: the partner's self-billing agreement, where it stands and its
 * self-billed invoices (admin, or the partner). PUT sets it (admin; body {startDate, reviewDate?,
 * vatNumber, vatRate}: the review date defaults to 12 months after the start, the rate has no
 * default); DELETE ends it (admin; 404 when there is none). 409 for a partner type without commission.
 */
import { selfBillingSchema } from "#domain/self-billing/self-billing-schemas.ts";
import { removeSelfBilling, saveSelfBilling, selfBillingOf } from "#domain/self-billing/self-billing-service.ts";
import { selfBillingJson } from "#domain/self-billing/self-billing-json.ts";
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
  return Response.json(selfBillingJson(await selfBillingOf(db, id)));
});

export const action = api(async ({ request, params }) => {
  if (request.method !== "PUT" && request.method !== "DELETE") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Partner not found");
  if (request.method === "DELETE") return Response.json(selfBillingJson(await removeSelfBilling(db, id, admin.id)));
  const agreement = await parseBody(request, selfBillingSchema);
  return Response.json(selfBillingJson(await saveSelfBilling(db, id, agreement, admin.id)));
});
