/**
 * The commands, their arguments and flags, as `vendboard --help` shows them. Registering them loads
 * nothing but commander: each action imports its command module (cli/commands/*.ts, and with it the
 * database, SheetJS, pdf-lib or nodemailer) only when that command runs, so `--help` and usage
 * errors answer at once (docs/performance.md, "CLI start-up").
 * The db and admin commands are registered in maintenance-commands.ts, the money commands in
 * money-commands.ts.
 */
import { Command } from "commander";
import type * as Accounting from "./commands/accounting.ts";
import type * as Audit from "./commands/audit.ts";
import type * as Import from "./commands/import.ts";
import type * as Reports from "./commands/reports.ts";
import type { CliIO } from "./context.ts";
import { registerAdminCommands, registerDbCommands } from "./maintenance-commands.ts";
import { registerProductCommands, registerProfileCommands } from "./profile-commands.ts";
import { registerAgreementCommands, registerCommissionCommands, registerInvoiceCommands } from "./money-commands.ts";

/** How many audit entries `vendboard audit` shows without --limit. */
export const AUDIT_DEFAULT_LIMIT = 50;

export function buildProgram(io: CliIO): Command {
  const program = new Command("vendboard")
    .description(
      "Vendboard operations from a terminal.\nUses DATABASE_URL (postgres://…) when set, else the SQLite file at DATABASE_PATH (default ./data/vendboard.db).",
    )
    .version("0.1.0")
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
  registerDbCommands(program, io);
  registerAdminCommands(program, io);
  registerImportCommand(program, io);
  registerProfileCommands(program, io);
  registerProductCommands(program, io);
  registerCommissionCommands(program, io);
  registerAgreementCommands(program, io);
  registerReportCommands(program, io);
  registerInvoiceCommands(program, io);
  registerAuditCommand(program, io);
  registerAccountingCommand(program, io);
  return program;
}

function registerImportCommand(program: Command, io: CliIO): void {
  program
    .command("import")
    .description(
      "import telemetry exports (.xlsx/.xls/.csv); rows go to the machine named in each row, grouped by machine and month",
    )
    .argument("<files...>", "export files, or folders of them")
    .option("--machine <id>", "put every row on this machine instead of matching Machine Name")
    .option(
      "--map <name=id>",
      "route a Machine Name no machine answers to onto this machine id (repeatable); remembered as its telemetry name once imported",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option("--month <YYYY-MM>", "import only the rows dated in this month (the others are counted, never re-dated)")
    .option(
      "--date-order <dmy|mdy>",
      "how text dates are written (day/month or month/day), for files whose dates read either way",
    )
    .option(
      "--accept-exclusions",
      "import files even though rows are left out for their date (unreadable, a month not begun, outside the title's range)",
    )
    .option(
      "--adjust-paid-months",
      "book late sales into paid months; each month's difference becomes an adjustment on the partner's next open month",
    )
    .option(
      "--profile <name>",
      "read every file with this import profile (without it: the spec's layout, else the one profile whose headers the file has)",
    )
    .option("--dry-run", "check and report without saving anything")
    .option("--json", "print the outcome as JSON")
    .option("--max-unpacked-mb <n>", "for a trusted file: the most a workbook may unpack to (default 150)")
    .option("--max-rows <n>", "for a trusted file: the most data rows one file may have (default 200000)")
    .option("--parse-timeout <seconds>", "for a trusted file: how long reading one file may take (default 20)")
    .action(async (files: string[], options: Import.ImportCommandOptions) => {
      const { runImport } = await import("./commands/import.ts");
      io.exitCode = await runImport(io, files, options);
    });
}

function registerReportCommands(program: Command, io: CliIO): void {
  const reports = program.command("reports").description("consolidated monthly reports (PDF)");
  reports
    .command("export")
    .description("one PDF per partner whose reports are complete for the month; lists the ones skipped and why")
    .requiredOption("--month <YYYY-MM>", "the month")
    .option("--partner <id>", "only this partner")
    .requiredOption("--out <dir>", "folder to write the PDFs into")
    .option(
      "--send",
      "also email each report to its partner (once a month: partners already sent this month's report are skipped)",
    )
    .option("--resend", "with --send, email again even if this month's report was sent before")
    .option("--json", "print the outcome as JSON")
    .action(async (options: Parameters<typeof Reports.runExport>[1]) => {
      const { runExport } = await import("./commands/reports.ts");
      io.exitCode = await runExport(io, options);
    });
}

function registerAuditCommand(program: Command, io: CliIO): void {
  program
    .command("audit")
    .description("the audit trail: every change to money and data, newest first")
    .option("--partner <id>", "only changes affecting this partner (a deleted partner's id works too)")
    .option("--month <YYYY-MM>", "only changes affecting this business month")
    .option("--since <YYYY-MM-DD>", "only changes made on or after this day (UTC)")
    .option("--limit <n>", `how many entries to show (default ${AUDIT_DEFAULT_LIMIT}, at most 500)`)
    .option("--json", "print { entries, total, page, pageSize } as JSON")
    .action(async (options: Audit.AuditOptions) => {
      const { runAudit } = await import("./commands/audit.ts");
      await runAudit(io, options);
    });
}

function registerAccountingCommand(program: Command, io: CliIO): void {
  program
    .command("accounting")
    .description("files for the accounting package")
    .command("export")
    .description(
      "an ended month's sales (fee invoices, credit notes), bills (partners' commission) or payments as Xero, QuickBooks Online or Sage import a CSV; past the package's limit FILE-1.csv, FILE-2.csv…",
    )
    .requiredOption("--month <YYYY-MM>", "the month (it must have ended)")
    .requiredOption("--format <xero|quickbooks|sage>", "the accounting package")
    .requiredOption("--kind <sales|bills|payments>", "what to export")
    .requiredOption("--out <file>", "where to write the CSV")
    .option(
      "--new-only",
      "only what no earlier export carried: new documents, and a changed one's credit note and replacement",
    )
    .option("--json", "list the files written as JSON")
    .action(async (options: Accounting.AccountingExportOptions) => {
      const { runAccountingExport } = await import("./commands/accounting.ts");
      io.exitCode = await runAccountingExport(io, options);
    });
}
