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
