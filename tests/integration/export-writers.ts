/**
 * Telemetry exports written by the tests themselves: workbooks with SheetJS (dates as date
 * cells in the 1900 or 1904 system, or as text in any form), CSV files (comma or semicolon, decimal
 * point or comma, UTF-8 with or without BOM or Windows-1252), and the requests that carry them to
 * the machine upload and /admin/import.
 */
import * as XLSX from "xlsx";
import { action as uploadAction } from "#app/routes/api.machines.$id.records.ts";
import { action as previewAction } from "#app/routes/api.machines.$id.records.preview.ts";
import { action as adminImportAction } from "#app/routes/admin.import.tsx";
import type { ImportActionData } from "#app/utils/import.server.ts";
import { db } from "#app/utils/db.server.ts";
import { BASE } from "./http.ts";

export const TITLE_OCTOBER = "Dynamic Transactions Monitor - 01/10/2026 - 31/10/2026";
export const TITLE_NO_RANGE = "Dynamic Transactions Monitor Mega";

export const EXPORT_HEADERS = [
  "Transaction ID",
  "Machine Name",
  "Product Name",
  "Cost Price",
  "Machine Price",
  "Settlement Value (Vend Price)",
  "Authorization Date and Time (GMT)",
] as const;

const DAY_MS = 86_400_000;
/** Days from Excel's 1900 epoch (as SheetJS counts it) to 1970-01-01. */
const EPOCH_1900 = 25569;
/** Days between the 1900 and 1904 date systems. */
const EPOCH_1904_OFFSET = 1462;

const two = (n: number) => String(n).padStart(2, "0");
const parts = (iso: string) => {
  const at = new Date(iso);
  return {
    y: at.getUTCFullYear(),
    m: at.getUTCMonth() + 1,
    d: at.getUTCDate(),
    hh: at.getUTCHours(),
    mm: at.getUTCMinutes(),
    ss: at.getUTCSeconds(),
  };
};

/** An instant as an Excel serial day (1900 system, or 1904). */
export const serialOf = (iso: string, date1904 = false) =>
  Date.parse(iso) / DAY_MS + EPOCH_1900 - (date1904 ? EPOCH_1904_OFFSET : 0);
/** An Excel serial (1900 system) as the instant it stands for, rounded to the second. */
export const isoOfSerial = (serial: number) =>
  new Date(Math.round((serial - EPOCH_1900) * 86_400) * 1000).toISOString();

/** A date cell: the serial with a date format, as Excel writes one. */
export const dateCell = (iso: string, date1904 = false) => ({
  t: "n",
  v: serialOf(iso, date1904),
  z: "dd/mm/yyyy hh:mm:ss",
});
/** `2026-10-01 07:40:26` (no zone: UTC). */
export const isoText = (iso: string) => iso.slice(0, 19).replace("T", " ");
/** `01/10/2026 07:40:26`, or `01/10/2026` without the time. */
export const dayFirstText = (iso: string, time = true) => {
  const { y, m, d, hh, mm, ss } = parts(iso);
  return `${two(d)}/${two(m)}/${y}${time ? ` ${two(hh)}:${two(mm)}:${two(ss)}` : ""}`;
};
/** As the telemetry system writes its dates: `10/1/2026 7:40:26 AM`. */
export const telemetryText = (iso: string) => {
  const { y, m, d, hh, mm, ss } = parts(iso);
  return `${m}/${d}/${y} ${hh % 12 || 12}:${two(mm)}:${two(ss)} ${hh < 12 ? "AM" : "PM"}`;
};
/** Month-first with a 24-hour time: `10/3/2026 15:04:05`. */
export const monthFirst24Text = (iso: string) => {
  const { y, m, d, hh, mm, ss } = parts(iso);
  return `${m}/${d}/${y} ${two(hh)}:${two(mm)}:${two(ss)}`;
};

export interface WorkbookOptions {
  title?: string;
  headers?: readonly string[];
  date1904?: boolean;
  bookType?: "xlsx" | "xls";
}

/** A workbook of one sheet: row 1 the title, row 2 the headers, then the rows (cells may be cell objects). */
export function workbookBytes(rows: unknown[][], options: WorkbookOptions = {}): Uint8Array {
  const sheet = XLSX.utils.aoa_to_sheet([
    [options.title ?? TITLE_OCTOBER],
    [...(options.headers ?? EXPORT_HEADERS)],
    ...rows,
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Transactions");
  if (options.date1904) book.Workbook = { WBProps: { date1904: true } };
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: options.bookType ?? "xlsx" }) as ArrayBuffer);
}

/** The `<workbookPr …>` element of an .xlsx as written: where the 1904 flag lives. */
export function workbookPr(bytes: Uint8Array): string {
  const zip = XLSX.CFB.read(bytes, { type: "array" });
  const entry = XLSX.CFB.find(zip, "/xl/workbook.xml");
  if (!entry) throw new Error("no xl/workbook.xml in the file");
  return /<workbookPr\b[^>]*>/.exec(Buffer.from(entry.content as Uint8Array).toString("utf8"))?.[0] ?? "";
}

