/**
 * Every partner's commission of a month at once (the summary, payouts, the admin's stats): one
 * aggregate query over the partners' records, machines, agreement versions and payments, the partners
 * on a written agreement worked out one by one under their terms.
 */
import { sql, type ExpressionBuilder, type Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { PartnerType } from "../shared/partner-types.ts";
import { monthCommission } from "../agreements/month-commission-rules.ts";
import { totalFromSums } from "../agreements/agreement-commission-rules.ts";
import { type AgreementTerms, type ProductPart } from "../agreements/agreement-rules.ts";
import { readTerms } from "../agreements/agreement-schemas.ts";
import {
  adjustmentsOf,
  dueOf,
  needsProducts,
  productParts,
  resolveTerms,
  type MonthAdjustment,
} from "../agreements/agreement-terms.ts";
import { flatCommissionPenceSql, netProfitPenceSql, versionIdForMonthSql } from "./commission-sql.ts";

type DB = Kysely<Database>;

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
export function aggregateQuery(db: DB, month: string, partnerIds?: readonly number[], withMachines = true) {
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
