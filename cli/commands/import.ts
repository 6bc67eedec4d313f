/**
 * vendboard import FILE... [--machine ID] [--map "NAME=ID"]... [--month YYYY-MM] [--date-order dmy|mdy]
 * [--accept-exclusions] [--adjust-paid-months] [--profile NAME] [--dry-run] [--json] [--max-unpacked-mb N] [--max-rows N]
 * [--parse-timeout S]
 *
 * The business-wide import's workflow (domain/imports/mapped-import.ts), each file on its own.
 */
import fs from "node:fs";
import path from "node:path";
import cliProgress from "cli-progress";
import Table from "cli-table3";
import { z } from "zod";
import { dataDir } from "#db/config.ts";
import { formatPence } from "#domain/shared/money.ts";
import { leftOutSentence } from "#domain/imports/import-words.ts";
import { costSourceWords } from "#domain/imports/cost-list-rules.ts";
import type { FileOutcome } from "#domain/imports/import-service.ts";
import { importWithMappings } from "#domain/imports/mapped-import.ts";
import { normaliseMachineName } from "#domain/imports/booking-rules.ts";
import { setTelemetryName } from "#domain/machines/machine-service.ts";
import { outcomeJson } from "#domain/imports/import-json.ts";
import { DATE_ORDERS } from "#domain/imports/export-dates.ts";
import { footerSentence } from "#domain/imports/telemetry-export.ts";
import { parseTimeoutMs } from "#domain/imports/read-limits.ts";
import { paidMonthChangeText } from "#domain/commissions/correction-words.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { EXIT_FAILURE, EXIT_OK, UsageError } from "../errors.ts";
import { idFlag, monthFlag, parseOptions } from "../options.ts";

export interface ImportCommandOptions {
  machine?: string;
  map?: string[];
  month?: string;
  dateOrder?: string;
  acceptExclusions?: boolean;
  adjustPaidMonths?: boolean;
  dryRun?: boolean;
  json?: boolean;
  maxUnpackedMb?: string;
  maxRows?: string;
  parseTimeout?: string;
  profile?: string;
}

/** Files as given; a folder stands for the .xlsx, .xls and .csv files directly inside it. */
export function expandFiles(inputs: string[]): string[] {
  return inputs.flatMap((input) => {
    if (fs.existsSync(input) && fs.statSync(input).isDirectory()) {
      return fs
        .readdirSync(input)
        .filter((name) => /\.(xlsx|xls|csv)$/i.test(name))
        .sort()
        .map((name) => path.join(input, name));
    }
    return [input];
  });
}

export const MAP_MESSAGE = '--map takes "<Machine Name>=<machine id>" (a machine id is a positive whole number)';

/** One `--map "<Machine Name>=<machine id>"`: the name before the last `=`, the id after it. */
const mapEntry = z.string().transform((value, ctx) => {
  const at = value.lastIndexOf("=");
  const name = value.slice(0, Math.max(at, 0)).trim();
  const id = value.slice(at + 1).trim();
  if (at < 0 || !name || !/^\d+$/.test(id) || !(Number(id) > 0) || !Number.isSafeInteger(Number(id))) {
    ctx.addIssue({ code: "custom", message: `${MAP_MESSAGE}, not '${value}'` });
    return z.NEVER;
  }
  return [name, Number(id)] as const;
});

/** Every `--map` (repeatable), as Machine Name → machine id; a name given twice is a mistake. */
const mapFlag = z
  .array(mapEntry)
  .default([])
  .transform((pairs, ctx) => {
    const seen = new Set<string>();
    for (const [name] of pairs) {
      if (seen.has(normaliseMachineName(name))) {
        ctx.addIssue({ code: "custom", message: `--map gives '${name}' more than once` });
        return z.NEVER;
      }
      seen.add(normaliseMachineName(name));
    }
    return new Map(pairs);
  });

