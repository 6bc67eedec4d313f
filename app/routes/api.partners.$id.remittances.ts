/** GET /api/partners/{id}/remittances: the partner's remittances with their ids, newest first (admin, or the partner). */
import { assertPartnerExists, partnerRemittances } from "#domain/payouts/remittance-queries.ts";
import { remittanceListJson } from "#domain/payouts/payout-json.ts";
import { api, requireApiPartnerAccess, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { strictIdParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  await requireApiUser(request);
  const id = strictIdParam(params.id, "Partner id must be a positive whole number");
  await requireApiPartnerAccess(request, id);
  await assertPartnerExists(db, id);
  return Response.json((await partnerRemittances(db, id)).map(remittanceListJson));
});
