/**
 * The shapes of an import: what the caller asks for (files, options, mode), what each file and each
 * machine's month answers, and the two confirmations (rows left out for their date, late sales in
 * paid months) a file waits for before it is written.
 */
import type { SharedName } from "./machine-names.ts";
import type { BookingMachine } from "./booking-rules.ts";
import { DomainError } from "../shared/errors.ts";
import type { DateOrder } from "./export-dates.ts";
import type { ProfileUsed } from "./import-profile.ts";
import type { ReadLimits } from "./read-limits.ts";
import { paidMonthChangeText, type PaidMonthChange } from "../commissions/correction-words.ts";
import type { FooterCheck, SalesSummary } from "./telemetry-export.ts";
import { leftOutSentence, type LeftOut } from "./import-words.ts";

export interface Exclusion {
  reason: string;
  count: number;
  /** The revenue the rows carry, where known. */
  revenuePence?: number;
}

export type { LeftOut } from "./import-words.ts";
export type { PaidMonthChange } from "../commissions/correction-words.ts";

/**
 * A file whose new rows fall in a partner's paid month (late sales) was not written: 409 naming each
 * month, its partner and the difference, and where it would go, until the user confirms
 * (adjustPaidMonths, --adjust-paid-months, the page's checkbox).
 */
export class PaidMonthsNeedConfirmationError extends DomainError {
  readonly changes: PaidMonthChange[];
  constructor(changes: PaidMonthChange[]) {
    super(
      "conflict",
      `This import adds late sales to paid months, which keep what they paid: ${changes.map(paidMonthChangeText).join("; ")}. Nothing was imported from this file: confirm adding the differences to the next open month (adjustPaidMonths in the API, --adjust-paid-months in the CLI).`,
    );
    this.name = "PaidMonthsNeedConfirmationError";
    this.changes = changes;
  }
}

/**
 * A file whose rows left out need the user's confirmation (their date cannot be read, their month
 * has not begun, or they fall outside the title's range) was not written: 409, naming each reason
 * with its rows and revenue (ARCHITECTURE.md section 13).
 */
export class ExclusionsNeedConfirmationError extends DomainError {
  readonly leftOut: LeftOut[];
  constructor(leftOut: LeftOut[]) {
    super(
      "conflict",
      `${leftOut.map(leftOutSentence).join("; ")}. Nothing was imported from this file: confirm that these rows are left out (acceptExclusions in the API, --accept-exclusions in the CLI) to import the rest.`,
    );
    this.name = "ExclusionsNeedConfirmationError";
    this.leftOut = leftOut;
  }
}

export interface ImportGroupResult extends SalesSummary {
  machineId: number;
  location: string;
  partnerId: number;
  partnerName: string;
  month: string;
  recordId: number | null;
  /** Rows of the file for this machine and month. */
  rows: number;
  /** New rows stored (the figures above are theirs). */
  imported: number;
  /** Already imported to this machine. */
  duplicates: number;
  /** Already booked to another machine, by its location: never imported twice. */
  alreadyBooked: Exclusion[];
  /** New rows in a month the partner's commission was paid for: late sales, booked only once confirmed (paidMonths). */
  monthClosed: number;
  /** Every reason rows of this machine's month were left out (duplicates, already booked), with revenue. */
  leftOut: LeftOut[];
  /** The month is the partner's paid month: its new rows are late sales (see FileImportResult.paidMonths). */
  paidMonth: boolean;
  /** Where the costs of its new sales came from: the file, the product cost list, or both (none without new sales). */
  costFrom: ("file" | "list")[];
  warnings: string[];
}

export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

export interface ImportOptions {
  actorId: number | null;
  /** Where uploaded files are kept (the data directory). */
  dataDir: string;
  dryRun?: boolean;
  /** The user confirmed that rows left out for their date may be (acceptExclusions, --accept-exclusions). */
  acceptExclusions?: boolean;
  /** The user confirmed booking late sales into paid months, their differences added to the next open month. */
  adjustPaidMonths?: boolean;
  /**
   * Read each file on this thread rather than in a worker (telemetry-export-reader.ts): for a process
   * with nothing else to serve and one file to read (`vendboard import` of one file). Otherwise files
   * are read in workers, the next while this one is written.
   */
  readOnThisThread?: boolean;
  /** Reading limits other than the defaults (read-limits.ts): `vendboard import`'s flags for a trusted file. */
  readLimits?: Partial<ReadLimits>;
  /** How long a large file waits for another being read (parse-gate.ts); the CLI waits as long as it takes. */
  queueWaitMs?: number;
}

