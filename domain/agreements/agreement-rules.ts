/**
 * Commission agreements: what a host earns in a month, as operators write it.
 * An agreement has a basis (net profit, gross sales, gross profit, per item sold, per machine with a
 * record), a rate or amount, optional marginal tiers on that basis, an optional minimum and cap per
 * month, and optional per-product rules. Each line is computed in pence, half-up, then summed.
 * The seed's agreements are presets: a flat share of net profit (profit-sharing), the 15/20/30% tiers
 * on net profit (tiered), none (non-profit-sharing and fee-paying).
 */
import { isProfitSharingType, type PartnerType } from "../shared/partner-types.ts";
import { flatCommissionPence, TIERS } from "../shared/commission-rules.ts";

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
