/** POST /api/fee-payments/generate/{id}: re-renders the invoice PDF from the stored invoice (admin). */
import { invoiceForUser } from "#domain/invoices/invoice-queries.ts";
import { renderInvoice } from "#domain/invoices/invoice-documents.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";
import { invoiceJson } from "#domain/invoices/invoice-json.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const invoice = await invoiceForUser(db, admin, idParam(params.id, "Invoice not found"));
  const pdf = await renderInvoice(db, invoice.id);
  return Response.json({ ...invoiceJson(invoice), pdfBytes: pdf.bytes.length });
});

export const loader = api(async () => methodNotAllowed());
