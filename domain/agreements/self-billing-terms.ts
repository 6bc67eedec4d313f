/**
 * Reading self-billing (rules in self-billing-rules.ts): partners' agreements and the VAT rate each
 * partner's month carries, for the commission engine to add on top.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { vatRateOfMonth, type SelfBillingAgreement } from "./self-billing-rules.ts";

type DB = Kysely<Database>;

/** The listed partners' agreements (every partner's when none are listed), by partner. */
export async function selfBillingAgreements(
  db: DB,
  partnerIds?: readonly number[],
): Promise<Map<number, SelfBillingAgreement>> {
  let query = db
    .selectFrom("selfBillingAgreements")
    .select(["partnerId", "startDate", "reviewDate", "vatNumber", "vatRateBp"]);
  if (partnerIds) query = query.where("partnerId", "in", partnerIds.length ? [...partnerIds] : [0]);
  const rows = await query.execute();
  return new Map(rows.map(({ partnerId, ...a }) => [partnerId, { ...a, vatRateBp: Number(a.vatRateBp) }]));
}

/** One partner's agreement, or null. */
export async function selfBillingAgreementOf(db: DB, partnerId: number): Promise<SelfBillingAgreement | null> {
  return (await selfBillingAgreements(db, [partnerId])).get(partnerId) ?? null;
}

/**
 * The VAT rate of each listed partner's month (partners with no VAT left out): the months' payments
 * and self-billed invoices read once, vatRateOfMonth deciding.
 */
export async function vatRatesOfMonths(
  db: DB,
  pairs: readonly { partnerId: number; month: string; paid: boolean }[],
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!pairs.length) return out;
  const months = [...new Set(pairs.map((p) => p.month))];
  // One partner's months are read by its key; every partner's month reads the (small) tables whole, not by a long list of ids.
  const ids = [...new Set(pairs.map((p) => p.partnerId))];
  const one = ids.length === 1 ? ids : undefined;
  const [agreements, invoices] = await Promise.all([
    selfBillingAgreements(db, one),
    db
      .selectFrom("selfBilledInvoices")
      .select(["partnerId", "month", "vatRateBp"])
      .$if(one !== undefined, (q) => q.where("partnerId", "=", ids[0]))
      .where("month", "in", months)
      .execute(),
  ]);
  if (!agreements.size && !invoices.length) return out;
  const invoiceRate = new Map(invoices.map((i) => [vatKey(i.partnerId, i.month), Number(i.vatRateBp)]));
  for (const p of pairs) {
    const rate = vatRateOfMonth({
      month: p.month,
      paid: p.paid,
      invoiceRateBp: invoiceRate.get(vatKey(p.partnerId, p.month)) ?? null,
      agreement: agreements.get(p.partnerId) ?? null,
    });
    if (rate !== null) out.set(vatKey(p.partnerId, p.month), rate);
  }
  return out;
}

export const vatKey = (partnerId: number, month: string) => `${partnerId}:${month}`;
