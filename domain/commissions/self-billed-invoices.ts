/**
 * A self-billed month's invoice (HMRC VAT Notice 700/62): allocated when the month is paid, once per
 * partner-month, its number the next in the partner's own series and never reused. A month paid again
 * after Reset Month keeps its number; the figures are those it was last paid with.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { conflict } from "../shared/errors.ts";
import { lastDayOfMonth } from "../month-close/month-close-rules.ts";
import { nextSeq, selfBilledInvoiceNumber, type MonthVat } from "../agreements/self-billing-rules.ts";
import { selfBillingAgreementOf } from "../agreements/self-billing-terms.ts";

type DB = Kysely<Database>;

/** Issues (or, for a month paid again, updates) the month's self-billed invoice inside the caller's transaction; its number. */
export async function issueSelfBilledInvoice(
  trx: DB,
  partnerId: number,
  month: string,
  vat: MonthVat,
  actorId: number | null,
): Promise<string> {
  const agreement = await selfBillingAgreementOf(trx, partnerId);
  if (!agreement) throw conflict("The partner has no self-billing agreement");
  const figures = {
    vatNumber: agreement.vatNumber,
    vatRateBp: vat.rateBp,
    exVatPence: vat.exVatPence,
    vatPence: vat.vatPence,
    totalPence: vat.exVatPence + vat.vatPence,
    issuedOn: lastDayOfMonth(month),
  };
  const existing = await trx
    .selectFrom("selfBilledInvoices")
    .selectAll()
    .where("partnerId", "=", partnerId)
    .where("month", "=", month)
    .executeTakeFirst();
  if (existing) {
    const same = Object.entries(figures).every(([k, v]) => String(existing[k as keyof typeof figures]) === String(v));
    if (same) return existing.number;
    // The figures changed (paid again after a reset): the stored PDF no longer says them.
    await trx
      .updateTable("selfBilledInvoices")
      .set({ ...figures, pdf: null })
      .where("id", "=", existing.id)
      .execute();
    await audit(trx, {
      actorId,
      action: "self_billed_invoice_updated",
      entity: "self_billed_invoice",
      entityId: existing.id,
      partnerId,
      month,
      before: pick(existing),
      after: { number: existing.number, ...figures },
    });
    return existing.number;
  }
  const highest = await trx
    .selectFrom("selfBilledInvoices")
    .select((eb) => eb.fn.max("seq").as("seq"))
    .where("partnerId", "=", partnerId)
    .executeTakeFirst();
  const seq = nextSeq(highest?.seq === null || highest?.seq === undefined ? null : Number(highest.seq));
  const number = selfBilledInvoiceNumber(partnerId, seq);
  const row = await trx
    .insertInto("selfBilledInvoices")
    .values({ partnerId, month, seq, number, ...figures })
    .returning("id")
    .executeTakeFirstOrThrow();
  await audit(trx, {
    actorId,
    action: "self_billed_invoice",
    entity: "self_billed_invoice",
    entityId: row.id,
    partnerId,
    month,
    before: null,
    after: { number, ...figures },
  });
  return number;
}

function pick(row: {
  number: string;
  vatNumber: string;
  vatRateBp: number;
  exVatPence: number;
  vatPence: number;
  totalPence: number;
  issuedOn: string;
}) {
  const { number, vatNumber, vatRateBp, exVatPence, vatPence, totalPence, issuedOn } = row;
  return { number, vatNumber, vatRateBp, exVatPence, vatPence, totalPence, issuedOn };
}
