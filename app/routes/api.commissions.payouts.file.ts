/**
 * GET /api/commissions/payouts/file?month=YYYY-MM&partnerIds=1,2: the bank bulk-payment file (CSV
 * attachment) of the chosen partners, every eligible partner when none are named (admin). The payouts
 * page's Download button is a plain form to it (its checkboxes repeat partnerIds).
 */
import { payoutFile } from "#domain/payouts/payout-service.ts";
import { api, apiError, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { monthParam } from "#app/utils/params.server.ts";
import { partnerIdsSchema } from "#app/utils/payouts.server.ts";

export const loader = api(async ({ request }) => {
  const admin = await requireApiAdmin(request);
  const params = new URL(request.url).searchParams;
  const month = monthParam(params.get("month"));
  const asked = params.getAll("partnerIds");
  const ids = partnerIdsSchema.safeParse(asked);
  if (!ids.success) throw apiError(400, ids.error.issues[0]?.message ?? "Invalid partnerIds");
  const file = await payoutFile(db, month, asked.length ? ids.data : undefined, new Date(), admin.id);
  return new Response(file.csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "no-store",
      "X-Payout-Total": file.totalPence.toString(),
      "X-Payout-Count": file.rows.length.toString(),
    },
  });
});

export const action = api(async () => methodNotAllowed());
