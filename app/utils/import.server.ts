/** The business-wide import's action: read the uploaded exports and the admin's mappings, then preview or import. */
import { z } from "zod";
import { parseMonth } from "#domain/shared/dates.ts";
import type { ImportFile } from "#domain/imports/import-service.ts";
import { setTelemetryName } from "#domain/machines/machine-service.ts";
import { importWithMappings, mappedResult, type MappedImportResult } from "#domain/imports/mapped-import.ts";
import { DATE_ORDERS, type DateOrder } from "#domain/imports/export-dates.ts";
import { EXPORT_NAME } from "#domain/imports/telemetry-export-reader.ts";
import { DATE_ORDER_PREFIX } from "#app/utils/import-fields.ts";
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
): ImportActionData {
  return { ...result, dateOrders: Object.fromEntries(dateOrders), acceptExclusions, adjustPaidMonths };
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
  if (!uploads.length) return refused(intent, "No file selected");
  const limit = env.UPLOAD_MAX_MB * 1024 * 1024;
  for (const upload of uploads) {
    if (!EXPORT_NAME.test(upload.name)) return refused(intent, `${upload.name}: Please select an Excel file to upload`);
    if (upload.size > limit)
      return refused(intent, `${upload.name}: The file is too large (at most ${env.UPLOAD_MAX_MB} MB)`);
  }
  const files: ImportFile[] = await Promise.all(
    uploads.map(async (u) => ({ name: u.name, bytes: new Uint8Array(await u.arrayBuffer()) })),
  );

  const mappings = new Map<string, number>();
  for (const [key, value] of form.entries()) {
    if (!key.startsWith(MAP_PREFIX) || typeof value !== "string" || !value) continue;
    const machineId = Number(value);
    if (Number.isSafeInteger(machineId) && machineId > 0) mappings.set(key.slice(MAP_PREFIX.length), machineId);
  }

  const dateOrders = new Map<string, DateOrder>();
  for (const [key, value] of form.entries()) {
    if (
      key.startsWith(DATE_ORDER_PREFIX) &&
      typeof value === "string" &&
      (DATE_ORDERS as readonly string[]).includes(value)
    )
      dateOrders.set(key.slice(DATE_ORDER_PREFIX.length), value as DateOrder);
  }
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
    actorId,
    dataDir: DATA_DIR,
    rememberName,
  });
  return answer(result, dateOrders, acceptExclusions, adjustPaidMonths);
}
