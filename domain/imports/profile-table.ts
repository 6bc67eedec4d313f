/**
 * A file's rows read through an import profile (import-profile.ts), pure: `applyProfile` writes them
 * in the spec's layout (a title row, the spec's headers on row 2, the data), so `interpretSalesTable`
 * reads every layout with the same rules and messages. `readExport` chooses how a file is read: the
 * profile asked for; else the spec's layout; else the one saved profile its headers match.
 */
import { parsePence, penceToPounds } from "../shared/money.ts";
import { cellText, isBlank, normaliseHeader, transactionIdOf } from "./export-cells.ts";
import {
  PROFILE_FIELDS,
  profileNameKey,
  profilesMatching,
  type ImportProfile,
  type ProfileField,
} from "./import-profile.ts";
import { SalesReportError, type ParsedSalesReport } from "./sales-report.ts";
import { HEADERS, interpretSalesTable, MAX_ROWS, type InterpretOptions } from "./telemetry-export.ts";
import { applyCostList, type CostList } from "./cost-list-rules.ts";

/** The spec's columns the profile's fields fill, in this order after a label column (for a totals footer). */
const SPEC_COLUMNS: [ProfileField, string][] = [
  ["machineName", HEADERS.machineName],
  ["productName", HEADERS.productName],
  ["costPrice", HEADERS.costPrice],
  ["machinePrice", HEADERS.machinePrice],
  ["settlementValue", HEADERS.settlementValue],
  ["date", HEADERS.authorizationDate],
  ["transactionId", HEADERS.transactionId],
  ["quantity", HEADERS.quantity],
];

export interface ProfiledTable {
  /** The rows in the spec's layout. */
  table: unknown[][];
  /** Each row's number in the file (1-based), by its index in `table`. */
  rowNumbers: number[];
  /** Rows the status rule leaves out, and the settlement they carry. */
  statusLeftOut: { count: number; revenuePence: number };
  /** Refund lines added for rows with a refund amount above 0. */
  refunds: number;
}

const TOTAL_LABEL = /^totals?:?$/i;