const importOptions = z.object({
  machine: idFlag("--machine takes a machine id (a positive whole number)").optional(),
  map: mapFlag,
  month: monthFlag.optional(),
  dateOrder: z.enum(DATE_ORDERS, { error: "--date-order takes dmy (day/month) or mdy (month/day)" }).optional(),
  maxUnpackedMb: idFlag("--max-unpacked-mb takes a number of megabytes (a positive whole number)").optional(),
  maxRows: idFlag("--max-rows takes a number of rows (a positive whole number)").optional(),
  parseTimeout: idFlag("--parse-timeout takes a number of seconds (a positive whole number)").optional(),
});

export async function runImport(io: CliIO, inputs: string[], options: ImportCommandOptions): Promise<number> {
  const { machine: machineId, map: mappings, month, dateOrder, ...raised } = parseOptions(importOptions, options);
  // With --machine every row goes to that machine: no Machine Name is looked at, so none can be mapped.
  if (machineId !== undefined && mappings.size) throw new UsageError("--map cannot be used with --machine");
  // The web's limits and time budget (PARSE_TIMEOUT_MS in the environment), unless raised for a trusted file.
  const readLimits = {
    maxUnpackedBytes: raised.maxUnpackedMb && raised.maxUnpackedMb * 1024 * 1024,
    maxRows: raised.maxRows,
    timeoutMs: raised.parseTimeout ? raised.parseTimeout * 1000 : parseTimeoutMs(io.env),
  };
  const files = expandFiles(inputs);
  if (!files.length) throw new UsageError("no .xlsx, .xls or .csv files to import");

  const tty = Boolean((io.stderr as NodeJS.WriteStream).isTTY) && !options.json;
  const bar = tty
    ? new cliProgress.SingleBar(
        { stream: io.stderr, format: "Importing {bar} {value}/{total} {file}", hideCursor: true },
        cliProgress.Presets.shades_classic,
      )
    : null;
  bar?.start(files.length, 0, { file: "" });

  const result = await withDatabase(io, async (db) => {
    // Each file is read when its turn comes: a folder of a year's exports is never all in memory.
    const sources = files.map((file) => ({
      name: path.basename(file),
      load: () => new Uint8Array(fs.readFileSync(file)),
    }));
    const run = await importWithMappings(db, {
      intent: options.dryRun ? "preview" : "import",
      scope: "each",
      files: sources,
      machineId,
      month,
      mappings,
      dateOrder,
      profile: options.profile,
      acceptExclusions: Boolean(options.acceptExclusions),
      adjustPaidMonths: Boolean(options.adjustPaidMonths),
      actorId: null,
      dataDir: dataDir(io.env),
      rememberName: (id, name) => setTelemetryName(db, id, name, null),
      reading: {
        // Every file is read in a worker, so its time budget can stop it; one at a time, however long the last takes.
        readLimits,
        queueWaitMs: Number.POSITIVE_INFINITY,
        onFile: (file, index) => {
          if (index) bar?.increment();
          bar?.update({ file: file.name });
        },
      },
    });
    bar?.increment();
    return run;
  }).finally(() => bar?.stop());

  const remembered = result.intent === "import" ? result.mappings : [];
  // A file that cannot be read until its date order is given says how to give it.
  const outcomes = result.outcomes.map((o) =>
    !o.ok && o.needsDateOrder ? { ...o, error: `${o.error}: run again with --date-order dmy or --date-order mdy` } : o,
  );
  if (options.json) printJson(io, { dryRun: Boolean(options.dryRun), files: outcomes.map(outcomeJson) });
  else io.stdout.write(`${summaryTable(outcomes, Boolean(options.dryRun))}\n`);
  const failed = outcomes.filter((o) => !o.ok);
  if (!options.json) {
    // stderr is what cron mails: each failure with its reason, then what was left out, then the count.
    for (const outcome of failed) if (!outcome.ok) io.stderr.write(`${outcome.fileName}: ${outcome.error}\n`);
    for (const outcome of outcomes)
      if (outcome.ok)
        for (const note of fileNotes(outcome, {
          exclusions: options.acceptExclusions,
          paidMonths: options.adjustPaidMonths,
        }))
          io.stderr.write(`${outcome.fileName}: ${note}\n`);
    for (const { name, machineId } of remembered)
      io.stderr.write(`'${name}' is now the telemetry name of ${machineLocation(outcomes, machineId)}\n`);
    const verb = options.dryRun ? "checked" : "imported";
    io.stderr.write(
      failed.length === outcomes.length
        ? `${failed.length === 1 ? "The file" : `All ${failed.length} files`} failed; nothing was ${verb}.\n`
        : failed.length
          ? `${failed.length} of ${outcomes.length} files failed; the others were ${verb}.\n`
          : `${outcomes.length === 1 ? "1 file" : `${outcomes.length} files`} ${options.dryRun ? "checked (dry run: nothing saved)" : "imported"}.\n`,
    );
  }
  // The rows were written but a mapping could not be remembered (another machine took the name meanwhile).
  if (result.error) io.stderr.write(`error: ${result.error}\n`);
  return failed.length || result.error ? EXIT_FAILURE : EXIT_OK;
}

