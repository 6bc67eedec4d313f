/**
 * vendboard import FILE... [--machine ID] [--month YYYY-MM] [--date-order dmy|mdy] [--accept-exclusions]
 * [--adjust-paid-months] [--profile NAME] [--dry-run] [--json] [--max-unpacked-mb N] [--max-rows N] [--parse-timeout S]
 */
import fs from "node:fs";
import path from "node:path";
import cliProgress from "cli-progress";
import Table from "cli-table3";
import { z } from "zod";
import { dataDir } from "#db/config.ts";
import { formatPence } from "#domain/shared/money.ts";
import { leftOutSentence } from "#domain/imports/import-words.ts";
import { importExports, type FileOutcome } from "#domain/imports/import-service.ts";
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

const importOptions = z.object({
  machine: idFlag("--machine takes a machine id (a positive whole number)").optional(),
  month: monthFlag.optional(),
  dateOrder: z.enum(DATE_ORDERS, { error: "--date-order takes dmy (day/month) or mdy (month/day)" }).optional(),
  maxUnpackedMb: idFlag("--max-unpacked-mb takes a number of megabytes (a positive whole number)").optional(),
  maxRows: idFlag("--max-rows takes a number of rows (a positive whole number)").optional(),
  parseTimeout: idFlag("--parse-timeout takes a number of seconds (a positive whole number)").optional(),
});

export async function runImport(io: CliIO, inputs: string[], options: ImportCommandOptions): Promise<number> {
  const { machine: machineId, month, dateOrder, ...raised } = parseOptions(importOptions, options);
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

  let outcomes: FileOutcome[] = [];
  await withDatabase(io, async (db) => {
    // Each file is read when its turn comes: a folder of a year's exports is never all in memory.
    const sources = files.map((file) => ({
      name: path.basename(file),
      load: () => new Uint8Array(fs.readFileSync(file)),
    }));
    outcomes = await importExports(
      db,
      sources,
      { machineId, month, dateOrder, profile: options.profile },
      {
        actorId: null,
        dataDir: dataDir(io.env),
        dryRun: options.dryRun,
        acceptExclusions: Boolean(options.acceptExclusions),
        adjustPaidMonths: Boolean(options.adjustPaidMonths),
        // Every file is read in a worker, so its time budget can stop it; one at a time, however long the last takes.
        readLimits,
        queueWaitMs: Number.POSITIVE_INFINITY,
        onFile: (file, index) => {
          if (index) bar?.increment();
          bar?.update({ file: file.name });
        },
      },
    );
    bar?.increment();
  });
  bar?.stop();

  // A file that cannot be read until its date order is given says how to give it.
  outcomes = outcomes.map((o) =>
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
    const verb = options.dryRun ? "checked" : "imported";
    io.stderr.write(
      failed.length === outcomes.length
        ? `${failed.length === 1 ? "The file" : `All ${failed.length} files`} failed; nothing was ${verb}.\n`
        : failed.length
          ? `${failed.length} of ${outcomes.length} files failed; the others were ${verb}.\n`
          : `${outcomes.length === 1 ? "1 file" : `${outcomes.length} files`} ${options.dryRun ? "checked (dry run: nothing saved)" : "imported"}.\n`,
    );
  }
  return failed.length ? EXIT_FAILURE : EXIT_OK;
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
      dryRun ? "New (would add)" : "New",
      "Duplicate",
      "Already booked",
      "Late (paid month)",
    ],
    style: { head: [], border: [] },
  });
  for (const outcome of outcomes) {
    if (!outcome.ok) {
      table.push([outcome.fileName, { colSpan: 8, content: `FAILED: ${outcome.error}` }]);
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
        group.imported,
        group.duplicates,
        booked || 0,
        group.monthClosed,
      ]);
    }
  }
  return table.toString();
}
