/** Closed months from the database: a partner's month is closed once its commission payment is completed. */
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { closedKey, closedMonthError, type ClosedMonth } from "./month-close-rules.ts";

type Tx = Kysely<Database> | Transaction<Database>;

/** Closed months of the given partners (all partners when none are given), oldest first. */
export async function closedMonths(
  db: Tx,
  filter: { partnerIds?: number[]; months?: string[] } = {},
): Promise<ClosedMonth[]> {
  let query = db
    .selectFrom("commissionPayments as p")
    .innerJoin("users as u", "u.id", "p.partnerId")
    .select(["p.partnerId", "p.month", "p.paidDate", (eb) => eb.fn.coalesce("u.name", "u.username").as("partnerName")])
    .where("p.status", "=", "completed")
    .orderBy("p.month")
    .orderBy("p.partnerId");
  if (filter.partnerIds) query = query.where("p.partnerId", "in", filter.partnerIds.length ? filter.partnerIds : [0]);
  if (filter.months) query = query.where("p.month", "in", filter.months.length ? filter.months : [""]);
  return query.execute();
}

export async function closedMonthKeys(
  db: Tx,
  filter: { partnerIds?: number[]; months?: string[] } = {},
): Promise<Set<string>> {
  return new Set((await closedMonths(db, filter)).map((c) => closedKey(c.partnerId, c.month)));
}

/** 409 naming the first closed month among the partner's `months`. */
export async function assertMonthsOpen(db: Tx, partnerId: number, months: string[], change?: string): Promise<void> {
  if (!months.length) return;
  const [closed] = await closedMonths(db, { partnerIds: [partnerId], months: [...new Set(months)] });
  if (closed) throw closedMonthError(closed, change);
}
