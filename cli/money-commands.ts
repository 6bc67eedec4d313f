/** The `commissions`, `agreements` and `invoices` commands as `vendboard --help` shows them; each action loads its command module when it runs. */
import { Command } from "commander";
import { INVOICE_STATUSES } from "#db/enums.ts";
import type * as Agreements from "./commands/agreements.ts";
import type * as Commissions from "./commands/commissions.ts";
import type * as Payouts from "./commands/payouts.ts";
import type * as Invoices from "./commands/invoices.ts";
import type { CliIO } from "./context.ts";

export function registerCommissionCommands(program: Command, io: CliIO): void {
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

export function registerAgreementCommands(program: Command, io: CliIO): void {
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

export function registerInvoiceCommands(program: Command, io: CliIO): void {
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
