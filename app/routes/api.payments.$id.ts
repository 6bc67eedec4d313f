/** DELETE /api/payments/{id} (admin): the payment and its allocations go; the invoices it settled are due again. */
import { deletePayment } from "#domain/receivables/payment-service.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Payment not found");
  await deletePayment(db, id, admin.id);
  return Response.json({ deleted: id });
});

export const loader = api(async () => methodNotAllowed());
