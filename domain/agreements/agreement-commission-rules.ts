/**
 * The commission under an agreement's terms, pure: per machine its card fee and net profit, product
 * rules, flat rates or marginal bands, a minimum or cap, split back across the machines; and the same
 * total from a month's sums where they suffice.
 */
import { cardFeePence, netProfitPence, splitByLargestRemainder } from "../shared/commission-rules.ts";
import {
  isCountBasis,
  linePence,
  matchesProduct,
  type AgreementCommission,
  type AgreementRecord,
  type AgreementTerms,
  type Band,
  type Basis,
  type CommissionLine,
} from "./agreement-rules.ts";

interface Figures {
  revenuePence: number;
  cogsPence: number;
  cardFeePence: number;
  units: number;
}

function quantityOf(basis: Basis, f: Figures, machines: number): number {
  switch (basis) {
    case "net-profit":
      return f.revenuePence - f.cogsPence - f.cardFeePence;
    case "gross-sales":
      return f.revenuePence;
    case "gross-profit":
      return f.revenuePence - f.cogsPence;
    case "per-item":
      return f.units;
    case "per-machine":
      return machines;
  }
}

/** Marginal bands on a positive total: each band's part at its rate, rounded per band. */
export function bandLines(basis: Basis, total: number, tiers: readonly Band[]): CommissionLine[] {
  const positive = Math.max(0, total);
  let from = 0;
  return tiers.map((band) => {
    const top = band.upTo ?? Number.POSITIVE_INFINITY;
    const quantity = Math.max(0, Math.min(positive, top) - from);
    const line: CommissionLine = {
      kind: "band",
      machineId: null,
      basis,
      quantity,
      rate: band.rate,
      from,
      upTo: band.upTo,
      commissionPence: linePence(basis, quantity, band.rate),
    };
    from = band.upTo ?? from;
    return line;
  });
}

/**
 * A partner's commission for one month under an agreement, from its machines' records (any order;
 * the results are in the same order). Per machine: its card fee and net profit; the products that a
 * product rule matches come out of the machine's basis into a product line (on a net-profit basis the
 * card fee is shared by revenue); the rest pays the flat rate per machine, or, with tiers, the bands on
 * the month's total, split back across machines by largest remainder. A minimum or cap moves the total
 * (a minimum also applies to a month with no records), split across the machines the same way.
 */
export function commissionUnderTerms(terms: AgreementTerms, records: readonly AgreementRecord[]): AgreementCommission {
  const lines: CommissionLine[] = [];
  const remainders: number[] = [];
  const results = records.map((record, index) => {
    const fee = cardFeePence(record.revenuePence);
    const figures: Figures = {
      revenuePence: record.revenuePence,
      cogsPence: record.cogsPence,
      cardFeePence: fee,
      units: record.totalSales,
    };
    let remainder = quantityOf(terms.basis, figures, 1);
    let own = 0;
    if (terms.products.length && record.products?.length) {
      const parts = record.products;
      const feeShares = splitByLargestRemainder(
        fee,
        parts.map((p) => p.revenuePence),
      );
      const matched = new Map<number, Figures>();
      parts.forEach((part, i) => {
        const rule = terms.products.findIndex((r) => matchesProduct(r.match, part.name));
        if (rule < 0) return;
        const partFigures: Figures = {
          revenuePence: part.revenuePence,
          cogsPence: part.cogsPence,
          cardFeePence: feeShares[i],
          units: part.units,
        };
        // A product is no machine: on a per-machine basis its quantity is 0 and the machine keeps its count.
        remainder -= quantityOf(terms.basis, partFigures, 0);
        const sum = matched.get(rule) ?? { revenuePence: 0, cogsPence: 0, cardFeePence: 0, units: 0 };
        matched.set(rule, {
          revenuePence: sum.revenuePence + partFigures.revenuePence,
          cogsPence: sum.cogsPence + partFigures.cogsPence,
          cardFeePence: sum.cardFeePence + partFigures.cardFeePence,
          units: sum.units + partFigures.units,
        });
      });
      for (const [ruleIndex, sum] of [...matched].sort((a, b) => a[0] - b[0])) {
        const rule = terms.products[ruleIndex];
        const quantity = quantityOf(rule.basis, sum, 0);
        const commissionPence = linePence(rule.basis, quantity, rule.rate);
        own += commissionPence;
        lines.push({
          kind: "product",
          machineId: record.machineId,
          basis: rule.basis,
          quantity,
          rate: rule.rate,
          match: rule.match,
          commissionPence,
        });
      }
    }
    if (!terms.tiers.length) {
      const commissionPence = linePence(terms.basis, remainder, terms.rate);
      own += commissionPence;
      lines.push({
        kind: "machine",
        machineId: record.machineId,
        basis: terms.basis,
        quantity: remainder,
        rate: terms.rate,
        commissionPence,
      });
    }
    remainders[index] = remainder;
    return {
      machineId: record.machineId,
      cardFeePence: fee,
      netProfitPence: netProfitPence(record),
      commissionPence: own,
    };
  });
  // The bands on the month's total (none without tiers), split back across the machines.
  const bands = bandLines(
    terms.basis,
    remainders.reduce((s, q) => s + q, 0),
    terms.tiers,
  );
  lines.push(...bands);
  const bandParts = splitByLargestRemainder(
    bands.reduce((s, l) => s + l.commissionPence, 0),
    remainders,
  );
  results.forEach((r, i) => (r.commissionPence += bandParts[i]));
  const subtotalPence = lines.reduce((s, l) => s + l.commissionPence, 0);
  const limit = limitLine(terms, subtotalPence);
  let commissionPence = subtotalPence;
  if (limit) {
    lines.push(limit);
    commissionPence += limit.commissionPence;
    // The new total split by the machines' commissions (evenly where none earned); no records, nothing to split.
    const weights = results.map((r) => r.commissionPence);
    const parts = splitByLargestRemainder(commissionPence, weights.some((w) => w > 0) ? weights : weights.map(() => 1));
    results.forEach((r, i) => (r.commissionPence = parts[i]));
  }
  return { records: results, lines, subtotalPence, commissionPence };
}

