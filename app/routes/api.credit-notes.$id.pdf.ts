/** GET /api/credit-notes/{id}/pdf: the credit note as a PDF download (admin, or the partner it credits). */
import { renderCreditNote } from "#domain/receivables/credit-note-service.ts";
import { api, pdfResponse, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  const user = await requireApiUser(request);
  return pdfResponse(await renderCreditNote(db, user, idParam(params.id, "Credit note not found")), "attachment");
});
