/**
 * The commands, their arguments and flags, as `vendboard --help` shows them. Registering them loads
 * nothing but commander: each action imports its command module (cli/commands/*.ts, and with it the
 * database, SheetJS, pdf-lib or nodemailer) only when that command runs, so `--help` and usage
 * errors answer at once (docs/performance.md, "CLI start-up").
 */
import { Command } from "commander";
import { INVOICE_STATUSES } from "#db/enums.ts";
import type * as Admin from "./commands/admin.ts";
import type * as Agreements from "./commands/agreements.ts";
import type * as Audit from "./commands/audit.ts";
import type * as Commissions from "./commands/commissions.ts";
import type * as Payouts from "./commands/payouts.ts";
import type * as Db from "./commands/db.ts";
import type * as Import from "./commands/import.ts";
import type * as Invoices from "./commands/invoices.ts";
import type * as Reports from "./commands/reports.ts";
import type { CliIO } from "./context.ts";

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
  registerCommissionCommands(program, io);
  registerAgreementCommands(program, io);
  registerReportCommands(program, io);
  registerInvoiceCommands(program, io);
  registerAuditCommand(program, io);
  return program;
}

function registerDbCommands(program: Command, io: CliIO): void {
  const load = () => import("./commands/db.ts");
  const db = program.command("db").description("database maintenance");
  db.command("migrate")
    .description("apply pending migrations to DATABASE_PATH, or to DATABASE_URL's PostgreSQL database")
    .option("--json", "print the result as JSON")
    .action(async (options: Parameters<typeof Db.runMigrate>[1]) => {
      await (await load()).runMigrate(io, options);
    });
  db.command("backup")
    .description(
      "write one archive (.tar.gz) of the database and the uploaded exports it refers to, with pg_dump under DATABASE_URL (safe while the app runs)",
    )
    .argument("<file>", "where to write the backup")
    .option("--json", "print the result as JSON")
    .action(async (file: string, options: Parameters<typeof Db.runBackup>[2]) => {
      await (await load()).runBackup(io, file, options);
    });
  db.command("restore")
    .description(
      "restore a backup archive into DATABASE_PATH and its uploads folder, or with DATABASE_URL into PostgreSQL through pg_restore (stop the servers first)",
    )
    .argument("<file>", "the archive written by db backup")
    .option("--force", "replace an existing database")
    .option("--json", "print the result as JSON")
    .action(async (file: string, options: Parameters<typeof Db.runRestore>[2]) => {
      await (await load()).runRestore(io, file, options);
    });
  db.command("copy")
    .description(
      "copy the SQLite database at DATABASE_PATH and its uploaded exports into PostgreSQL, then check row counts and money totals on both sides",
    )
    .requiredOption("--to <url>", "the PostgreSQL database (postgres://…), migrated to the latest schema by the copy")
    .option("--force", "empty a target that already has rows first (in the copy's transaction)")
    .option("--json", "print the checks as JSON")
    .action(async (options: Parameters<typeof Db.runCopy>[1]) => {
      io.exitCode = await (await load()).runCopy(io, options);
    });
}

function registerAdminCommands(program: Command, io: CliIO): void {
  const admin = program.command("admin").description("administrator accounts");
  admin
    .command("create")
    .description("create an administrator (the first one of a new database, or another)")
    .argument("<username>", "the admin's username")
    .option("--password-stdin", "read the password from standard input")
    .option("--name <name>", "display name (defaults to the username)")
    .option("--json", "print the created user as JSON")
    .action(async (username: string, options: Admin.CreateAdminOptions) => {
      const { runCreateAdmin } = await import("./commands/admin.ts");
      await runCreateAdmin(io, username, options);
    });
  admin
    .command("list")
    .description("list the administrators with their last sign-in and status")
    .option("--json", "print the admins as JSON")
    .action(async (options: { json?: boolean }) => {
      const { runListAdmins } = await import("./commands/admin.ts");
      await runListAdmins(io, options);
    });
  for (const change of ["disable", "enable"] as const) {
    admin
      .command(change)
      .description(
        change === "disable"
          ? "disable an account (admin or partner): no sign-in, every session ends"
          : "let a disabled account sign in again",
      )
      .argument("<username>", "the account's username")
      .option("--json", "print the account's status as JSON")
      .action(async (username: string, options: { json?: boolean }) => {
        const { runSetAccountStatus } = await import("./commands/admin.ts");
        await runSetAccountStatus(io, username, change, options);
      });
  }
  admin
    .command("reset-2fa")
    .description(
      "turn off two-factor sign-in of a user who lost their device (they set it up again at their next sign-in when REQUIRE_ADMIN_2FA=1)",
    )
    .argument("<username>", "the account's username")
    .option("--json", "print the outcome as JSON")
    .action(async (username: string, options: { json?: boolean }) => {
      const { runResetTwoFactor } = await import("./commands/admin.ts");
      await runResetTwoFactor(io, username, options);
    });
}

function registerImportCommand(program: Command, io: CliIO): void {
  program
    .command("import")
    .description(
      "import telemetry exports (.xlsx/.xls/.csv); rows go to the machine named in each row, grouped by machine and month",
    )
    .argument("<files...>", "export files, or folders of them")
    .option("--machine <id>", "put every row on this machine instead of matching Machine Name")
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
    .option("--dry-run", "check and report without saving anything")
    .option("--json", "print the outcome as JSON")
    .action(async (files: string[], options: Import.ImportCommandOptions) => {
      const { runImport } = await import("./commands/import.ts");
      io.exitCode = await runImport(io, files, options);
    });
}