/** The minimum's or cap's line for a month's subtotal, or null within the limits. */
export function limitLine(terms: AgreementTerms, subtotalPence: number): CommissionLine | null {
  const line = (kind: "minimum" | "cap", commissionPence: number): CommissionLine => ({
    kind,
    machineId: null,
    basis: terms.basis,
    quantity: 0,
    rate: 0,
    commissionPence,
  });
  if (terms.minimumPence !== null && subtotalPence < terms.minimumPence)
    return line("minimum", terms.minimumPence - subtotalPence);
  if (terms.capPence !== null && subtotalPence > terms.capPence) return line("cap", terms.capPence - subtotalPence);
  return null;
}

/** A month's records summed: what a month's total needs where no record has to be looked at alone. */
export interface MonthSums {
  records: number;
  netProfitPence: number;
  revenuePence: number;
  cogsPence: number;
  units: number;
}

/**
 * commissionUnderTerms(terms, records).commissionPence from the records' sums, where sums suffice:
 * tiers need the month's total of the basis; a flat amount per item or machine is the amount × the
 * count; a flat money rate needs the sum of each record's rounded share (`flatSharePence`, worked out
 * in SQL at that rate), null when it is not known. Null too where product rules meet records (they need
 * each record's products). Equal to the engine's figure (tests/integration/agreement-totals.test.ts).
 */
export function totalFromSums(
  terms: AgreementTerms | null,
  sums: MonthSums,
  flatSharePence: number | null,
): number | null {
  if (!terms) return 0;
  if (terms.products.length && sums.records > 0) return null;
  const quantity: Record<Basis, number> = {
    "net-profit": sums.netProfitPence,
    "gross-sales": sums.revenuePence,
    "gross-profit": sums.revenuePence - sums.cogsPence,
    "per-item": sums.units,
    "per-machine": sums.records,
  };
  let subtotal: number;
  if (terms.tiers.length)
    subtotal = bandLines(terms.basis, quantity[terms.basis], terms.tiers).reduce((s, l) => s + l.commissionPence, 0);
  else if (isCountBasis(terms.basis)) subtotal = linePence(terms.basis, quantity[terms.basis], terms.rate);
  else if (flatSharePence === null) return null;
  else subtotal = flatSharePence;
  return subtotal + (limitLine(terms, subtotal)?.commissionPence ?? 0);
}
