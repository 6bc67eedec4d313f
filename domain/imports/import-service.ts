/**
 * Imports telemetry exports: plans each file's bookings (domain/imports/booking-rules.ts), then writes per
 * machine and month the record, its sales (each transaction once in the business), products, the
 * product rollup, an import receipt and an audit entry, one transaction per file. The per-machine
 * upload, the business-wide import page and `vendboard import` all go through `importExports`.
 *
 * Planning against the database is in import-plan-service.ts, writing a file in import-writer.ts, the
 * answers in import-results.ts and their shapes in import-types.ts; storage (upload-store.ts) and the
 * record writer (sales-writer.ts) are apart.
 */
import type { Kysely } from "kysely";
import { sharedNames } from "./machine-names.ts";
import type { Database } from "#db/schema.ts";
import { exclusionSentence, leftOutSentence } from "./import-words.ts";
import { bookingKey, describeOutsideMonth, type ExistingBooking, type PlannedGroup } from "./booking-rules.ts";
import { formatMonth } from "../shared/dates.ts";
import { badInput, DomainError, notFound } from "../shared/errors.ts";
import { DateOrderNeededError, monthOfSale, SalesReportError, type ParsedSalesReport } from "./telemetry-export.ts";
import { parseSalesReport } from "./telemetry-export-reader.ts";
import { sha256 } from "./upload-store.ts";
import {
  ExclusionsNeedConfirmationError,
  PaidMonthsNeedConfirmationError,
  type ExportSource,
  type FileImportResult,
  type FileOutcome,
  type ImportFile,
  type ImportMode,
  type ImportOptions,
  type UploadInput,
  type UploadResult,
} from "./import-types.ts";
import { confirmLeftOut, exclusionsOf, fileResult, groupResult } from "./import-results.ts";
import { assertOneMachine, loadMachines, planFile, trialPaidMonths } from "./import-plan-service.ts";
import { writeFile } from "./import-writer.ts";
import { listProfiles } from "./profile-service.ts";
import { loadCostList } from "./cost-list-store.ts";
import { isLayoutRefusal, ProfileChoiceNeededError } from "./profile-table.ts";

// The upload store, the record writer and the import's shapes are their own modules; callers keep importing them from here.
export { pruneUploads, readUpload, sha256, storeUpload } from "./upload-store.ts";
export { recomputeRecord } from "./sales-writer.ts";
export {
  ExclusionsNeedConfirmationError,
  PaidMonthsNeedConfirmationError,
  type Exclusion,
  type ExportSource,
  type FileImportResult,
  type FileOutcome,
  type ImportFile,
  type ImportGroupResult,
  type ImportMode,
  type ImportOptions,
  type LeftOut,
  type PaidMonthChange,
  type UploadInput,
  type UploadResult,
} from "./import-types.ts";
export { describeSkipped } from "./import-results.ts";

type DB = Kysely<Database>;

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
    sharedNames([...plan.ambiguous.keys()], machines.list),
  );
}

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
  // The saved profiles, read once: a file of another layout is recognised by its headers (profile-table.ts).
  const profiles = await listProfiles(db);
  // The product cost list, read once too: a file with no cost column takes its costs from it.
  const costs = await loadCostList(db);
  const read = (source: ExportSource) => {
    const reading = (async () => {
      const file = loadSource(source);
      const report = await parseSalesReport(file.bytes, {
        fileName: file.name,
        requireMachineName: mode.machineId === undefined,
        onThisThread: options.readOnThisThread,
        limits: options.readLimits,
        queueWaitMs: options.queueWaitMs,
        dateOrder: mode.dateOrders?.get(file.name) ?? mode.dateOrder,
        profiles,
        costs,
        profileName: mode.profiles?.get(file.name) ?? mode.profile,
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
        ...(isLayoutRefusal(error) ? { needsProfile: true } : {}),
        ...(error instanceof ProfileChoiceNeededError ? { profiles: error.profiles } : {}),
        ...(error instanceof ExclusionsNeedConfirmationError ? { leftOut: error.leftOut } : {}),
        ...(error instanceof PaidMonthsNeedConfirmationError ? { paidMonths: error.changes } : {}),
      });
    }
  }
  return outcomes;
}

/**
 * The per-machine upload (Add Monthly Record): one Machine Name only (a file naming several goes
 * through the business-wide import), rows dated in the posted month only, never into a closed month.
 */
export async function importUpload(db: DB, input: UploadInput, options: ImportOptions): Promise<UploadResult> {
  const report = await parseSalesReport(input.file.bytes, {
    fileName: input.file.name,
    dateOrder: input.dateOrder,
    profiles: await listProfiles(db),
    costs: await loadCostList(db),
    profileName: input.profile,
  });
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
      ...confirmLeftOut(report).map(leftOutSentence),
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
    profile: result.profile,
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
