/**
 * What a file's kept rows come to, pure: units, revenue, COGS, refunds and top products, and the
 * check of the file's totals footer against them (in figures and in words).
 */
import { formatPence } from "../shared/money.ts";
import { formatSignedPence } from "../shared/format.ts";
import type { ParsedSalesReport, SaleRow } from "./sales-report.ts";

export interface ProductCount {
  name: string;
  count: number;
}

export interface SalesSummary {
  units: number;
  revenuePence: number;
  cogsPence: number;
  refunds: number;
  topProducts: ProductCount[];
}

export const TOP_PRODUCTS = 10;

/** Units and top products count the quantities of sales only (refunds are not units); refunds net off revenue; COGS is the cost of sales. */
export function summariseSales(
  rows: readonly Pick<SaleRow, "kind" | "settlementPence" | "costPence" | "productName" | "quantity">[],
): SalesSummary {
  let units = 0;
  let revenuePence = 0;
  let cogsPence = 0;
  let refunds = 0;
  const counts = new Map<string, number>();
  for (const row of rows) {
    revenuePence += row.settlementPence;
    if (row.kind === "refund") {
      refunds++;
      continue;
    }
    units += row.quantity;
    cogsPence += row.costPence * row.quantity;
    counts.set(row.productName, (counts.get(row.productName) ?? 0) + row.quantity);
  }
  const topProducts = [...counts]
    .map(([name, count]) => ({ name, count }))
    .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name))
    .slice(0, TOP_PRODUCTS);
  return { units, revenuePence, cogsPence, refunds, topProducts };
}

/** One figure of the footer check: what the footer states, what the rows come to, and the difference. */
export interface FooterFigure {
  footer: number;
  rows: number;
  /** rows − footer. */
  difference: number;
}

export interface FooterCheck {
  agrees: boolean;
  /** Units (the Quantity column's total), where the footer states them. */
  units: FooterFigure | null;
  costPence: FooterFigure | null;
  settlementPence: FooterFigure | null;
}

/**
 * The file's stated totals beside what its kept rows come to (null without a footer): Cost Price
 * and Settlement Value summed over every kept row (refunds included), units over the rows' quantities.
 */
export function footerCheck(
  report: Pick<ParsedSalesReport, "footer" | "rows">,
  rows: readonly SaleRow[] = report.rows,
): FooterCheck | null {
  if (!report.footer) return null;
  let cost = 0;
  let revenue = 0;
  let units = 0;
  for (const row of rows) {
    cost += row.costPence;
    revenue += row.settlementPence;
    units += row.quantity;
  }
  const figure = (footer: number | null, sum: number): FooterFigure | null =>
    footer === null ? null : { footer, rows: sum, difference: sum - footer };
  const check = {
    units: figure(report.footer.units, units),
    costPence: figure(report.footer.costPence, cost),
    settlementPence: figure(report.footer.settlementPence, revenue),
  };
  return {
    agrees: [check.units, check.costPence, check.settlementPence].every((f) => f === null || f.difference === 0),
    ...check,
  };
}

/** Whether the file's stated totals match the rows imported (null without a footer). */
export function footerAgrees(
  report: Pick<ParsedSalesReport, "footer" | "rows">,
  rows: readonly SaleRow[] = report.rows,
): boolean | null {
  return footerCheck(report, rows)?.agrees ?? null;
}

/** "the totals footer differs: units 931 in the footer, 930 in the rows (−1); settlement £1,290.35 in the footer, £1,289.25 in the rows (−£1.10)". */
/** The footer check in words, for the preview, the CLI and the receipt. */
export function footerSentence(check: FooterCheck): string {
  const parts = [
    check.units
      ? `units ${check.units.footer} in the footer, ${check.units.rows} in the rows (${check.units.difference < 0 ? "−" : "+"}${Math.abs(check.units.difference)})`
      : null,
    check.costPence
      ? `cost ${formatPence(check.costPence.footer)} in the footer, ${formatPence(check.costPence.rows)} in the rows (${formatSignedPence(check.costPence.difference)})`
      : null,
    check.settlementPence
      ? `settlement ${formatPence(check.settlementPence.footer)} in the footer, ${formatPence(check.settlementPence.rows)} in the rows (${formatSignedPence(check.settlementPence.difference)})`
      : null,
  ].filter(Boolean);
  return `the totals footer ${check.agrees ? "agrees" : "differs"}: ${parts.join("; ")}`;
}