/** A cell as SheetJS reads it raw. */
export type RawCell = string | number | boolean | null;

/** A sheet's cells as SheetJS reads them raw (numbers, text, null), blank rows dropped. */
export function rawTable(bytes: Uint8Array): RawCell[][] {
  const book = XLSX.read(bytes, { type: "array" });
  return XLSX.utils.sheet_to_json<RawCell[]>(book.Sheets[book.SheetNames[0]], {
    header: 1,
    raw: true,
    defval: null,
    blankrows: false,
  });
}

/**
 * Windows-1252 for the text a test writes: ASCII, £ (0xA3) and the rest of Latin-1's upper half
 * (0xA0-0xFF are the same code points in both). A zero-width space has no byte in Windows-1252, so it
 * is written as a no-break space (0xA0), which header matching treats the same. Anything else throws.
 */
export function encodeWindows1252(text: string): Uint8Array {
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) out[i] = c;
    else if (c === 0x200b) out[i] = 0xa0;
    else
      throw new Error(`no Windows-1252 byte for U+${c.toString(16).toUpperCase().padStart(4, "0")} in the test's text`);
  }
  return out;
}

export interface CsvVariant {
  name: string;
  separator: "," | ";";
  /** Amounts written with a decimal comma (semicolon files only). */
  decimalComma: boolean;
  encoding: "utf-8" | "windows-1252";
  bom: boolean;
  /** Amounts written with a £ in front. */
  pound: boolean;
  /** How date cells are written: as the telemetry system does (`10/1/2026 7:40:26 AM`) or ISO text. */
  dates: "telemetry" | "iso";
  lineEnding: "\r\n" | "\n";
}

export const CSV_VARIANTS: CsvVariant[] = [
  {
    name: "comma, UTF-8 with BOM",
    separator: ",",
    decimalComma: false,
    encoding: "utf-8",
    bom: true,
    pound: false,
    dates: "telemetry",
    lineEnding: "\r\n",
  },
  {
    name: "comma, Windows-1252",
    separator: ",",
    decimalComma: false,
    encoding: "windows-1252",
    bom: false,
    pound: true,
    dates: "iso",
    lineEnding: "\r\n",
  },
  {
    name: "semicolon, decimal comma, UTF-8",
    separator: ";",
    decimalComma: true,
    encoding: "utf-8",
    bom: false,
    pound: true,
    dates: "iso",
    lineEnding: "\n",
  },
  {
    name: "semicolon, decimal comma, Windows-1252",
    separator: ";",
    decimalComma: true,
    encoding: "windows-1252",
    bom: false,
    pound: true,
    dates: "telemetry",
    lineEnding: "\r\n",
  },
];

