/**
 * /admin/import/profile, Map columns: a file refused for its headers (kept in the upload store by the
 * import page's preview) is shown as its first rows, with the form that maps its columns; saving
 * checks the answer with the profile's schema, saves it (audited) and goes back to the import page,
 * which previews the file through the new profile.
 */
import { data, redirect } from "@remix-run/node";
import { cellText, isBlank } from "#domain/imports/export-cells.ts";
import {
  importProfileSchema,
  MAX_HEADER_ROW,
  PROFILE_FIELDS,
  type ProfileField,
} from "#domain/imports/import-profile.ts";
import { columnValues, guessColumns, guessHeaderRow, likelySaleStatuses } from "#domain/imports/profile-guess.ts";
import { createProfile } from "#domain/imports/profile-service.ts";
import { EXPORT_NAME, readSheet } from "#domain/imports/telemetry-export-reader.ts";
import { isUploadKey, readUpload } from "#domain/imports/upload-store.ts";
import { DomainError } from "#domain/shared/errors.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { COLUMN_PREFIX } from "#app/utils/import-fields.ts";

/** The rows shown above the form: enough to see a title, the headers and a few sales. */
export const SHOWN_ROWS = 8;

export const FIELDS = Object.keys(PROFILE_FIELDS) as ProfileField[];

/** The form's values as text, keyed by field name (a refused post shows them again). */
export type MappingValues = Record<string, string>;

/** The kept file cannot be read for mapping: the page says why, with its status. */
export class MappingRefused extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** The kept file named by `file` (an upload key) and `name`, or a 400 with why it cannot be mapped. */
async function keptTable(key: string, name: string): Promise<unknown[][]> {
  if (!isUploadKey(key) || !EXPORT_NAME.test(name))
    throw new MappingRefused("Choose the file again on Import Exports, then Map columns", 400);
  const bytes = await readUpload(db, DATA_DIR, key);
  if (!bytes) throw new MappingRefused(`${name}: The file is no longer kept: choose it again`, 404);
  try {
    return (await readSheet(bytes, { fileName: name })).table;
  } catch (error) {
    if (error instanceof DomainError) throw new MappingRefused(`${name}: ${error.message}`, 400);
    throw error;
  }
}

const headersOf = (table: unknown[][], row: number) =>
  (table[row - 1] ?? []).filter((c) => !isBlank(c)).map((c) => cellText(c).trim());

/** What the page shows: the file's first rows, the chosen header row's headers and a first guess at every answer. */
export async function mappingPage(url: URL) {
  const key = url.searchParams.get("file") ?? "";
  const fileName = url.searchParams.get("name") ?? "";
  const table = await keptTable(key, fileName);
  const asked = Number(url.searchParams.get("row"));
  const headerRow =
    Number.isInteger(asked) && asked >= 1 && asked <= MAX_HEADER_ROW ? asked : guessHeaderRow(table, MAX_HEADER_ROW);
  const headers = headersOf(table, headerRow);
  const guess = guessColumns(headers);
  const statusValues = guess.status ? columnValues(table, headerRow, guess.status) : [];
  const width = Math.max(0, ...table.slice(0, SHOWN_ROWS).map((r) => r.length));
  const rows = table.slice(0, SHOWN_ROWS).map((r) => Array.from({ length: width }, (_, i) => cellText(r[i])));
  const defaults: MappingValues = {
    name: "",
    headerRow: String(headerRow),
    dateOrder: "dmy",
    timeZone: "Europe/London",
    saleStatuses: likelySaleStatuses(statusValues).join(", "),
    ...Object.fromEntries(FIELDS.map((f) => [`${COLUMN_PREFIX}${f}`, guess[f] ?? ""])),
  };
  return {
    key,
    fileName,
    rows,
    headers,
    headerRow,
    rowChoices: Math.min(MAX_HEADER_ROW, Math.max(1, table.length)),
    statusValues,
    defaults,
  };
}

/** Saves the posted mapping as a profile, then back to the import page's preview; a refusal is 400 with a message per field. */
export async function saveMapping(form: FormData, actorId: number) {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const key = text("file");
  const fileName = text("fileName");
  const values: MappingValues = Object.fromEntries(
    ["name", "headerRow", "dateOrder", "timeZone", "saleStatuses", ...FIELDS.map((f) => `${COLUMN_PREFIX}${f}`)].map(
      (n) => [n, text(n)],
    ),
  );
  let table: unknown[][];
  try {
    table = await keptTable(key, fileName);
  } catch (error) {
    if (error instanceof MappingRefused)
      return data({ error: error.message, fieldErrors: {}, values }, { status: error.status });
    throw error;
  }
  const headerRow = Number(values.headerRow);
  const input = {
    name: values.name,
    headerRow: values.headerRow,
    headers: Number.isInteger(headerRow) && headerRow >= 1 ? headersOf(table, headerRow) : [],
    columns: Object.fromEntries(FIELDS.map((f) => [f, values[`${COLUMN_PREFIX}${f}`].trim() || null])),
    dateOrder: values.dateOrder,
    timeZone: values.timeZone,
    saleStatuses: values.saleStatuses
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  };
  const errors: Record<string, string> = {};
  const parsed = importProfileSchema.safeParse(input);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === "columns" ? `${COLUMN_PREFIX}${String(issue.path[1])}` : String(issue.path[0]);
      // The headers come from the file: a row with none is the header row's problem.
      errors[field === "headers" ? "headerRow" : field] ??= issue.message;
    }
  const refuse = (error: string) => data({ error, fieldErrors: errors, values }, { status: 400 });
  if (!parsed.success || Object.keys(errors).length)
    return refuse(Object.values(errors)[0] ?? "Invalid import profile");
  try {
    const saved = await createProfile(db, parsed.data, actorId);
    return redirect(`/admin/import?${new URLSearchParams({ stored: key, name: fileName, profile: saved.name })}`);
  } catch (error) {
    if (error instanceof DomainError) return refuse(error.message);
    throw error;
  }
}
