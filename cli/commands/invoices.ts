/** vendboard invoices check-due [--today YYYY-MM-DD] [--json] | invoices list [--status S] [--json] */
import Table from "cli-table3";
import type { Command } from "commander";
import { mailConfig } from "#db/config.ts";
import { formatDate, isIsoDay } from "#domain/dates.ts";
import { checkDueInvoices, listInvoices } from "#domain/invoice-service.ts";
import { INVOICE_STATUSES, type InvoiceStatus } from "#domain/invoices.ts";
import { formatPounds } from "#domain/money.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { EXIT_FAILURE, UsageError } from "../errors.ts";

export async function runCheckDue(io: CliIO, options: { today?: string; json?: boolean }) {
  if (options.today !== undefined && !isIsoDay(options.today)) {
    throw new UsageError("--today takes a date as YYYY-MM-DD");
  }
  const result = await withDatabase(io, (db) => checkDueInvoices(db, mailConfig(io.env), options.today));
  if (options.json) printJson(io, result);
  else io.stdout.write(`Due check for ${formatDate(result.today)}: ${result.markedOverdue} marked overdue, ${result.invoicesRaised} invoice(s) raised, ${result.remindersSent} reminder(s) sent.\n`);
  // stderr is what cron mails: a reminder that failed is said there, and the run exits 1.
  for (const failure of result.reminderFailures) io.stderr.write(`Invoice ${failure.invoiceId}: the reminder failed: ${failure.reason}\n`);
  if (result.reminderFailures.length) io.exitCode = EXIT_FAILURE;
  return result;
}

export async function runList(io: CliIO, options: { status?: string; json?: boolean }) {
  if (options.status !== undefined && !INVOICE_STATUSES.includes(options.status as InvoiceStatus)) {
    throw new UsageError(`--status takes one of: ${INVOICE_STATUSES.join(", ")}`);
  }
  const invoices = await withDatabase(io, (db) => listInvoices(db, { status: options.status as InvoiceStatus | undefined }));
  if (options.json) {
    printJson(io, invoices);
    return invoices;
  }
  const table = new Table({ head: ["Invoice", "Partner", "Amount", "Period", "Due", "Status"], style: { head: [], border: [] } });
  for (const i of invoices) table.push([i.displayId, i.partnerName, formatPounds(i.amount), `${formatDate(i.periodStart)} - ${formatDate(i.periodEnd)}`, formatDate(i.dueDate), i.status]);
  io.stdout.write(invoices.length ? `${table.toString()}\n` : "No invoices found\n");
  return invoices;
}

export function registerInvoiceCommands(program: Command, io: CliIO): void {
  const invoices = program.command("invoices").description("fee invoices");
  invoices
    .command("check-due")
    .description("mark late invoices overdue (one reminder each) and raise invoices whose period has started; safe to run twice")
    .option("--today <YYYY-MM-DD>", "run as if today were this date")
    .option("--json", "print the counts as JSON")
    .action(async (options) => {
      await runCheckDue(io, options);
    });
  invoices
    .command("list")
    .description("list invoices, newest period first")
    .option("--status <status>", `only ${INVOICE_STATUSES.join(", ")}`)
    .option("--json", "print the invoices as JSON")
    .action(async (options) => {
      await runList(io, options);
    });
}
