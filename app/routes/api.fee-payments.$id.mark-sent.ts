/** POST /api/fee-payments/{id}/mark-sent: notes an invoice as sent outside Vendboard, so it is never deleted (admin; decision 67). */
import { markInvoiceSent } from "#domain/invoices/invoice-lifecycle.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";
import { invoiceJson } from "#domain/invoices/invoice-json.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  return Response.json(invoiceJson(await markInvoiceSent(db, idParam(params.id, "Invoice not found"), admin.id)));
});

export const loader = api(async () => methodNotAllowed());
