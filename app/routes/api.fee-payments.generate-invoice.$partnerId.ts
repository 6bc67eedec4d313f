/**
 * POST /api/fee-payments/generate-invoice/{partnerId} {requestedPaymentPeriod, periodStart?}: raises the next
 * invoice (admin), from periodStart (YYYY-MM-DD) when given. GET with ?requestedPaymentPeriod=&periodStart= answers the quote (period, discount, amount) without saving.
 */
import { z } from "zod";
import { generateInvoice, quoteInvoice } from "#domain/invoices/invoice-generation.ts";
import { PAYMENT_PERIODS } from "#domain/invoices/invoice-rules.ts";
import { periodStartSchema } from "#domain/invoices/invoice-schemas.ts";
import { api, apiError, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";
import { invoiceJson, invoiceQuoteJson } from "#domain/invoices/invoice-json.ts";

const period = z.enum(PAYMENT_PERIODS, { error: "requestedPaymentPeriod must be monthly, 6-months or 12-months" });
const schema = z.object({ requestedPaymentPeriod: period.default("monthly"), periodStart: periodStartSchema });

export const loader = api(async ({ request, params }) => {
  await requireApiAdmin(request);
  const search = new URL(request.url).searchParams;
  const parsed = z.object({ requestedPaymentPeriod: period, periodStart: periodStartSchema }).safeParse({
    requestedPaymentPeriod: search.get("requestedPaymentPeriod") ?? "monthly",
    periodStart: search.get("periodStart") || undefined,
  });
  if (!parsed.success) return apiError(400, parsed.error.issues[0].message);
  const { requestedPaymentPeriod, periodStart } = parsed.data;
  return Response.json(
    invoiceQuoteJson(
      await quoteInvoice(
        db,
        idParam(params.partnerId, "Partner not found"),
        requestedPaymentPeriod,
        undefined,
        periodStart,
      ),
    ),
  );
});

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const { requestedPaymentPeriod, periodStart } = await parseBody(request, schema);
  return Response.json(
    invoiceJson(
      await generateInvoice(
        db,
        idParam(params.partnerId, "Partner not found"),
        requestedPaymentPeriod,
        admin.id,
        undefined,
        periodStart,
      ),
    ),
    { status: 201 },
  );
});
