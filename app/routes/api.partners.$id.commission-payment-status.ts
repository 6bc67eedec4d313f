/** GET /api/partners/{id}/commission-payment-status?month=: status and paidDate (admin, or the partner). */
import { commissionPaymentStatus } from "#domain/commissions/commission-service.ts";
import { api, requireApiUser, requireApiPartnerAccess } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam, monthParam } from "#app/utils/params.server.ts";

export const loader = api(async ({ request, params }) => {
  await requireApiUser(request);
  const id = idParam(params.id, "Partner not found");
  await requireApiPartnerAccess(request, id);
  return Response.json(
    await commissionPaymentStatus(db, id, monthParam(new URL(request.url).searchParams.get("month"))),
  );
});
