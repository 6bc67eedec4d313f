/** GET /api/fee-payments/{id}/invoice: the invoice PDF shown in the browser (admin, or the partner). */
import { invoicePdfLoader } from "#app/utils/invoice-pdf.server.ts";

export const loader = invoicePdfLoader("inline");
