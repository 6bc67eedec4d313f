/**
 * Import profiles, pure: how an export whose columns are named otherwise (Cantaloupe, Vendon, an
 * operator's own choice of columns) is read. A profile names the row that holds the headers, the
 * column of each field the import needs, the order of its text dates, its time zone and which status
 * values count as a sale. It is recognised by the exact set of the file's normalised headers on that
 * row. profile-table.ts turns a file's rows into the spec's layout with it, so everything after the
 * reading (bookings, month close, previews, exclusions) is the same for every layout. See
 * docs/decisions/069-import-profiles.md.
 */
import { z } from "zod";
import { DATE_ORDERS } from "./export-dates.ts";
import { normaliseHeader } from "./export-cells.ts";

/** The fields a profile maps, in the order the mapping asks for them. */
export const PROFILE_FIELDS = {
  machineName: "Machine name",
  transactionId: "Transaction id",
  date: "Date",
  productName: "Product name",
  settlementValue: "Settlement value",
  machinePrice: "Machine price",
  costPrice: "Cost price per unit",
  quantity: "Quantity",
  refundAmount: "Refund amount",
  status: "Status",
} as const;
export type ProfileField = keyof typeof PROFILE_FIELDS;

/** Fields a file may lack: the import reads 1 unit, no refund and every row as a sale. */
export const OPTIONAL_FIELDS: readonly ProfileField[] = ["quantity", "refundAmount", "status"];

export const TIME_ZONES = ["UTC", "Europe/London"] as const;
export type ProfileTimeZone = (typeof TIME_ZONES)[number];

/** The most rows above the headers a profile may skip: exports put a title or a few notes there. */
export const MAX_HEADER_ROW = 20;

const header = z
  .string({ error: "Each column is a header of the file" })
  .trim()
  .min(1, "Each column is a header of the file")
  .max(200, "A header is at most 200 characters");
const optionalHeader = header.nullish().transform((h) => h ?? null);

export const profileColumnsSchema = z.object({
  machineName: header,
  transactionId: header,
  date: header,
  productName: header,
  settlementValue: header,
  machinePrice: header,
  // Null: the file carries no cost (the product cost list will fill it in; until then a profile needs it).
  costPrice: optionalHeader,
  quantity: optionalHeader,
  refundAmount: optionalHeader,
  status: optionalHeader,
});
export type ProfileColumns = z.infer<typeof profileColumnsSchema>;

/** What the user answers once for a layout; the server checks it against the headers it names. */
export const importProfileSchema = z
  .object({
    name: z
      .string({ error: "Name the profile" })
      .trim()
      .min(1, "Name the profile")
      .max(80, "A profile's name is at most 80 characters"),
    headerRow: z.coerce
      .number({ error: `The header row is a row number from 1 to ${MAX_HEADER_ROW}` })
      .int(`The header row is a row number from 1 to ${MAX_HEADER_ROW}`)
      .min(1, `The header row is a row number from 1 to ${MAX_HEADER_ROW}`)
      .max(MAX_HEADER_ROW, `The header row is a row number from 1 to ${MAX_HEADER_ROW}`),
    /** The file's headers on that row, as the file has them: the set the profile is recognised by. */
    headers: z
      .array(z.string().max(200, "A header is at most 200 characters"), { error: "List the file's headers" })
      .max(512, "A file has at most 512 columns"),
    columns: profileColumnsSchema,
    dateOrder: z.enum(DATE_ORDERS, { error: "The date order is dmy (day/month) or mdy (month/day)" }),
    timeZone: z.enum(TIME_ZONES, { error: "The time zone is UTC or Europe/London" }),
    /** Status values that count as a sale (matched trimmed, ignoring case); needed with a status column. */
    saleStatuses: z
      .array(z.string().trim().min(1, "A sale status is not empty").max(100), {
        error: "List the status values that count as a sale",
      })
      .max(50)
      .default([]),
  })
  .superRefine((profile, ctx) => {
    const headers = new Set(profile.headers.map(normaliseHeader).filter(Boolean));
    if (!headers.size) ctx.addIssue({ code: "custom", path: ["headers"], message: "List the file's headers" });
    for (const [field, column] of Object.entries(profile.columns) as [ProfileField, string | null][]) {
      if (column !== null && !headers.has(normaliseHeader(column)))
        ctx.addIssue({
          code: "custom",
          path: ["columns", field],
          message: `${PROFILE_FIELDS[field]}: "${column}" is not one of the file's headers`,
        });
    }
    if (profile.columns.status !== null && !profile.saleStatuses.length)
      ctx.addIssue({
        code: "custom",
        path: ["saleStatuses"],
        message: "Say which status values count as a sale",
      });
  });
export type ImportProfileInput = z.input<typeof importProfileSchema>;
export type ImportProfileDefinition = z.output<typeof importProfileSchema>;

/** A saved profile: its definition and its version (1, then one more each time the name is saved again). */
export interface ImportProfile extends ImportProfileDefinition {
  version: number;
}

/** The profile a receipt keeps: its name and version (and a copy of it, so deleting the profile loses nothing). */
export type ProfileUsed = Pick<ImportProfile, "name" | "version">;

/** A row's headers as a set: normalised (export-cells.ts), blanks dropped, each once, sorted. */
export function headerSet(cells: readonly unknown[]): string[] {
  return [...new Set(cells.map(normaliseHeader).filter(Boolean))].sort();
}

/** The set as one text, stored beside a profile so it is found by its headers. */
export function headerKey(cells: readonly unknown[]): string {
  return JSON.stringify(headerSet(cells));
}

/** Profile names are matched trimmed and ignoring case. */
export const profileNameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/**
 * The profiles whose headers are exactly the set of the file's headers on their header row. None or
 * several: the caller asks (the page) or refuses (the CLI, exit 1); nothing is guessed.
 */
export function profilesMatching<P extends Pick<ImportProfile, "headerRow" | "headers">>(
  table: readonly unknown[][],
  profiles: readonly P[],
): P[] {
  const keys = new Map<number, string>();
  return profiles.filter((profile) => {
    let key = keys.get(profile.headerRow);
    if (key === undefined) keys.set(profile.headerRow, (key = headerKey(table[profile.headerRow - 1] ?? [])));
    return key === headerKey(profile.headers);
  });
}

/** The fields a profile maps, with their columns, for `vendboard profiles show` and the page. */
export function profileLines(profile: ImportProfile): [string, string][] {
  return [
    ["Name", profile.name],
    ["Version", String(profile.version)],
    ["Header row", String(profile.headerRow)],
    ...(Object.keys(PROFILE_FIELDS) as ProfileField[]).map((field): [string, string] => [
      PROFILE_FIELDS[field],
      profile.columns[field] ?? "(none)",
    ]),
    ["Dates", profile.dateOrder === "dmy" ? "day/month" : "month/day"],
    ["Time zone", profile.timeZone],
    ["Sale statuses", profile.saleStatuses.join(", ") || "(every row)"],
  ];
}
