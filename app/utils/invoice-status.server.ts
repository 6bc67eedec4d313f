/** The one handler behind POST /api/fee-payments/{id}/update-status and /status. */
import { z } from "zod";
import { updateInvoiceStatus } from "#domain/invoice-service.ts";
import { INVOICE_STATUSES } from "#domain/invoices.ts";
import { api, methodNotAllowed, parseBody, requireApiAdmin } from "./api.server.ts";
import { db } from "./db.server.ts";
import { idParam } from "./params.server.ts";

const schema = z.object({ status: z.enum(INVOICE_STATUSES, { error: "Status must be pending, paid, overdue or cancelled" }) });

export const invoiceStatusAction = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const id = idParam(params.id, "Invoice not found");
  const { status } = await parseBody(request, schema);
  return Response.json(await updateInvoiceStatus(db, id, status, admin.id));
});