function registerCommissionCommands(program: Command, io: CliIO): void {
  const load = () => import("./commands/commissions.ts");
  const commissions = program.command("commissions").description("monthly commissions");
  commissions
    .command("summary")
    .description("every partner's commission for a month: reports in, amount, payment status")
    .requiredOption("--month <YYYY-MM>", "the month")
    .option("--json", "print the summary as JSON")
    .action(async (options: Parameters<typeof Commissions.runSummary>[1]) => {
      await (await load()).runSummary(io, options);
    });
  commissions
    .command("pay")
    .description(
      "mark a partner's commission for an ended month paid (closes the month) and email the partner a remittance",
    )
    .requiredOption("--partner <id>", "the partner")
    .requiredOption("--month <YYYY-MM>", "the month")
    .option("--paid-date <YYYY-MM-DD>", "the day it was paid (default today)")
    .option("--json", "print the payment as JSON")
    .action(async (options: Parameters<typeof Commissions.runPay>[1]) => {
      await (await load()).runPay(io, options);
    });
  commissions
    .command("payouts")
    .description(
      "the month's bank payment file (CSV) of every partner whose commission can be paid; lists the partners left out and why",
    )
    .requiredOption("--month <YYYY-MM>", "the month (it must have ended)")
    .requiredOption("--out <file>", "where to write the CSV")
    .option("--mark-paid", "also mark the batch paid and email each partner a remittance")
    .option("--json", "print the outcome as JSON")
    .action(async (options: Payouts.PayoutsCommandOptions) => {
      const { runPayouts } = await import("./commands/payouts.ts");
      io.exitCode = await runPayouts(io, options);
    });
  commissions
    .command("remittances")
    .description("send the month's remittances that could not be sent before (a mail failure)")
    .requiredOption("--month <YYYY-MM>", "the month")
    .option("--json", "print the outcome as JSON")
    .action(async (options: Parameters<typeof Payouts.runRemittances>[1]) => {
      const { runRemittances } = await import("./commands/payouts.ts");
      io.exitCode = await runRemittances(io, options);
    });
  commissions
    .command("reset")
    .description(
      "Reset Month: delete a month's commission payments (every partner's, or one partner's), reopening the month",
    )
    .requiredOption("--month <YYYY-MM>", "the month")
    .option("--partner <id>", "reopen only this partner's month")
    .option("--json", "print the result as JSON")
    .action(async (options: Parameters<typeof Commissions.runReset>[1]) => {
      await (await load()).runReset(io, options);
    });
}

/** Repeatable flags (--tier, --product): each use adds one. */
const collect = (value: string, previous: string[] = []) => [...previous, value];

function registerAgreementCommands(program: Command, io: CliIO): void {
  const load = () => import("./commands/agreements.ts");
  const agreements = program
    .command("agreements")
    .description("partners' commission agreements: bases, rates, tiers, minimum, cap, per-product rules, from a month");
  agreements
    .command("show")
    .description("the agreement in force this month and every version, newest first")
    .argument("<partner>", "the partner's username or id")
    .option("--json", "print {current, history} as JSON (as GET /api/partners/{id}/agreements)")
    .action(async (partner: string, options: { json?: boolean }) => {
      await (await load()).runShow(io, partner, options);
    });
  agreements
    .command("set")
    .description(
      "write an agreement from a month (open months follow it at once; paid months keep what they paid); the flags, or --file with the API's body",
    )
    .argument("<partner>", "the partner's username or id")
    .option(
      "--from <YYYY-MM>",
      "the month it applies from (required without --file; with --file it replaces the file's effectiveMonth)",
    )
    .option("--basis <basis>", "net-profit, gross-sales, gross-profit, per-item or per-machine")
    .option("--rate <fraction>", "the rate of a money basis, a fraction (0.10 is 10%)")
    .option("--amount <pounds>", "the amount each of per-item or per-machine, in pounds (0.05)")
    .option(
      "--tier <UPTO:RATE>",
      "a marginal tier on the basis, repeatable, lowest first; the last one open (:0.30)",
      collect,
    )
    .option("--minimum <pounds>", "the least the partner gets in a month (months with no sales too)")
    .option("--cap <pounds>", "the most the partner gets in a month")
    .option(
      "--product <MATCH=BASIS:RATE>",
      'a rule for products matching a name or a * pattern, repeatable ("Coca*=per-item:0.10")',
      collect,
    )
    .option("--file <file>", "a JSON file with the body of POST /api/partners/{id}/agreements instead of the flags")
    .option(
      "--adjust-paid-months",
      "add the differences of paid months it reaches to the next open month (refused without it)",
    )
    .option("--preview", "print last month's commission under the agreement in force and under this one; save nothing")
    .option("--json", "print the result (or the preview) as JSON")
    .action(async (partner: string, options: Agreements.SetOptions) => {
      await (await load()).runSet(io, partner, options);
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

function registerInvoiceCommands(program: Command, io: CliIO): void {
  const load = () => import("./commands/invoices.ts");
  const invoices = program.command("invoices").description("fee invoices");
  invoices
    .command("check-due")
    .description(
      "mark late invoices overdue (one reminder each) and raise invoices whose period has started; safe to run twice",
    )
    .option("--today <YYYY-MM-DD>", "run as if today were this date")
    .option("--json", "print the counts as JSON")
    .action(async (options: Parameters<typeof Invoices.runCheckDue>[1]) => {
      await (await load()).runCheckDue(io, options);
    });
  invoices
    .command("list")
    .description("list invoices, newest period first")
    .option("--status <status>", `only ${INVOICE_STATUSES.join(", ")}`)
    .option("--json", "print the invoices as JSON")
    .action(async (options: Parameters<typeof Invoices.runList>[1]) => {
      await (await load()).runList(io, options);
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
