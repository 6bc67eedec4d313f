/**
 * Reading agreements and the inputs their commission needs: each partner's agreement history, the
 * terms a paid month paid under, and the products of records where product rules need them. Every
 * partner's commission of a month at once (the summary, payouts, the admin's stats) builds on these in
 * commissions/month-totals.ts and commissions/month-sums.ts.
 */
import type { AdjustmentReason } from "#db/schema.ts";
import { sql, type Kysely } from "kysely";
import { nextMonth } from "../shared/dates.ts";
import type { Database, User } from "#db/schema.ts";
import {
  headlineRateBp,
  seedTerms,
  versionForMonth,
  versionTerms,
  type AgreementRecord,
  type AgreementTerms,
  type AgreementVersion,
  type ProductPart,
} from "./agreement-rules.ts";
import { cogsOf, unitsOf } from "../shared/sales-sql.ts";
import { isProfitSharingType } from "../shared/partner-types.ts";
import { readTerms } from "./agreement-schemas.ts";

type DB = Kysely<Database>;

export interface StoredVersion extends AgreementVersion {
  id: number;
  partnerId: number;
  createdAt: string;
  createdBy: number | null;
}

/** Each partner's agreement history (every partner's with no ids), oldest first. */
export async function agreementHistories(
  db: DB,
  partnerIds?: readonly number[],
): Promise<Map<number, StoredVersion[]>> {
  let query = db
    .selectFrom("commissionRates")
    .select(["id", "partnerId", "rateBp", "effectiveMonth", "terms", "createdAt", "createdBy"])
    .orderBy("effectiveMonth");
  if (partnerIds) query = query.where("partnerId", "in", partnerIds.length ? [...partnerIds] : [0]);
  const out = new Map<number, StoredVersion[]>();
  for (const row of await query.execute()) {
    const list = out.get(row.partnerId) ?? [];
    list.push({ ...row, terms: readTerms(row.terms) });
    out.set(row.partnerId, list);
  }
  return out;
}

export async function agreementHistory(db: DB, partnerId: number): Promise<StoredVersion[]> {
  return (await agreementHistories(db, [partnerId])).get(partnerId) ?? [];
}

/** A payment as the terms need it. */
export interface PaymentTerms {
  status: "pending" | "completed";
  rateBp: number | null;
  terms: string | null;
}

export type PartnerTerms = Pick<User, "partnerType" | "commissionBp">;

/**
 * The terms of a partner's month: a paid month's are the ones it paid under (its snapshot stands);
 * any other month follows the agreement in force for it.
 */
export function termsOfMonth(
  partner: PartnerTerms,
  history: readonly AgreementVersion[],
  month: string,
  payment?: PaymentTerms | null,
): AgreementTerms | null {
  return resolveTerms(partner, versionForMonth(history, month), payment);
}

/** termsOfMonth from the month's version and payment, however they were read (the history, or monthTotals' aggregate row). */
export function resolveTerms(
  partner: PartnerTerms,
  version: Pick<AgreementVersion, "rateBp" | "terms"> | undefined,
  payment?: PaymentTerms | null,
): AgreementTerms | null {
  if (payment?.status === "completed" && isProfitSharingType(partner.partnerType)) {
    return readTerms(payment.terms) ?? seedTerms(partner.partnerType, payment.rateBp ?? partner.commissionBp);
  }
  return versionTerms(partner.partnerType, version, partner.commissionBp);
}

/**
 * The rate a month shows as commissionPercentage: a paid month's is the one it paid at (its snapshot
 * stands, even when a later agreement reaches back past it); otherwise a flat rate's, the seed's rate
 * for a seed row, else 0.
 */
export function rateOfMonth(
  partner: PartnerTerms,
  history: readonly AgreementVersion[],
  month: string,
  payment?: PaymentTerms | null,
): number {
  if (payment?.status === "completed" && payment.rateBp !== null) return payment.rateBp;
  const version = versionForMonth(history, month);
  return version?.terms ? headlineRateBp(version.terms) : (version?.rateBp ?? partner.commissionBp);
}

/** Whether the terms need each record's products (product rules). */
export function needsProducts(terms: AgreementTerms | null): boolean {
  return !!terms?.products.length;
}

