/** vendboard invoices check-due [--today YYYY-MM-DD] [--json] | invoices list [--status S] [--json] */
import Table from "cli-table3";
import { z } from "zod";
import { mailConfig } from "#db/config.ts";
import { formatDate } from "#domain/shared/dates.ts";
import { checkDueInvoices } from "#domain/invoices/invoice-due.ts";
import { listInvoices } from "#domain/invoices/invoice-queries.ts";
import { INVOICE_STATUSES, dueCheckSummary } from "#domain/invoices/invoice-rules.ts";
import { invoiceJson } from "#domain/invoices/invoice-json.ts";
import { formatPence } from "#domain/shared/format.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { EXIT_FAILURE } from "../errors.ts";
import { dayFlag, parseOptions } from "../options.ts";

const checkDueOptions = z.object({ today: dayFlag("--today takes a date as YYYY-MM-DD").optional() });
const listOptions = z.object({
  status: z.enum(INVOICE_STATUSES, { error: `--status takes one of: ${INVOICE_STATUSES.join(", ")}` }).optional(),
});

export async function runCheckDue(io: CliIO, options: { today?: string; json?: boolean }) {
  const { today } = parseOptions(checkDueOptions, options);
  const result = await withDatabase(io, (db) => checkDueInvoices(db, mailConfig(io.env), today));
  if (options.json) printJson(io, result);
  else io.stdout.write(`Due check for ${formatDate(result.today)}: ${dueCheckSummary(result)}.\n`);
  // stderr is what cron mails: a reminder that failed is said there, and the run exits 1.
  for (const failure of result.reminderFailures)
    io.stderr.write(`Invoice ${failure.invoiceId}: the reminder failed: ${failure.reason}\n`);
  if (result.reminderFailures.length) io.exitCode = EXIT_FAILURE;
  return result;
}

export async function runList(io: CliIO, options: { status?: string; json?: boolean }) {
  const { status } = parseOptions(listOptions, options);
  const invoices = await withDatabase(io, (db) => listInvoices(db, { status }));
  if (options.json) {
    printJson(io, invoices.map(invoiceJson));
    return invoices;
  }
  const table = new Table({
    head: ["Invoice", "Partner", "Amount", "Period", "Due", "Status"],
    style: { head: [], border: [] },
  });
  for (const i of invoices)
    table.push([
      i.displayId,
      i.partnerName,
      formatPence(i.amountPence),
      `${formatDate(i.periodStart)} - ${formatDate(i.periodEnd)}`,
      formatDate(i.dueDate),
      i.status,
    ]);
  io.stdout.write(invoices.length ? `${table.toString()}\n` : "No invoices found\n");
  return invoices;
}
