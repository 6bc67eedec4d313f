/**
 * Commission agreements at the edges (API, CLI, the editor's form): rates as fractions ("0.10"),
 * amounts in pounds, months as YYYY-MM; inside, agreement-rules.ts's terms in basis points and pence.
 */
import { z } from "zod";
import { bpToFraction, fractionToBp } from "../shared/commission-rules.ts";
import {
  BASES,
  PRODUCT_BASES,
  isCountBasis,
  type AgreementTerms,
  type Band,
  type Basis,
  type ProductRule,
} from "./agreement-rules.ts";
import { formatPence, isWholePence, parsePence, penceToPounds } from "../shared/money.ts";
import { parseMonth } from "../shared/dates.ts";

const monthSchema = z.unknown().transform((value, ctx) => {
  const month = parseMonth(value);
  if (!month) {
    ctx.addIssue({ code: "custom", message: "Effective month must be YYYY-MM" });
    return z.NEVER;
  }
  return month;
});

/** The largest amount an agreement names (a minimum, a cap, an amount each, a band's top): £1,000,000.00. */
export const MAX_AGREEMENT_PENCE = 100_000_000;
export const MAX_TIERS = 10;
export const MAX_PRODUCT_RULES = 50;

const rawValue = z.union([z.string(), z.number(), z.null()]).optional();

type Issue = (message: string) => never;

function pounds(value: unknown, what: string, issue: Issue): number {
  const pence = parsePence(value);
  if (pence === null || pence < 0) return issue(`${what} must be an amount of at least £0.00`);
  if (pence > MAX_AGREEMENT_PENCE) return issue(`${what} must be at most ${formatPence(MAX_AGREEMENT_PENCE)}`);
  if (!isWholePence(value as string | number)) return issue(`${what} must be in whole pence`);
  return pence;
}

function optionalPounds(value: unknown, what: string, issue: Issue): number | null {
  return value === null || value === undefined || value === "" ? null : pounds(value, what, issue);
}

function fraction(value: unknown, what: string, issue: Issue): number {
  const bp = fractionToBp(value);
  if (bp === null) return issue(`${what} must be a fraction between 0 and 1 (0.10 is 10%)`);
  return bp;
}

/** A rate of a basis: a fraction for money, an amount in pounds each for counts. */
function rateOf(basis: Basis, input: { rate?: unknown; amount?: unknown }, what: string, issue: Issue): number {
  if (isCountBasis(basis)) {
    if (input.amount === undefined || input.amount === null || input.amount === "")
      return issue(`${what} needs an amount (pounds each)`);
    return pounds(input.amount, `${what}'s amount`, issue);
  }
  if (input.rate === undefined || input.rate === null || input.rate === "")
    return issue(`${what} needs a rate (a fraction, 0.10 is 10%)`);
  return fraction(input.rate, `${what}'s rate`, issue);
}

const tierInput = z.object({ upTo: rawValue, rate: rawValue, amount: rawValue });
const productInput = z.object({
  match: z.string({ error: "A product rule needs a product name or pattern" }),
  basis: z.enum(PRODUCT_BASES as [string, ...string[]], {
    error: `A product rule's basis must be one of ${PRODUCT_BASES.join(", ")}`,
  }),
  rate: rawValue,
  amount: rawValue,
});

/** An agreement as the API, the CLI and the editor send it. */
export const agreementInputSchema = z
  .object({
    effectiveMonth: monthSchema,
    basis: z.enum(BASES, { error: `Basis must be one of ${BASES.join(", ")}` }),
    rate: rawValue,
    amount: rawValue,
    tiers: z.array(tierInput).max(MAX_TIERS, `At most ${MAX_TIERS} tiers`).optional(),
    minimum: rawValue,
    cap: rawValue,
    products: z.array(productInput).max(MAX_PRODUCT_RULES, `At most ${MAX_PRODUCT_RULES} product rules`).optional(),
  })
  .transform((input, ctx): { effectiveMonth: string; terms: AgreementTerms } => {
    const issue: Issue = (message) => {
      ctx.addIssue({ code: "custom", message });
      throw new StopParsing();
    };
    try {
      return { effectiveMonth: input.effectiveMonth, terms: termsFrom(input, issue) };
    } catch (error) {
      if (error instanceof StopParsing) return z.NEVER;
      throw error;
    }
  });

class StopParsing extends Error {}

export type AgreementInput = z.input<typeof agreementInputSchema>;

interface RawRate {
  rate?: unknown;
  amount?: unknown;
}

interface RawTerms extends RawRate {
  basis: string;
  tiers?: (RawRate & { upTo?: unknown })[];
  minimum?: unknown;
  cap?: unknown;
  products?: (RawRate & { match: string; basis: string })[];
}

