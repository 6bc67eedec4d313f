/** GET /api/partners: every partner with machine count, revenue, net profit and invoices (admin). */
import { listPartners } from "#domain/partners/partner-service.ts";
import { api, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { partnerWithInvoicesJson } from "#domain/invoices/invoice-json.ts";

export const loader = api(async ({ request }) => {
  await requireApiAdmin(request);
  return Response.json((await listPartners(db)).map(partnerWithInvoicesJson));
});
