/**
 * What an agreement would make of a partner's months: a month's commission and lines under given
 * terms, and the paid months a new agreement reaches with their differences (previewAgreement and
 * setAgreement in agreement-service.ts).
 */
import type { Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { lineText } from "./agreement-words.ts";
import { type AgreementTerms, type CommissionLine } from "./agreement-rules.ts";
import { monthCommission } from "./month-commission-rules.ts";
import { nextOpenMonth, termsOfMonth, withProducts, type StoredVersion } from "./agreement-terms.ts";

type DB = Kysely<Database>;

/** A commission line with its machine's location and its arithmetic in words (agreement-json.ts answers it in pounds). */
export interface PreviewLine {
  kind: CommissionLine["kind"];
  machine: string | null;
  basis: CommissionLine["basis"];
  /** Items or machines on a count basis, else the money the rate applies to, pence. */
  quantity: number;
  /** Pence per item or machine on a count basis, else basis points. */
  rate: number;
  commissionPence: number;
  text: string;
}

export function previewLine(line: CommissionLine, locationOf: ReadonlyMap<number, string>): PreviewLine {
  const location = line.machineId === null ? null : (locationOf.get(line.machineId) ?? null);
  return {
    kind: line.kind,
    machine: location,
    basis: line.basis,
    quantity: line.quantity,
    rate: line.rate,
    commissionPence: line.commissionPence,
    text: `${location ? `${location}: ` : ""}${lineText(line)}`,
  };
}

/** A paid month the new terms reach: what it paid under, what the new terms give, and where the difference goes. */
export interface PaidMonthDifference {
  month: string;
  paidPence: number;
  /** Its commission under the terms it was paid under, and under the new terms (same records: a paid month is closed). */
  previousPence: number;
  proposedPence: number;
  /** What earlier agreement changes have already added for the month (adjustments for it). */
  adjustedPence: number;
  /** proposed − previous − adjusted: what is still to add for the month. */
  differencePence: number;
  /** The open month the difference is added to. */
  targetMonth: string;
}

/** A partner's month under the terms: its commission, and its lines with the machines' locations. */
export async function monthUnder(db: DB, partnerId: number, month: string, terms: AgreementTerms | null) {
  const [records, machines] = await Promise.all([
    db
      .selectFrom("monthlyRecords as r")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .select(["r.id", "r.machineId", "r.totalSales", "r.revenuePence", "r.cogsPence"])
      .where("m.partnerId", "=", partnerId)
      .where("r.month", "=", month)
      .orderBy("m.location")
      .execute(),
    db.selectFrom("machines").select(["id", "location"]).where("partnerId", "=", partnerId).execute(),
  ]);
  const result = monthCommission(terms, await withProducts(db, terms, records));
  const locations = new Map(machines.map((m) => [m.id, m.location]));
  return { result, lines: result.lines.map((l) => previewLine(l, locations)) };
}

/** The months the new agreement would govern: from its month to the next later version's. */
function governs(history: readonly StoredVersion[], effectiveMonth: string, month: string): boolean {
  const next = history
    .filter((v) => v.effectiveMonth > effectiveMonth)
    .map((v) => v.effectiveMonth)
    .sort()[0];
  return month >= effectiveMonth && (next === undefined || month < next);
}

/**
 * The paid months the terms would reach, with their differences (only those that differ). A month an
 * earlier change already adjusted counts what was added for it, so saving the same terms twice adds nothing.
 */
export async function paidDifferences(
  db: DB,
  partner: User,
  history: readonly StoredVersion[],
  effectiveMonth: string,
  terms: AgreementTerms,
): Promise<PaidMonthDifference[]> {
  const [payments, adjusted] = await Promise.all([
    db
      .selectFrom("commissionPayments")
      .select(["month", "status", "amountPence", "rateBp", "terms"])
      .where("partnerId", "=", partner.id)
      .orderBy("month")
      .execute(),
    db
      .selectFrom("commissionAdjustments")
      .select(["forMonth", (eb) => eb.fn.sum<number>("amountPence").as("amountPence")])
      .where("partnerId", "=", partner.id)
      .where("reason", "=", "agreement")
      .groupBy("forMonth")
      .execute(),
  ]);
  const adjustedFor = new Map(adjusted.map((a) => [a.forMonth, Number(a.amountPence)]));
  const paid = new Set(payments.filter((p) => p.status === "completed").map((p) => p.month));
  const out: PaidMonthDifference[] = [];
  for (const payment of payments) {
    if (payment.status !== "completed" || !governs(history, effectiveMonth, payment.month)) continue;
    const previous = await monthUnder(
      db,
      partner.id,
      payment.month,
      termsOfMonth(partner, history, payment.month, payment),
    );
    const proposed = await monthUnder(db, partner.id, payment.month, terms);
    const adjustedPence = adjustedFor.get(payment.month) ?? 0;
    const differencePence = proposed.result.commissionPence - previous.result.commissionPence - adjustedPence;
    if (!differencePence) continue;
    const target = nextOpenMonth(payment.month, paid);
    out.push({
      month: payment.month,
      paidPence: payment.amountPence ?? 0,
      previousPence: previous.result.commissionPence,
      proposedPence: proposed.result.commissionPence,
      adjustedPence,
      differencePence,
      targetMonth: target,
    });
  }
  return out;
}
