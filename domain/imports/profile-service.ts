/**
 * Saved import profiles (import-profile.ts): created (a name saved again is its next version),
 * listed, read and deleted, each change audited. Every version is kept, so the version a receipt
 * names always meant one definition; a deleted profile's versions stay, marked deleted.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { badInput, notFound } from "../shared/errors.ts";
import {
  headerKey,
  importProfileSchema,
  profileNameKey,
  type ImportProfile,
  type ImportProfileDefinition,
} from "./import-profile.ts";

type DB = Kysely<Database>;

/** A profile as listed: its definition, version and when it was saved. */
export interface SavedProfile extends ImportProfile {
  createdAt: string;
}

/** The first zod issue as one sentence, its field named. */
function firstIssue(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return issue ? issue.message : "Invalid import profile";
}

/** The definition checked at the edge (API body, CLI file); a bad one is 400 with its first issue. */
export function parseProfile(input: unknown): ImportProfileDefinition {
  const parsed = importProfileSchema.safeParse(input);
  if (!parsed.success) throw badInput(firstIssue(parsed.error));
  // A profile with no cost column is fine: its rows take the product cost list's cost (cost-list-rules.ts).
  return parsed.data;
}

const live = (db: DB) => db.selectFrom("importProfiles").where("deletedAt", "is", null);

function savedOf(row: { definition: string; version: number; createdAt: string }): SavedProfile {
  return { ...(JSON.parse(row.definition) as ImportProfileDefinition), version: row.version, createdAt: row.createdAt };
}

/** Each live profile at its latest version, by name. */
export async function listProfiles(db: DB): Promise<SavedProfile[]> {
  const rows = await live(db)
    .select(["nameKey", "version", "definition", "createdAt"])
    .orderBy("nameKey")
    .orderBy("version", "desc")
    .execute();
  const latest = new Map<string, SavedProfile>();
  for (const row of rows) if (!latest.has(row.nameKey)) latest.set(row.nameKey, savedOf(row));
  return [...latest.values()];
}

/** The definition of one version (deleted or not), as a receipt keeps it. */
export async function profileCopy(db: DB, used: { name: string; version: number }): Promise<ImportProfile> {
  const row = await db
    .selectFrom("importProfiles")
    .select(["definition", "version"])
    .where("nameKey", "=", profileNameKey(used.name))
    .where("version", "=", used.version)
    .executeTakeFirstOrThrow();
  return { ...(JSON.parse(row.definition) as ImportProfileDefinition), version: row.version };
}

/** A live profile by name (trimmed, ignoring case), else 404. */
export async function getProfile(db: DB, name: string): Promise<SavedProfile> {
  const row = await live(db)
    .select(["version", "definition", "createdAt"])
    .where("nameKey", "=", profileNameKey(name))
    .orderBy("version", "desc")
    .executeTakeFirst();
  if (!row) throw notFound(`No import profile is named "${name.trim()}"`);
  return savedOf(row);
}

/**
 * Saves a profile: a new name is version 1, a name saved before its next version (versions count on
 * past a deletion). Two profiles may read the same headers (a status rule each, say): a file they
 * both match is asked about, never guessed. Audited as `import_profile_create`.
 */
export async function createProfile(db: DB, input: unknown, actorId: number | null): Promise<SavedProfile> {
  const definition = parseProfile(input);
  const nameKey = profileNameKey(definition.name);
  const key = headerKey(definition.headers);
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom("importProfiles")
      .select((eb) => eb.fn.max("version").as("version"))
      .where("nameKey", "=", nameKey)
      .executeTakeFirst();
    const version = Number(last?.version ?? 0) + 1;
    const previous =
      version > 1 ? await live(trx).select("id").where("nameKey", "=", nameKey).executeTakeFirst() : null;
    await trx
      .insertInto("importProfiles")
      .values({
        name: definition.name,
        nameKey,
        version,
        headerKey: key,
        definition: JSON.stringify(definition),
        createdBy: actorId,
      })
      .execute();
    await audit(trx, {
      actorId,
      action: "import_profile_create",
      entity: "import_profile",
      entityId: definition.name,
      after: { name: definition.name, version, ...(previous ? { replaces: version - 1 } : {}) },
      details: { definition },
    });
    return getProfile(trx, definition.name);
  });
}

/** Deletes a profile (every version marked deleted; receipts keep their copy). Audited as `import_profile_delete`. */
export async function deleteProfile(db: DB, name: string, actorId: number | null): Promise<SavedProfile> {
  return db.transaction().execute(async (trx) => {
    const profile = await getProfile(trx, name);
    await trx
      .updateTable("importProfiles")
      .set({ deletedAt: new Date().toISOString() })
      .where("nameKey", "=", profileNameKey(name))
      .where("deletedAt", "is", null)
      .execute();
    await audit(trx, {
      actorId,
      action: "import_profile_delete",
      entity: "import_profile",
      entityId: profile.name,
      before: { name: profile.name, version: profile.version },
    });
    return profile;
  });
}
