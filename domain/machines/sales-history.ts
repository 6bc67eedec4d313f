/**
 * A partner's sales month by month over all its machines, summed in SQL from the monthly records
 * (one row a month, however many machines): the partner dashboard's chart and its month to date.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

export interface MonthSales {
  month: string;
  units: number;
  revenuePence: number;
}

/** The partner's units and revenue for each month from `fromMonth` (YYYY-MM) on that has a record, oldest first. */
export async function partnerMonthlySales(
  db: Kysely<Database>,
  partnerId: number,
  fromMonth: string,
): Promise<MonthSales[]> {
  const rows = await db
    .selectFrom("monthlyRecords as r")
    .innerJoin("machines as m", "m.id", "r.machineId")
    .select((eb) => [
      "r.month",
      eb.fn.sum<number>("r.totalSales").as("units"),
      eb.fn.sum<number>("r.revenuePence").as("revenuePence"),
    ])
    .where("m.partnerId", "=", partnerId)
    .where("r.month", ">=", fromMonth)
    .groupBy("r.month")
    .orderBy("r.month")
    .execute();
  return rows.map((r) => ({ month: r.month, units: Number(r.units), revenuePence: Number(r.revenuePence) }));
}
