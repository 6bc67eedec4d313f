/** The business-wide import's action: read the uploaded exports and the admin's mappings, then preview or import. */
import { z } from "zod";
import { parseMonth } from "#domain/shared/dates.ts";
import type { ImportFile } from "#domain/imports/import-service.ts";
import { setTelemetryName } from "#domain/machines/machine-service.ts";
import { importWithMappings, mappedResult, type MappedImportResult } from "#domain/imports/mapped-import.ts";
import { DATE_ORDERS, type DateOrder } from "#domain/imports/export-dates.ts";
import { EXPORT_NAME } from "#domain/imports/telemetry-export-reader.ts";
import { isUploadKey, readUpload, storeUpload } from "#domain/imports/upload-store.ts";
import { DATE_ORDER_PREFIX, PROFILE_PREFIX, STORED_PREFIX } from "#app/utils/import-fields.ts";
import { db } from "#app/utils/db.server.ts";
import { acceptField } from "#app/utils/upload.server.ts";
import { DATA_DIR, env } from "#app/utils/env.server.ts";

/** Form fields `map:<Machine Name>` = machine id carry the admin's mappings. */
const MAP_PREFIX = "map:";

export interface ImportActionData extends MappedImportResult {
  /** A problem with the request itself (no file, wrong type, too large), or why Import did not import. */
  error: string | null;
  /** The day/month order the admin chose per file name (sent again with the next Preview or Import). */
  dateOrders: Record<string, DateOrder>;
  /** The admin confirmed that rows left out for their date are left out. */
  acceptExclusions: boolean;
  /** The admin confirmed booking late sales into paid months (their differences added to the next open month). */
  adjustPaidMonths: boolean;
  /** Files kept for Map columns or a profile choice, by name → upload key (sent again without uploading). */
  stored: Record<string, string>;
  /** The import profile chosen per file name. */
  profiles: Record<string, string>;
}

const fields = z.object({
  intent: z.enum(["preview", "import"], { error: "Choose Preview or Import" }),
  month: z
    .string()
    .optional()
    .transform((m, ctx) => {
      if (!m?.trim()) return undefined;
      const month = parseMonth(m);
      if (!month) ctx.addIssue({ code: "custom", message: "Month must be YYYY-MM" });
      return month ?? undefined;
    }),
});

/** The domain's result with the admin's choices, sent back so the page keeps them. */
function answer(
  result: MappedImportResult,
  dateOrders: ReadonlyMap<string, DateOrder> = new Map(),
  acceptExclusions = false,
  adjustPaidMonths = false,
  stored: Record<string, string> = {},
  profiles: ReadonlyMap<string, string> = new Map(),
): ImportActionData {
  return {
    ...result,
    dateOrders: Object.fromEntries(dateOrders),
    acceptExclusions,
    adjustPaidMonths,
    stored,
    profiles: Object.fromEntries(profiles),
  };
}

/** Form fields `<prefix><file name>` = value, as a map by file name. */
function byFileName(form: FormData, prefix: string, keep: (value: string) => boolean = Boolean): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of form.entries())
    if (key.startsWith(prefix) && typeof value === "string" && keep(value)) found.set(key.slice(prefix.length), value);
  return found;
}

/**
 * The files kept from an earlier preview: read only when nothing is uploaded (the page without
 * JavaScript cannot send a file again, and with it a newly chosen file replaces them).
 */
async function storedFiles(form: FormData): Promise<ImportFile[] | string> {
  const files: ImportFile[] = [];
  for (const [name, key] of byFileName(form, STORED_PREFIX, isUploadKey)) {
    if (!EXPORT_NAME.test(name)) return `${name}: Please select an Excel file to upload`;
    const bytes = await readUpload(db, DATA_DIR, key);
    if (!bytes) return `${name}: The file is no longer kept: choose it again`;
    files.push({ name, bytes });
  }
  return files;
}

const refused = (intent: ImportActionData["intent"], error: string) =>
  answer(mappedResult(intent, [], new Map(), error));

/** The answer to an upload refused before its files were read (too large). */
export function importRefused(error: string): ImportActionData {
  return refused("preview", error);
}

