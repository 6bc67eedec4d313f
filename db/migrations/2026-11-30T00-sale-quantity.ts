/**
 * Sale quantity: a telemetry row may sell more than one unit (its Quantity column, 1 to 99).
 * Each sales line keeps its quantity; cost_pence stays the cost of one unit, so a line's units are its
 * quantity and its COGS cost_pence × quantity (refunds are never units and add no cost).
 *
 * Existing data: every line stored until now was one vend of one unit, so each gets quantity 1 (the
 * column's default) and no figure changes: records, the product rollup and paid months stay as they
 * are, nothing is recomputed, and the migration writes nothing to the audit trail (an empty report).
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("sales")
    .addColumn("quantity", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`quantity between 1 and 99`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("sales").dropColumn("quantity").execute();
}
