/**
 * The business-wide import's workflow (/admin/import): preview the files with the admin's mappings
 * of Machine Names to machines, and import only when nothing is left to decide: every name mapped,
 * every file's date order known, rows left out for their date and late sales for paid months
 * confirmed, something new to add. Then the mappings are remembered as the machines' telemetry
 * names and each file is imported atomically, routed as the preview was.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { paidMonthChangeText } from "../commissions/correction-words.ts";
import { DomainError } from "../shared/errors.ts";
import { normaliseMachineName } from "./booking-rules.ts";
import type { DateOrder } from "./export-dates.ts";
import { importExports, type FileOutcome, type ImportFile } from "./import-service.ts";
import { leftOutSentence } from "./import-words.ts";
import type { SharedName } from "./machine-names.ts";

type DB = Kysely<Database>;

export interface MappedImportRequest {
  intent: "preview" | "import";
  files: ImportFile[];
  /** Only this ended month's rows (undefined: every month the files hold). */
  month?: string;
  /** The admin's choices: Machine Name → machine id. */
  mappings: ReadonlyMap<string, number>;
  dateOrders: ReadonlyMap<string, DateOrder>;
  acceptExclusions: boolean;
  adjustPaidMonths: boolean;
  /** The import profile every file is read with (else each file's own layout, or the profile its headers match). */
  profile?: string;
  actorId: number;
  dataDir: string;
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

/** Previews (a dry run) or imports; mappings are saved only on an import that goes ahead. */
export async function importWithMappings(db: DB, request: MappedImportRequest): Promise<MappedImportResult> {
  const options = {
    actorId: request.actorId,
    dataDir: request.dataDir,
    acceptExclusions: request.acceptExclusions,
    adjustPaidMonths: request.adjustPaidMonths,
  };
  const mode = {
    month: request.month,
    mappings: request.mappings,
    dateOrders: request.dateOrders,
    profile: request.profile,
  };
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