/** Previews (dry run) or imports the posted exports; mappings are saved only on Import. */
export async function runImportAction(form: FormData, actorId: number): Promise<ImportActionData> {
  const parsed = fields.safeParse({ intent: form.get("intent") ?? undefined, month: form.get("month") ?? undefined });
  if (!parsed.success) return refused("preview", parsed.error.issues[0]?.message ?? "Invalid input");
  const { intent, month } = parsed.data;

  const uploads = form.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
  const kept = uploads.length ? [] : await storedFiles(form);
  if (typeof kept === "string") return refused(intent, kept);
  if (!uploads.length && !kept.length) return refused(intent, "No file selected");
  const limit = env.UPLOAD_MAX_MB * 1024 * 1024;
  for (const upload of uploads) {
    if (!EXPORT_NAME.test(upload.name)) return refused(intent, `${upload.name}: Please select an Excel file to upload`);
    if (upload.size > limit)
      return refused(intent, `${upload.name}: The file is too large (at most ${env.UPLOAD_MAX_MB} MB)`);
  }
  const files: ImportFile[] = [
    ...kept,
    ...(await Promise.all(uploads.map(async (u) => ({ name: u.name, bytes: new Uint8Array(await u.arrayBuffer()) })))),
  ];

  const mappings = new Map<string, number>();
  for (const [key, value] of form.entries()) {
    if (!key.startsWith(MAP_PREFIX) || typeof value !== "string" || !value) continue;
    const machineId = Number(value);
    if (Number.isSafeInteger(machineId) && machineId > 0) mappings.set(key.slice(MAP_PREFIX.length), machineId);
  }

  const dateOrders = byFileName(form, DATE_ORDER_PREFIX, (v) => (DATE_ORDERS as readonly string[]).includes(v)) as Map<
    string,
    DateOrder
  >;
  const profiles = byFileName(form, PROFILE_PREFIX, (v) => Boolean(v.trim()));
  let acceptExclusions: boolean;
  let adjustPaidMonths: boolean;
  try {
    acceptExclusions = acceptField(form, "acceptExclusions");
    adjustPaidMonths = acceptField(form, "adjustPaidMonths");
  } catch {
    return refused(intent, "acceptExclusions and adjustPaidMonths must be true or false");
  }

  const rememberName = (machineId: number, name: string) => setTelemetryName(db, machineId, name, actorId);
  const result = await importWithMappings(db, {
    intent,
    files,
    month,
    mappings,
    dateOrders,
    acceptExclusions,
    adjustPaidMonths,
    profiles,
    actorId,
    dataDir: DATA_DIR,
    rememberName,
  });
  // A file refused for its layout is kept, so Map columns (a page of its own) and a profile choice read it without another upload.
  // Kept files go on with the next Preview or Import until a file is uploaded instead.
  const stored: Record<string, string> =
    uploads.length || (intent === "import" && !result.error)
      ? {}
      : Object.fromEntries(byFileName(form, STORED_PREFIX, isUploadKey));
  for (const outcome of result.outcomes) {
    const file = files.find((f) => f.name === outcome.fileName);
    if (!outcome.ok && (outcome.needsProfile || outcome.profiles) && file)
      stored[file.name] = (await storeUpload(db, DATA_DIR, file)).replaceAll("\\", "/");
  }
  return answer(result, dateOrders, acceptExclusions, adjustPaidMonths, stored, profiles);
}

/**
 * The preview /admin/import shows on its own after Map columns saved a profile: the kept file read
 * through it (`?stored=<key>&name=<file name>&profile=<name>`), else null.
 */
export async function previewStored(url: URL, actorId: number): Promise<ImportActionData | null> {
  const key = url.searchParams.get("stored");
  const name = url.searchParams.get("name");
  if (!key || !name || !isUploadKey(key)) return null;
  const form = new FormData();
  form.set("intent", "preview");
  form.set(`${STORED_PREFIX}${name}`, key);
  const profile = url.searchParams.get("profile");
  if (profile) form.set(`${PROFILE_PREFIX}${name}`, profile);
  return runImportAction(form, actorId);
}