/** The products of each record: units sold (the sales' quantities), revenue net of refunds and COGS of the sales (cost × quantity), by product name. */
export async function productParts(db: DB, recordIds: readonly number[]): Promise<Map<number, ProductPart[]>> {
  const out = new Map<number, ProductPart[]>();
  for (let i = 0; i < recordIds.length; i += 500) {
    const rows = await db
      .selectFrom("sales as s")
      .innerJoin("products as p", "p.id", "s.productId")
      .where("s.recordId", "in", recordIds.slice(i, i + 500))
      .groupBy(["s.recordId", "p.id", "p.name"])
      .orderBy("s.recordId")
      .orderBy("p.name")
      .select([
        "s.recordId",
        "p.name",
        sql<number>`sum(${unitsOf(sql.ref("s.kind"), sql.ref("s.quantity"))})`.as("units"),
        sql<number>`sum(s.settlement_pence)`.as("revenuePence"),
        sql<number>`sum(${cogsOf(sql.ref("s.kind"), sql.ref("s.cost_pence"), sql.ref("s.quantity"))})`.as("cogsPence"),
      ])
      .execute();
    for (const row of rows) {
      const list = out.get(row.recordId) ?? [];
      list.push({
        name: row.name,
        units: Number(row.units),
        revenuePence: Number(row.revenuePence),
        cogsPence: Number(row.cogsPence),
      });
      out.set(row.recordId, list);
    }
  }
  return out;
}

/** A record as read for a commission: with its id, so its products can be found. */
export interface RecordInput {
  id: number;
  machineId: number;
  revenuePence: number;
  cogsPence: number;
  totalSales: number;
}

/** Records with their products attached where the terms need them. */
export async function withProducts<R extends RecordInput>(
  db: DB,
  terms: AgreementTerms | null,
  records: readonly R[],
): Promise<(R & AgreementRecord)[]> {
  if (!needsProducts(terms) || !records.length) return [...records];
  const parts = await productParts(
    db,
    records.map((r) => r.id),
  );
  return records.map((r) => ({ ...r, products: parts.get(r.id) ?? [] }));
}

/** The adjustments added to a partner's month: what the month owes on top of its commission (may be negative). */
export interface MonthAdjustment {
  id: number;
  forMonth: string;
  amountPence: number;
  reason: AdjustmentReason;
}

export async function adjustmentsOf(
  db: DB,
  month: string,
  partnerIds?: readonly number[],
): Promise<Map<number, MonthAdjustment[]>> {
  let query = db
    .selectFrom("commissionAdjustments")
    .select(["id", "partnerId", "forMonth", "amountPence", "reason"])
    .where("month", "=", month)
    .orderBy("forMonth")
    .orderBy("id");
  if (partnerIds) query = query.where("partnerId", "in", partnerIds.length ? [...partnerIds] : [0]);
  const out = new Map<number, MonthAdjustment[]>();
  for (const row of await query.execute()) out.set(row.partnerId, [...(out.get(row.partnerId) ?? []), row]);
  return out;
}

/** The first month after `month` that the partner has not been paid for: where an adjustment goes. */
export function nextOpenMonth(month: string, paid: ReadonlySet<string>): string {
  let target = nextMonth(month);
  while (paid.has(target)) target = nextMonth(target);
  return target;
}

/** The months a partner has been paid for. */
export async function paidMonthsOf(db: DB, partnerId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom("commissionPayments")
    .select("month")
    .where("partnerId", "=", partnerId)
    .where("status", "=", "completed")
    .execute();
  return new Set(rows.map((r) => r.month));
}

/** What a month owes: the commission and its adjustments, never below 0. */
export function dueOf(commissionPence: number, adjustments: readonly { amountPence: number }[]): number {
  return Math.max(0, commissionPence + adjustments.reduce((s, a) => s + a.amountPence, 0));
}

/** A partner's terms for each of its months (paid months under their snapshot), from its history and payments. */
export async function partnerTermsByMonth(
  db: DB,
  partner: PartnerTerms & { id: number },
  months: Iterable<string>,
): Promise<Map<string, AgreementTerms | null>> {
  const [history, payments] = await Promise.all([
    agreementHistory(db, partner.id),
    db
      .selectFrom("commissionPayments")
      .select(["month", "status", "rateBp", "terms"])
      .where("partnerId", "=", partner.id)
      .execute(),
  ]);
  const paymentOf = new Map(payments.map((p) => [p.month, p]));
  return new Map(
    [...new Set(months)].map((month) => [month, termsOfMonth(partner, history, month, paymentOf.get(month))]),
  );
}

/** A partner's records (any months) with their terms' products attached where a month's terms need them. */
export async function recordsWithTerms<R extends RecordInput & { month: string }>(
  db: DB,
  partner: PartnerTerms & { id: number },
  records: readonly R[],
  extraMonths: readonly string[] = [],
): Promise<{ records: (R & AgreementRecord)[]; termsOf: Map<string, AgreementTerms | null> }> {
  const termsOf = await partnerTermsByMonth(db, partner, [...records.map((r) => r.month), ...extraMonths]);
  const needing = records.filter((r) => needsProducts(termsOf.get(r.month) ?? null));
  if (!needing.length) return { records: [...records], termsOf };
  const parts = await productParts(
    db,
    needing.map((r) => r.id),
  );
  return {
    records: records.map((r) =>
      needsProducts(termsOf.get(r.month) ?? null) ? { ...r, products: parts.get(r.id) ?? [] } : r,
    ),
    termsOf,
  };
}
