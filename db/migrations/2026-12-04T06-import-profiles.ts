/**
 * Import profiles (docs/decisions/069-import-profiles.md): how an export of another layout is read.
 * import_profiles keeps every version of a profile: saving a name again adds the next version, and
 * deleting a profile marks its versions deleted (its name may be used again, its versions counting
 * on), so the version a receipt names always meant one definition. Receipts record the profile's
 * name, version and a copy of its definition (JSON), so deleting the profile loses nothing.
 * Existing receipts were read in the spec's layout: no profile, nothing to fill in.
 */
import { type Kysely } from "kysely";
import { autoIncrementId, inTransaction, nowText } from "../dialect.ts";

export async function up(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema
      .createTable("import_profiles")
      .addColumn("id", "integer", autoIncrementId(trx))
      .addColumn("name", "text", (c) => c.notNull())
      // The name trimmed, spaces collapsed, lower-cased: names are matched that way.
      .addColumn("name_key", "text", (c) => c.notNull())
      .addColumn("version", "integer", (c) => c.notNull())
      // The sorted set of the file's normalised headers (JSON), by which a file is recognised.
      .addColumn("header_key", "text", (c) => c.notNull())
      // The definition (JSON, domain/imports/import-profile.ts).
      .addColumn("definition", "text", (c) => c.notNull())
      .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
      .addColumn("created_at", "text", (c) => c.notNull().defaultTo(nowText(trx)))
      .addColumn("deleted_at", "text")
      .addUniqueConstraint("import_profiles_name_version", ["name_key", "version"])
      .execute();
    await trx.schema.alterTable("import_receipts").addColumn("profile_name", "text").execute();
    await trx.schema.alterTable("import_receipts").addColumn("profile_version", "integer").execute();
    await trx.schema.alterTable("import_receipts").addColumn("profile", "text").execute();
  });
}

export async function down(db: Kysely<any>): Promise<void> {
  await inTransaction(db, async (trx) => {
    await trx.schema.alterTable("import_receipts").dropColumn("profile").execute();
    await trx.schema.alterTable("import_receipts").dropColumn("profile_version").execute();
    await trx.schema.alterTable("import_receipts").dropColumn("profile_name").execute();
    await trx.schema.dropTable("import_profiles").execute();
  });
}
