/** A partner's month as the screens show it, pure: each record's figures and share, the total, the tier table. */
import type { PartnerType } from "../shared/partner-types.ts";
import { cardFeePence, netProfitPence, type TieredCommission } from "../shared/commission-rules.ts";
import { seedTerms, type AgreementRecord, type AgreementTerms, type CommissionLine } from "./agreement-rules.ts";
import { commissionUnderTerms } from "./agreement-commission-rules.ts";

export interface RecordCommission {
  revenuePence: number;
  cogsPence: number;
  cardFeePence: number;
  netProfitPence: number;
  commissionPence: number;
}

export interface MonthCommission {
  records: RecordCommission[];
  netProfitPence: number;
  commissionPence: number;
  /** The tier breakdown of tiers on net profit (the seed's tiered partners' table). */
  tiers: TieredCommission | null;
  /** Whether the partner earns a commission at all (the profit-sharing types). */
  applicable: boolean;
  terms: AgreementTerms | null;
  lines: CommissionLine[];
}

/**
 * A partner's commission for a month under the terms in force (null: none applies), with each
 * record's card fee, net profit and share of the commission, in the records' order.
 */
export function monthCommission(terms: AgreementTerms | null, records: readonly AgreementRecord[]): MonthCommission {
  const result = terms ? commissionUnderTerms(terms, records) : null;
  const withFigures = records.map((r, i) => ({
    revenuePence: r.revenuePence,
    cogsPence: r.cogsPence,
    cardFeePence: cardFeePence(r.revenuePence),
    netProfitPence: netProfitPence(r),
    commissionPence: result?.records[i].commissionPence ?? 0,
  }));
  const lines = result?.lines ?? [];
  const bands = lines.filter((l) => l.kind === "band");
  // The tier table of net profit (bands on the month's whole net profit): not where product rules take part of it.
  const tiered = terms && terms.tiers.length && terms.basis === "net-profit" && !terms.products.length ? terms : null;
  return {
    records: withFigures,
    netProfitPence: withFigures.reduce((s, r) => s + r.netProfitPence, 0),
    commissionPence: result?.commissionPence ?? 0,
    tiers: tiered && {
      netPence: withFigures.reduce((s, r) => s + r.netProfitPence, 0),
      lines: bands.map((b) => ({
        fromPence: b.from ?? 0,
        toPence: b.upTo ?? null,
        rateBp: b.rate,
        basePence: b.quantity,
        commissionPence: b.commissionPence,
      })),
      totalPence: bands.reduce((s, b) => s + b.commissionPence, 0),
    },
    applicable: terms !== null,
    terms,
    lines,
  };
}

/**
 * The seed's rule for a partner type at a rate: monthCommission under seedTerms. The seed's
 * agreements are on net profit, so the items sold never count.
 */
export function commissionForMonth(
  type: PartnerType,
  rateBp: number,
  records: readonly { revenuePence: number; cogsPence: number; machineId?: number }[],
): MonthCommission {
  return monthCommission(
    seedTerms(type, rateBp),
    records.map((r, i) => ({
      machineId: r.machineId ?? i,
      revenuePence: r.revenuePence,
      cogsPence: r.cogsPence,
      totalSales: 0,
    })),
  );
}
