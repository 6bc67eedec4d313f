/** GET /api/partners/commissions?month=yyyy-MM: the commission summary rows (admin). */
import { commissionSummaryJson } from "#domain/commissions/commission-json.ts";
import { commissionSummary } from "#domain/commissions/commission-summary.ts";
import { api, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { monthParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request }) => {
  await requireApiAdmin(request);
  const summary = commissionSummaryJson(
    await commissionSummary(db, monthParam(new URL(request.url).searchParams.get("month"))),
  );
  return Response.json(summary.rows, { headers: { "X-Total-Commission-Due": String(summary.totalCommissionDue) } });
});
