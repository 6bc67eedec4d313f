/**
 * The business-wide import's workflow, for the page (/admin/import) and `vendboard import`: files are
 * routed by their Machine Names, with the user's mappings of names to machines, and a mapping that an
 * import applies is remembered as the machine's telemetry name, so the next export finds it alone.
 *
 * The page previews the files and imports only when nothing is left to decide: every name mapped,
 * every file's date order known, rows left out for their date and late sales for paid months
 * confirmed, something new to add. Then the mappings are remembered and each file is imported
 * atomically, routed as the preview was. The CLI imports each file on its own instead (cron runs it
 * unattended over a folder): a file that cannot be imported fails alone with its reason, the others
 * are written, and the mappings the written files applied are remembered.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { paidMonthChangeText } from "../commissions/correction-words.ts";
import { DomainError } from "../shared/errors.ts";
import { normaliseMachineName } from "./booking-rules.ts";
import type { DateOrder } from "./export-dates.ts";
import { importExports, type ExportSource, type FileOutcome, type ImportOptions } from "./import-service.ts";
import { loadMachines } from "./import-plan-service.ts";
import { leftOutSentence } from "./import-words.ts";
import type { SharedName } from "./machine-names.ts";
import { mappingProblem } from "./mapping-rules.ts";

type DB = Kysely<Database>;

export interface MappedImportRequest {
  intent: "preview" | "import";
  files: ExportSource[];
  /**
   * "together" (the page, by default): Import writes nothing until every file can be written, and
   * otherwise says what is left to decide. "each" (the CLI): every file is imported on its own, once.
   */
  scope?: "together" | "each";
  /** Only this ended month's rows (undefined: every month the files hold). */
  month?: string;
  /** Every row to this machine (`vendboard import --machine`): the files' names route nothing. */
  machineId?: number;
  /** The user's choices: Machine Name → machine id. */
  mappings: ReadonlyMap<string, number>;
  /** The day/month order of text dates by file name, else `dateOrder`, for files that do not decide it. */
  dateOrders?: ReadonlyMap<string, DateOrder>;
  dateOrder?: DateOrder;
  acceptExclusions: boolean;
  adjustPaidMonths: boolean;
  /** The import profile every file is read with (else each file's own layout, or the profile its headers match). */
  profile?: string;
  /** The profile chosen by file name (among several that match its headers), before `profile`. */
  profiles?: ReadonlyMap<string, string>;
  actorId: number | null;
  dataDir: string;
  /** How the files are read (the CLI's raised limits and its progress bar). */
  reading?: Pick<ImportOptions, "readLimits" | "queueWaitMs" | "readOnThisThread"> & {
    onFile?: (file: { name: string }, index: number) => void;
  };
  /**
   * Remembers a mapping as the machine's telemetry name (machine-service.ts setTelemetryName, given
   * by the caller: machines/ builds on imports/, never the other way round).
   */
  rememberName: (machineId: number, name: string) => Promise<unknown>;
}

export interface MappedImportResult {
  intent: "preview" | "import";
  outcomes: FileOutcome[];
  /** Machine Names still unmapped after this run, across files. */
  unmapped: string[];
  /** Those of them several machines answer to, each with those machines. */
  shared: SharedName[];
  /** The admin's mappings this run applied (names the files carry). */
  mappings: { name: string; machineId: number }[];
  /** New rows the files add (or added). */
  newRows: number;
  /** Why Import did not import (something left to decide), else null. */
  error: string | null;
}

