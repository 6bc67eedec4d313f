/**
 * POST /api/fee-payments/generate-invoice/{partnerId} {requestedPaymentPeriod}: raises the next invoice (admin).
 * GET with ?requestedPaymentPeriod= answers the quote (period, discount, amount) without saving.
 */
import { z } from "zod";
import { generateInvoice, quoteInvoice } from "#domain/invoices/invoice-generation.ts";
import { PAYMENT_PERIODS } from "#domain/invoices/invoice-rules.ts";
import { api, apiError, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";
import { idParam } from "#app/utils/params.server.ts";
import { invoiceJson, invoiceQuoteJson } from "#domain/invoices/invoice-json.ts";

const period = z.enum(PAYMENT_PERIODS, { error: "requestedPaymentPeriod must be monthly, 6-months or 12-months" });
const schema = z.object({ requestedPaymentPeriod: period.default("monthly") });

export const loader = api(async ({ request, params }) => {
  await requireApiAdmin(request);
  const parsed = period.safeParse(new URL(request.url).searchParams.get("requestedPaymentPeriod") ?? "monthly");
  if (!parsed.success) return apiError(400, parsed.error.issues[0].message);
  return Response.json(
    invoiceQuoteJson(await quoteInvoice(db, idParam(params.partnerId, "Partner not found"), parsed.data)),
  );
});

export const action = api(async ({ request, params }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const { requestedPaymentPeriod } = await parseBody(request, schema);
  return Response.json(
    invoiceJson(
      await generateInvoice(db, idParam(params.partnerId, "Partner not found"), requestedPaymentPeriod, admin.id),
    ),
    { status: 201 },
  );
});
