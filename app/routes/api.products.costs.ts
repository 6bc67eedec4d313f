/**
 * GET /api/products/costs (admin): the product cost list today, each product's cost per unit
 * (excluding VAT, pounds) in force and from when, and a later one already set. POST (admin, JSON
 * `{costs: [{name, cost, from?}], addUnknown?}`): sets costs (from today when `from` is left out), one
 * transaction, audited. Names no product has: 409 naming them and nothing saved, until `addUnknown`
 * is true. 400 naming the first bad cost. See docs/import.md#the-product-cost-list.
 */
import { z } from "zod";
import { isoDay } from "#domain/shared/dates.ts";
import { costListView, saveCosts } from "#domain/products/cost-list-service.ts";
import { costLineOf, MAX_COST_ROWS, type CostLine } from "#domain/products/cost-sheet-rules.ts";
import { costSaveJson, productCostJson } from "#domain/products/cost-list-json.ts";
import { api, apiError, methodNotAllowed, parseBody, requireApiAdmin } from "#app/utils/api.server.ts";
import { db } from "#app/utils/db.server.ts";

export const loader = api(async ({ request }) => {
  await requireApiAdmin(request);
  const { rows } = await costListView(db);
  return Response.json({ costs: rows.map(productCostJson) });
});

const bodySchema = z.object({
  costs: z
    .array(z.unknown(), { error: "costs is a list of {name, cost, from}" })
    .min(1, "costs is a list of {name, cost, from}")
    .max(MAX_COST_ROWS, `At most ${MAX_COST_ROWS} costs at once`),
  addUnknown: z.boolean({ error: "addUnknown is true or false" }).optional(),
});

export const action = api(async ({ request }) => {
  if (request.method !== "POST") return methodNotAllowed();
  const admin = await requireApiAdmin(request);
  const body = await parseBody(request, bodySchema);
  const today = isoDay(new Date());
  const lines: CostLine[] = [];
  for (const [i, input] of body.costs.entries()) {
    const line = costLineOf(input, today);
    if (typeof line === "string") return apiError(400, `costs[${i}]: ${line}`);
    lines.push(line);
  }
  const result = await saveCosts(db, lines, { addUnknown: body.addUnknown, actorId: admin.id });
  if (!result.written)
    return Response.json(
      {
        message: `No product is named ${result.unknown.map((n) => `'${n}'`).join(", ")}: nothing was saved; send addUnknown: true to add them`,
        ...costSaveJson(result),
      },
      { status: 409 },
    );
  return Response.json(costSaveJson(result));
});
