/** POST /api/fee-payments/check-due: marks late invoices overdue and raises the next ones (admin). */
import { checkDueInvoices } from "#domain/invoices/invoice-due.ts";
import { api, methodNotAllowed, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { log } from "#app/utils/log.server.ts";

export const action = api(async ({ request }) => {
  if (request.method !== "POST") return methodNotAllowed();
  await requireApiAdmin(request);
  const result = await checkDueInvoices(db, MAIL_CONFIG);
  for (const failure of result.reminderFailures)
    log().error(failure, `The reminder for invoice ${failure.invoiceId} failed`);
  return Response.json(result);
});

export const loader = api(async () => methodNotAllowed());
