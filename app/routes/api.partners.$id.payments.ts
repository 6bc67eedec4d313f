/** GET /api/partners/{id}/payments (admin, or the partner); POST records a payment (admin). */
import { listPayments } from "#domain/receivables/receivables-queries.ts";
import { recordPayment } from "#domain/receivables/payment-service.ts";
import { paymentSchema } from "#domain/receivables/payment-schemas.ts";
import {
  api,
  methodNotAllowed,
  parseBody,
  requireApiAdmin,
  requireApiPartnerAccess,
  requireApiUser,
} from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";
import { paymentJson } from "#domain/receivables/receivables-json.ts";

export const loader = api(async ({ request, params }) => {
  await requireApiUser(request);
  const id = idParam(params.id, "Partner not found");
  await requireApiPartnerAccess(request, id);
  return Response.json((await listPayments(db, id)).map(paymentJson));
});

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const partnerId = idParam(params.id, "Partner not found");
  const body = await parseBody(request, paymentSchema);
  const payment = await recordPayment(
    db,
    {
      partnerId,
      receivedOn: body.receivedOn,
      amountPence: body.amount,
      method: body.method,
      reference: body.reference,
      allocations: body.allocations?.map((a) => ({ invoiceId: a.invoiceId, amountPence: a.amount })),
    },
    admin.id,
  );
  return Response.json(paymentJson(payment), { status: 201 });
});
