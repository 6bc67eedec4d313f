/** POST /api/fee-payments/{id}/send-email: emails the invoice with its PDF (admin). */
import { sendInvoiceEmail } from "#domain/invoices/invoice-documents.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { idParam } from "#app/utils/params.server.ts";

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  await requireApiAdmin(request);
  return Response.json(await sendInvoiceEmail(db, MAIL_CONFIG, idParam(params.id, "Invoice not found")));
});

export const loader = api(async () => methodNotAllowed());
