/** GET /api/products/analytics?from=YYYY-MM-DD&to=YYYY-MM-DD: every product's units, revenue and machines (admin; all time by default). */
import { z } from "zod";
import { isIsoDay } from "#domain/shared/dates.ts";
import { productAnalytics } from "#domain/products/product-service.ts";
import { productAnalyticsJson } from "#domain/products/product-json.ts";
import { api, apiError, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";

const day = z.string().refine(isIsoDay).optional();

export const loader = api(async ({ request }) => {
  await requireApiAdmin(request);
  const params = new URL(request.url).searchParams;
  const range = z
    .object({ from: day, to: day })
    .safeParse({ from: params.get("from") || undefined, to: params.get("to") || undefined });
  if (!range.success) return apiError(400, "from and to must be dates as YYYY-MM-DD");
  return Response.json((await productAnalytics(db, range.data)).map(productAnalyticsJson));
});
