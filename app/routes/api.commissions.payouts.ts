/** GET /api/commissions/payouts?month=YYYY-MM: the month's payout candidates, eligible and left out with why (admin). */
import { payoutJson } from "#domain/payouts/payout-json.ts";
import { payoutCandidates } from "#domain/payouts/payout-service.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { monthParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request }) => {
  await requireApiAdmin(request);
  const month = monthParam(new URL(request.url).searchParams.get("month"));
  return Response.json(payoutJson(await payoutCandidates(db, month)));
});

export const action = api(async () => methodNotAllowed());
