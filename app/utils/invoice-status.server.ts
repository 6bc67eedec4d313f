/** The one handler behind POST /api/fee-payments/{id}/update-status and /status. */
import { updateInvoiceStatus } from "#domain/invoices/invoice-lifecycle.ts";
import { invoiceStatusSchema } from "#domain/invoices/invoice-schemas.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "./api.server.ts";
import { db } from "./db.server.ts";
import { idParam } from "./params.server.ts";
import { invoiceJson } from "#domain/invoices/invoice-json.ts";

export const invoiceStatusAction = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Invoice not found");
  const { status, paidDate, paymentReference } = await parseBody(request, invoiceStatusSchema);
  return Response.json(
    invoiceJson(await updateInvoiceStatus(db, id, status, admin.id, undefined, { paidDate, paymentReference })),
  );
});
