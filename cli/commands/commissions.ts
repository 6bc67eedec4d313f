/** vendboard commissions summary --month YYYY-MM [--json] | commissions reset --month YYYY-MM */
import Table from "cli-table3";
import type { Command } from "commander";
import { commissionSummary, resetCommissions } from "#domain/commission-service.ts";
import { formatRate, fractionToBp } from "#domain/commission.ts";
import { formatMonth } from "#domain/dates.ts";
import { formatPounds } from "#domain/money.ts";
import { partnerTypeLabel } from "#domain/partners.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { monthOption } from "../month.ts";

export async function runSummary(io: CliIO, options: { month?: string; json?: boolean }) {
  const month = monthOption(options.month);
  const summary = await withDatabase(io, (db) => commissionSummary(db, month));
  if (options.json) {
    printJson(io, summary);
    return summary;
  }
  const table = new Table({ head: ["Partner", "Type", "Rate", "Reports", "Complete", "Profit share", "Payment"], style: { head: [], border: [] } });
  for (const row of summary.rows) {
    table.push([
      row.partnerName,
      partnerTypeLabel(row.partnerType),
      row.partnerType === "tiered-profit-sharing" ? "Tiered" : formatRate(fractionToBp(row.commissionPercentage) ?? 0),
      `${row.submittedReports}/${row.totalMachines}`,
      row.allReportsSubmitted ? "yes" : "no",
      formatPounds(row.profitShare),
      row.paymentStatus === "completed" ? `paid ${row.paidDate}` : row.paymentStatus === "pending" ? "pending" : "not applicable",
    ]);
  }
  io.stdout.write(`Commissions for ${formatMonth(month)}\n${table.toString()}\nTotal commissions due: ${formatPounds(summary.totalCommissionDue)}\n`);
  return summary;
}

export async function runReset(io: CliIO, options: { month?: string; json?: boolean }) {
  const month = monthOption(options.month);
  const result = await withDatabase(io, (db) => resetCommissions(db, month, null));
  if (options.json) printJson(io, { month, ...result });
  else io.stderr.write(`Reset ${result.reset} commission payment(s) for ${formatMonth(month)}.\n`);
  return result;
}

export function registerCommissionCommands(program: Command, io: CliIO): void {
  const commissions = program.command("commissions").description("monthly commissions");
  commissions
    .command("summary")
    .description("every partner's commission for a month: reports in, amount, payment status")
    .requiredOption("--month <YYYY-MM>", "the month")
    .option("--json", "print the summary as JSON")
    .action(async (options) => {
      await runSummary(io, options);
    });
  commissions
    .command("reset")
    .description("delete a month's commission payments, so they are pending again")
    .requiredOption("--month <YYYY-MM>", "the month")
    .option("--json", "print the result as JSON")
    .action(async (options) => {
      await runReset(io, options);
    });
}
