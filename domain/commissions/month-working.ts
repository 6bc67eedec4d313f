/**
 * How a partner's month's commission is worked out, as the admin's Commission Due card and the
 * partner's dashboard show it behind a disclosure: the month's revenue, COGS, 2.99% card fee and net
 * profit, the agreement in words, each line's arithmetic, and the adjustments added to the month. Pure.
 */
import type { AdjustmentReason } from "#db/schema.ts";
import { describeTerms } from "../agreements/agreement-words.ts";
import { previewLine } from "../agreements/agreement-difference-service.ts";
import { isFlatNetProfitShare, type AgreementTerms } from "../agreements/agreement-rules.ts";
import { formatRate } from "../shared/commission-rules.ts";
import { formatPence } from "../shared/money.ts";
import type { PartnerMonth } from "./partner-month.ts";
import type { MonthVat } from "../agreements/self-billing-rules.ts";

export interface CommissionWorking {
  /** The month's figures over every record: net profit = revenue − COGS − card fee. */
  figures: { revenuePence: number; cogsPence: number; cardFeePence: number; netProfitPence: number };
  terms: string[];
  lines: string[];
  /** The commission under the agreement, before adjustments. */
  agreementPence: number;
  adjustments: { forMonth: string; amountPence: number; reason: AdjustmentReason }[];
  /** A self-billed month's VAT on top of the commission and its adjustments (absent when none). */
  vat?: MonthVat;
}

export function monthWorking(
  month: Pick<PartnerMonth, "machines" | "totals" | "terms" | "lines" | "agreementPence" | "adjustments" | "vat">,
): CommissionWorking {
  const locations = new Map(month.machines.map((m) => [m.machineId, m.location]));
  const { revenuePence, cogsPence, cardFeePence, netProfitPence } = month.totals;
  return {
    figures: { revenuePence, cogsPence, cardFeePence, netProfitPence },
    terms: describeTerms(month.terms),
    lines: month.lines.map((line) => previewLine(line, locations).text),
    agreementPence: month.agreementPence,
    adjustments: month.adjustments.map((a) => ({ forMonth: a.forMonth, amountPence: a.amountPence, reason: a.reason })),
    ...(month.vat ? { vat: month.vat } : {}),
  };
}

/**
 * What the month's profit share is of, beside its figure: "15% of £214.33 net profit" for a flat share
 * of net profit (so it never reads as a share of revenue), "Tiered commission on £465.48 net profit",
 * or "Under the agreement; net profit £57.01" for other terms (the working has the lines).
 */
export function shareOfText(terms: AgreementTerms | null, netProfitPence: number): string {
  const net = formatPence(netProfitPence);
  if (terms && isFlatNetProfitShare(terms)) return `${formatRate(terms.rate)} of ${net} net profit`;
  if (terms && terms.basis === "net-profit" && terms.tiers.length && !terms.products.length)
    return `Tiered commission on ${net} net profit`;
  return `Under the agreement; net profit ${net}`;
}
