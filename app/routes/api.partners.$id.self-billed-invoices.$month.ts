/**
 * GET /api/partners/{id}/self-billed-invoices/{YYYY-MM}: the month's self-billed invoice as a PDF, as
 * first issued (admin, or the partner); 404 when the month has none (issued when a self-billed month is paid).
 */
import { selfBilledInvoicePdf } from "#domain/self-billing/self-billed-pdf.ts";
import { api, pdfResponse, requireApiPartnerAccess, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam, monthParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  await requireApiUser(request);
  const id = idParam(params.id, "Partner not found");
  await requireApiPartnerAccess(request, id);
  return pdfResponse(await selfBilledInvoicePdf(db, id, monthParam(params.month)));
});
