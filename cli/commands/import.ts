/** vendboard import FILE... [--machine ID] [--month YYYY-MM] [--dry-run] [--json] */
import fs from "node:fs";
import path from "node:path";
import cliProgress from "cli-progress";
import Table from "cli-table3";
import type { Command } from "commander";
import { dataDir } from "#db/config.ts";
import { formatGBP } from "#domain/money.ts";
import { importRouted, type RoutedImport } from "#domain/sales-import.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { EXIT_FAILURE, EXIT_OK, UsageError } from "../errors.ts";
import { monthOption } from "../month.ts";

export interface ImportCommandOptions {
  machine?: string;
  month?: string;
  dryRun?: boolean;
  json?: boolean;
}

export type FileOutcome = { file: string; ok: true; result: RoutedImport } | { file: string; ok: false; error: string };

/** Files as given; a folder stands for the .xlsx and .xls files directly inside it. */
export function expandFiles(inputs: string[]): string[] {
  return inputs.flatMap((input) => {
    if (fs.existsSync(input) && fs.statSync(input).isDirectory()) {
      return fs
        .readdirSync(input)
        .filter((name) => /\.(xlsx|xls)$/i.test(name))
        .sort()
        .map((name) => path.join(input, name));
    }
    return [input];
  });
}

export async function runImport(io: CliIO, inputs: string[], options: ImportCommandOptions): Promise<number> {
  const machineId = options.machine === undefined ? undefined : Number(options.machine);
  if (machineId !== undefined && (!Number.isSafeInteger(machineId) || machineId <= 0)) throw new UsageError("--machine takes a machine id (a positive whole number)");
  const month = options.month === undefined ? undefined : monthOption(options.month);
  const files = expandFiles(inputs);
  if (!files.length) throw new UsageError("no .xlsx or .xls files to import");

  const tty = Boolean((io.stderr as NodeJS.WriteStream).isTTY) && !options.json;
  const bar = tty ? new cliProgress.SingleBar({ stream: io.stderr, format: "Importing {bar} {value}/{total} {file}", hideCursor: true }, cliProgress.Presets.shades_classic) : null;
  bar?.start(files.length, 0, { file: "" });

  const outcomes: FileOutcome[] = [];
  await withDatabase(io, async (db) => {
    for (const file of files) {
      bar?.update({ file: path.basename(file) });
      try {
        const bytes = new Uint8Array(fs.readFileSync(file));
        const result = await importRouted(db, { file: { name: path.basename(file), bytes }, machineId, month }, { actorId: null, dataDir: dataDir(io.env), dryRun: options.dryRun });
        outcomes.push({ file, ok: true, result });
      } catch (error) {
        outcomes.push({ file, ok: false, error: error instanceof Error ? error.message : String(error) });
      }
      bar?.increment();
    }
  });
  bar?.stop();

  if (options.json) printJson(io, { dryRun: Boolean(options.dryRun), files: outcomes });
  else io.stdout.write(`${summaryTable(outcomes, Boolean(options.dryRun))}\n`);
  const failed = outcomes.filter((o) => !o.ok).length;
  if (!options.json) {
    io.stderr.write(
      failed === outcomes.length
        ? `${failed === 1 ? "The file" : `All ${failed} files`} failed; nothing was ${options.dryRun ? "checked" : "imported"}.\n`
        : failed
        ? `${failed} of ${outcomes.length} file(s) failed; the others were ${options.dryRun ? "checked" : "imported"}.\n`
        : `${outcomes.length} file(s) ${options.dryRun ? "checked (dry run: nothing saved)" : "imported"}.\n`,
    );
  }
  return failed ? EXIT_FAILURE : EXIT_OK;
}

export function summaryTable(outcomes: FileOutcome[], dryRun: boolean): string {
  const table = new Table({ head: ["File", "Machine", "Month", "Units", "Revenue", dryRun ? "New (would add)" : "New", "Duplicate"], style: { head: [], border: [] } });
  for (const outcome of outcomes) {
    const name = path.basename(outcome.file);
    if (!outcome.ok) {
      table.push([name, { colSpan: 6, content: `FAILED: ${outcome.error}` }]);
      continue;
    }
    for (const group of outcome.result.groups) {
      table.push([name, group.location, group.month, group.units, formatGBP(group.revenuePence), group.imported, group.duplicates]);
    }
  }
  return table.toString();
}

export function registerImportCommand(program: Command, io: CliIO): void {
  program
    .command("import")
    .description("import telemetry exports (.xlsx/.xls); rows go to the machine named in each row, grouped by machine and month")
    .argument("<files...>", "export files, or folders of them")
    .option("--machine <id>", "put every row on this machine instead of matching Machine Name")
    .option("--month <YYYY-MM>", "put every row in this month instead of each row's date")
    .option("--dry-run", "check and report without saving anything")
    .option("--json", "print the outcome as JSON")
    .action(async (files: string[], options: ImportCommandOptions) => {
      io.exitCode = await runImport(io, files, options);
    });
}
