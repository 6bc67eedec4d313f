/** GET /api/partners/{id}/consolidated-report?month=: the month's PDF, saved as consolidated-report.pdf (admin, or the partner). */
import { consolidatedReport } from "#domain/commissions/statement-service.ts";
import { api, requireApiUser, pdfResponse, requireApiPartnerAccess } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam, monthParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  await requireApiUser(request);
  const id = idParam(params.id, "Partner not found");
  await requireApiPartnerAccess(request, id);
  const report = await consolidatedReport(db, id, monthParam(new URL(request.url).searchParams.get("month")));
  return pdfResponse({ filename: "consolidated-report.pdf", bytes: report.bytes });
});