/** One field as Excel writes it: quoted only when it holds the separator, a quote or a line break. */
export function csvField(value: string, separator: "," | ";"): string {
  return value.includes(separator) || /["\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** Text lines (already formatted fields) as the file's bytes. */
export function csvBytes(
  lines: string[][],
  variant: Pick<CsvVariant, "separator" | "encoding" | "bom" | "lineEnding">,
): Uint8Array {
  const text =
    lines
      .map((fields) => fields.map((f) => csvField(f, variant.separator)).join(variant.separator))
      .join(variant.lineEnding) + variant.lineEnding;
  if (variant.encoding === "windows-1252") return encodeWindows1252(text);
  return new TextEncoder().encode(`${variant.bom ? "\uFEFF" : ""}${text}`);
}

/** The file's text as it decodes (for comparing lines): UTF-8 without its BOM, or Windows-1252. */
export function csvText(bytes: Uint8Array, encoding: CsvVariant["encoding"]): string {
  if (encoding === "utf-8") return new TextDecoder("utf-8").decode(bytes);
  return String.fromCharCode(...bytes);
}

const normalised = (header: RawCell | undefined) =>
  String(header ?? "")
    .replace(/[\u200B-\u200D\u2060\uFEFF\u00A0]/g, " ")
    .trim()
    .replace(/\s+/g, " ")
    .toLowerCase();

/**
 * The CSV twin of a workbook's first sheet, written from its own cells (read raw): title row,
 * headers with their stray spaces, every data row and the footer; dates (serials in the date
 * columns) as the telemetry system writes them or as ISO; amounts with a decimal point or comma.
 */
export function csvTwin(workbook: Uint8Array, variant: CsvVariant): Uint8Array {
  const table = rawTable(workbook);
  const headers = (table[1] ?? []).map(normalised);
  const dateColumns = new Set(headers.flatMap((h, i) => (h.includes("date and time") ? [i] : [])));
  const moneyColumns = new Set(
    headers.flatMap((h, i) =>
      ["cost price", "machine price", "settlement value (vend price)"].includes(h) ? [i] : [],
    ),
  );
  const width = Math.max(...table.map((row) => row.length));
  const lines = table.map((row, r) =>
    Array.from({ length: width }, (_, c) => {
      const cell = row[c];
      if (cell === null || cell === undefined) return "";
      if (typeof cell !== "number" || r < 2) return String(cell);
      if (dateColumns.has(c)) {
        const iso = isoOfSerial(cell);
        return variant.dates === "telemetry" ? telemetryText(iso) : isoText(iso);
      }
      if (moneyColumns.has(c)) {
        const amount = String(cell);
        return `${variant.pound ? "£" : ""}${variant.decimalComma ? amount.replace(".", ",") : amount}`;
      }
      // Ids, quantities, site numbers: whole numbers, never in exponent form.
      return Number.isInteger(cell) ? cell.toFixed(0) : String(cell);
    }),
  );
  return csvBytes(lines, variant);
}

type Route = (args: {
  request: Request;
  params: Record<string, string | undefined>;
  context: unknown;
}) => Promise<Response>;

export interface UploadOptions {
  month?: string;
  bytes?: Uint8Array;
  fileName?: string;
  fields?: Record<string, string>;
  cookie: string | null;
  preview?: boolean;
}

/** A multipart POST to a machine's upload (or its preview), as the Add Monthly Record form sends it. */
export async function postUpload(machineId: number, options: UploadOptions): Promise<Response> {
  const form = new FormData();
  if (options.month !== undefined) form.set("month", options.month);
  for (const [key, value] of Object.entries(options.fields ?? {})) form.set(key, value);
  if (options.bytes)
    form.set("reportFile", new File([new Uint8Array(options.bytes)], options.fileName ?? "report.xlsx"));
  const request = new Request(`${BASE}/api/machines/${machineId}/records${options.preview ? "/preview" : ""}`, {
    method: "POST",
    body: form,
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  const route: Route = options.preview ? previewAction : uploadAction;
  return route({ request, params: { id: String(machineId) }, context: {} });
}

/** A POST to /admin/import's action (Preview or Import) with files and fields, as the page's form sends it. */
export async function postAdminImport(
  fields: Record<string, string>,
  files: { name: string; bytes: Uint8Array }[],
  cookie: string,
): Promise<ImportActionData> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  for (const file of files) form.append("files", new File([new Uint8Array(file.bytes)], file.name));
  const request = new Request(`${BASE}/admin/import`, { method: "POST", body: form, headers: { cookie } });
  const result: unknown = await adminImportAction({ request, params: {}, context: {} });
  if (result instanceof Response) throw new Error(`/admin/import answered ${result.status}`);
  return result as ImportActionData;
}

/** Row counts of every table an import writes to. */
export async function tableCounts() {
  const count = async (
    table: "monthlyRecords" | "sales" | "products" | "importReceipts" | "productSalesMonthly" | "auditLog",
  ) =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    monthlyRecords: await count("monthlyRecords"),
    sales: await count("sales"),
    products: await count("products"),
    importReceipts: await count("importReceipts"),
    productSalesMonthly: await count("productSalesMonthly"),
    auditLog: await count("auditLog"),
  };
}

/** A machine's stored sales, by date, with what the checks need. */
export function salesOf(machineId: number) {
  return db
    .selectFrom("sales")
    .select(["transactionId", "kind", "saleDate", "settlementPence", "costPence", "quantity"])
    .where("machineId", "=", machineId)
    .orderBy("saleDate")
    .orderBy("kind")
    .execute();
}

/** A machine's monthly records: month, units, revenue and COGS in pence. */
export async function recordsOf(machineId: number) {
  const rows = await db
    .selectFrom("monthlyRecords")
    .select(["id", "month", "totalSales", "revenuePence", "cogsPence"])
    .where("machineId", "=", machineId)
    .orderBy("month")
    .execute();
  return rows.map((r) => ({
    ...r,
    totalSales: Number(r.totalSales),
    revenuePence: Number(r.revenuePence),
    cogsPence: Number(r.cogsPence),
  }));
}

/** The audit entries of imports, newest first, with their JSON parsed. */
export async function importAudits() {
  const rows = await db
    .selectFrom("auditLog")
    .select(["actorId", "entityId", "month", "after", "details"])
    .where("action", "=", "import")
    .orderBy("id", "desc")
    .execute();
  return rows.map((r) => ({
    ...r,
    after: r.after ? JSON.parse(r.after) : null,
    details: r.details ? JSON.parse(r.details) : null,
  }));
}

/** Every machine goes (their records, sales, receipts and rollup with them): a transaction is booked once in the business. */
export async function clearMachines(): Promise<void> {
  await db.deleteFrom("machines").execute();
}
