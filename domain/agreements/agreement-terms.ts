/**
 * Reading agreements and the inputs their commission needs: each partner's agreement history, the
 * terms a paid month paid under, the products of records where product rules need them, and every
 * partner's commission of a month at once (the summary, payouts, the admin's stats).
 */
import type { AdjustmentReason } from "#db/schema.ts";
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import { nextMonth } from "../shared/dates.ts";
import { reportsComplete } from "../month-close/month-close-rules.ts";
import type { Database, User } from "#db/schema.ts";
import {
  headlineRateBp,
  monthCommission,
  seedTerms,
  totalFromSums,
  versionForMonth,
  versionTerms,
  type AgreementRecord,
  type AgreementTerms,
  type AgreementVersion,
  type ProductPart,
} from "./agreement-rules.ts";
import {
  flatCommissionPenceSql,
  netProfitPenceSql,
  tieredCommissionPenceSql,
  versionIdForMonthSql,
  cogsOf,
  unitsOf,
} from "../commissions/commission-sql.ts";
import { isProfitSharingType, type PartnerType } from "../shared/partner-types.ts";
import { readTerms } from "./agreement-schemas.ts";

import { moneyPaidOf } from "../commissions/money-paid.ts";

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

type PartnerTerms = Pick<User, "partnerType" | "commissionBp">;

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
function resolveTerms(
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

/** A partner's month as the summary, payouts and stats need it: counts and sums, the payment, the commission under its terms. */
export interface PartnerMonthTotals {
  partnerId: number;
  name: string | null;
  username: string;
  email: string | null;
  partnerType: PartnerType;
  /** The partner's active machines, and how many of them have a record for the month. */
  activeMachines: number;
  submittedReports: number;
  netProfitPence: number;
  revenuePence: number;
  paymentStatus: "pending" | "completed" | null;
  paidDate: string | null;
  paidAmountPence: number | null;
  terms: AgreementTerms | null;
  /** Whether the version in force for the month is a written agreement (not the seed's of the type). */
  written: boolean;
  /** The rate commissionPercentage shows: the version's rate (a written agreement's flat rate, else 0). */
  rateBp: number;
  /** The commission under the terms, before adjustments (0 where none applies). */
  commissionPence: number;
  adjustments: MonthAdjustment[];
  /** Commission plus adjustments, never below 0 (a negative rest is carried on when the month is paid). */
  duePence: number;
}

/**
 * Each partner's month in one aggregate (name, then username): machines and records counted and
 * summed, each record's flat share at the version's rate (for flat money rates, which round per
 * record), the agreement version in force and the month's payment. Materialized: otherwise SQLite
 * folds the partners into the join and looks their version up again for every record.
 */
function aggregateQuery(db: DB, month: string, partnerIds?: readonly number[], withMachines = true) {
  let partners = db
    .selectFrom("users as u")
    .where("u.isAdmin", "=", 0)
    .select((eb) => [
      "u.id",
      "u.name",
      "u.username",
      "u.email",
      "u.partnerType",
      "u.commissionBp",
      versionIdForMonthSql(eb.ref("u.id"), month).as("versionId"),
    ]);
  if (partnerIds) partners = partners.where("u.id", "in", partnerIds.length ? [...partnerIds] : [0]);
  const revenue = sql.ref<number>("r.revenuePence");
  const cogs = sql.ref<number>("r.cogsPence");
  const net = netProfitPenceSql(revenue, cogs);
  const rate = sql<number>`coalesce(v.rate_bp, q.commission_bp)`;
  // The records' sums by partner, grouped by the partner's id alone (a narrow key: the wide columns join on after).
  const sums = (eb: ExpressionBuilder<any, any>) =>
    eb
      .selectFrom("p as q")
      .leftJoin("commissionRates as v", "v.id", "q.versionId")
      .innerJoin("machines as m", "m.partnerId", "q.id")
      // Without the machines' counts only the month's records matter: the search starts from them.
      .$if(withMachines, (q) =>
        q.leftJoin("monthlyRecords as r", (join) => join.onRef("r.machineId", "=", "m.id").on("r.month", "=", month)),
      )
      .$if(!withMachines, (q) =>
        q.innerJoin("monthlyRecords as r", (join) => join.onRef("r.machineId", "=", "m.id").on("r.month", "=", month)),
      )
      .groupBy("q.id")
      .select((eb) => [
        "q.id as partnerId",
        sql<number>`count(case when ${eb.ref("m.status")} = 'active' then 1 end)`.as("activeMachines"),
        sql<number>`count(case when ${eb.ref("m.status")} = 'active' and ${eb.ref("r.id")} is not null then 1 end)`.as(
          "submittedReports",
        ),
        sql<number>`count(${eb.ref("r.id")})`.as("records"),
        sql<number>`coalesce(sum(${net}), 0)`.as("netProfitPence"),
        sql<number>`coalesce(sum(${revenue}), 0)`.as("revenuePence"),
        sql<number>`coalesce(sum(${cogs}), 0)`.as("cogsPence"),
        sql<number>`coalesce(sum(${eb.ref("r.totalSales")}), 0)`.as("units"),
        sql<number>`coalesce(sum(${flatCommissionPenceSql(net, rate)}), 0)`.as("flatNetPence"),
        sql<number>`coalesce(sum(${flatCommissionPenceSql(revenue, rate)}), 0)`.as("flatGrossPence"),
        sql<number>`coalesce(sum(${flatCommissionPenceSql(sql<number>`(${revenue} - ${cogs})`, rate)}), 0)`.as(
          "flatGrossProfitPence",
        ),
      ])
      .as("s");
  const zero = (column: string) => sql<number>`coalesce(${sql.ref(`s.${column}`)}, 0)`;
  return db
    .with(
      (cte) => cte("p").materialized(),
      () => partners,
    )
    .selectFrom("p")
    .leftJoin("commissionRates as v", "v.id", "p.versionId")
    .leftJoin(sums, (join) => join.onRef("s.partnerId", "=", "p.id"))
    .leftJoin("commissionPayments as cp", (join) => join.onRef("cp.partnerId", "=", "p.id").on("cp.month", "=", month))
    .select([
      "p.id as partnerId",
      "p.name",
      "p.username",
      "p.email",
      "p.partnerType",
      "p.commissionBp",
      "v.rateBp as versionRateBp",
      "v.terms as versionTerms",
      zero("activeMachines").as("activeMachines"),
      zero("submittedReports").as("submittedReports"),
      zero("records").as("records"),
      zero("netProfitPence").as("netProfitPence"),
      zero("revenuePence").as("revenuePence"),
      zero("cogsPence").as("cogsPence"),
      zero("units").as("units"),
      zero("flatNetPence").as("flatNetPence"),
      zero("flatGrossPence").as("flatGrossPence"),
      zero("flatGrossProfitPence").as("flatGrossProfitPence"),
      "cp.status as paymentStatus",
      "cp.paidDate",
      "cp.amountPence as paidAmountPence",
      "cp.rateBp as paidRateBp",
      "cp.terms as paidTerms",
    ])
    .orderBy("p.name")
    .orderBy("p.username");
}

/**
 * Every partner's month (or the listed partners'), in the summary's order: one aggregate for every
 * partner whose commission its sums give (the seed's agreements, tiers, amounts per item or machine,
 * flat rates at the version's rate), the records (and products) of the others read and worked out one
 * by one, and the month's adjustments.
 */
export async function monthTotals(
  db: DB,
  month: string,
  partnerIds?: readonly number[],
): Promise<PartnerMonthTotals[]> {
  const [rows, adjustments] = await Promise.all([
    aggregateQuery(db, month, partnerIds).execute(),
    adjustmentsOf(db, month, partnerIds),
  ]);
  const out: PartnerMonthTotals[] = [];
  const detailed: { index: number; terms: AgreementTerms }[] = [];
  for (const row of rows) {
    const paid = row.paymentStatus === "completed";
    const versionRate = Number(row.versionRateBp ?? row.commissionBp);
    const payment = row.paymentStatus && { status: row.paymentStatus, rateBp: row.paidRateBp, terms: row.paidTerms };
    const terms = resolveTerms(row, { rateBp: versionRate, terms: readTerms(row.versionTerms) }, payment);
    const sums = {
      records: Number(row.records),
      netProfitPence: Number(row.netProfitPence),
      revenuePence: Number(row.revenuePence),
      cogsPence: Number(row.cogsPence),
      units: Number(row.units),
    };
    const flat =
      terms && !terms.tiers.length && terms.rate === versionRate
        ? {
            "net-profit": row.flatNetPence,
            "gross-sales": row.flatGrossPence,
            "gross-profit": row.flatGrossProfitPence,
          }[terms.basis as "net-profit"]
        : undefined;
    const commissionPence = totalFromSums(terms, sums, flat === undefined ? null : Number(flat));
    if (commissionPence === null) detailed.push({ index: out.length, terms: terms! });
    const adj = terms ? (adjustments.get(row.partnerId) ?? []) : [];
    out.push({
      partnerId: row.partnerId,
      name: row.name,
      username: row.username,
      email: row.email,
      partnerType: row.partnerType,
      activeMachines: Number(row.activeMachines),
      submittedReports: Number(row.submittedReports),
      netProfitPence: sums.netProfitPence,
      revenuePence: sums.revenuePence,
      paymentStatus: row.paymentStatus,
      paidDate: row.paidDate,
      paidAmountPence: row.paidAmountPence,
      terms,
      written: row.versionTerms !== null,
      // A paid month shows the rate it paid at (rateOfMonth).
      rateBp: paid && row.paidRateBp !== null ? Number(row.paidRateBp) : versionRate,
      commissionPence: commissionPence ?? 0,
      adjustments: adj,
      duePence: terms ? dueOf(commissionPence ?? 0, adj) : 0,
    });
  }
  if (detailed.length) {
    const ids = detailed.map((d) => out[d.index].partnerId);
    const records = await db
      .selectFrom("monthlyRecords as r")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .select(["r.id", "r.machineId", "m.partnerId", "r.revenuePence", "r.cogsPence", "r.totalSales"])
      .where("m.partnerId", "in", ids)
      .where("r.month", "=", month)
      .orderBy("r.machineId")
      .execute();
    const withRules = new Set(detailed.filter((d) => needsProducts(d.terms)).map((d) => out[d.index].partnerId));
    const needing = records.filter((r) => withRules.has(r.partnerId));
    const parts = needing.length
      ? await productParts(
          db,
          needing.map((r) => r.id),
        )
      : new Map<number, ProductPart[]>();
    for (const { index, terms } of detailed) {
      const row = out[index];
      const own = records
        .filter((r) => r.partnerId === row.partnerId)
        .map((r) => ({ ...r, products: parts.get(r.id) ?? [] }));
      row.commissionPence = monthCommission(terms, own).commissionPence;
      row.duePence = dueOf(row.commissionPence, row.adjustments);
    }
  }
  return out;
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

/** A month's commission totals over every partner, as payables and the admin's stats need them. */
export interface MonthSums {
  partners: number;
  /** Profit-sharing and tiered partners; those with every active machine reported; those paid. */
  applicable: number;
  complete: number;
  paid: number;
  /** What the paid months paid (their snapshots), pence. */
  paidPence: number;
  /** What the unpaid months owe (commission plus adjustments, never below 0), pence; the part of complete partners, and how many. */
  duePence: number;
  readyPence: number;
  ready: number;
  /** The commission under the agreements before adjustments (a paid month: what it paid), pence. */
  commissionPence: number;
}

/**
 * monthTotals summed, without bringing every partner's row out of the database: the partners on the
 * seed's agreements (unpaid) are worked out and summed in SQL (the flat share per record, the seed's
 * tiers on the month's net profit: commission-sql.ts, tested equal to the engine), paid months add what
 * they paid; only partners with a written agreement are read and worked out one by one (monthTotals).
 */
export async function monthSums(db: DB, month: string, options: { machines?: boolean } = {}): Promise<MonthSums> {
  // machines: false leaves the machines' counts (applicable, complete, ready) at 0 and reads only the month's records: the commission alone.
  const withMachines = options.machines ?? true;
  const adjustments = db
    .selectFrom("commissionAdjustments")
    .where("month", "=", month)
    .groupBy("partnerId")
    .select((eb) => ["partnerId", eb.fn.sum<number>("amountPence").as("amountPence")]);
  // Money already paid for the month (a month Reset Month reopened): only the rest is due.
  const moneyPaid = db
    .selectFrom("commissionTransfers")
    .where("month", "=", month)
    .groupBy("partnerId")
    .select((eb) => ["partnerId", eb.fn.sum<number>("amountPence").as("paidPence")]);
  const earning = sql<boolean>`x.partner_type in ('profit-sharing', 'tiered-profit-sharing')`;
  const paid = sql<boolean>`(${earning} and x.payment_status = 'completed')`;
  // Unpaid partners on the seed's agreement: the one kind summed here (written agreements are read below).
  const seed = sql<boolean>`(${earning} and coalesce(x.payment_status, 'pending') = 'pending' and x.version_terms is null)`;
  const complete = sql<boolean>`(x.active_machines > 0 and x.submitted_reports = x.active_machines)`;
  const commission = sql<number>`(case when x.partner_type = 'profit-sharing' then x.flat_net_pence when x.partner_type = 'tiered-profit-sharing' then ${tieredCommissionPenceSql(sql.ref("x.netProfitPence"))} else 0 end)`;
  const owed = sql<number>`(${commission} + coalesce(a.amount_pence, 0) - coalesce(t.paid_pence, 0))`;
  const due = sql<number>`(case when ${owed} > 0 then ${owed} else 0 end)`;
  const [row, written] = await Promise.all([
    db
      .selectFrom(aggregateQuery(db, month, undefined, withMachines).clearOrderBy().as("x"))
      .leftJoin(adjustments.as("a"), "a.partnerId", "x.partnerId")
      .leftJoin(moneyPaid.as("t"), "t.partnerId", "x.partnerId")
      .select([
        sql<number>`count(*)`.as("partners"),
        sql<number>`count(case when ${earning} then 1 end)`.as("applicable"),
        sql<number>`count(case when ${earning} and ${complete} then 1 end)`.as("complete"),
        sql<number>`count(case when ${paid} then 1 end)`.as("paid"),
        sql<number>`coalesce(sum(case when ${paid} then x.paid_amount_pence end), 0)`.as("paidPence"),
        sql<number>`coalesce(sum(case when ${seed} then ${due} end), 0)`.as("duePence"),
        sql<number>`coalesce(sum(case when ${seed} and ${complete} then ${due} end), 0)`.as("readyPence"),
        sql<number>`count(case when ${seed} and ${complete} then 1 end)`.as("ready"),
        sql<number>`coalesce(sum(case when ${seed} then ${commission} when ${paid} then x.paid_amount_pence end), 0)`.as(
          "commissionPence",
        ),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("users as u")
      .leftJoin("commissionPayments as cp", (join) =>
        join.onRef("cp.partnerId", "=", "u.id").on("cp.month", "=", month),
      )
      .where("u.isAdmin", "=", 0)
      .where("u.partnerType", "in", ["profit-sharing", "tiered-profit-sharing"])
      .where((eb) => eb.or([eb("cp.status", "is", null), eb("cp.status", "=", "pending")]))
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom("commissionRates as cr")
            .select("cr.id")
            .whereRef("cr.partnerId", "=", "u.id")
            .where("cr.terms", "is not", null),
        ),
      )
      .select("u.id")
      .execute(),
  ]);
  const sums: MonthSums = {
    partners: Number(row.partners),
    applicable: Number(row.applicable),
    complete: Number(row.complete),
    paid: Number(row.paid),
    paidPence: Number(row.paidPence),
    duePence: Number(row.duePence),
    readyPence: Number(row.readyPence),
    ready: Number(row.ready),
    commissionPence: Number(row.commissionPence),
  };
  // Partners with any written version: those whose version for this month is written were left out above.
  const candidates = written.map((w) => w.id);
  if (!candidates.length) return sums;
  const [totals, paidOf] = await Promise.all([monthTotals(db, month, candidates), moneyPaidOf(db, month, candidates)]);
  for (const t of totals) {
    // The unpaid months under a written version: the ones the SQL above left out.
    if (!t.written || !t.terms || t.paymentStatus === "completed") continue;
    const isComplete = reportsComplete(t.activeMachines, t.submittedReports);
    const left = Math.max(0, t.duePence - (paidOf.get(t.partnerId)?.pence ?? 0));
    sums.duePence += left;
    sums.commissionPence += t.commissionPence;
    if (isComplete) {
      sums.readyPence += left;
      sums.ready += 1;
    }
  }
  return sums;
}