/** The file's wall-clock time in London for ISO text that carries its own zone; other cells are already local. */
function londonText(value: unknown): unknown {
  if (typeof value !== "string" || !/^\s*\d{4}-\d{2}-\d{2}[T ].*([zZ]|[+-]\d{2}:?\d{2})\s*$/.test(value)) return value;
  const at = new Date(value.trim());
  if (Number.isNaN(at.getTime())) return value;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", {
      timeZone: "Europe/London",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/**
 * The file's rows in the spec's layout. Rows above the header row are the title (its date range
 * counts as the spec's title's does). A row whose status is not one of the sale statuses is left out
 * and counted; a row with a refund amount above 0 gives a second line, a refund of its transaction.
 */
export function applyProfile(table: readonly unknown[][], profile: ImportProfile): ProfiledTable {
  const headerIndex = profile.headerRow - 1;
  const headers = (table[headerIndex] ?? []).map(normaliseHeader);
  const index = {} as Record<ProfileField, number>;
  const missing: string[] = [];
  for (const field of Object.keys(PROFILE_FIELDS) as ProfileField[]) {
    const column = profile.columns[field];
    index[field] = column === null ? -1 : headers.indexOf(normaliseHeader(column));
    if (column !== null && index[field] < 0) missing.push(column);
  }
  if (missing.length)
    throw new SalesReportError(`Missing the columns import profile "${profile.name}" reads: ${missing.join(", ")}`);

  const title = table.slice(0, headerIndex).flatMap((row) => row.map(cellText).filter(Boolean));
  const out: unknown[][] = [[title.join(" ")], ["", ...SPEC_COLUMNS.map(([, name]) => name)]];
  const rowNumbers = [0, profile.headerRow];
  const sale = new Set(profile.saleStatuses.map(normaliseHeader));
  const statusLeftOut = { count: 0, revenuePence: 0 };
  let refunds = 0;
  for (let r = headerIndex + 1; r < table.length; r++) {
    const cells = table[r] ?? [];
    const cell = (field: ProfileField) => (index[field] >= 0 ? cells[index[field]] : null);
    const first = cells.find((c) => !isBlank(c));
    const label = typeof first === "string" && TOTAL_LABEL.test(first.trim()) ? first.trim() : "";
    const footer = label && (!transactionIdOf(cell("transactionId")) || cellText(cell("transactionId")) === label);
    if (!footer && index.status >= 0 && !sale.has(normaliseHeader(cell("status")))) {
      statusLeftOut.count++;
      statusLeftOut.revenuePence += parsePence(cell("settlementValue")) ?? 0;
      continue;
    }
    const mapped = SPEC_COLUMNS.map(([field]) =>
      field === "date" && profile.timeZone === "Europe/London" ? londonText(cell(field)) : cell(field),
    );
    out.push([footer ? label : "", ...mapped]);
    rowNumbers.push(r + 1);
    const refund = footer ? null : parsePence(cell("refundAmount"));
    if (refund !== null && refund > 0) {
      const line = [...mapped];
      line[SPEC_COLUMNS.findIndex(([field]) => field === "settlementValue")] = penceToPounds(-refund);
      out.push(["", ...line]);
      rowNumbers.push(r + 1);
      refunds++;
    }
  }
  return { table: out, rowNumbers, statusLeftOut, refunds };
}

/**
 * The file read through a profile: the same report the spec's layout gives, its rows numbered as in
 * the file, the status rule's rows among the skipped (with their revenue: reported, no confirmation).
 * A profile with no cost column costs its rows from the product cost list (cost-list-rules.ts).
 */
export function interpretWithProfile(
  table: readonly unknown[][],
  definition: ImportProfile,
  options: InterpretOptions = {},
  costs: CostList = new Map(),
): ParsedSalesReport {
  const profiled = applyProfile(table, definition);
  const costFromList = definition.columns.costPrice === null;
  // The spec's four rows (a title, its headers, two more) are its own layout's rule: a file of another
  // layout needs one data row under its headers, as the spec's message says.
  if (profiled.table.length < 3) throw new SalesReportError("No valid transaction data found in the Excel file");
  const read = interpretSalesTable(profiled.table, {
    ...options,
    minRows: 3,
    dateOrder: options.dateOrder ?? definition.dateOrder,
    maxRows: (options.maxRows ?? MAX_ROWS) + profiled.refunds,
    costFromList,
  });
  const report = costFromList ? applyCostList(read, costs) : read;
  const rows = report.rows.map((row) => ({ ...row, rowNumber: profiled.rowNumbers[row.rowNumber - 1] }));
  const { count, revenuePence } = profiled.statusLeftOut;
  // A refund line the profile added is part of its row: rows read counts the file's rows.
  const counted = { ...report, rows, rowsRead: report.rowsRead - profiled.refunds + count };
  const profile = { name: definition.name, version: definition.version };
  if (!count) return { ...counted, profile };
  return {
    ...counted,
    skipped: { ...report.skipped, statusNotSale: count },
    skippedRevenuePence: { ...report.skippedRevenuePence, statusNotSale: revenuePence },
    profile,
  };
}

/** A file of another layout fails the spec's header check (or, with its headers on row 1, the row count). */
export const isLayoutRefusal = (error: unknown): error is SalesReportError =>
  error instanceof SalesReportError &&
  !(error instanceof ProfileChoiceNeededError) &&
  /^(Missing required headers|Excel file does not contain enough rows)/.test(error.message);

/** Several saved profiles match the file's headers: the user chooses one (nothing is guessed). */
export class ProfileChoiceNeededError extends SalesReportError {
  readonly profiles: string[];
  constructor(profiles: string[]) {
    super(
      `Several import profiles match this file's headers (${profiles.join(", ")}): choose one (profile in the API, --profile in the CLI)`,
    );
    this.name = "ProfileChoiceNeededError";
    this.profiles = profiles;
  }
}

export interface ProfileOptions {
  /** The saved profiles, for recognising a file by its headers. */
  profiles?: readonly ImportProfile[];
  /** The profile the user named (`profile`, `--profile`): used whatever the file's headers. */
  profileName?: string;
  /** The product cost list, for a profile with no cost column (never for the spec's own layout). */
  costs?: CostList;
}

/**
 * How a file is read: the profile named; else the spec's layout, as today; else, when the spec's
 * headers are missing, the one saved profile whose headers are exactly the file's. No profile
 * matching: the spec's refusal, word for word.
 */
export function readExport(
  table: readonly unknown[][],
  choice: ProfileOptions,
  options: InterpretOptions = {},
): ParsedSalesReport {
  const profiles = choice.profiles ?? [];
  if (choice.profileName !== undefined) {
    const profile = profiles.find((p) => profileNameKey(p.name) === profileNameKey(choice.profileName!));
    if (!profile) throw new SalesReportError(`No import profile is named "${choice.profileName.trim()}"`);
    return interpretWithProfile(table, profile, options, choice.costs);
  }
  try {
    return interpretSalesTable(table, options);
  } catch (error) {
    if (!isLayoutRefusal(error)) throw error;
    const matching = profilesMatching(table, profiles);
    if (!matching.length) throw error;
    if (matching.length > 1) throw new ProfileChoiceNeededError(matching.map((p) => p.name).sort());
    return interpretWithProfile(table, matching[0], options, choice.costs);
  }
}
