/** GET /api/partners/commissions?month=yyyy-MM: the commission summary rows (admin). */
import { summaryRowJson } from "#domain/commissions/commission-json.ts";
import { commissionSummary } from "#domain/commissions/commission-summary.ts";
import { penceToPounds } from "#domain/shared/money.ts";
import { api, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { monthParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request }) => {
  await requireApiAdmin(request);
  const summary = await commissionSummary(db, monthParam(new URL(request.url).searchParams.get("month")));
  return Response.json(summary.rows.map(summaryRowJson), {
    headers: { "X-Total-Commission-Due": String(penceToPounds(summary.totalCommissionDuePence)) },
  });
});
