/** GET /api/remittances/{id}: one remittance advice as a PDF download (admin, or the partner it pays). */
import { renderRemittance } from "#domain/payouts/remittance-queries.ts";
import { api, pdfResponse, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { strictIdParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  const user = await requireApiUser(request);
  const id = strictIdParam(params.id, "Remittance id must be a positive whole number");
  return pdfResponse(await renderRemittance(db, user, id), "attachment");
});
