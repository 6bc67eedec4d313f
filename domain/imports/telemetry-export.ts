/**
 * The telemetry export (Nayax "Dynamic Transactions Monitor"): its rows interpreted, pure. Row 1 is
 * a title, row 2 the headers, data from row 3. Files are read in telemetry-export-reader.ts (off the main
 * thread); the web upload, its preview and the CLI all go through it.
 */
import { parsePence } from "../shared/money.ts";
import {
  decideDateOrder,
  insideRange,
  monthNotBegunFrom,
  readExportDate,
  type DateOrder,
  type DateRange,
  type DateReading,
} from "./export-dates.ts";
import { cellText, isBlank, normaliseHeader, quantityOf, transactionIdOf } from "./export-cells.ts";
import {
  DateOrderNeededError,
  SalesReportError,
  type DateReason,
  type ParsedSalesReport,
  type SaleRow,
  type SkipReason,
  type Tally,
} from "./sales-report.ts";

// The report's shapes, a cell's reading and the rows' totals are their own modules; callers keep importing them from here.
export {
  DATE_REASONS,
  DateOrderNeededError,
  SalesReportError,
  SKIP_REASONS,
  type DateReason,
  type ParsedSalesReport,
  type SaleRow,
  type SkipReason,
  type Tally,
} from "./sales-report.ts";
export { MAX_QUANTITY, normaliseHeader, parseSaleDate, quantityOf, transactionIdOf } from "./export-cells.ts";
export {
  footerAgrees,
  footerCheck,
  footerSentence,
  summariseSales,
  TOP_PRODUCTS,
  type FooterCheck,
  type FooterFigure,
  type ProductCount,
  type SalesSummary,
} from "./sales-totals.ts";

export const HEADERS = {
  machineName: "Machine Name",
  productName: "Product Name",
  costPrice: "Cost Price",
  machinePrice: "Machine Price",
  settlementValue: "Settlement Value (Vend Price)",
  authorizationDate: "Authorization Date and Time (GMT)",
  transactionId: "Transaction ID",
  quantity: "Quantity",
} as const;
type Column = keyof typeof HEADERS;

const REQUIRED: Column[] = [
  "productName",
  "costPrice",
  "machinePrice",
  "settlementValue",
  "authorizationDate",
  "transactionId",
];

export interface InterpretOptions {
  requireMachineName?: boolean;
  /** The day/month order chosen by the user, used only where the file does not decide itself. */
  dateOrder?: DateOrder | null;
  /** The workbook counts date serials from 1904. */
  date1904?: boolean;
  /** Now: rows of a month after this one have not happened yet. */
  now?: Date;
  /** The most data rows (MAX_ROWS unless `vendboard import` raised it for a trusted file). */
  maxRows?: number;
  /** The fewest rows, title and headers included (4 by the spec; a file read through a profile needs one data row). */
  minRows?: number;
  /** The file carries no cost (an import profile without a cost column): rows are costed from the product cost list after reading. */
  costFromList?: boolean;
}

/** The most data rows one file may carry (a month of a very busy machine is a few thousand). */
export const MAX_ROWS = 200_000;

