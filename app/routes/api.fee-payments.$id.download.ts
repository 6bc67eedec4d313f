/** GET /api/fee-payments/{id}/download: the invoice PDF as a download (admin, or the partner). */
import { invoicePdfLoader } from "#app/utils/invoice-pdf.server.ts";

export const loader = invoicePdfLoader("attachment");
