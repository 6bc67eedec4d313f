/**
 * The product cost list as the import reads it (cost-list-rules.ts): every entry, read once per
 * import. Editing the list is domain/products/cost-list-service.ts (products sit above imports).
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { costListOf, type CostList } from "./cost-list-rules.ts";

export async function loadCostList(db: Kysely<Database> | Transaction<Database>): Promise<CostList> {
  const entries = await db
    .selectFrom("productCosts as c")
    .innerJoin("products as p", "p.id", "c.productId")
    .select(["p.name as productName", "c.costPence", "c.effectiveFrom"])
    .execute();
  return costListOf(entries);
}
