/** The accounting packages' settings: read over the defaults, saved (audited) from /admin/settings. */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { readAccountingSettings, type AccountingSettings } from "./accounting-settings.ts";

type DB = Kysely<Database>;

export async function getAccountingSettings(db: DB): Promise<AccountingSettings> {
  const row = await db.selectFrom("accountingSettings").select("settings").where("id", "=", 1).executeTakeFirst();
  return readAccountingSettings(row?.settings);
}

/** Saves the settings (already checked by accountingSettingsSchema), with the audit entry, in one transaction. */
export async function saveAccountingSettings(db: DB, settings: AccountingSettings, actorId: number | null) {
  await db.transaction().execute(async (trx) => {
    const before = readAccountingSettings(
      (await trx.selectFrom("accountingSettings").select("settings").where("id", "=", 1).executeTakeFirst())?.settings,
    );
    const json = JSON.stringify(settings);
    const updatedAt = new Date().toISOString();
    await trx
      .insertInto("accountingSettings")
      .values({ id: 1, settings: json, updatedAt, updatedBy: actorId })
      .onConflict((oc) => oc.column("id").doUpdateSet({ settings: json, updatedAt, updatedBy: actorId }))
      .execute();
    await audit(trx, {
      actorId,
      action: "update",
      entity: "accounting_settings",
      entityId: 1,
      before,
      after: settings,
    });
  });
}
