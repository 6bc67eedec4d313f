/** The business-wide import's action: read the uploaded exports and the admin's mappings, then preview or import. */
import { z } from "zod";
import { normaliseMachineName } from "#domain/imports/booking-rules.ts";
import { parseMonth } from "#domain/shared/dates.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { setTelemetryName } from "#domain/machines/machine-service.ts";
import { importExports, type FileOutcome, type ImportFile } from "#domain/imports/import-service.ts";
import { leftOutSentence } from "#domain/imports/import-words.ts";
import { paidMonthChangeText } from "#domain/commissions/correction-words.ts";
import { DATE_ORDERS, type DateOrder } from "#domain/imports/export-dates.ts";
import { EXPORT_NAME } from "#domain/imports/telemetry-export-reader.ts";
import { DATE_ORDER_PREFIX } from "#app/utils/import-fields.ts";
import { db } from "#app/utils/db.server.ts";
import { acceptField } from "#app/utils/upload.server.ts";
import { DATA_DIR, env } from "#app/utils/env.server.ts";

/** Form fields `map:<Machine Name>` = machine id carry the admin's mappings. */
const MAP_PREFIX = "map:";


export interface ImportActionData {
  intent: "preview" | "import";
  outcomes: FileOutcome[];
  /** Machine Names still unmapped after this run, across files. */
  unmapped: string[];
  /** The admin's mappings this run applied (names the files carry), so the page keeps showing them. */
  mappings: { name: string; machineId: number }[];
  /** New rows the files add (or added). */
  newRows: number;
  /** A problem with the request itself (no file, wrong type, too large, unmapped names on Import). */
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

function answer(
  intent: ImportActionData["intent"],
  outcomes: FileOutcome[],
  error: string | null = null,
  chosen: ReadonlyMap<string, number> = new Map(),
  dateOrders: ReadonlyMap<string, DateOrder> = new Map(),
  acceptExclusions = false,
  adjustPaidMonths = false,
): ImportActionData {
  const namesIn = (pick: (o: Extract<FileOutcome, { ok: true }>) => { reason: string }[]) =>
    [...new Set(outcomes.flatMap((o) => (o.ok ? pick(o).map((u) => u.reason) : [])))].sort();
  const unmapped = namesIn((o) => o.result.unmapped);
  const chosenBy = new Map([...chosen].map(([name, id]) => [normaliseMachineName(name), id]));
  const mappings = namesIn((o) => o.result.mapped).flatMap((name) => {
    const machineId = chosenBy.get(normaliseMachineName(name));
    return machineId === undefined ? [] : [{ name, machineId }];
  });
  const newRows = outcomes.reduce((n, o) => n + (o.ok ? o.result.groups.reduce((m, g) => m + g.imported, 0) : 0), 0);
  return { intent, outcomes, unmapped, mappings, newRows, error, dateOrders: Object.fromEntries(dateOrders), acceptExclusions, adjustPaidMonths };
}

/** The answer to an upload refused before its files were read (too large). */
export function importRefused(error: string): ImportActionData {
  return answer("preview", [], error);
}

/** Previews (dry run) or imports the posted exports; mappings are saved only on Import. */
export async function runImportAction(form: FormData, actorId: number): Promise<ImportActionData> {
  const parsed = fields.safeParse({ intent: form.get("intent") ?? undefined, month: form.get("month") ?? undefined });
  if (!parsed.success) return answer("preview", [], parsed.error.issues[0]?.message ?? "Invalid input");
  const { intent, month } = parsed.data;

  const uploads = form.getAll("files").filter((f): f is File => f instanceof File && f.size > 0);
  if (!uploads.length) return answer(intent, [], "No file selected");
  const limit = env.UPLOAD_MAX_MB * 1024 * 1024;
  for (const upload of uploads) {
    if (!EXPORT_NAME.test(upload.name)) return answer(intent, [], `${upload.name}: Please select an Excel file to upload`);
    if (upload.size > limit) return answer(intent, [], `${upload.name}: The file is too large (at most ${env.UPLOAD_MAX_MB} MB)`);
  }
  const files: ImportFile[] = await Promise.all(uploads.map(async (u) => ({ name: u.name, bytes: new Uint8Array(await u.arrayBuffer()) })));

  const mappings = new Map<string, number>();
  for (const [key, value] of form.entries()) {
    if (!key.startsWith(MAP_PREFIX) || typeof value !== "string" || !value) continue;
    const machineId = Number(value);
    if (Number.isSafeInteger(machineId) && machineId > 0) mappings.set(key.slice(MAP_PREFIX.length), machineId);
  }

  const dateOrders = new Map<string, DateOrder>();
  for (const [key, value] of form.entries()) {
    if (key.startsWith(DATE_ORDER_PREFIX) && typeof value === "string" && (DATE_ORDERS as readonly string[]).includes(value)) dateOrders.set(key.slice(DATE_ORDER_PREFIX.length), value as DateOrder);
  }
  let acceptExclusions: boolean;
  let adjustPaidMonths: boolean;
  try {
    acceptExclusions = acceptField(form, "acceptExclusions");
    adjustPaidMonths = acceptField(form, "adjustPaidMonths");
  } catch {
    return answer(intent, [], "acceptExclusions and adjustPaidMonths must be true or false");
  }

  const options = { actorId, dataDir: DATA_DIR, acceptExclusions, adjustPaidMonths };
  const mode = { month, mappings, dateOrders };
  const preview = answer(intent, await importExports(db, files, mode, { ...options, dryRun: true }), null, mappings, dateOrders, acceptExclusions, adjustPaidMonths);
  if (intent === "preview") return preview;
  const undecided = preview.outcomes.filter((o) => !o.ok && o.needsDateOrder).map((o) => o.fileName);
  if (undecided.length) return { ...preview, error: `Say how the dates are written in ${undecided.join(", ")} (day/month or month/day), then preview again` };
  if (preview.unmapped.length) return { ...preview, error: `Map every Machine Name to a machine before importing: ${preview.unmapped.join(", ")}` };
  // Rows with money left out for their date: the admin confirms before anything is written.
  const unconfirmed = preview.outcomes.flatMap((o) => (o.ok ? o.result.leftOut.filter((l) => l.needsConfirmation).map((l) => `${o.fileName}: ${leftOutSentence(l)}`) : []));
  if (unconfirmed.length && !acceptExclusions) return { ...preview, error: `Confirm the rows left out before importing: ${unconfirmed.join("; ")}` };
  // Late sales for paid months: the admin confirms the differences before anything is written.
  const late = preview.outcomes.flatMap((o) => (o.ok ? o.result.paidMonths.map(paidMonthChangeText) : []));
  if (late.length && !adjustPaidMonths) return { ...preview, error: `Confirm the late sales for paid months before importing: ${late.join("; ")}` };
  if (!preview.newRows) return { ...preview, error: "Nothing to import: every row is already booked, closed or left out" };

  // The admin's choices for names the files carry are remembered as the machines' telemetry names,
  // then each file is imported atomically.
  try {
    for (const { name, machineId } of preview.mappings) await setTelemetryName(db, machineId, name, actorId);
  } catch (error) {
    if (error instanceof DomainError) return { ...preview, error: error.message };
    throw error;
  }
  // The same mappings route the import as routed the preview (a machine remembers one name only).
  return answer("import", await importExports(db, files, mode, options), null, mappings, dateOrders, acceptExclusions, adjustPaidMonths);
}
