/**
 * Imports telemetry exports: plans each file's bookings (domain/imports/booking-rules.ts), then writes per
 * machine and month the record, its sales (each transaction once in the business), products, the
 * product rollup, an import receipt and an audit entry, one transaction per file. The per-machine
 * upload, the business-wide import page and `vendboard import` all go through `importExports`.
 *
 * Over 250 lines on purpose: planning a file, writing it and its receipt are one transaction whose
 * steps read best top to bottom; storage (upload-store.ts) and the writer (sales-writer.ts) are apart.
 */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { jsonTextValues } from "#db/dialect.ts";
import { auditMany } from "../shared/audit-writer.ts";
import { insertMany } from "#db/bulk.ts";
import { exclusionSentence, leftOutSentence, type LeftOut } from "./import-words.ts";
import {
  bookingKey,
  describeOutsideMonth,
  machineNamesOf,
  machineRouter,
  normaliseMachineName,
  planBookings,
  type BookingMachine,
  type BookingPlan,
  type ExistingBooking,
  type PlannedGroup,
} from "./booking-rules.ts";
import { formatMonth } from "../shared/dates.ts";
import { badInput, DomainError, notFound } from "../shared/errors.ts";
import type { DateOrder } from "./export-dates.ts";
import { trialWrite } from "../shared/trial.ts";
import { closedMonthKeys } from "../month-close/month-close-service.ts";
import { addCorrections, paidMonthChanges, paidMonthsBefore } from "../commissions/correction-service.ts";
import { paidMonthChangeText, type PaidMonthChange } from "../commissions/correction-words.ts";
import {
  DATE_REASONS,
  DateOrderNeededError,
  footerCheck,
  monthOfSale,
  rangeText,
  SalesReportError,
  SKIP_REASONS,
  type FooterCheck,
  type ParsedSalesReport,
  type SaleRow,
  type SalesSummary,
} from "./telemetry-export.ts";
import { parseSalesReport } from "./telemetry-export-reader.ts";
import { sha256, storeUpload } from "./upload-store.ts";
import { writeGroups } from "./sales-writer.ts";

// The upload store and the record writer are their own modules; callers keep importing them from here.
export { pruneUploads, readUpload, sha256, storeUpload } from "./upload-store.ts";
export { recomputeRecord } from "./sales-writer.ts";

type DB = Kysely<Database>;

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
}

/** Plain-language skip reasons for receipts and previews. */
export function describeSkipped(
  skipped: ParsedSalesReport["skipped"],
  revenue: ParsedSalesReport["skippedRevenuePence"] = {},
): Exclusion[] {
  return Object.entries(skipped).map(([reason, count]) => ({
    reason: SKIP_REASONS[reason as keyof typeof SKIP_REASONS],
    count: count ?? 0,
    revenuePence: revenue[reason as keyof typeof SKIP_REASONS] ?? 0,
  }));
}

/** The file's rows left out for their date: each needs the user's confirmation. */
function dateLeftOut(report: ParsedSalesReport): LeftOut[] {
  return (Object.keys(DATE_REASONS) as (keyof typeof DATE_REASONS)[]).flatMap((key) => {
    const tally = report.dateExcluded[key];
    if (!tally) return [];
    const reason =
      key === "outsideRange" && report.dates.range
        ? `${DATE_REASONS[key]} (${rangeText(report.dates.range)})`
        : DATE_REASONS[key];
    return [
      { kind: "date" as const, reason, count: tally.count, revenuePence: tally.revenuePence, needsConfirmation: true },
    ];
  });
}

const reported = (kind: LeftOut["kind"], reason: string, count: number, revenuePence: number): LeftOut[] =>
  count ? [{ kind, reason, count, revenuePence, needsConfirmation: false }] : [];

