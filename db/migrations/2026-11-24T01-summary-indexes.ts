/**
 * What the summary pages read at a real operator's size: the indexes their paged queries
 * search by, and the all-time product totals Products Analytics pages through.
 * - users (is_admin, name, username): partners in the summary's order, a page at a time;
 * - machines (partner_id, location, id): a partner's machines in the page's order;
 * - product_sales_totals: per product, all time, the units, revenue and number of machines of
 *   product_sales_monthly (a GROUP BY over that rollup takes over a second at 1,000,000 sales). Triggers
 *   on the rollup keep it, so every writer of the rollup (the import, a record's delete, a machine's or
 *   product's cascade) keeps it right in its own transaction. A machine counts while the product has a
 *   rollup row for it: productAnalytics leaves out (product, machine) pairs with no units and no revenue,
 *   and a rollup row never stays at nothing (units count sales, a refund-only row has negative revenue,
 *   and a record's delete removes the rows it empties).
 */
import { sql, type Kysely } from "kysely";
import { inTransaction, isPostgres } from "../dialect.ts";

/** Rows of the rollup for the row's product and machine (its key's prefix, just written), besides `except`. */
const pairHasRow = (row: "new" | "old", except: string) =>
  `exists (select 1 from product_sales_monthly o where o.product_id = ${row}.product_id and o.machine_id = ${row}.machine_id and ${except})`;
/** A new row (inserted, or moved to its keys): its machine is new to the product unless the pair has another month. */
const add = `insert into product_sales_totals (product_id, units, revenue_pence, machines)
    values (new.product_id, new.units, new.revenue_pence, case when ${pairHasRow("new", "o.month <> new.month")} then 0 else 1 end)
    on conflict (product_id) do update set units = units + excluded.units, revenue_pence = revenue_pence + excluded.revenue_pence, machines = machines + excluded.machines;`;
/** A row gone from its old keys (deleted, or moved, when it is found at its new keys): the machine goes with the pair's last row. */
const take = (
  except: string,
) => `update product_sales_totals set units = units - old.units, revenue_pence = revenue_pence - old.revenue_pence,
    machines = machines - case when ${pairHasRow("old", except)} then 0 else 1 end
    where product_id = old.product_id;`;

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, migrate);
}

async function migrate(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("users_partner_order").on("users").columns(["is_admin", "name", "username"]).execute();
  await db.schema
    .createIndex("machines_partner_location")
    .on("machines")
    .columns(["partner_id", "location", "id"])
    .execute();

  await db.schema
    .createTable("product_sales_totals")
    .addColumn("product_id", "integer", (c) => c.primaryKey().references("products.id").onDelete("cascade"))
    .addColumn("units", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("revenue_pence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("machines", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`insert into product_sales_totals (product_id, units, revenue_pence, machines)
    select product_id, sum(units), sum(revenue_pence), count(distinct machine_id) from product_sales_monthly group by product_id`.execute(
    db,
  );

  if (isPostgres(db)) return createPostgresTriggers(db);
  await sql
    .raw(`create trigger product_sales_monthly_insert after insert on product_sales_monthly begin ${add} end`)
    .execute(db);
  await sql
    .raw(
      `create trigger product_sales_monthly_update after update of units, revenue_pence on product_sales_monthly
        when new.product_id = old.product_id and new.machine_id = old.machine_id and new.month = old.month begin
        update product_sales_totals set units = units + new.units - old.units, revenue_pence = revenue_pence + new.revenue_pence - old.revenue_pence
          where product_id = new.product_id;
      end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger product_sales_monthly_move after update of product_id, machine_id, month on product_sales_monthly
        when new.product_id <> old.product_id or new.machine_id <> old.machine_id or new.month <> old.month begin
        ${take("not (o.product_id = new.product_id and o.machine_id = new.machine_id and o.month = new.month)")} ${add} end`,
    )
    .execute(db);
  await sql
    .raw(`create trigger product_sales_monthly_delete after delete on product_sales_monthly begin ${take("1")} end`)
    .execute(db);
}

/**
 * The same upkeep on PostgreSQL, in one trigger function. Its row triggers run after the whole
 * statement, when every row the statement wrote is visible (SQLite's run row by row, each seeing the
 * rows before it): units and revenue move by each row's difference as on SQLite, and the number of
 * machines is counted again from the rollup (its key starts with the product, so it is an index range).
 */
async function createPostgresTriggers(db: Kysely<any>): Promise<void> {
  const machines = (row: "new" | "old") =>
    `(select count(distinct machine_id) from product_sales_monthly where product_id = ${row}.product_id)`;
  const add = (
    row: "new" | "old",
  ) => `insert into product_sales_totals as t (product_id, units, revenue_pence, machines)
      values (${row}.product_id, ${row}.units, ${row}.revenue_pence, ${machines(row)})
      on conflict (product_id) do update set units = t.units + excluded.units, revenue_pence = t.revenue_pence + excluded.revenue_pence, machines = excluded.machines;`;
  const take = (
    row: "new" | "old",
  ) => `update product_sales_totals set units = units - ${row}.units, revenue_pence = revenue_pence - ${row}.revenue_pence,
      machines = ${machines(row)} where product_id = ${row}.product_id;`;
  await sql
    .raw(
      `create function product_sales_monthly_totals() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${add("new")}
        elsif tg_op = 'DELETE' then
          ${take("old")}
        elsif new.product_id = old.product_id and new.machine_id = old.machine_id and new.month = old.month then
          update product_sales_totals set units = units + new.units - old.units, revenue_pence = revenue_pence + new.revenue_pence - old.revenue_pence
            where product_id = new.product_id;
        else
          ${take("old")}
          ${add("new")}
        end if;
        return null;
      end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger product_sales_monthly_totals after insert or update or delete on product_sales_monthly for each row execute function product_sales_monthly_totals()`,
    )
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (isPostgres(db)) {
    await sql.raw(`drop trigger if exists product_sales_monthly_totals on product_sales_monthly`).execute(db);
    await sql.raw(`drop function if exists product_sales_monthly_totals()`).execute(db);
  } else {
    for (const trigger of [
      "product_sales_monthly_delete",
      "product_sales_monthly_move",
      "product_sales_monthly_update",
      "product_sales_monthly_insert",
    ]) {
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    }
  }
  await db.schema.dropTable("product_sales_totals").ifExists().execute();
  await db.schema.dropIndex("machines_partner_location").ifExists().execute();
  await db.schema.dropIndex("users_partner_order").ifExists().execute();
}
