/** The product cost list as GET/POST /api/products/costs and `vendboard products costs import --json` give it: pounds (pence inside). */
import { penceToPounds } from "../shared/money.ts";
import type { CostLine } from "./cost-sheet-rules.ts";
import type { CostSaveResult, ProductCostRow } from "./cost-list-service.ts";

export const costLineJson = (l: CostLine) => ({
  name: l.name,
  cost: penceToPounds(l.costPence),
  from: l.effectiveFrom,
});

export const productCostJson = (r: ProductCostRow) => ({
  name: r.name,
  cost: r.costPence === null ? null : penceToPounds(r.costPence),
  from: r.effectiveFrom,
  next: r.next ? { cost: penceToPounds(r.next.costPence), from: r.next.effectiveFrom } : null,
});

export const costSaveJson = (r: CostSaveResult) => ({
  written: r.written,
  costs: r.lines.map(costLineJson),
  unknown: r.unknown,
  added: r.added,
});
