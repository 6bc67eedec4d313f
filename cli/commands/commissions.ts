/** vendboard commissions summary --month YYYY-MM [--json] | pay --partner ID --month YYYY-MM | reset --month YYYY-MM [--partner ID] */
import { paymentFiguresText } from "#domain/commissions/correction-words.ts";
import Table from "cli-table3";
import { resetCommissions } from "#domain/commissions/commission-reset-service.ts";
import { payCommission } from "#domain/payouts/remittance-service.ts";
import { remittanceNote } from "#domain/payouts/payout-rules.ts";
import { mailConfig } from "#db/config.ts";
import { commissionSummary } from "#domain/commissions/commission-summary.ts";
import { commissionSummaryJson, paidMonthCliJson } from "#domain/commissions/commission-json.ts";
import { formatRate, fractionToBp } from "#domain/shared/commission-rules.ts";
import { z } from "zod";
import { formatDate, formatMonth, isoDay } from "#domain/shared/dates.ts";
import { formatPence } from "#domain/shared/format.ts";
import { partnerTypeLabel } from "#domain/partners/partner-rules.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { monthOption } from "../month.ts";
import { dayFlag, idFlag, monthFlag, parseOptions } from "../options.ts";

export async function runSummary(io: CliIO, options: { month?: string; json?: boolean }) {
  const month = monthOption(options.month);
  const summary = await withDatabase(io, (db) => commissionSummary(db, month));
  if (options.json) {
    printJson(io, commissionSummaryJson(summary));
    return summary;
  }
  const table = new Table({
    head: ["Partner", "Type", "Rate", "Reports", "Complete", "Profit share", "Payment"],
    style: { head: [], border: [] },
  });
  for (const row of summary.rows) {
    table.push([
      row.partnerName,
      partnerTypeLabel(row.partnerType),
      row.partnerType === "tiered-profit-sharing" ? "Tiered" : formatRate(fractionToBp(row.commissionPercentage) ?? 0),
      `${row.submittedReports}/${row.totalMachines}`,
      row.allReportsSubmitted ? "yes" : "no",
      formatPence(row.profitSharePence),
      row.paymentStatus === "completed"
        ? `paid ${row.paidDate}`
        : row.paymentStatus === "pending"
          ? "pending"
          : "not applicable",
    ]);
  }
  io.stdout.write(
    `Commissions for ${formatMonth(month)}\n${table.toString()}\nTotal commissions due: ${formatPence(summary.totalCommissionDuePence)}\n`,
  );
  return summary;
}

const partnerFlag = idFlag("--partner takes a partner id (a positive whole number)");
const payOptions = z.object({
  month: monthFlag,
  partner: z.string({ error: "--partner ID is required" }).pipe(partnerFlag),
  paidDate: dayFlag("--paid-date takes a day as YYYY-MM-DD").optional(),
});
const resetOptions = z.object({ month: monthFlag, partner: partnerFlag.optional() });

export async function runPay(
  io: CliIO,
  options: { partner?: string; month?: string; paidDate?: string; json?: boolean },
) {
  const { month, partner: partnerId, paidDate } = parseOptions(payOptions, options);
  const mail = mailConfig(io.env);
  const paid = await withDatabase(io, (db) =>
    payCommission(db, mail, partnerId, month, null, paidDate ?? isoDay(new Date())),
  );
  const { payment, transfer, alreadyPaid, remittance } = paid;
  if (options.json) {
    printJson(io, paidMonthCliJson(partnerId, month, paid));
  } else {
    const figures = `${paymentFiguresText(month, payment.amountPence ?? 0, alreadyPaid)}${alreadyPaid.pence ? ` (reference ${transfer.reference})` : ""}`;
    io.stderr.write(
      `Commission for ${formatMonth(month)} marked paid on ${formatDate(payment.paidDate)}: ${figures}. ${remittanceNote([remittance])}\n`,
    );
  }
  return payment;
}

export async function runReset(io: CliIO, options: { month?: string; partner?: string; json?: boolean }) {
  const { month, partner: partnerId } = parseOptions(resetOptions, options);
  const result = await withDatabase(io, (db) => resetCommissions(db, month, null, partnerId));
  if (options.json) printJson(io, { month, ...(partnerId === undefined ? {} : { partnerId }), ...result });
  else
    io.stderr.write(
      `Reset ${result.reset} commission payment${result.reset === 1 ? "" : "s"} for ${formatMonth(month)}${partnerId === undefined ? "" : ` (partner ${partnerId})`}; money already paid stays recorded and paying again pays only the difference.\n`,
    );
  return result;
}
