/** GET handlers for an invoice's PDF as issued: /download (attachment) and /invoice (inline); either notes it sent. */
import { invoiceForUser } from "#domain/invoices/invoice-queries.ts";
import { recordInvoiceSent, renderInvoice } from "#domain/invoices/invoice-documents.ts";
import { api, pdfResponse, requireApiUser } from "./api.server.ts";
import { db } from "./db.server.ts";
import { idParam } from "./params.server.ts";

export const invoicePdfLoader = (disposition: "inline" | "attachment") =>
  api(async ({ request, params }) => {
    const user = await requireApiUser(request);
    const invoice = await invoiceForUser(db, user, idParam(params.id, "Invoice not found"));
    const pdf = await renderInvoice(db, invoice.id);
    // Downloaded or opened by anyone: the invoice has left the business and is never deleted (decision 67).
    await recordInvoiceSent(db, invoice.id, "download");
    return pdfResponse(pdf, disposition);
  });