function termsFrom(input: RawTerms, issue: Issue): AgreementTerms {
  const basis = input.basis as Basis;
  const tiers: Band[] = [];
  const rows = input.tiers ?? [];
  rows.forEach((row, index) => {
    const what = `Tier ${index + 1}`;
    const last = index === rows.length - 1;
    let upTo: number | null = null;
    if (!last) {
      if (row.upTo === null || row.upTo === undefined || row.upTo === "")
        issue(`${what} needs an upper limit (only the last tier is open)`);
      if (isCountBasis(basis)) {
        const n = Number(row.upTo);
        if (!Number.isInteger(n) || n <= 0) issue(`${what}'s upper limit must be a whole number above 0`);
        upTo = n;
      } else {
        upTo = pounds(row.upTo, `${what}'s upper limit`, issue);
      }
      const previous = tiers[index - 1]?.upTo ?? 0;
      if (upTo <= previous) issue(`${what}'s upper limit must be above the tier before it`);
    } else if (row.upTo !== null && row.upTo !== undefined && row.upTo !== "") {
      issue("The last tier has no upper limit");
    }
    tiers.push({ upTo, rate: rateOf(basis, row, what, issue) });
  });
  const rate = tiers.length ? 0 : rateOf(basis, input, "The agreement", issue);
  const minimumPence = optionalPounds(input.minimum, "The minimum", issue);
  const capPence = optionalPounds(input.cap, "The cap", issue);
  if (minimumPence !== null && capPence !== null && minimumPence > capPence)
    issue("The minimum must not be above the cap");
  const products: ProductRule[] = (input.products ?? []).map((row, index) => {
    const match = row.match.trim();
    if (!match) issue(`Product rule ${index + 1} needs a product name or pattern`);
    if (match.length > 120) issue(`Product rule ${index + 1}'s name is too long`);
    const ruleBasis = row.basis as ProductRule["basis"];
    return { match, basis: ruleBasis, rate: rateOf(ruleBasis, row, `Product rule ${index + 1}`, issue) };
  });
  if (basis === "per-machine" && products.length) issue("A per-machine agreement has no product rules");
  return { basis, rate, tiers, minimumPence, capPence, products };
}

/** The terms as the API answers them and the editor fills its form (agreementInputSchema reads them back). */
export interface TermsJson {
  basis: Basis;
  rate: string | null;
  amount: number | null;
  tiers: { upTo: number | null; rate: string | null; amount: number | null }[];
  minimum: number | null;
  cap: number | null;
  products: { match: string; basis: ProductRule["basis"]; rate: string | null; amount: number | null }[];
}

function rateJson(basis: Basis, rate: number) {
  return isCountBasis(basis) ? { rate: null, amount: penceToPounds(rate) } : { rate: bpToFraction(rate), amount: null };
}

export function termsJson(terms: AgreementTerms): TermsJson {
  return {
    basis: terms.basis,
    ...(terms.tiers.length ? { rate: null, amount: null } : rateJson(terms.basis, terms.rate)),
    tiers: terms.tiers.map((band) => ({
      upTo: band.upTo === null ? null : isCountBasis(terms.basis) ? band.upTo : penceToPounds(band.upTo),
      ...rateJson(terms.basis, band.rate),
    })),
    minimum: terms.minimumPence === null ? null : penceToPounds(terms.minimumPence),
    cap: terms.capPence === null ? null : penceToPounds(terms.capPence),
    products: terms.products.map((rule) => ({
      match: rule.match,
      basis: rule.basis,
      ...rateJson(rule.basis, rule.rate),
    })),
  };
}

/* Stored terms: the internal shape as JSON text in commission_rates.terms. */

const storedTerms = z.object({
  basis: z.enum(BASES),
  rate: z.number().int().min(0),
  tiers: z.array(z.object({ upTo: z.number().int().nullable(), rate: z.number().int().min(0) })),
  minimumPence: z.number().int().min(0).nullable(),
  capPence: z.number().int().min(0).nullable(),
  products: z.array(
    z.object({
      match: z.string(),
      basis: z.enum(PRODUCT_BASES as [ProductRule["basis"], ...ProductRule["basis"][]]),
      rate: z.number().int().min(0),
    }),
  ),
});

export function storeTerms(terms: AgreementTerms): string {
  return JSON.stringify(terms);
}

/** Terms kept in another record (an audit entry's values): undefined when the value is not terms. */
export function termsIn(value: unknown): AgreementTerms | undefined {
  const parsed = storedTerms.safeParse(value);
  return parsed.success ? (parsed.data as AgreementTerms) : undefined;
}

/** Stored terms read back; null for a seed row. A row that does not parse is a bug: it throws. */
export function readTerms(text: string | null): AgreementTerms | null {
  return text === null ? null : (storedTerms.parse(JSON.parse(text)) as AgreementTerms);
}
