/**
 * Money paid for partners' months: each payment of a month is
 * kept as a transfer (amount, date, reference, batch) and Reset Month never removes one, so a month
 * paid again pays only what it now comes to minus what was already paid.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import type { MoneyPaid } from "./correction-words.ts";

type DB = Kysely<Database>;

/** What was paid for each of these partners' month (every partner's when none are named). */
export async function moneyPaidOf(
  db: DB,
  month: string,
  partnerIds?: readonly number[],
): Promise<Map<number, MoneyPaid>> {
  let query = db
    .selectFrom("commissionTransfers")
    .select((eb) => [
      "partnerId",
      eb.fn.sum<string | number>("amountPence").as("pence"),
      eb.fn.max<string | null>(eb.case().when("amountPence", ">", 0).then(eb.ref("paidDate")).end()).as("lastPaidDate"),
    ])
    .where("month", "=", month)
    .groupBy("partnerId");
  if (partnerIds) query = query.where("partnerId", "in", partnerIds.length ? [...partnerIds] : [0]);
  const out = new Map<number, MoneyPaid>();
  for (const row of await query.execute())
    out.set(row.partnerId, { pence: Number(row.pence), lastPaidDate: row.lastPaidDate });
  return out;
}

/** The transfers of a partner's month, oldest first. */
export async function transfersOf(db: DB, partnerId: number, month: string) {
  return db
    .selectFrom("commissionTransfers")
    .selectAll()
    .where("partnerId", "=", partnerId)
    .where("month", "=", month)
    .orderBy("id")
    .execute();
}

/**
 * Whether anything a correction leaves is on the partner's books: an adjustment, or money paid for a
 * month that is not paid now or was paid more than once. Cheap (one or two small reads), so a page
 * read on every visit (the partner's dashboard) asks it before working out notes or what is owed.
 */
export async function hasCorrections(db: DB, partnerId: number): Promise<boolean> {
  const adjustment = await db
    .selectFrom("commissionAdjustments")
    .select("id")
    .where("partnerId", "=", partnerId)
    .limit(1)
    .executeTakeFirst();
  if (adjustment) return true;
  const [months, paid] = await Promise.all([
    db
      .selectFrom("commissionTransfers")
      .select((eb) => ["month", eb.fn.countAll<string | number>().as("count")])
      .where("partnerId", "=", partnerId)
      .groupBy("month")
      .execute(),
    db
      .selectFrom("commissionPayments")
      .select("month")
      .where("partnerId", "=", partnerId)
      .where("status", "=", "completed")
      .execute(),
  ]);
  const completed = new Set(paid.map((p) => p.month));
  return months.some((m) => Number(m.count) > 1 || !completed.has(m.month));
}
