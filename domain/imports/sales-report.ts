/**
 * A telemetry export once read: its rows, the reasons rows are skipped or left out for their date,
 * and the errors that refuse a file. telemetry-export.ts builds it; the import and its answers read it.
 */
import { DomainError } from "../shared/errors.ts";
import type { DateReading } from "./export-dates.ts";

/** A file that cannot be imported: answered as 400 with the spec's message. */
export class SalesReportError extends DomainError {
  constructor(message: string) {
    super("bad_input", message);
    this.name = "SalesReportError";
  }
}

export const SKIP_REASONS = {
  missingTransactionId: "missing transaction id",
  nonNumericCost: "non-numeric cost price",
  nonNumericMachinePrice: "non-numeric machine price",
  nonNumericSettlement: "non-numeric settlement value",
  settledAtZero: "settled at 0 (cancelled or declined vend)",
  badQuantity: "quantity is not a whole number from 1 to 99",
  statusNotSale: "status not counted as a sale",
} as const;
export type SkipReason = keyof typeof SKIP_REASONS;

/**
 * Rows left out for their date (ARCHITECTURE.md section 13): never booked, and a file with any is
 * written only once the user confirms (acceptExclusions, --accept-exclusions, the page's confirm).
 */
export const DATE_REASONS = {
  unreadableDate: "without a readable date",
  notBegun: "dated in a month that has not begun",
  outsideRange: "dated outside the file's date range",
} as const;
export type DateReason = keyof typeof DATE_REASONS;

/** Rows and the revenue (settlement values, refunds netted) they carry. */
export interface Tally {
  count: number;
  revenuePence: number;
}

/** The day/month order of a file's text dates could not be decided: the caller must choose it. */
export class DateOrderNeededError extends SalesReportError {
  readonly example: string;
  constructor(example: string) {
    super(
      `Dates in this file are: day/month or month/day? Its dates (such as ${example}) read either way and nothing in the file decides; choose the order (dmy or mdy) and try again`,
    );
    this.name = "DateOrderNeededError";
    this.example = example;
  }
}

export interface SaleRow {
  /** 1-based row number in the sheet, for messages. */
  rowNumber: number;
  transactionId: string;
  machineName: string | null;
  productName: string;
  costPence: number;
  machinePricePence: number;
  settlementPence: number;
  /** Units the row sold (the Quantity column, 1 where absent or empty): COGS is costPence × quantity. */
  quantity: number;
  /** ISO date-time (UTC), or null when the cell is empty or unreadable. */
  saleDate: string | null;
  /** A negative settlement is a refund: it nets off revenue but is not a unit sold. */
  kind: "sale" | "refund";
  /** "list": the file has no cost column, so costPence comes from the product cost list (cost-list-rules.ts); absent: the file's. */
  costSource?: "file" | "list";
}

export interface ParsedSalesReport {
  rows: SaleRow[];
  /** Data rows read, the totals footer excluded. */
  rowsRead: number;
  /** Rows the spec skips, by reason (counts). */
  skipped: Partial<Record<SkipReason, number>>;
  /** The revenue the skipped rows carry, by reason (where their settlement value is a number). */
  skippedRevenuePence: Partial<Record<SkipReason, number>>;
  /** Rows left out for their date, by reason: these need the user's confirmation. */
  dateExcluded: Partial<Record<DateReason, Tally>>;
  /** How the file's dates were read: the order decided, and the title's range. */
  dates: DateReading;
  /** Totals the file's footer states, when it has one. */
  footer: { costPence: number | null; settlementPence: number | null; units: number | null } | null;
  /** Sale rows left out because neither the file nor the product cost list gives their cost: these need the user's confirmation. */
  noCost?: Tally;
  /** The import profile the file was read with (profile-table.ts); absent for the spec's own layout. */
  profile?: { name: string; version: number };
}