/** The rows of an export's first sheet (as readSheet gives them) interpreted: pure. */
export function interpretSalesTable(table: readonly unknown[][], options: InterpretOptions = {}): ParsedSalesReport {
  const maxRows = options.maxRows ?? MAX_ROWS;
  if (table.length > maxRows + 3) {
    // sheetRows stopped reading one row past the cap: the file has more rows than one export may.
    throw new SalesReportError(
      `The file has more than ${maxRows.toLocaleString("en-GB")} rows: split it into smaller exports`,
    );
  }
  if (table.length < (options.minRows ?? 4)) {
    throw new SalesReportError(
      "Excel file does not contain enough rows. Expected headers in row 2 and at least one data row.",
    );
  }
  const headerRow = (table[1] ?? []).map(normaliseHeader);
  const index = {} as Record<Column, number>;
  for (const column of Object.keys(HEADERS) as Column[])
    index[column] = headerRow.indexOf(normaliseHeader(HEADERS[column]));
  const required = options.requireMachineName ? [...REQUIRED, "machineName" as const] : REQUIRED;
  const missing = required.filter((column) => index[column] < 0).map((column) => HEADERS[column]);
  if (missing.length) throw new SalesReportError(`Missing required headers: ${missing.join(", ")}`);

  const dates = readingOf(table, index.authorizationDate, options.dateOrder);
  const rows: SaleRow[] = [];
  const skipped: Partial<Record<SkipReason, number>> = {};
  const skippedRevenuePence: Partial<Record<SkipReason, number>> = {};
  const dateExcluded: Partial<Record<DateReason, Tally>> = {};
  let footer: ParsedSalesReport["footer"] = null;
  let rowsRead = 0;
  const skip = (reason: SkipReason, revenuePence: number | null = null) => {
    skipped[reason] = (skipped[reason] ?? 0) + 1;
    skippedRevenuePence[reason] = (skippedRevenuePence[reason] ?? 0) + (revenuePence ?? 0);
  };
  const leaveOut = (reason: DateReason, revenuePence: number) => {
    const tally = (dateExcluded[reason] ??= { count: 0, revenuePence: 0 });
    tally.count++;
    tally.revenuePence += revenuePence;
  };
  const notBegun = monthNotBegunFrom(options.now ?? new Date());
  // Prices repeat across a file's rows, and its dates fall on a few days: each is read once.
  const amounts = new Map<unknown, number | null>();
  const pence = (value: unknown) => {
    if (typeof value !== "number") return parsePence(value);
    let amount = amounts.get(value);
    if (amount === undefined) amounts.set(value, (amount = parsePence(value)));
    return amount;
  };
  const days = new Map<number, string>();

  for (let r = 2; r < table.length; r++) {
    const cells = table[r] ?? [];
    const cell = (column: Column) => (index[column] >= 0 ? cells[index[column]] : null);
    const transactionId = transactionIdOf(cell("transactionId"));
    // A totals footer: 'Total' in its first filled cell, and no transaction id of its own.
    const first = cells.find((c) => !isBlank(c));
    const totalLabel = typeof first === "string" && /^totals?:?$/i.test(first.trim()) ? first.trim() : null;
    if (totalLabel && (!transactionId || transactionId === totalLabel)) {
      const units = cell("quantity");
      footer = {
        costPence: parsePence(cell("costPrice")),
        settlementPence: parsePence(cell("settlementValue")),
        units:
          typeof units === "number" || (typeof units === "string" && /^\s*\d+\s*$/.test(units)) ? Number(units) : null,
      };
      continue;
    }
    rowsRead++;
    const costPence = pence(cell("costPrice"));
    const machinePricePence = pence(cell("machinePrice"));
    const settlementPence = pence(cell("settlementValue"));
    if (!transactionId) {
      skip("missingTransactionId", settlementPence);
      continue;
    }
    if (costPence === null && !options.costFromList) {
      skip("nonNumericCost", settlementPence);
      continue;
    }
    if (machinePricePence === null) {
      skip("nonNumericMachinePrice", settlementPence);
      continue;
    }
    if (settlementPence === null) {
      skip("nonNumericSettlement");
      continue;
    }
    if (settlementPence === 0) {
      skip("settledAtZero");
      continue;
    }
    // A refund may carry its quantity negative (-1): it is the same unit returned.
    const quantity = quantityOf(cell("quantity"), settlementPence < 0);
    if (quantity === null) {
      skip("badQuantity", settlementPence);
      continue;
    }
    const saleDate = readExportDate(cell("authorizationDate"), {
      order: dates.order,
      date1904: options.date1904,
      days,
    });
    // A year outside 1900-9999 (a serial of millions, a negative one) is no sale date either.
    if (saleDate === null || saleDate.length !== 24 || saleDate < "1900") {
      leaveOut("unreadableDate", settlementPence);
      continue;
    }
    if (saleDate.slice(0, 7) >= notBegun) {
      leaveOut("notBegun", settlementPence);
      continue;
    }
    if (dates.range && !insideRange(saleDate, dates.range)) {
      leaveOut("outsideRange", settlementPence);
      continue;
    }
    const machineName = cell("machineName");
    rows.push({
      rowNumber: r + 1,
      transactionId,
      machineName: isBlank(machineName) ? null : String(machineName).trim(),
      productName: cellText(cell("productName")).trim() || "Unknown product",
      costPence: costPence ?? 0,
      machinePricePence,
      settlementPence,
      quantity,
      saleDate,
      kind: settlementPence < 0 ? "refund" : "sale",
      ...(options.costFromList ? { costSource: "list" as const } : {}),
    });
  }
  if (!rows.length && !Object.keys(dateExcluded).length)
    throw new SalesReportError("No valid transaction data found in the Excel file");
  return { rows, rowsRead, skipped, skippedRevenuePence, dateExcluded, dates, footer };
}

/**
 * The file's reading of its dates, decided once from the title (row 1) and the date column's text
 * (export-dates.ts). Ambiguous with no order given: DateOrderNeededError, so nothing is guessed.
 */
function readingOf(table: readonly unknown[][], dateColumn: number, given: DateOrder | null | undefined): DateReading {
  const title = (table[0] ?? []).map(cellText).join(" ");
  const cells = function* () {
    for (let r = 2; r < table.length; r++) yield table[r]?.[dateColumn];
  };
  const reading = decideDateOrder(title, cells(), given);
  if (reading.ambiguous) {
    const example = [...cells()].find(
      (c): c is string =>
        typeof c === "string" &&
        /^\s*\d{1,2}[/.-]\d{1,2}[/.-]/.test(c) &&
        readExportDate(c, { order: "dmy" }) !== readExportDate(c, { order: "mdy" }),
    );
    throw new DateOrderNeededError((example ?? "").trim());
  }
  return reading;
}

/** The title's range in words for messages: "01/10/2026 to 31/10/2026". */
export function rangeText(range: DateRange): string {
  const uk = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  return `${uk(range.from)} to ${uk(range.to)}`;
}

export function monthOfSale(row: Pick<SaleRow, "saleDate">): string | null {
  return row.saleDate ? row.saleDate.slice(0, 7) : null;
}
