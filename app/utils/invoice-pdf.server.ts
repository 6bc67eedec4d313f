/** GET handlers for an invoice's PDF: /download (attachment) and /invoice (inline). */
import { invoiceForUser } from "#domain/invoices/invoice-queries.ts";
import { renderInvoice } from "#domain/invoices/invoice-documents.ts";
import { api, pdfResponse, requireApiUser } from "./api.server.ts";
import { db } from "./db.server.ts";
import { idParam } from "./params.server.ts";

export const invoicePdfLoader = (disposition: "inline" | "attachment") =>
  api(async ({ request, params }) => {
    const user = await requireApiUser(request);
    const invoice = await invoiceForUser(db, user, idParam(params.id, "Invoice not found"));
    return pdfResponse(await renderInvoice(db, invoice.id), disposition);
  });
