/**
 * The Edit agreement form's state (agreement-form.tsx): its fields as typed (percents and pounds),
 * read from an agreement's terms, and posted as the page's action reads them.
 */
import {
  SEED_TIERS,
  isCountBasis,
  type AgreementTerms,
  type Basis,
  type ProductBasis,
} from "#domain/agreements/agreement-rules.ts";
import { bpToFraction } from "#domain/shared/commission-rules.ts";
import { formatPlainAmount } from "#domain/shared/format.ts";
import { formatPence, poundsToPence } from "#domain/shared/money.ts";

/** A rate as typed: a percent for a money basis, pounds each for a count basis (both kept, so switching basis and back loses nothing). */
export interface RateText {
  percent: string;
  amount: string;
}
export interface TierRow extends RateText {
  key: number;
  upTo: string;
}
export interface ProductRow extends RateText {
  key: number;
  match: string;
  basis: ProductBasis;
}
export interface AgreementFormState extends RateText {
  effectiveMonth: string;
  basis: Basis;
  tiers: TierRow[];
  minimum: string;
  cap: string;
  products: ProductRow[];
}

let nextKey = 1;
/** A new tier or product row's React key. */
export const rowKey = () => nextKey++;

/** "0.1250" → "12.5" (the API's fraction as the form's percent). */
export function fractionToPercentText(fraction: string | null): string {
  return fraction === null ? "" : String(Number((Number(fraction) * 100).toFixed(2)));
}
const poundsText = (pence: number | null) => (pence === null ? "" : formatPlainAmount(pence));

/** A rate as the form writes it: pence per unit as pounds on a count basis, basis points as a percent. */
function rateText(basis: Basis, rate: number): RateText {
  return isCountBasis(basis)
    ? { percent: "", amount: poundsText(rate) }
    : { percent: fractionToPercentText(bpToFraction(rate)), amount: "" };
}

/** The form from an agreement's terms (pence and basis points), effective from `month`. */
export function formFromTerms(terms: AgreementTerms | null, month: string): AgreementFormState {
  const basis = terms?.basis ?? "net-profit";
  return {
    effectiveMonth: month,
    basis,
    ...(terms && !terms.tiers.length ? rateText(basis, terms.rate) : { percent: "", amount: "" }),
    tiers: (terms?.tiers ?? []).map((t) => ({
      key: rowKey(),
      upTo: t.upTo === null ? "" : isCountBasis(basis) ? String(t.upTo) : poundsText(t.upTo),
      ...rateText(basis, t.rate),
    })),
    minimum: poundsText(terms?.minimumPence ?? null),
    cap: poundsText(terms?.capPence ?? null),
    products: (terms?.products ?? []).map((p) => ({
      key: rowKey(),
      match: p.match,
      basis: p.basis,
      ...rateText(p.basis, p.rate),
    })),
  };
}

/** The standard tiers (the seed's 15/20/30% on net profit) as tier rows. */
export function standardTiers(): TierRow[] {
  return SEED_TIERS.map((band) => ({
    key: rowKey(),
    upTo: band.upTo === null ? "" : formatPlainAmount(band.upTo),
    percent: String(band.rate / 100),
    amount: "",
  }));
}

/** The last tier's range: everything above the tier before it ("Above £300.00", "Above 100 items"). */
export function aboveText(previousUpTo: string, basis: Basis): string {
  const text = previousUpTo.trim();
  if (!text) return "The rest";
  if (isCountBasis(basis)) return `Above ${text} ${basis === "per-item" ? "items" : "machines"}`;
  const pounds = Number(text);
  return Number.isFinite(pounds) ? `Above ${formatPence(poundsToPence(pounds))}` : "The rest";
}

const rateOf = (basis: Basis, row: RateText) => (isCountBasis(basis) ? row.amount : row.percent);

/** The form's fields as the page's action reads them (tier and product fields repeated once a row). */
export function agreementFormData(state: AgreementFormState, fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("effectiveMonth", state.effectiveMonth);
  form.append("basis", state.basis);
  form.append("rate", rateOf(state.basis, state));
  state.tiers.forEach((tier, i) => {
    form.append("tierUpTo", i === state.tiers.length - 1 ? "" : tier.upTo);
    form.append("tierRate", rateOf(state.basis, tier));
  });
  form.append("minimum", state.minimum);
  form.append("cap", state.cap);
  for (const rule of state.products) {
    form.append("productMatch", rule.match);
    form.append("productBasis", rule.basis);
    form.append("productRate", rateOf(rule.basis, rule));
  }
  return form;
}
