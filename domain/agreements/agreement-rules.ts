/**
 * Commission agreements: what a host earns in a month, as operators write it.
 * An agreement has a basis (net profit, gross sales, gross profit, per item sold, per machine with a
 * record), a rate or amount, optional marginal tiers on that basis, an optional minimum and cap per
 * month, and optional per-product rules. Each line is computed in pence, half-up, then summed.
 * The seed's agreements are presets: a flat share of net profit (profit-sharing), the 15/20/30% tiers
 * on net profit (tiered), none (non-profit-sharing and fee-paying).
 */
import { formatGBP } from "../shared/money.ts";
import { formatMonth, formatSignedPence } from "../shared/format.ts";
import { isProfitSharingType, type PartnerType } from "../shared/partner-types.ts";
import {
  cardFeePence,
  flatCommissionPence,
  formatRate,
  netProfitPence,
  splitByLargestRemainder,
  TIERS,
  type TieredCommission,
} from "../shared/commission-rules.ts";

export const BASES = ["net-profit", "gross-sales", "gross-profit", "per-item", "per-machine"] as const;
export type Basis = (typeof BASES)[number];
/** The bases a per-product rule can use (a machine is not a product). */
export type ProductBasis = Exclude<Basis, "per-machine">;
export const PRODUCT_BASES: readonly ProductBasis[] = ["net-profit", "gross-sales", "gross-profit", "per-item"];

const BASIS_LABELS: Record<Basis, string> = {
  "net-profit": "Net profit",
  "gross-sales": "Gross sales",
  "gross-profit": "Gross profit",
  "per-item": "Per item sold",
  "per-machine": "Per machine",
};

export function basisLabel(basis: Basis): string {
  return BASIS_LABELS[basis];
}

/** Per item and per machine count things and pay an amount in pence each; the others are money and pay a rate in basis points. */
export function isCountBasis(basis: Basis): basis is "per-item" | "per-machine" {
  return basis === "per-item" || basis === "per-machine";
}

/** A marginal band: the part of the basis up to `upTo` (pence, or items/machines), at `rate` (basis points, or pence each). */
export interface Band {
  upTo: number | null;
  rate: number;
}

/** A rule for some products: an exact product name, or a pattern with `*` for any characters (case-insensitive). */
export interface ProductRule {
  match: string;
  basis: ProductBasis;
  rate: number;
}

export interface AgreementTerms {
  basis: Basis;
  /** Basis points of a money basis, pence per item or machine of a count basis; unused with tiers. */
  rate: number;
  /** Marginal tiers on the month's basis (empty: the flat rate on each machine's record). */
  tiers: Band[];
  minimumPence: number | null;
  capPence: number | null;
  products: ProductRule[];
}

/** The seed's tiers: 15% of the first £150, 20% of £150.01–£300, 30% above. */
export const SEED_TIERS: readonly Band[] = TIERS.map((t) => ({ upTo: t.toPence, rate: t.rateBp }));

/** The seed's agreement of a partner type at its rate; null for the types that earn no commission. */
export function seedTerms(type: PartnerType, rateBp: number): AgreementTerms | null {
  if (type === "profit-sharing")
    return { basis: "net-profit", rate: rateBp, tiers: [], minimumPence: null, capPence: null, products: [] };
  if (type === "tiered-profit-sharing")
    return {
      basis: "net-profit",
      rate: 0,
      tiers: SEED_TIERS.map((b) => ({ ...b })),
      minimumPence: null,
      capPence: null,
      products: [],
    };
  return null;
}

/** A flat share of net profit with nothing else: the spec's commissionPercentage can still edit it. */
export function isFlatNetProfitShare(terms: AgreementTerms): boolean {
  return (
    terms.basis === "net-profit" &&
    !terms.tiers.length &&
    terms.minimumPence === null &&
    terms.capPence === null &&
    !terms.products.length
  );
}

/** Whether the terms are the seed's agreement of the partner's type (the spec's screens describe those in their own words). */
export function isSeedTerms(type: PartnerType, terms: AgreementTerms | null): boolean {
  const seed = seedTerms(type, terms?.rate ?? 0);
  if (terms === null || seed === null) return terms === seed;
  const sameBands = (a: readonly Band[], b: readonly Band[]) =>
    a.length === b.length && a.every((band, i) => band.upTo === b[i].upTo && band.rate === b[i].rate);
  return (
    terms.basis === seed.basis &&
    terms.rate === seed.rate &&
    sameBands(terms.tiers, seed.tiers) &&
    terms.minimumPence === seed.minimumPence &&
    terms.capPence === seed.capPence &&
    !terms.products.length
  );
}

/** The rate the spec's commissionPercentage shows: a flat money rate's, else 0. */
export function headlineRateBp(terms: AgreementTerms): number {
  return !terms.tiers.length && !isCountBasis(terms.basis) ? terms.rate : 0;
}

