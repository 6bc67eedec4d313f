/**
 * Month close and single bookings (ARCHITECTURE.md section 11):
 * - a transaction id (with its kind) is stored once in the whole business: where one was booked to
 *   several machines, the earliest booking stays, later copies are removed, their records and the
 *   product rollup recomputed, and each removal is written to the audit trail (the migration's report);
 * - machines may carry the telemetry name their exports use;
 * - invoices keep an optional payment reference; receipts list the rows an import left out, by reason;
 * - the audit trail records the partner and business month a change affects, and before/after.
 */
import { sql, type Kysely } from "kysely";
import { createCaseInsensitiveUniqueIndex, inTransaction, isPostgres, nowText } from "../dialect.ts";

export const NAME = "2026-11-23T00-month-close";

export async function up(db: Kysely<any>): Promise<void> {
  // SQLite's DDL is transactional, though Kysely's migrator does not open a transaction for it:
  // all of this lands or none of it does (on PostgreSQL, in the migrator's transaction).
  await inTransaction(db, migrate);
}

async function migrate(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("audit_log").addColumn("partner_id", "integer").execute();
  await db.schema.alterTable("audit_log").addColumn("month", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("before", "text").execute();
  await db.schema.alterTable("audit_log").addColumn("after", "text").execute();
  // Earlier entries named their partner and month inside details, where they did.
  if (isPostgres(db)) await auditColumnsFromDetails(db);
  else {
    await sql`update audit_log set partner_id = json_extract(details, '$.partnerId') where partner_id is null and json_valid(details) and json_type(details, '$.partnerId') = 'integer'`.execute(
      db,
    );
    await sql`update audit_log set month = json_extract(details, '$.month') where month is null and json_valid(details) and json_type(details, '$.month') = 'text'`.execute(
      db,
    );
    await sql`update audit_log set partner_id = cast(entity_id as integer) where partner_id is null and entity = 'user' and entity_id glob '[0-9]*'`.execute(
      db,
    );
  }
  await db.schema.createIndex("audit_log_partner").on("audit_log").columns(["partner_id", "id"]).execute();
  await db.schema.createIndex("audit_log_month").on("audit_log").columns(["month", "id"]).execute();
  await db.schema.createIndex("audit_log_at").on("audit_log").column("at").execute();

  await db.schema.alterTable("fee_payments").addColumn("payment_reference", "text").execute();
  // Rows an import left out, by plain reason ("already booked to York Hospital Atrium", "dated September 2026").
  await db.schema
    .alterTable("import_receipts")
    .addColumn("excluded", "text", (c) => c.notNull().defaultTo("[]"))
    .execute();

  await db.schema.alterTable("machines").addColumn("telemetry_name", "text").execute();
  await createCaseInsensitiveUniqueIndex(
    db,
    "machines_telemetry_name",
    "machines",
    "telemetry_name",
    "telemetry_name is not null",
  );

  // Later copies of a transaction booked to more than one machine.
  const copies = await sql<{
    id: number;
    transactionId: string;
    kind: string;
    machineId: number;
    recordId: number;
    productId: number;
    settlementPence: number;
    location: string;
    partnerId: number;
    month: string;
    keptLocation: string;
  }>`
    select s.id, s.transaction_id as "transactionId", s.kind, s.machine_id as "machineId", s.record_id as "recordId",
           s.product_id as "productId", s.settlement_pence as "settlementPence", m.location, m.partner_id as "partnerId",
           r.month, km.location as "keptLocation"
    from sales s
    join (select transaction_id, kind, min(id) as kept from sales group by transaction_id, kind having count(*) > 1) d
      on d.transaction_id = s.transaction_id and d.kind = s.kind and s.id <> d.kept
    join sales k on k.id = d.kept
    join machines km on km.id = k.machine_id
    join machines m on m.id = s.machine_id
    join monthly_records r on r.id = s.record_id
    order by s.id`.execute(db);

  for (const copy of copies.rows) {
    await sql`delete from sales where id = ${copy.id}`.execute(db);
    await sql`insert into audit_log (actor_id, action, entity, entity_id, partner_id, month, before, details)
      values (null, 'migration_remove_duplicate', 'sale', ${String(copy.id)}, ${copy.partnerId}, ${copy.month},
        ${JSON.stringify({ transactionId: copy.transactionId, kind: copy.kind, machineId: copy.machineId, location: copy.location, recordId: copy.recordId, settlementPence: copy.settlementPence })},
        ${JSON.stringify({ migration: NAME, reason: `already booked to ${copy.keptLocation}` })})`.execute(db);
  }
  const records = [...new Set(copies.rows.map((c) => c.recordId))];
  for (const recordId of records) {
    await sql`update monthly_records set
        total_sales = (select count(*) from sales where record_id = ${recordId} and kind = 'sale'),
        revenue_pence = coalesce((select sum(settlement_pence) from sales where record_id = ${recordId}), 0),
        cogs_pence = coalesce((select sum(cost_pence) from sales where record_id = ${recordId} and kind = 'sale'), 0),
        updated_at = ${nowText(db)}
      where id = ${recordId}`.execute(db);
    const record = (
      await sql<{
        machineId: number;
        month: string;
      }>`select machine_id as "machineId", month from monthly_records where id = ${recordId}`.execute(db)
    ).rows[0];
    await sql`delete from product_sales_monthly where machine_id = ${record.machineId} and month = ${record.month}`.execute(
      db,
    );
    await sql`insert into product_sales_monthly (product_id, machine_id, month, units, revenue_pence)
      select s.product_id, r.machine_id, r.month, sum(case when s.kind = 'sale' then 1 else 0 end), sum(s.settlement_pence)
      from sales s join monthly_records r on r.id = s.record_id
      where r.machine_id = ${record.machineId} and r.month = ${record.month}
      group by s.product_id, r.machine_id, r.month`.execute(db);
  }

  // The sales table again, unique per (transaction id, kind) in the whole business.
  if (isPostgres(db)) {
    // PostgreSQL changes a table's constraints in place.
    await sql`alter table sales drop constraint sales_machine_transaction_kind`.execute(db);
    await sql`alter table sales add constraint sales_transaction_kind unique (transaction_id, kind)`.execute(db);
    await sql`create index sales_machine on sales (machine_id)`.execute(db);
    return;
  }
  await sql`create table sales_booked (
    id integer primary key autoincrement,
    machine_id integer not null references machines (id) on delete cascade,
    record_id integer not null references monthly_records (id) on delete cascade,
    product_id integer not null references products (id) on delete restrict,
    sale_date text not null,
    price_pence integer not null,
    cost_pence integer not null,
    settlement_pence integer not null,
    transaction_id text not null,
    kind text not null default 'sale' check (kind in ('sale', 'refund')),
    constraint sales_transaction_kind unique (transaction_id, kind)
  )`.execute(db);
  await sql`insert into sales_booked (id, machine_id, record_id, product_id, sale_date, price_pence, cost_pence, settlement_pence, transaction_id, kind)
    select id, machine_id, record_id, product_id, sale_date, price_pence, cost_pence, settlement_pence, transaction_id, kind from sales`.execute(
    db,
  );
  await sql`drop table sales`.execute(db);
  await sql`alter table sales_booked rename to sales`.execute(db);
  await sql`create index sales_record on sales (record_id)`.execute(db);
  await sql`create index sales_product on sales (product_id, sale_date)`.execute(db);
  await sql`create index sales_machine on sales (machine_id)`.execute(db);
}

/** The SQLite statements above, in code: PostgreSQL before 16 cannot tell valid JSON from other text in SQL. */
async function auditColumnsFromDetails(db: Kysely<any>): Promise<void> {
  const rows = await sql<{
    id: number;
    entity: string;
    entityId: string | null;
    partnerId: number | null;
    month: string | null;
    details: string | null;
  }>`
    select id, entity, entity_id as "entityId", partner_id as "partnerId", month, details from audit_log where partner_id is null or month is null order by id`.execute(
    db,
  );
  for (const row of rows.rows) {
    let details: Record<string, unknown> = {};
    try {
      const parsed = JSON.parse(row.details ?? "") as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) details = parsed as Record<string, unknown>;
    } catch {
      // not JSON: nothing to read
    }
    let partnerId = row.partnerId;
    if (partnerId === null && Number.isSafeInteger(details.partnerId)) partnerId = details.partnerId as number;
    if (partnerId === null && row.entity === "user" && /^[0-9]/.test(row.entityId ?? ""))
      partnerId = Number.parseInt(row.entityId!, 10);
    const month = row.month ?? (typeof details.month === "string" ? details.month : null);
    if (partnerId !== row.partnerId || month !== row.month)
      await sql`update audit_log set partner_id = ${partnerId}, month = ${month} where id = ${row.id}`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error(
    "The month-close migration removes duplicate bookings and cannot be undone; restore a backup instead",
  );
}
