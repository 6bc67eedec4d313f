/** A partner's detail page (machines, records, this month's figures) and the business-wide stats. */
import { sql, type Kysely } from "kysely";
import type { Database, User } from "#db/schema.ts";
import { netProfitPence } from "../shared/commission-rules.ts";
import { monthSums } from "../commissions/month-sums.ts";
import { recordsWithTerms } from "../agreements/agreement-terms.ts";
import { currentMonth, previousMonth } from "../shared/dates.ts";
import { notFound } from "../shared/errors.ts";
import { groupBy, recordViews, type MachineView } from "../machines/machine-views.ts";

import { findUserById, toPublicUser } from "../accounts/user-service.ts";

import {
  accountFields,
  type ListedPartner,
  feeQuery,
  partnersQuery,
  recordNetPence,
  recordsQuery,
  sum,
} from "./partner-list-service.ts";

type DB = Kysely<Database>;

export interface PartnerDetail extends ListedPartner {
  machines: MachineView[];
  /** Units sold in the current calendar month (UTC). */
  currentMonthSales: number;
  /** Units sold, all time. */
  totalSales: number;
  /** Revenue of the current calendar month. */
  currentMonthRevenuePence: number;
  /** Net profit of the previous calendar month. */
  latestMonthProfitPence: number;
}

export interface Stats {
  totalPartners: number;
  currentMonth: string;
  currentMonthRevenuePence: number;
  currentMonthNetProfitPence: number;
  currentMonthCommissionPence: number;
  allTimeRevenuePence: number;
  allTimeNetProfitPence: number;
}

/**
 * The business at a glance: this calendar month's figures (UTC) and all-time totals, summed in SQL
 * from the monthly records (a machine-month each, far fewer than sales). The commission is each
 * earning partner's under the agreement in force for the month (agreement-terms.ts).
 */
export async function getStats(db: DB, now: Date = new Date()): Promise<Stats> {
  const month = currentMonth(now);
  const [partners, allTime, thisMonth, commission] = await Promise.all([
    partnersQuery(db)
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("monthlyRecords as r")
      .select((eb) => [
        sql<number>`coalesce(sum(${eb.ref("r.revenuePence")}), 0)`.as("revenuePence"),
        sql<number>`coalesce(sum(${recordNetPence()}), 0)`.as("netPence"),
      ])
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("monthlyRecords as r")
      .where("r.month", "=", month)
      .select((eb) => [
        sql<number>`coalesce(sum(${eb.ref("r.revenuePence")}), 0)`.as("revenuePence"),
        sql<number>`coalesce(sum(${recordNetPence()}), 0)`.as("netPence"),
      ])
      .executeTakeFirstOrThrow(),
    // Every partner's commission under its agreement, before adjustments (the month is not over).
    monthSums(db, month, { machines: false }),
  ]);
  return {
    totalPartners: partners.count,
    currentMonth: month,
    currentMonthRevenuePence: thisMonth.revenuePence,
    currentMonthNetProfitPence: thisMonth.netPence,
    currentMonthCommissionPence: commission.commissionPence,
    allTimeRevenuePence: allTime.revenuePence,
    allTimeNetProfitPence: allTime.netPence,
  };
}

export async function requirePartner(db: DB, id: number): Promise<User> {
  const user = await findUserById(db, id);
  if (!user || user.isAdmin) throw notFound("Partner not found");
  return user;
}

export async function getPartnerDetail(db: DB, id: number, now: Date = new Date()): Promise<PartnerDetail> {
  const user = await requirePartner(db, id);
  const [machines, rows, fees] = await Promise.all([
    db.selectFrom("machines").selectAll().where("partnerId", "=", id).orderBy("location").execute(),
    recordsQuery(db).where("m.partnerId", "=", id).execute(),
    feeQuery(db, id),
  ]);
  const { records, termsOf } = await recordsWithTerms(db, user, rows);
  const views = recordViews(termsOf, records);
  const byMachine = groupBy(views, (r) => r.machineId);
  const month = currentMonth(now);
  const lastMonth = previousMonth(now);
  const inMonth = (m: string) => records.filter((r) => r.month === m);
  const publicUser = toPublicUser(user);
  return {
    ...publicUser,
    signInDisabledAt: user.disabledAt,
    machineCount: machines.length,
    totalRevenuePence: sum(records.map((r) => r.revenuePence)),
    totalNetProfitPence: sum(records.map((r) => netProfitPence(r))),
    feePayments: fees,
    ...accountFields(publicUser, fees),
    machines: machines.map((m) => ({
      id: m.id,
      partnerId: m.partnerId,
      location: m.location,
      imageUrl: m.imageUrl,
      status: m.status,
      monthlyRecords: byMachine.get(m.id) ?? [],
    })),
    currentMonthSales: sum(inMonth(month).map((r) => r.totalSales)),
    totalSales: sum(records.map((r) => r.totalSales)),
    currentMonthRevenuePence: sum(inMonth(month).map((r) => r.revenuePence)),
    latestMonthProfitPence: sum(inMonth(lastMonth).map((r) => netProfitPence(r))),
  };
}
