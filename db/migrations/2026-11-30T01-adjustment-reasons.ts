/**
 * Corrections after payment: a paid month's late sales, a record deleted from it, and a
 * reopened month paid again become adjustments on the partner's next open month, in the agreements'
 * table. commission_adjustments.reason widens from ('agreement', 'carried') to those and
 * 'late_sales', 'record_deleted', 'repaid'.
 *
 * Existing data: nothing changes (every row keeps its reason; no figure moves), so the migration
 * reports nothing. SQLite cannot alter a CHECK constraint: the table is rebuilt with the same rows
 * and ids; PostgreSQL swaps the constraint.
 */
import { sql, type Kysely } from "kysely";
import { autoIncrementId, inTransaction, isMonthText, isPostgres, nowText } from "../dialect.ts";

const REASONS = ["agreement", "carried", "late_sales", "record_deleted", "repaid"];
const COLUMNS = [
  "id",
  "partner_id",
  "month",
  "for_month",
  "amount_pence",
  "reason",
  "source_payment_id",
  "created_by",
  "created_at",
];

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, (trx) => withReasons(trx, REASONS));
}

export async function down(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await sql`delete from commission_adjustments where reason not in ('agreement', 'carried')`.execute(trx);
    await withReasons(trx, ["agreement", "carried"]);
  });
}

export async function withReasons(db: Kysely<any>, reasons: string[]): Promise<void> {
  const allowed = sql.join(reasons.map((r) => sql.lit(r)));
  if (isPostgres(db)) {
    await sql`alter table commission_adjustments drop constraint if exists commission_adjustments_reason_check`.execute(
      db,
    );
    await sql`alter table commission_adjustments add constraint commission_adjustments_reason_check check (reason in (${allowed}))`.execute(
      db,
    );
    return;
  }
  const month = (column: string) => isMonthText(db, sql.ref(column));
  await db.schema
    .createTable("commission_adjustments_new")
    .addColumn("id", "integer", autoIncrementId(db))
    .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("month", "text", (c) => c.notNull().check(month("month")))
    .addColumn("for_month", "text", (c) => c.notNull().check(month("for_month")))
    .addColumn("amount_pence", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull().check(sql`reason in (${allowed})`))
    .addColumn("source_payment_id", "integer", (c) => c.references("commission_payments.id").onDelete("cascade"))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(db)))
    .execute();
  const columns = sql.join(COLUMNS.map((c) => sql.ref(c)));
  // AUTOINCREMENT's counter goes with the rows: an id deleted before (and named in the audit trail) is never handed out again.
  const { rows: counter } = await sql<{
    seq: number;
  }>`select seq from sqlite_sequence where name = 'commission_adjustments'`.execute(db);
  await sql`insert into commission_adjustments_new (${columns}) select ${columns} from commission_adjustments`.execute(
    db,
  );
  await db.schema.dropTable("commission_adjustments").execute();
  await db.schema.alterTable("commission_adjustments_new").renameTo("commission_adjustments").execute();
  if (counter.length) {
    await sql`delete from sqlite_sequence where name = 'commission_adjustments'`.execute(db);
    await sql`insert into sqlite_sequence (name, seq) values ('commission_adjustments', ${counter[0].seq})`.execute(db);
  }
  await db.schema
    .createIndex("commission_adjustments_partner_month")
    .on("commission_adjustments")
    .columns(["partner_id", "month"])
    .execute();
}
