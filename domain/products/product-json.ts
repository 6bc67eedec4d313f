/** Product analytics as GET /api/products/analytics answers it: each product's revenue in pounds (pence inside). */
import { penceToPounds } from "../shared/money.ts";
import type { ProductAnalyticsRecord } from "./product-rules.ts";

export function productAnalyticsJson(p: ProductAnalyticsRecord) {
  return {
    name: p.name,
    totalSales: p.totalSales,
    totalRevenue: penceToPounds(p.totalRevenuePence),
    machines: p.machines,
  };
}