export interface ImportMode {
  /** Every row to this machine (the per-machine upload, `import --machine`). */
  machineId?: number;
  /** Only rows dated in this month; the others are counted and left out, never re-dated. */
  month?: string;
  /** Machine Name → machine id, chosen by the admin for names no machine answers to. */
  mappings?: ReadonlyMap<string, number>;
  /** The day/month order of text dates, for files that do not decide it themselves (every file, or by file name). */
  dateOrder?: DateOrder;
  dateOrders?: ReadonlyMap<string, DateOrder>;
  /** The import profile every file is read with (`profile`, `--profile`); else the spec's layout or the profile its headers match. */
  profile?: string;
  /** The profile chosen by file name (the page's choice among several matching), before `profile`. */
  profiles?: ReadonlyMap<string, string>;
}

export interface FileImportResult {
  fileName: string;
  sha256: string;
  rowsRead: number;
  /** Rows the parser could not use (missing id, non-numeric prices, settled at 0). */
  skipped: Exclusion[];
  /** Rows left out for their date (outside the month asked for, or no readable date). */
  outsideMonth: Exclusion[];
  /** Machine Names no machine answers to: map them to a machine, then import. */
  unmapped: Exclusion[];
  /** Machine Names several machines answer to, each with those machines (also in `unmapped`: map them, or give one a telemetry name). */
  shared: SharedName[];
  /** Machine Names the admin's mappings routed (reason = the name), with their rows. */
  mapped: Exclusion[];
  groups: ImportGroupResult[];
  footerAgrees: boolean | null;
  /** The footer's units and money beside the rows' and the difference (null without a footer). */
  footer: FooterCheck | null;
  /** Every row the file leaves out, by reason, with the revenue it carries. */
  leftOut: LeftOut[];
  /** Some rows are left out for their date: the file is written only once that is confirmed. */
  needsConfirmation: boolean;
  /** How the file's text dates were read: day/month (dmy) or month/day (mdy), and what decided it. */
  dateOrder: DateOrder | null;
  dateOrderDecidedBy: string | null;
  /** Paid months the file's new rows reach (late sales): what each paid, comes to, and where the difference goes. */
  paidMonths: PaidMonthChange[];
  /** The import profile the file was read with (its name and version); null for the spec's own layout. */
  profile: ProfileUsed | null;
}

/** A file that cannot be read until the user says how its dates are written ("Dates in this file are: day/month or month/day"). */
export type FileOutcome =
  | { fileName: string; ok: true; result: FileImportResult }
  | {
      fileName: string;
      ok: false;
      error: string;
      status: number;
      needsDateOrder?: boolean;
      /** Refused for its headers (the spec's refusal, no saved profile matching): the page offers Map columns. */
      needsProfile?: boolean;
      /** Several saved profiles match its headers: the page asks which. */
      profiles?: string[];
      leftOut?: LeftOut[];
      paidMonths?: PaidMonthChange[];
    };

export interface Machines {
  list: (BookingMachine & { partnerName: string })[];
  byId: Map<number, BookingMachine & { partnerName: string }>;
}

export type ExportSource = ImportFile | { name: string; load: () => Uint8Array };

export interface UploadResult extends ImportGroupResult {
  fileName: string;
  rowsRead: number;
  skipped: Exclusion[];
  /** Rows left out for their date, counted: "98 rows are dated September 2026". */
  outsideMonth: number;
  /** Every reason rows were left out, as sentences with revenue for the preview and the receipt. */
  excluded: string[];
  footerAgrees: boolean | null;
  footer: FooterCheck | null;
  /** Every row the file leaves out, by reason, with its revenue (the file's and this machine's month's). */
  leftOut: LeftOut[];
  /** Rows left out for their date: Save needs the user's confirmation (acceptExclusions). */
  needsConfirmation: boolean;
  /** The month is paid: its new rows are late sales, saved only with adjustPaidMonths (the difference and where it goes). */
  paidMonths: PaidMonthChange[];
  dateOrder: DateOrder | null;
  dateOrderDecidedBy: string | null;
  profile: ProfileUsed | null;
}

export interface UploadInput {
  machineId: number;
  month: string;
  file: ImportFile;
  /** The day/month order of text dates, where the file does not decide it. */
  dateOrder?: DateOrder;
  /** The import profile to read the file with (else the spec's layout, or the profile its headers match). */
  profile?: string;
}