/** Everything a file leaves out, each reason with its rows and revenue: those needing confirmation first. */
function fileLeftOut(report: ParsedSalesReport, plan: BookingPlan, groups: ImportGroupResult[]): LeftOut[] {
  const describeMonth = describeOutsideMonth(plan.outsideMonth);
  const months = [...plan.outsideMonth.keys()].sort((a, b) => (a ?? "").localeCompare(b ?? ""));
  return [
    ...dateLeftOut(report),
    ...describeSkipped(report.skipped, report.skippedRevenuePence).flatMap((s) =>
      reported("skipped", `skipped, ${s.reason}`, s.count, s.revenuePence ?? 0),
    ),
    ...months.flatMap((month, i) =>
      reported(
        "month",
        describeMonth[i].reason,
        plan.outsideMonth.get(month) ?? 0,
        plan.outsideMonthRevenuePence.get(month) ?? 0,
      ),
    ),
    ...[...plan.unmapped, ...plan.ambiguous].flatMap(([name, count]) =>
      reported(
        "machine",
        `naming '${name}', which no machine answers to yet`,
        count,
        plan.unroutedRevenuePence.get(name) ?? 0,
      ),
    ),
    // Several machines' months: each reason says whose it is.
    ...groups.flatMap((g) =>
      g.leftOut.map((l) =>
        groups.length > 1 ? { ...l, reason: `${l.reason} (${g.location}, ${formatMonth(g.month)})` } : l,
      ),
    ),
  ];
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
      leftOut?: LeftOut[];
      paidMonths?: PaidMonthChange[];
    };

interface Machines {
  list: (BookingMachine & { partnerName: string })[];
  byId: Map<number, BookingMachine & { partnerName: string }>;
}

async function loadMachines(db: DB | Transaction<Database>): Promise<Machines> {
  const list = await db
    .selectFrom("machines as m")
    .innerJoin("users as u", "u.id", "m.partnerId")
    .select([
      "m.id",
      "m.partnerId",
      "m.location",
      "m.telemetryName",
      (eb) => eb.fn.coalesce("u.name", "u.username").as("partnerName"),
    ])
    .orderBy("m.id")
    .execute();
  return { list, byId: new Map(list.map((m) => [m.id, m])) };
}

async function existingBookings(db: DB | Transaction<Database>, rows: readonly SaleRow[]): Promise<ExistingBooking[]> {
  // The file's ids as one JSON array: one statement, however many rows (no list of 50,000 parameters).
  const ids = JSON.stringify([...new Set(rows.map((r) => r.transactionId))]);
  return db
    .selectFrom("sales")
    .select(["transactionId", "kind", "machineId"])
    .where("transactionId", "in", (eb) => eb.selectFrom(jsonTextValues(db, ids).as("j")).select("j.value"))
    .execute();
}

async function planFile(
  db: DB | Transaction<Database>,
  machines: Machines,
  report: ParsedSalesReport,
  mode: ImportMode,
  pending: ExistingBooking[],
): Promise<BookingPlan> {
  const [existing, closed] = await Promise.all([existingBookings(db, report.rows), closedMonthKeys(db)]);
  return planBookings({
    rows: report.rows,
    machines: machines.list,
    machineId: mode.machineId,
    month: mode.month,
    mappings: mode.mappings,
    existing: [...existing, ...pending],
    closedMonths: closed,
  });
}

function groupResult(
  machines: Machines,
  group: PlannedGroup,
  recordId: number | null,
  mode: ImportMode,
): ImportGroupResult {
  const machine = machines.byId.get(group.machineId);
  const location = machine?.location ?? `#${group.machineId}`;
  const names = machineNamesOf(group.fresh.length ? group.fresh : []);
  const ownNames = new Set([normaliseMachineName(location), normaliseMachineName(machine?.telemetryName)]);
  const mapped = new Set(
    [...(mode.mappings ?? [])].filter(([, id]) => id === group.machineId).map(([name]) => normaliseMachineName(name)),
  );
  const {
    fresh,
    alreadyBooked,
    rows,
    duplicates,
    monthClosed,
    duplicatesRevenuePence,
    alreadyBookedRevenuePence,
    monthClosedRevenuePence: _monthClosedRevenuePence,
    paidMonth,
    machineId: _machineId,
    month: _month,
    ...summary
  } = group;
  const booked = [...alreadyBooked].map(([id, count]) => ({
    reason: `already booked to ${machines.byId.get(id)?.location ?? `#${id}`}`,
    count,
    revenuePence: alreadyBookedRevenuePence.get(id) ?? 0,
  }));
  return {
    machineId: group.machineId,
    location,
    partnerId: machine?.partnerId ?? 0,
    partnerName: machine?.partnerName ?? "",
    month: group.month,
    recordId,
    rows,
    imported: fresh.length,
    duplicates,
    alreadyBooked: booked,
    monthClosed,
    leftOut: [
      ...reported("duplicate", "already imported", duplicates, duplicatesRevenuePence),
      ...booked.flatMap((b) => reported("booked", b.reason, b.count, b.revenuePence)),
    ],
    paidMonth,
    // Only the per-machine upload can name a machine the rows do not: it says so.
    warnings:
      mode.machineId === undefined
        ? []
        : names
            .filter((n) => !ownNames.has(normaliseMachineName(n)) && !mapped.has(normaliseMachineName(n)))
            .map((n) => `The file names machine '${n}', not '${location}'`),
    ...summary,
  };
}

