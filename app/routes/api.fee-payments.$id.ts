/** DELETE /api/fee-payments/{id}: unpaid invoices never sent only (admin; decision 67). */
import { deleteInvoice } from "#domain/invoices/invoice-lifecycle.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "DELETE") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Invoice not found");
  await deleteInvoice(db, id, admin.id);
  return Response.json({ deleted: id });
});

export const loader = api(async () => methodNotAllowed());
