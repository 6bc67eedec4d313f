/** GET /api/fee-payments?status=: admins see every invoice, partners their own. */
import { z } from "zod";
import { listInvoices } from "#domain/invoices/invoice-queries.ts";
import { INVOICE_STATUSES } from "#domain/invoices/invoice-rules.ts";
import { api, apiError, requireApiUser } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { invoiceJson } from "#domain/invoices/invoice-json.ts";

const statusSchema = z.enum(INVOICE_STATUSES).optional();

export const loader = api(async ({ request }) => {
  const user = await requireApiUser(request);
  const parsed = statusSchema.safeParse(new URL(request.url).searchParams.get("status") || undefined);
  if (!parsed.success) return apiError(400, "Status must be pending, paid, overdue or cancelled");
  return Response.json(
    (await listInvoices(db, { partnerId: user.isAdmin ? undefined : user.id, status: parsed.data })).map(invoiceJson),
  );
});