/**
 * What a receipt lists as left out of one machine's month, with revenue: the file's rows left out
 * for their date or month or skipped, and this group's rows already booked elsewhere or in a closed
 * month (duplicates have a column of their own).
 */
function receiptLeftOut(group: ImportGroupResult, report: ParsedSalesReport, plan: BookingPlan): LeftOut[] {
  const describeMonth = describeOutsideMonth(plan.outsideMonth);
  const months = [...plan.outsideMonth.keys()].sort((x, y) => (x ?? "").localeCompare(y ?? ""));
  return [
    ...dateLeftOut(report),
    // The spec's skips with their revenue (the receipt's skipped column keeps their counts by key, as before).
    ...describeSkipped(report.skipped, report.skippedRevenuePence).flatMap((x) =>
      reported("skipped", x.reason, x.count, x.revenuePence ?? 0),
    ),
    ...months.flatMap((month, i) =>
      reported(
        "month",
        describeMonth[i].reason,
        plan.outsideMonth.get(month) ?? 0,
        plan.outsideMonthRevenuePence.get(month) ?? 0,
      ),
    ),
    ...group.leftOut.filter((l) => l.kind !== "duplicate"),
  ];
}

/** The whole file's answer, written or planned. */
function fileResult(
  file: ImportFile,
  digest: string,
  report: ParsedSalesReport,
  plan: BookingPlan,
  groups: ImportGroupResult[],
  unmapped: Exclusion[],
  paidMonths: PaidMonthChange[],
): FileImportResult {
  const leftOut = fileLeftOut(report, plan, groups);
  const footer = footerCheck(report);
  return {
    fileName: file.name,
    sha256: digest,
    rowsRead: report.rowsRead,
    skipped: describeSkipped(report.skipped, report.skippedRevenuePence),
    outsideMonth: describeOutsideMonth(plan.outsideMonth),
    unmapped,
    mapped: exclusionsOf(plan.mapped),
    groups,
    footerAgrees: footer?.agrees ?? null,
    footer,
    leftOut,
    needsConfirmation: leftOut.some((l) => l.needsConfirmation),
    dateOrder: report.dates.order,
    dateOrderDecidedBy: report.dates.decidedBy,
    paidMonths,
  };
}

/** The partner months of a plan's groups that may be paid months: those with new rows. */
function monthsWithNewRows(
  machines: Machines,
  groups: readonly PlannedGroup[],
): { partnerId: number; month: string }[] {
  return groups
    .filter((g) => g.paidMonth && g.fresh.length)
    .map((g) => ({ partnerId: machines.byId.get(g.machineId)?.partnerId ?? 0, month: g.month }));
}

/**
 * What late sales would change in the paid months a plan reaches, worked out exactly by writing them
 * in a transaction that is then rolled back (the commission of a month under its terms, product
 * rules included, comes from its stored records).
 */
async function trialPaidMonths(
  db: DB,
  machines: Machines,
  plan: BookingPlan,
  earlier: readonly PlannedGroup[] = [],
): Promise<PaidMonthChange[]> {
  const keys = monthsWithNewRows(machines, plan.groups);
  if (!keys.length) return [];
  return trialWrite(db, async (trx) => {
    // A dry run of several files: the late sales of the files before this one count as written.
    if (earlier.length) await writeGroups(trx, earlier);
    const before = await paidMonthsBefore(trx, keys);
    await writeGroups(
      trx,
      plan.groups.filter((g) => g.paidMonth && g.fresh.length),
    );
    return paidMonthChanges(trx, before);
  });
}