/** What a run's outcomes say: the names still unmapped, the mappings applied, the new rows. */
export function mappedResult(
  intent: MappedImportResult["intent"],
  outcomes: FileOutcome[],
  chosen: ReadonlyMap<string, number> = new Map(),
  error: string | null = null,
): MappedImportResult {
  const namesIn = (pick: (o: Extract<FileOutcome, { ok: true }>) => { reason: string }[]) =>
    [...new Set(outcomes.flatMap((o) => (o.ok ? pick(o).map((u) => u.reason) : [])))].sort();
  const chosenBy = new Map([...chosen].map(([name, id]) => [normaliseMachineName(name), id]));
  const mappings = namesIn((o) => o.result.mapped).flatMap((name) => {
    const machineId = chosenBy.get(normaliseMachineName(name));
    return machineId === undefined ? [] : [{ name, machineId }];
  });
  const newRows = outcomes.reduce((n, o) => n + (o.ok ? o.result.groups.reduce((m, g) => m + g.imported, 0) : 0), 0);
  const shared = new Map(outcomes.flatMap((o) => (o.ok ? o.result.shared.map((n) => [n.name, n] as const) : [])));
  return {
    intent,
    outcomes,
    unmapped: namesIn((o) => o.result.unmapped),
    shared: [...shared.values()],
    mappings,
    newRows,
    error,
  };
}

/**
 * Previews (a dry run) or imports; mappings are saved only on an import that goes ahead. A mapping to
 * a machine that does not exist, or to a name another machine answers to, refuses the run before any
 * file is read (the CLI's runs throw it: a mistake in the command, not in a file).
 */
export async function importWithMappings(db: DB, request: MappedImportRequest): Promise<MappedImportResult> {
  const problem = mappingProblem((await loadMachines(db)).list, request.mappings);
  if (problem && request.scope === "each") throw problem;
  if (problem) return mappedResult(request.intent, [], new Map(), problem.message);
  const options = {
    ...request.reading,
    actorId: request.actorId,
    dataDir: request.dataDir,
    acceptExclusions: request.acceptExclusions,
    adjustPaidMonths: request.adjustPaidMonths,
  };
  const mode = {
    machineId: request.machineId,
    month: request.month,
    mappings: request.mappings,
    dateOrder: request.dateOrder,
    dateOrders: request.dateOrders,
    profile: request.profile,
    profiles: request.profiles,
  };
  if (request.scope === "each") {
    const dryRun = request.intent === "preview";
    const result = mappedResult(
      request.intent,
      await importExports(db, request.files, mode, { ...options, dryRun }),
      request.mappings,
    );
    if (dryRun) return result;
    try {
      for (const { name, machineId } of result.mappings) await request.rememberName(machineId, name);
    } catch (error) {
      if (error instanceof DomainError) return { ...result, error: error.message };
      throw error;
    }
    return result;
  }
  const preview = mappedResult(
    request.intent,
    await importExports(db, request.files, mode, { ...options, dryRun: true }),
    request.mappings,
  );
  if (request.intent === "preview") return preview;
  const refuse = (error: string) => ({ ...preview, error });
  const undecided = preview.outcomes.filter((o) => !o.ok && o.needsDateOrder).map((o) => o.fileName);
  if (undecided.length)
    return refuse(
      `Say how the dates are written in ${undecided.join(", ")} (day/month or month/day), then preview again`,
    );
  if (preview.unmapped.length)
    return refuse(`Map every Machine Name to a machine before importing: ${preview.unmapped.join(", ")}`);
  // Rows with money left out for their date: the admin confirms before anything is written.
  const unconfirmed = preview.outcomes.flatMap((o) =>
    o.ok ? o.result.leftOut.filter((l) => l.needsConfirmation).map((l) => `${o.fileName}: ${leftOutSentence(l)}`) : [],
  );
  if (unconfirmed.length && !request.acceptExclusions)
    return refuse(`Confirm the rows left out before importing: ${unconfirmed.join("; ")}`);
  // Late sales for paid months: the admin confirms the differences before anything is written.
  const late = preview.outcomes.flatMap((o) => (o.ok ? o.result.paidMonths.map(paidMonthChangeText) : []));
  if (late.length && !request.adjustPaidMonths)
    return refuse(`Confirm the late sales for paid months before importing: ${late.join("; ")}`);
  if (!preview.newRows) return refuse("Nothing to import: every row is already booked, closed or left out");
  try {
    for (const { name, machineId } of preview.mappings) await request.rememberName(machineId, name);
  } catch (error) {
    if (error instanceof DomainError) return refuse(error.message);
    throw error;
  }
  // The same mappings route the import as routed the preview (a machine remembers one name only).
  return mappedResult("import", await importExports(db, request.files, mode, options), request.mappings);
}
