/**
 * UK bank details and the guard on changing them: users gain a building society's roll number, and
 * bank_detail_changes keeps each change of a partner's bank details (masked), the address told of it
 * and the second admin's confirmation that ends the 72-hour hold on paying them early.
 *
 * Existing data: nothing is changed. A partner whose stored sort code is not 6 digits or whose
 * account number is not 8 (7 would be padded) keeps the details and is written to the audit trail
 * (`migration_bank_details`, the reason in words): that is the migration's report, printed by
 * `vendboard db migrate`. Payouts already leave such partners out; their card says the details
 * need checking.
 */
import { sql, type Kysely } from "kysely";
import { autoIncrementId, inTransaction, nowText } from "../dialect.ts";

const NAME = "2026-12-02T01-bank-details";

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.alterTable("users").addColumn("roll_number", "text").execute();
    await trx.schema
      .createTable("bank_detail_changes")
      .addColumn("id", "integer", autoIncrementId(trx))
      .addColumn("partner_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
      .addColumn("changed_at", "text", (c) => c.notNull().defaultTo(nowText(trx)))
      .addColumn("changed_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("notified_to", "text")
      .addColumn("before", "text", (c) => c.notNull())
      .addColumn("after", "text", (c) => c.notNull())
      .addColumn("confirmed_at", "text")
      .addColumn("confirmed_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("verified_by", "text")
      .execute();
    await trx.schema
      .createIndex("bank_detail_changes_partner")
      .on("bank_detail_changes")
      .columns(["partner_id", "changed_at"])
      .execute();
    await listBadDetails(trx);
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.dropTable("bank_detail_changes").ifExists().execute();
    await trx.schema.alterTable("users").dropColumn("roll_number").execute();
  });
}

/** The rule as it stood when this migration was written (migrations never import the domain). */
function problems(sortCode: string | null, accountNumber: string | null): string[] {
  const out: string[] = [];
  const digits = (v: string) => v.replace(/[\s-]/g, "");
  if (sortCode?.trim() && !/^\d{6}$/.test(digits(sortCode))) out.push(`sort code "${sortCode.trim()}" is not 6 digits`);
  if (accountNumber?.trim() && !/^\d{7,8}$/.test(digits(accountNumber)))
    out.push(`account number "${accountNumber.trim()}" is not 8 digits`);
  return out;
}

async function listBadDetails(db: Kysely<any>): Promise<void> {
  const { rows } = await sql<{
    id: number;
    username: string;
    name: string | null;
    sortCode: string | null;
    accountNumber: string | null;
  }>`select id, username, name, sort_code as "sortCode", account_number as "accountNumber"
     from users where is_admin = 0 order by id`.execute(db);
  for (const user of rows) {
    const found = problems(user.sortCode, user.accountNumber);
    if (!found.length) continue;
    const reason = `bank details need checking for ${user.name ?? user.username}: ${found.join(" and ")} (kept as they are)`;
    await sql`insert into audit_log (actor_id, action, entity, entity_id, partner_id, before, details)
      values (null, 'migration_bank_details', 'user', ${String(user.id)}, ${user.id},
        ${JSON.stringify({ name: user.name, username: user.username })}, ${JSON.stringify({ migration: NAME, reason })})`.execute(
      db,
    );
  }
}
