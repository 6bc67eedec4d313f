/**
 * The product cost list's sheet, pure: a row of headers (product name, cost, and optionally the day
 * the cost applies from), then one product a row. Costs are per unit excluding VAT, in pounds; a row
 * with no from-day applies from the upload's day. A sheet with any bad row is refused whole, each bad
 * row named. Names are matched to products trimmed and ignoring case (productNameKey); the names no
 * product has are listed so the user confirms adding them. See docs/decisions/070-product-cost-list.md.
 */
import { z } from "zod";
import { formatPence, parsePence } from "../shared/money.ts";
import { formatUnits } from "../shared/format.ts";
import { normaliseHeader, cellText, isBlank } from "../imports/export-cells.ts";
import { readExportDate } from "../imports/export-dates.ts";
import { productNameKey } from "../imports/cost-list-rules.ts";

/** One cost to set: a product (by name), its cost of one unit in pence, from a day (yyyy-mm-dd). */
export interface CostLine {
  name: string;
  costPence: number;
  effectiveFrom: string;
}

/** The most rows one cost sheet may have (a catalogue, not an export). */
export const MAX_COST_ROWS = 20_000;
/** The most a cost of one unit may be: £10,000. */
export const MAX_COST_PENCE = 1_000_000;
/** A sheet's bad rows named in its refusal, at most. */
const ERRORS_SHOWN = 5;

const NAME_HEADERS = ["product name", "product", "name", "item", "product selection info"];
const COST_HEADERS = ["cost price", "cost", "unit cost", "cost per unit", "cost price per unit", "cost (ex vat)"];
const FROM_HEADERS = ["from", "from date", "effective from", "applies from", "date"];

export class CostSheetError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CostSheetError";
  }
}

/** A cost as typed (pounds: "0.43", "£1.20"): pence, or null when it is not a whole-penny amount from £0 to £10,000. */
export function costPenceOf(value: unknown): number | null {
  const pence = parsePence(value);
  return pence !== null && pence >= 0 && pence <= MAX_COST_PENCE ? pence : null;
}

/** A from-day as typed or as a date cell: yyyy-mm-dd, dd/mm/yyyy or an Excel date; null when unreadable. */
export function fromDayOf(value: unknown, date1904 = false): string | null {
  const iso = readExportDate(value, { order: "dmy", date1904 });
  return iso && iso.length === 24 && iso >= "1900" ? iso.slice(0, 10) : null;
}

/** One cost as the page's form and the API send it: a product's name, the cost in pounds and an optional from-day. */
export const costInputSchema = z.object({
  name: z
    .string({ error: "Name the product" })
    .trim()
    .min(1, "Name the product")
    .max(200, "A product's name is at most 200 characters"),
  cost: z.union([z.string(), z.number()], { error: "The cost is an amount in pounds, such as 0.43" }),
  from: z.string().trim().optional(),
});

/** A cost line from the form or the API, or the reason it is refused. */
export function costLineOf(input: unknown, today: string): CostLine | string {
  const parsed = costInputSchema.safeParse(input);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "Invalid cost";
  const costPence = costPenceOf(parsed.data.cost);
  if (costPence === null) return "The cost is an amount in pounds from 0 to 10,000, such as 0.43";
  const from = parsed.data.from ? fromDayOf(parsed.data.from) : today;
  if (!from) return "The from-date is a day, such as 2026-10-15 or 15/10/2026";
  return { name: parsed.data.name, costPence, effectiveFrom: from };
}

/**
 * The sheet's cost lines: headers on the first row that has any (product name and cost needed, a
 * from-day optional), then a line per filled row. Blank rows are passed over. Refused (CostSheetError)
 * with each bad row named, the first few, when any row is bad or a product is given twice for a day.
 */
export function readCostSheet(table: readonly unknown[][], today: string, date1904 = false): CostLine[] {
  const headerAt = table.findIndex((row) => row.some((c) => !isBlank(c)));
  if (headerAt < 0) throw new CostSheetError("The sheet is empty: it needs a row of headers (product name, cost)");
  const headers = (table[headerAt] ?? []).map(normaliseHeader);
  const column = (names: string[]) => {
    for (const name of names) if (headers.includes(name)) return headers.indexOf(name);
    return -1;
  };
  const name = column(NAME_HEADERS);
  const cost = column(COST_HEADERS);
  const from = column(FROM_HEADERS);
  if (name < 0 || cost < 0)
    throw new CostSheetError(
      `The sheet's first row needs the headers Product Name and Cost (and optionally From): it has ${
        headers.filter(Boolean).join(", ") || "none"
      }`,
    );
  if (table.length - headerAt - 1 > MAX_COST_ROWS)
    throw new CostSheetError(`The sheet has more than ${formatUnits(MAX_COST_ROWS)} rows: split it`);
  const lines: CostLine[] = [];
  const errors: string[] = [];
  const seen = new Map<string, number>();
  for (const [i, cells] of table.slice(headerAt + 1).entries()) {
    if (!cells.some((c) => !isBlank(c))) continue;
    const row = headerAt + 2 + i;
    const productName = cellText(cells[name]).trim().replace(/\s+/g, " ");
    const costPence = costPenceOf(cells[cost]);
    const effectiveFrom = from >= 0 && !isBlank(cells[from]) ? fromDayOf(cells[from], date1904) : today;
    if (!productName) errors.push(`row ${row} has no product name`);
    else if (costPence === null) errors.push(`row ${row} (${productName}): the cost is not an amount from 0 to 10,000`);
    else if (!effectiveFrom) errors.push(`row ${row} (${productName}): the from-date is not a day`);
    else {
      const key = `${productNameKey(productName)}@${effectiveFrom}`;
      const before = seen.get(key);
      if (before !== undefined) errors.push(`rows ${before} and ${row} both give ${productName} from ${effectiveFrom}`);
      else {
        seen.set(key, row);
        lines.push({ name: productName, costPence, effectiveFrom });
      }
    }
  }
  if (errors.length) {
    const more = errors.length > ERRORS_SHOWN ? ` (and ${errors.length - ERRORS_SHOWN} more)` : "";
    throw new CostSheetError(`Nothing was saved: ${errors.slice(0, ERRORS_SHOWN).join("; ")}${more}`);
  }
  if (!lines.length) throw new CostSheetError("The sheet has no product under its headers");
  return lines;
}

/** The names no product has yet (each once, as first written), matched trimmed and ignoring case. */
export function unknownNames(lines: readonly Pick<CostLine, "name">[], products: readonly string[]): string[] {
  const known = new Set(products.map(productNameKey));
  const unknown = new Map<string, string>();
  for (const line of lines) {
    const key = productNameKey(line.name);
    if (!known.has(key) && !unknown.has(key)) unknown.set(key, line.name);
  }
  return [...unknown.values()];
}

/** "Twix £0.43 from 15/10/2026": a cost line in words for messages and the audit trail. */
export function costLineText(line: CostLine): string {
  const [y, m, d] = line.effectiveFrom.split("-");
  return `${line.name} ${formatPence(line.costPence)} from ${d}/${m}/${y}`;
}
