/**
 * The product cost list (docs/decisions/070-product-cost-list.md): each product's cost of one unit,
 * excluding VAT, from a date on. A file with no cost column (an import profile without one) takes the
 * cost in force on each sale's date. Every sale keeps the cost it was imported with and where it came
 * from (`cost_source`: the file, or the cost list), so changing the list never re-costs a sale.
 *
 * Existing data: every sale stored until now was costed from its file, so each gets 'file' (the
 * column's default); no figure changes and nothing is written to the audit trail.
 */
import { sql, type Kysely } from "kysely";
import { autoIncrementId, inTransaction, isDateText, nowText } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable("product_costs")
      .addColumn("id", "integer", autoIncrementId(trx))
      .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
      .addColumn("cost_pence", "integer", (c) => c.notNull().check(sql`cost_pence >= 0`))
      // yyyy-mm-dd: the first day the cost applies to (sales dated that day or later).
      .addColumn("effective_from", "text", (c) => c.notNull().check(isDateText(trx, sql.ref("effective_from"))))
      .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(trx)))
      .addUniqueConstraint("product_costs_product_from", ["product_id", "effective_from"])
      .execute();
    await trx.schema
      .alterTable("sales")
      .addColumn("cost_source", "text", (c) =>
        c
          .notNull()
          .defaultTo("file")
          .check(sql`cost_source in ('file', 'list')`),
      )
      .execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.alterTable("sales").dropColumn("cost_source").execute();
    await trx.schema.dropTable("product_costs").execute();
  });
}