async function writeFile(
  db: DB,
  machines: Machines,
  file: ImportFile,
  report: ParsedSalesReport,
  mode: ImportMode,
  options: ImportOptions,
): Promise<FileImportResult> {
  const dateLeft = dateLeftOut(report);
  // Rows with money left out for their date: the file is written only once the user has confirmed it.
  if (dateLeft.length && !options.acceptExclusions) throw new ExclusionsNeedConfirmationError(dateLeft);
  const digest = sha256(file.bytes);
  const storedPath = await storeUpload(db, options.dataDir, file, digest);
  const footer = footerCheck(report);
  const agrees = footer?.agrees ?? null;
  return db.transaction().execute(async (trx) => {
    // Planned inside the transaction, so a concurrent import of the same rows cannot slip in between.
    const plan = await planFile(trx, machines, report, mode, []);
    assertPlanImportable(plan);
    const outside = describeOutsideMonth(plan.outsideMonth);
    // Late sales for paid months: what those months come to before the rows are written.
    const before = await paidMonthsBefore(trx, monthsWithNewRows(machines, plan.groups));
    // Every machine's month of the file at once (sales-writer.ts), then a receipt and an audit entry each.
    const recordIds = await writeGroups(trx, plan.groups);
    const paidMonths = await paidMonthChanges(trx, before);
    // Unconfirmed, nothing of the file stays: the transaction rolls back with the 409 naming the differences.
    if (paidMonths.length && !options.adjustPaidMonths) throw new PaidMonthsNeedConfirmationError(paidMonths);
    await addCorrections(trx, paidMonths, "late_sales", options.actorId, { file: file.name, sha256: digest });
    const groups = plan.groups.map((group, i) => groupResult(machines, group, recordIds[i], mode));
    const written = groups.filter((g) => g.recordId !== null);
    const skipped = JSON.stringify(report.skipped);
    const outsideCount = outside.reduce((n, o) => n + o.count, 0);
    const result = fileResult(file, digest, report, plan, groups, exclusionsOf(plan.unmapped), paidMonths);
    await insertMany(
      trx,
      "import_receipts",
      [
        "record_id",
        "file_name",
        "sha256",
        "stored_path",
        "rows_read",
        "imported",
        "duplicates",
        "skipped",
        "outside_month",
        "excluded",
        "footer_agrees",
        "imported_by",
      ],
      written.map((g) => [
        g.recordId,
        file.name,
        digest,
        storedPath,
        report.rowsRead,
        g.imported,
        g.duplicates,
        skipped,
        outsideCount,
        JSON.stringify(
          receiptLeftOut(g, report, plan).map(({ kind, reason, count, revenuePence }) => ({
            kind,
            reason,
            count,
            revenuePence,
          })),
        ),
        agrees === null ? null : agrees ? 1 : 0,
        options.actorId,
      ]),
    );
    // Each entry names everything the file left out, with revenue, and whether the user confirmed it.
    const leftOut = result.leftOut.map(({ reason, count, revenuePence }) => ({ reason, count, revenuePence }));
    await auditMany(
      trx,
      written.map((g) => ({
        actorId: options.actorId,
        action: "import",
        entity: "monthly_record",
        entityId: g.recordId,
        partnerId: g.partnerId,
        month: g.month,
        after: {
          location: g.location,
          imported: g.imported,
          units: g.units,
          revenuePence: g.revenuePence,
          cogsPence: g.cogsPence,
        },
        details: {
          file: file.name,
          sha256: digest,
          duplicates: g.duplicates,
          alreadyBooked: g.alreadyBooked,
          monthClosed: g.monthClosed,
          leftOut,
          ...(dateLeft.length ? { exclusionsConfirmed: true } : {}),
          ...(report.dates.decidedBy && report.dates.decidedBy !== "not needed"
            ? { dateOrder: report.dates.order, dateOrderDecidedBy: report.dates.decidedBy }
            : {}),
        },
      })),
    );
    // A confirmed file whose every row was left out writes no record: one entry still says what it left out.
    if (!written.length && leftOut.length) {
      await auditMany(trx, [
        {
          actorId: options.actorId,
          action: "import",
          entity: "monthly_record",
          entityId: null,
          partnerId: null,
          month: null,
          after: { imported: 0 },
          details: {
            file: file.name,
            sha256: digest,
            leftOut,
            ...(dateLeft.length ? { exclusionsConfirmed: true } : {}),
          },
        },
      ]);
    }
    return result;
  });
}