/** A product rule's match: the exact name, or `*` for any run of characters; case and outer spaces ignored. */
export function matchesProduct(match: string, productName: string): boolean {
  const pattern = match.trim().toLowerCase();
  const name = productName.trim().toLowerCase();
  if (!pattern.includes("*")) return pattern === name;
  const parts = pattern.split("*").map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join(".*")}$`, "s").test(name);
}

/** A quantity of a basis at a rate, in pence: half-up for money, exact for counts, never below 0. */
export function linePence(basis: Basis, quantity: number, rate: number): number {
  return isCountBasis(basis) ? Math.max(0, quantity * rate) : flatCommissionPence(quantity, rate);
}

/** One product's sales within a machine's record for the month. */
export interface ProductPart {
  name: string;
  revenuePence: number;
  cogsPence: number;
  units: number;
}

/** A machine's record for the month, with its products' parts where product rules need them. */
export interface AgreementRecord {
  machineId: number;
  revenuePence: number;
  cogsPence: number;
  totalSales: number;
  products?: readonly ProductPart[];
}

export type LineKind = "machine" | "band" | "product" | "minimum" | "cap";

/** A line of the arithmetic, as a host checks it: quantity × rate = commission. */
export interface CommissionLine {
  kind: LineKind;
  /** The machine of a machine or product line. */
  machineId: number | null;
  basis: Basis;
  /** Pence of a money basis, items or machines of a count basis (0 for minimum and cap). */
  quantity: number;
  /** Basis points, or pence each (0 for minimum and cap). */
  rate: number;
  /** A band's limits (band lines). */
  from?: number;
  upTo?: number | null;
  /** The product rule's match (product lines). */
  match?: string;
  commissionPence: number;
}

export interface AgreementRecordResult {
  machineId: number;
  cardFeePence: number;
  netProfitPence: number;
  commissionPence: number;
}

export interface AgreementCommission {
  records: AgreementRecordResult[];
  lines: CommissionLine[];
  /** The lines before a minimum or cap. */
  subtotalPence: number;
  commissionPence: number;
}

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
  const machineOwn: number[] = [];
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
        if (terms.basis !== "per-machine") remainder -= quantityOf(terms.basis, partFigures, 0);
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
    machineOwn[index] = own;
    remainders[index] = remainder;
    return {
      machineId: record.machineId,
      cardFeePence: fee,
      netProfitPence: netProfitPence(record),
      commissionPence: own,
    };
  });
  if (terms.tiers.length) {
    const total = remainders.reduce((s, q) => s + q, 0);
    const bands = bandLines(terms.basis, total, terms.tiers);
    lines.push(...bands);
    const parts = splitByLargestRemainder(
      bands.reduce((s, l) => s + l.commissionPence, 0),
      remainders,
    );
    results.forEach((r, i) => (r.commissionPence = machineOwn[i] + parts[i]));
  }
  const subtotalPence = lines.reduce((s, l) => s + l.commissionPence, 0);
  const limit = limitLine(terms, subtotalPence);
  if (limit) lines.push(limit);
  const commissionPence = subtotalPence + (limit?.commissionPence ?? 0);
  if (commissionPence !== subtotalPence && results.length) {
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

/* Words: the terms and their lines as a host reads them. */

function formatQuantity(basis: Basis, quantity: number): string {
  if (basis === "per-item") return `${quantity} ${quantity === 1 ? "item" : "items"}`;
  if (basis === "per-machine") return `${quantity} ${quantity === 1 ? "machine" : "machines"}`;
  return formatGBP(quantity);
}

/** "10% of net profit", "5p per item sold", "£25.00 per machine". */
export function rateText(basis: Basis, rate: number): string {
  if (basis === "per-item") return `${formatGBP(rate)} per item sold`;
  if (basis === "per-machine") return `${formatGBP(rate)} per machine`;
  return `${formatRate(rate)} of ${basisLabel(basis).toLowerCase()}`;
}

/** A band's part of the basis: "the first £150.00", "£150.01–£300.00", "above £300.00" (items or machines on a count basis). */
function bandRange(basis: Basis, from: number, upTo: number | null): string {
  const unit = (n: number) => (isCountBasis(basis) ? String(n) : formatGBP(n));
  const first = isCountBasis(basis) ? from + 1 : from + (from ? 1 : 0);
  if (upTo === null) return `above ${unit(from)}`;
  return from ? `${unit(first)}–${unit(upTo)}` : `the first ${unit(upTo)}`;
}

function bandText(basis: Basis, from: number, upTo: number | null, rate: number): string {
  const each = isCountBasis(basis) ? `${formatGBP(rate)} each` : formatRate(rate);
  return `${each}${upTo === null ? "" : " of"} ${bandRange(basis, from, upTo)}`;
}

/** The agreement in words, one line per rule: what the agreement card and statements show. */
export function describeTerms(terms: AgreementTerms | null): string[] {
  if (!terms) return ["No commission"];
  const out: string[] = [];
  if (terms.tiers.length) {
    let from = 0;
    const bands = terms.tiers.map((band) => {
      const text = bandText(terms.basis, from, band.upTo, band.rate);
      from = band.upTo ?? from;
      return text;
    });
    out.push(`Tiers on ${basisLabel(terms.basis).toLowerCase()}: ${bands.join(", ")}`);
  } else {
    out.push(rateText(terms.basis, terms.rate));
  }
  for (const rule of terms.products) out.push(`${rule.match}: ${rateText(rule.basis, rule.rate)}`);
  if (terms.minimumPence !== null) out.push(`Minimum ${formatGBP(terms.minimumPence)} a month`);
  if (terms.capPence !== null) out.push(`Cap ${formatGBP(terms.capPence)} a month`);
  return out;
}

/** A line's arithmetic in words: "Net profit: £1,234.56 × 10% = £123.46", "Net profit, above £300.00: £100.00 × 30% = £30.00". */
export function lineText(line: CommissionLine): string {
  if (line.kind === "minimum") return `Minimum for the month: + ${formatGBP(line.commissionPence)}`;
  if (line.kind === "cap") return `Cap for the month: − ${formatGBP(-line.commissionPence)}`;
  const rate = isCountBasis(line.basis) ? `${formatGBP(line.rate)}` : formatRate(line.rate);
  const what =
    line.kind === "band"
      ? `${basisLabel(line.basis)}, ${bandRange(line.basis, line.from ?? 0, line.upTo ?? null)}`
      : line.kind === "product"
        ? `${line.match}, ${basisLabel(line.basis).toLowerCase()}`
        : basisLabel(line.basis);
  return `${what}: ${formatQuantity(line.basis, line.quantity)} × ${rate} = ${formatGBP(line.commissionPence)}`;
}

/** An adjustment added to a month, in words: "Adjustment for August 2026 (new agreement): +£1.20", "Carried from September 2026: −£3.00". */
/** Why an adjustment was made, in the words the card, the PDFs, the remittance and the audit trail use. */
export const ADJUSTMENT_REASONS = {
  agreement: "new agreement",
  late_sales: "late sales",
  record_deleted: "record deleted",
  repaid: "paid again",
  written_off: "written off",
} as const;

/** "Adjustment for October 2026 (late sales): +£0.47"; "Carried from October 2026: −£3.10". */
/** An adjustment as its words need it. */
export interface MonthAdjustmentLike {
  forMonth: string;
  amountPence: number;
  reason: "agreement" | "carried" | keyof typeof ADJUSTMENT_REASONS;
}

export function adjustmentText(a: MonthAdjustmentLike): string {
  const money = formatSignedPence(a.amountPence);
  return a.reason === "carried"
    ? `Carried from ${formatMonth(a.forMonth)}: ${money}`
    : `Adjustment for ${formatMonth(a.forMonth)} (${ADJUSTMENT_REASONS[a.reason]}): ${money}`;
}

/* History: an agreement applies from its month until the next one. */

export interface AgreementVersion {
  effectiveMonth: string;
  rateBp: number;
  /** Null: the seed's agreement of the partner's type at rateBp. */
  terms: AgreementTerms | null;
}

/**
 * The version in force for a month: the latest effective on or before it; months before the first
 * version use the first. Undefined with no history.
 */
export function versionForMonth<T extends { effectiveMonth: string }>(
  history: readonly T[],
  month: string,
): T | undefined {
  const sorted = [...history].sort((a, b) => a.effectiveMonth.localeCompare(b.effectiveMonth));
  let found = sorted[0];
  for (const version of sorted) if (version.effectiveMonth <= month) found = version;
  return found;
}

/**
 * The terms a partner's commission follows in a month: commission only for the profit-sharing types;
 * a written agreement's terms, else the seed's of the partner's type at the month's rate.
 */
export function termsForMonth(
  type: PartnerType,
  history: readonly AgreementVersion[],
  month: string,
  currentBp: number,
): AgreementTerms | null {
  return versionTerms(type, versionForMonth(history, month), currentBp);
}

/** The terms of one version: none for the types that earn no commission; written terms, else the seed's of the type at its rate. */
export function versionTerms(
  type: PartnerType,
  version: Pick<AgreementVersion, "rateBp" | "terms"> | undefined,
  currentBp: number,
): AgreementTerms | null {
  if (!isProfitSharingType(type)) return null;
  return version?.terms ?? seedTerms(type, version?.rateBp ?? currentBp);
}

/* A partner's month as the screens show it. */

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
  const bands = result?.lines.filter((l) => l.kind === "band") ?? [];
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
    lines: result?.lines ?? [],
  };
}

/** The seed's rule for a partner type at a rate: monthCommission under seedTerms. */
export function commissionForMonth(
  type: PartnerType,
  rateBp: number,
  records: readonly { revenuePence: number; cogsPence: number; totalSales?: number; machineId?: number }[],
): MonthCommission {
  return monthCommission(
    seedTerms(type, rateBp),
    records.map((r, i) => ({
      machineId: r.machineId ?? i,
      revenuePence: r.revenuePence,
      cogsPence: r.cogsPence,
      totalSales: r.totalSales ?? 0,
    })),
  );
}
