/**
 * The product cost list at import, pure: each product's cost of one unit (excluding VAT) from a day
 * on, and the cost in force on a sale's date. A file with no cost column (an import profile whose
 * cost price is `null`) takes it for each row; a sale row with no cost in force is left out, "with no
 * cost price", and needs the user's confirmation like every left-out row that carries revenue. The
 * spec's own layout never reaches this: its Cost Price is required. It lives with the imports (which
 * sit below products, DOMAIN_LAYERS) because the import applies it; the list is edited in
 * domain/products/cost-list-service.ts. See docs/decisions/070-product-cost-list.md.
 */
import type { ParsedSalesReport, SaleRow, Tally } from "./sales-report.ts";

/** One entry of the list: a product's cost of one unit from a day (yyyy-mm-dd) on. */
export interface CostEntry {
  productName: string;
  costPence: number;
  effectiveFrom: string;
}

/** The list by product name key, each product's entries oldest first. */
export type CostList = ReadonlyMap<string, readonly CostEntry[]>;

/** Why a row is left out when neither its file nor the cost list gives its cost. */
export const NO_COST_REASON = "with no cost price (none in the file or the product cost list)";

/** Product names are matched trimmed, spaces collapsed, ignoring case: " twix " is Twix. */
export const productNameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

/** The entries as a list to look up: by name key, oldest first (one entry per product and day). */
export function costListOf(entries: readonly CostEntry[]): CostList {
  const list = new Map<string, CostEntry[]>();
  for (const entry of entries) {
    const key = productNameKey(entry.productName);
    list.set(key, [...(list.get(key) ?? []), entry]);
  }
  for (const product of list.values()) product.sort((a, b) => a.effectiveFrom.localeCompare(b.effectiveFrom));
  return list;
}

/**
 * The cost in force for a product on a day (yyyy-mm-dd, or a sale's ISO date-time: its day counts):
 * the entry with the latest from-day not after it. Null before the product's first entry, or for a
 * product the list does not have.
 */
export function costInForce(list: CostList, productName: string, day: string): number | null {
  const entries = list.get(productNameKey(productName));
  if (!entries) return null;
  let found: number | null = null;
  for (const entry of entries) {
    // A from-day sorts before every time of that day ("2026-10-15" < "2026-10-15T00:00:00.000Z").
    if (entry.effectiveFrom > day) break;
    found = entry.costPence;
  }
  return found;
}

/**
 * A report read from a file with no cost column (its rows marked `costSource: "list"`), costed from
 * the list: each row takes the cost in force on its sale date (its COGS is that times its quantity,
 * as for every row). A sale with none is left out with its revenue under NO_COST_REASON; a refund
 * adds no cost (COGS counts sales only), so it is kept, at the list's cost where there is one, else 0.
 * Rows costed from their file pass unchanged.
 */
export function applyCostList(report: ParsedSalesReport, list: CostList): ParsedSalesReport {
  if (!report.rows.some((row) => row.costSource === "list")) return report;
  const rows: SaleRow[] = [];
  const noCost: Tally = { count: 0, revenuePence: 0 };
  for (const row of report.rows) {
    if (row.costSource !== "list") {
      rows.push(row);
      continue;
    }
    const cost = row.saleDate ? costInForce(list, row.productName, row.saleDate) : null;
    if (cost === null && row.kind === "sale") {
      noCost.count++;
      noCost.revenuePence += row.settlementPence;
      continue;
    }
    rows.push({ ...row, costPence: cost ?? 0 });
  }
  return noCost.count ? { ...report, rows, noCost } : { ...report, rows };
}

/** Where the costs of a machine's month came from: its new sale lines' sources, file first. */
export function costSourcesOf(rows: readonly Pick<SaleRow, "kind" | "costSource">[]): ("file" | "list")[] {
  const sources = new Set(rows.filter((r) => r.kind === "sale").map((r) => r.costSource ?? "file"));
  return (["file", "list"] as const).filter((s) => sources.has(s));
}

/** "file", "cost list", "file and cost list": the words the preview, the page and the CLI use. */
export function costSourceWords(sources: readonly ("file" | "list")[]): string {
  return sources.map((s) => (s === "file" ? "file" : "cost list")).join(" and ");
}