const exclusionsOf = (map: ReadonlyMap<string, number>): Exclusion[] =>
  [...map].sort(([a], [b]) => a.localeCompare(b)).map(([reason, count]) => ({ reason, count }));

/** A file is imported whole or not at all: every row must belong to a known machine. */
function assertPlanImportable(plan: BookingPlan): void {
  if (plan.ambiguous.size)
    throw new SalesReportError(
      `More than one machine has the location ${[...plan.ambiguous.keys()].sort().join(", ")}: give one of them a telemetry name, or import with --machine`,
    );
  if (plan.unmapped.size)
    throw new SalesReportError(
      `Unknown machine names: ${[...plan.unmapped.keys()].sort().join(", ")}. Map each one to a machine on /admin/import, then import again`,
    );
}

/** A file for one machine names one Machine Name at most, and not another machine's. */
function assertOneMachine(machines: Machines, machineId: number, report: ParsedSalesReport): void {
  const machine = machines.byId.get(machineId);
  if (!machine) throw new SalesReportError(`Machine ${machineId} does not exist`);
  const names = machineNamesOf(report.rows);
  if (names.length > 1) {
    throw badInput(
      `The file names ${names.length} machines (${names.join(", ")}). A machine's upload takes one machine's export: import this file through the business-wide import (Import Exports on the admin dashboard, /admin/import, or vendboard import without --machine), which books each row to its machine.`,
    );
  }
  const owner = names.length ? machineRouter(machines.list).route(names[0]) : undefined;
  if (owner !== undefined && owner !== machine.id) {
    throw badInput(
      `The file's rows are for ${machines.byId.get(owner)!.location}, not ${machine.location}: add it on that machine, or use the business-wide import (/admin/import).`,
    );
  }
}

/** One parsed file: planned (dry run, after `pending` bookings of earlier files) or written atomically. */
async function importParsed(
  db: DB,
  file: ImportFile,
  report: ParsedSalesReport,
  mode: ImportMode,
  options: ImportOptions,
  pending: ExistingBooking[],
  pendingPaid: PlannedGroup[] = [],
): Promise<FileImportResult> {
  const machines = await loadMachines(db);
  if (mode.machineId !== undefined) assertOneMachine(machines, mode.machineId, report);
  if (!options.dryRun) return writeFile(db, machines, file, report, mode, options);
  const plan = await planFile(db, machines, report, mode, pending);
  for (const group of plan.groups)
    for (const row of group.fresh)
      pending.push({ transactionId: row.transactionId, kind: row.kind, machineId: group.machineId });
  const groups = plan.groups.map((g) => groupResult(machines, g, null, mode));
  // Names several machines share need a mapping as much as names none answers to.
  const paidMonths = await trialPaidMonths(db, machines, plan, pendingPaid);
  pendingPaid.push(...plan.groups.filter((g) => g.paidMonth && g.fresh.length));
  return fileResult(
    file,
    sha256(file.bytes),
    report,
    plan,
    groups,
    exclusionsOf(new Map([...plan.unmapped, ...plan.ambiguous])),
    paidMonths,
  );
}

export type ExportSource = ImportFile | { name: string; load: () => Uint8Array };

