/** Initial schema: every entity of the spec, the audit and email logs, and the rate history. */
import { sql, type Kysely } from "kysely";
import { autoIncrementId, createCaseInsensitiveUniqueIndex, isMonthText, nowText } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  const now = nowText(db);
  await db.schema
    .createTable("users")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("is_admin", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`is_admin in (0, 1)`),
    )
    .addColumn("name", "text")
    .addColumn("partner_type", "text", (c) =>
      c
        .notNull()
        .defaultTo("profit-sharing")
        .check(sql`partner_type in ('profit-sharing', 'tiered-profit-sharing', 'non-profit-sharing', 'fee-paying')`),
    )
    .addColumn("email", "text")
    .addColumn("billing_address", "text")
    .addColumn("bank_name", "text")
    .addColumn("account_number", "text")
    .addColumn("sort_code", "text")
    .addColumn("account_holder_name", "text")
    .addColumn("commission_bp", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1000)
        .check(sql`commission_bp between 0 and 10000`),
    )
    .addColumn("monthly_fee_pence", "integer", (c) => c.check(sql`monthly_fee_pence >= 0`))
    .addColumn("payment_period", "text", (c) => c.check(sql`payment_period in ('monthly', '6-months', '12-months')`))
    .addColumn("next_payment_due", "text")
    .addColumn("last_payment_date", "text")
    .addColumn("session_version", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  // Usernames are unique regardless of case, so 'Alice' and 'alice' cannot both sign in.
  await createCaseInsensitiveUniqueIndex(db, "users_username_nocase", "users", "username");

  await db.schema
    .createTable("commission_rates")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("rate_bp", "integer", (c) => c.notNull().check(sql`rate_bp between 0 and 10000`))
    .addColumn("effective_month", "text", (c) => c.notNull().check(isMonthText(db, sql`effective_month`)))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("commission_rates_partner_month", ["partner_id", "effective_month"])
    .execute();

  await db.schema
    .createTable("machines")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("location", "text", (c) => c.notNull().check(sql`length(trim(location)) > 0`))
    .addColumn("image_url", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("active")
        .check(sql`status in ('active', 'inactive')`),
    )
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("machines_partner").on("machines").column("partner_id").execute();

  await db.schema
    .createTable("monthly_records")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("machine_id", "integer", (c) => c.notNull().references("machines.id").onDelete("cascade"))
    .addColumn("month", "text", (c) => c.notNull().check(isMonthText(db, sql`month`)))
    .addColumn("total_sales", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("revenue_pence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("cogs_pence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("monthly_records_machine_month", ["machine_id", "month"])
    .execute();
  await db.schema.createIndex("monthly_records_month").on("monthly_records").column("month").execute();

  await db.schema
    .createTable("import_receipts")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("record_id", "integer", (c) => c.notNull().references("monthly_records.id").onDelete("cascade"))
    .addColumn("file_name", "text", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("stored_path", "text", (c) => c.notNull())
    .addColumn("rows_read", "integer", (c) => c.notNull())
    .addColumn("imported", "integer", (c) => c.notNull())
    .addColumn("duplicates", "integer", (c) => c.notNull())
    .addColumn("skipped", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("outside_month", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("footer_agrees", "integer", (c) => c.check(sql`footer_agrees in (0, 1)`))
    .addColumn("imported_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .execute();
  await db.schema.createIndex("import_receipts_record").on("import_receipts").column("record_id").execute();

  await db.schema
    .createTable("products")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("current_price_pence", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("current_cost_pence", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable("sales")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("machine_id", "integer", (c) => c.notNull().references("machines.id").onDelete("cascade"))
    .addColumn("record_id", "integer", (c) => c.notNull().references("monthly_records.id").onDelete("cascade"))
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("restrict"))
    .addColumn("sale_date", "text", (c) => c.notNull())
    .addColumn("price_pence", "integer", (c) => c.notNull())
    .addColumn("cost_pence", "integer", (c) => c.notNull())
    .addColumn("settlement_pence", "integer", (c) => c.notNull())
    .addColumn("transaction_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) =>
      c
        .notNull()
        .defaultTo("sale")
        .check(sql`kind in ('sale', 'refund')`),
    )
    .addUniqueConstraint("sales_machine_transaction_kind", ["machine_id", "transaction_id", "kind"])
    .execute();
  await db.schema.createIndex("sales_record").on("sales").column("record_id").execute();
  await db.schema.createIndex("sales_product").on("sales").columns(["product_id", "sale_date"]).execute();

  await db.schema
    .createTable("product_sales_monthly")
    .addColumn("product_id", "integer", (c) => c.notNull().references("products.id").onDelete("cascade"))
    .addColumn("machine_id", "integer", (c) => c.notNull().references("machines.id").onDelete("cascade"))
    .addColumn("month", "text", (c) => c.notNull())
    .addColumn("units", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("revenue_pence", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("product_sales_monthly_pk", ["product_id", "machine_id", "month"])
    .execute();
  await db.schema.createIndex("product_sales_monthly_month").on("product_sales_monthly").column("month").execute();

  await db.schema
    .createTable("fee_payments")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("amount_pence", "integer", (c) => c.notNull().check(sql`amount_pence >= 0`))
    .addColumn("monthly_fee_pence", "integer", (c) => c.check(sql`monthly_fee_pence >= 0`))
    .addColumn("payment_period", "text", (c) =>
      c.notNull().check(sql`payment_period in ('monthly', '6-months', '12-months')`),
    )
    .addColumn("period_start", "text", (c) => c.notNull())
    .addColumn("period_end", "text", (c) => c.notNull())
    .addColumn("due_date", "text", (c) => c.notNull())
    .addColumn("paid_date", "text")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'paid', 'overdue', 'cancelled')`),
    )
    .addColumn("reminder_sent_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(now))
    .addCheckConstraint("fee_payments_period_order", sql`period_end >= period_start`)
    .execute();
  await db.schema.createIndex("fee_payments_partner").on("fee_payments").columns(["partner_id", "status"]).execute();

  await db.schema
    .createTable("commission_payments")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("month", "text", (c) => c.notNull().check(isMonthText(db, sql`month`)))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'completed')`),
    )
    .addColumn("paid_date", "text")
    .addColumn("amount_pence", "integer")
    .addColumn("rate_bp", "integer")
    .addColumn("updated_at", "text", (c) => c.notNull().defaultTo(now))
    .addUniqueConstraint("commission_payments_partner_month", ["partner_id", "month"])
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("actor_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("details", "text")
    .execute();

  await db.schema
    .createTable("email_log")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("at", "text", (c) => c.notNull().defaultTo(now))
    .addColumn("to_address", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("result", "text", (c) => c.notNull().check(sql`result in ('sent', 'written', 'failed')`))
    .addColumn("error", "text")
    .addColumn("location", "text")
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "email_log",
    "audit_log",
    "commission_payments",
    "fee_payments",
    "product_sales_monthly",
    "sales",
    "products",
    "import_receipts",
    "monthly_records",
    "machines",
    "commission_rates",
    "users",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