/** A machine's location as the import's groups name it, else its id. */
function machineLocation(outcomes: FileOutcome[], machineId: number): string {
  for (const outcome of outcomes)
    for (const group of outcome.ok ? outcome.result.groups : [])
      if (group.machineId === machineId) return group.location;
  return `machine ${machineId}`;
}

/**
 * What a file left out, each reason with its rows and revenue ("465 rows without a readable date:
 * £645.50", "98 rows dated September 2026: £120.40"), then the footer check when it differs. A dry
 * run says which reasons an import would need --accept-exclusions for.
 */
export function fileNotes(
  outcome: Extract<FileOutcome, { ok: true }>,
  accepted: { exclusions?: boolean; paidMonths?: boolean } = {},
): string[] {
  const { result } = outcome;
  return [
    ...(result.profile
      ? [`read with import profile "${result.profile.name}" (version ${result.profile.version})`]
      : []),
    ...result.leftOut.map(
      (l) =>
        `${leftOutSentence(l)}${l.needsConfirmation ? (accepted.exclusions ? " (accepted)" : " (importing needs --accept-exclusions)") : ""}`,
    ),
    ...(result.footer && !result.footer.agrees ? [footerSentence(result.footer)] : []),
    ...result.paidMonths.map(
      (c) =>
        `late sales for a paid month: ${paidMonthChangeText(c)}${accepted.paidMonths ? "" : " (importing needs --adjust-paid-months)"}`,
    ),
  ];
}

export function summaryTable(outcomes: FileOutcome[], dryRun: boolean): string {
  const table = new Table({
    head: [
      "File",
      "Machine",
      "Month",
      "Units",
      "Revenue",
      "COGS (cost from)",
      dryRun ? "New (would add)" : "New",
      "Duplicate",
      "Already booked",
      "Late (paid month)",
    ],
    style: { head: [], border: [] },
  });
  for (const outcome of outcomes) {
    if (!outcome.ok) {
      table.push([outcome.fileName, { colSpan: 9, content: `FAILED: ${outcome.error}` }]);
      continue;
    }
    for (const group of outcome.result.groups) {
      const booked = group.alreadyBooked
        .map((b) => `${b.count} to ${b.reason.replace(/^already booked to /, "")}`)
        .join(", ");
      table.push([
        outcome.fileName,
        group.location,
        group.month,
        group.units,
        formatPence(group.revenuePence),
        group.costFrom.length
          ? `${formatPence(group.cogsPence)} (${costSourceWords(group.costFrom)})`
          : formatPence(group.cogsPence),
        group.imported,
        group.duplicates,
        booked || 0,
        group.monthClosed,
      ]);
    }
  }
  return table.toString();
}