function loadSource(source: ExportSource): ImportFile {
  if ("bytes" in source) return source;
  try {
    return { name: source.name, bytes: source.load() };
  } catch (error) {
    throw new SalesReportError(`The file could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Imports (or with dryRun previews) exports one after another, each file atomically; a file that
 * fails does not stop the others. A dry run plans each file after the ones before it, so rows two
 * files share are counted once there as well.
 */
export async function importExports(
  db: DB,
  sources: ExportSource[],
  mode: ImportMode,
  options: ImportOptions & { onFile?: (file: { name: string }, index: number) => void },
): Promise<FileOutcome[]> {
  const outcomes: FileOutcome[] = [];
  const pending: ExistingBooking[] = [];
  const pendingPaid: PlannedGroup[] = [];
  const read = (source: ExportSource) => {
    const reading = (async () => {
      const file = loadSource(source);
      const report = await parseSalesReport(file.bytes, {
        fileName: file.name,
        requireMachineName: mode.machineId === undefined,
        onThisThread: options.readOnThisThread,
        dateOrder: mode.dateOrders?.get(file.name) ?? mode.dateOrder,
      });
      return { file, report };
    })();
    // Its failure is answered when its turn comes.
    reading.catch(() => undefined);
    return reading;
  };
  // In workers, the next file is read while this one is written: two files in memory at most.
  let next = sources.length && !options.readOnThisThread ? read(sources[0]) : null;
  for (const [index, source] of sources.entries()) {
    options.onFile?.(source, index);
    const reading = next ?? read(source);
    next = index + 1 < sources.length && !options.readOnThisThread ? read(sources[index + 1]) : null;
    try {
      const { file, report } = await reading;
      outcomes.push({
        fileName: file.name,
        ok: true,
        result: await importParsed(db, file, report, mode, options, pending, pendingPaid),
      });
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      outcomes.push({
        fileName: source.name,
        ok: false,
        error: error.message,
        status: error.status,
        ...(error instanceof DateOrderNeededError ? { needsDateOrder: true } : {}),
        ...(error instanceof ExclusionsNeedConfirmationError ? { leftOut: error.leftOut } : {}),
        ...(error instanceof PaidMonthsNeedConfirmationError ? { paidMonths: error.changes } : {}),
      });
    }
  }
  return outcomes;
}

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
}

export interface UploadInput {
  machineId: number;
  month: string;
  file: ImportFile;
  /** The day/month order of text dates, where the file does not decide it. */
  dateOrder?: DateOrder;
}

/**
 * The per-machine upload (Add Monthly Record): one Machine Name only (a file naming several goes
 * through the business-wide import), rows dated in the posted month only, never into a closed month.
 */
export async function importUpload(db: DB, input: UploadInput, options: ImportOptions): Promise<UploadResult> {
  const report = await parseSalesReport(input.file.bytes, { fileName: input.file.name, dateOrder: input.dateOrder });
  const machine = await db
    .selectFrom("machines")
    .select(["id", "partnerId"])
    .where("id", "=", input.machineId)
    .executeTakeFirst();
  if (!machine) throw notFound("Machine not found");
  const mode = { machineId: machine.id, month: input.month };
  if (!report.rows.some((row) => monthOfSale(row) === input.month)) {
    const outside = new Map<string | null, number>();
    for (const row of report.rows) outside.set(monthOfSale(row), (outside.get(monthOfSale(row)) ?? 0) + 1);
    const why = [
      ...describeOutsideMonth(outside).map(exclusionSentence),
      ...dateLeftOut(report).map(leftOutSentence),
    ].join("; ");
    throw badInput(`No row of the file is dated ${formatMonth(input.month)}: ${why}. Nothing was imported.`);
  }
  const result = await importParsed(db, input.file, report, mode, options, []);
  const group = result.groups.find((g) => g.month === input.month)!;
  const outside = result.outsideMonth.reduce((n, o) => n + o.count, 0);
  return {
    ...group,
    fileName: result.fileName,
    rowsRead: result.rowsRead,
    skipped: result.skipped,
    outsideMonth: outside,
    excluded: result.leftOut
      .filter((l) => l.kind !== "skipped" && l.kind !== "duplicate" && !l.needsConfirmation)
      .map(leftOutSentence),
    footerAgrees: result.footerAgrees,
    footer: result.footer,
    leftOut: result.leftOut,
    needsConfirmation: result.needsConfirmation,
    dateOrder: result.dateOrder,
    dateOrderDecidedBy: result.dateOrderDecidedBy,
    paidMonths: result.paidMonths,
  };
}

/** The rows of a record's month as `bookingKey`s: what a partner may see of an uploaded file. */
export async function bookedKeysOfRecord(db: DB, recordId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom("sales")
    .select(["transactionId", "kind"])
    .where("recordId", "=", recordId)
    .execute();
  return new Set(rows.map(bookingKey));
}
