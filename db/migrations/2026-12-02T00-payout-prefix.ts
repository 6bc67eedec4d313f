/**
 * The payout reference prefix (issue 31): what commission payout references start with ("VB COMM
 * 2026-10"), set in Settings, 1 to 5 Bacs characters. Null (every existing profile) means the
 * default, worked out from the trading name when it is read (`payoutPrefixOf`), so no reference
 * already paid or filed changes: payments keep the reference they were made with.
 */
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable("business_profile")
    .addColumn("payout_prefix", "text", (c) =>
      c.check(sql`payout_prefix is null or length(payout_prefix) between 1 and 5`),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("business_profile").dropColumn("payout_prefix").execute();
}
