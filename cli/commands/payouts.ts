/**
 * vendboard commissions payouts --month YYYY-MM --out FILE [--mark-paid] [--json]: the month's bank
 * payment file (every eligible partner), the partners left out and why; with --mark-paid the batch
 * is marked paid and each partner emailed a remittance. vendboard commissions remittances --month
 * YYYY-MM sends the month's remittances that failed before.
 */
import fs from "node:fs";
import { payoutRunJson, remittanceJson } from "#domain/payouts/payout-json.ts";
import path from "node:path";
import { z } from "zod";
import { mailConfig } from "#db/config.ts";
import { payoutLineFigures, remittanceNote, type PayoutPlan } from "#domain/payouts/payout-rules.ts";
import { markPayoutPaid, payoutCandidates, payoutFile } from "#domain/payouts/payout-service.ts";
import { retryRemittances, sendRemittances, type RemittanceOutcome } from "#domain/payouts/remittance-service.ts";
import { formatCount, formatMonth, formatPence, maskAccountNumber } from "#domain/shared/format.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { EXIT_FAILURE, EXIT_OK } from "../errors.ts";
import { monthFlag, parseOptions } from "../options.ts";

const payoutOptions = z.object({
  month: monthFlag,
  out: z.string({ error: "--out FILE is required" }).min(1, "--out FILE is required"),
});

export interface PayoutsCommandOptions {
  month?: string;
  out?: string;
  markPaid?: boolean;
  json?: boolean;
}

export async function runPayouts(io: CliIO, options: PayoutsCommandOptions): Promise<number> {
  const { month, out } = parseOptions(payoutOptions, options);
  // Remittances link to APP_URL (required in production): read only when there is mail to send.
  const mail = options.markPaid ? mailConfig(io.env) : null;
  const result = await withDatabase(io, async (db) => {
    const plan: PayoutPlan = await payoutCandidates(db, month);
    let paid: { batchId: number; paidDate: string; remittances: RemittanceOutcome[] } | null = null;
    if (plan.eligible.length) {
      fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
      // Made through the product, so the file is kept and the batch is refused if an amount changes before it is marked paid.
      fs.writeFileSync(out, (await payoutFile(db, month)).csv);
      if (options.markPaid) {
        const batch = await markPayoutPaid(
          db,
          month,
          plan.eligible.map((l) => l.partnerId),
          null,
        );
        paid = {
          batchId: batch.batchId,
          paidDate: batch.paidDate,
          remittances: await sendRemittances(db, mail!, batch.remittanceIds),
        };
      }
    }
    return { plan, paid };
  });
  const { plan, paid } = result;

  if (options.json) {
    printJson(io, payoutRunJson(month, plan.eligible.length ? out : null, plan, paid));
  } else {
    for (const l of plan.eligible)
      io.stdout.write(
        `pay      ${l.partnerName}: ${payoutLineFigures(l, month)} to ${l.payeeName} ${l.sortCode} ${maskAccountNumber(l.accountNumber)} (${l.reference})\n`,
      );
    for (const l of plan.leftOut) io.stdout.write(`left out ${l.partnerName}: ${l.reason.message}\n`);
    if (!plan.eligible.length) io.stderr.write(`No partner can be paid for ${formatMonth(month)}: no file written.\n`);
    else
      io.stderr.write(
        `${formatCount(plan.eligible.length, "payment")} of ${formatPence(plan.totalPence)} for ${formatMonth(month)} in ${out}\n`,
      );
    if (paid)
      io.stderr.write(`Marked paid on ${paid.paidDate} (batch ${paid.batchId}). ${remittanceNote(paid.remittances)}\n`);
  }
  return paid?.remittances.some((r) => r.status === "failed") ? EXIT_FAILURE : EXIT_OK;
}

export async function runRemittances(io: CliIO, options: { month?: string; json?: boolean }): Promise<number> {
  const month = parseOptions(monthFlag, options.month);
  const mail = mailConfig(io.env);
  const outcomes = await withDatabase(io, (db) => retryRemittances(db, mail, month));
  if (options.json) printJson(io, { month, remittances: outcomes.map(remittanceJson) });
  else
    io.stderr.write(
      outcomes.length
        ? `${remittanceNote(outcomes)}\n`
        : `No remittance is waiting to be sent for ${formatMonth(month)}.\n`,
    );
  return outcomes.some((r) => r.status === "failed") ? EXIT_FAILURE : EXIT_OK;
}
