/**
 * A partner's self-billing agreement (HMRC VAT Notice 700/62; docs/decisions/072-self-billing.md):
 * reading it with its state and self-billed invoices, setting and removing it (audited), and one
 * month's self-billing as the bills export and the screens take it (selfBillingForMonth).
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { isoDay } from "../shared/dates.ts";
import { conflict, notFound } from "../shared/errors.ts";
import { isProfitSharingType } from "../shared/partner-types.ts";
import {
  agreementState,
  agreementStateText,
  type SelfBillingAgreement,
  type SelfBillingState,
} from "../agreements/self-billing-rules.ts";
import { selfBillingAgreementOf } from "../agreements/self-billing-terms.ts";
import { partnerMonth, requirePartner } from "../commissions/commission-service.ts";

type DB = Kysely<Database>;

/** A self-billed invoice as lists show it. */
export interface SelfBilledInvoiceRow {
  number: string;
  month: string;
  issuedOn: string;
  vatNumber: string;
  vatRateBp: number;
  exVatPence: number;
  vatPence: number;
  totalPence: number;
}

export interface SelfBillingView {
  agreement: SelfBillingAgreement | null;
  state: SelfBillingState;
  /** What the partner page says of it ("Lapsed: the review date … passed without renewal…"). */
  stateText: string;
  /** Newest first. */
  invoices: SelfBilledInvoiceRow[];
}

const INVOICE_COLUMNS = [
  "number",
  "month",
  "issuedOn",
  "vatNumber",
  "vatRateBp",
  "exVatPence",
  "vatPence",
  "totalPence",
] as const;

function invoiceRow(r: SelfBilledInvoiceRow): SelfBilledInvoiceRow {
  return {
    ...r,
    vatRateBp: Number(r.vatRateBp),
    exVatPence: Number(r.exVatPence),
    vatPence: Number(r.vatPence),
    totalPence: Number(r.totalPence),
  };
}

/** The partner's agreement, where it stands today and its self-billed invoices (404 for an unknown partner). */
export async function selfBillingOf(db: DB, partnerId: number, now: Date = new Date()): Promise<SelfBillingView> {
  await requirePartner(db, partnerId);
  const [agreement, invoices] = await Promise.all([
    selfBillingAgreementOf(db, partnerId),
    db
      .selectFrom("selfBilledInvoices")
      .select(INVOICE_COLUMNS)
      .where("partnerId", "=", partnerId)
      .orderBy("month", "desc")
      .execute(),
  ]);
  const today = isoDay(now);
  return {
    agreement,
    state: agreementState(agreement, today),
    stateText: agreementStateText(agreement, today),
    invoices: invoices.map(invoiceRow),
  };
}

/**
 * Sets the partner's agreement (a new one, a renewal's later review date, a corrected rate), audited
 * with before and after. Months already paid keep the VAT their invoice was issued with; unpaid
 * months follow the agreement as it now reads. 409 for a partner type that earns no commission.
 */
export async function saveSelfBilling(
  db: DB,
  partnerId: number,
  agreement: SelfBillingAgreement,
  actorId: number | null,
  now: Date = new Date(),
): Promise<SelfBillingView> {
  const partner = await requirePartner(db, partnerId);
  if (!isProfitSharingType(partner.partnerType))
    throw conflict("Self-billing is for partners paid commission (profit-sharing or tiered)");
  await db.transaction().execute(async (trx) => {
    const before = await selfBillingAgreementOf(trx, partnerId);
    const values = { ...agreement, updatedBy: actorId, updatedAt: now.toISOString() };
    if (before) await trx.updateTable("selfBillingAgreements").set(values).where("partnerId", "=", partnerId).execute();
    else
      await trx
        .insertInto("selfBillingAgreements")
        .values({ partnerId, ...values })
        .execute();
    await audit(trx, {
      actorId,
      action: before ? "self_billing_changed" : "self_billing_set",
      entity: "self_billing_agreement",
      entityId: partnerId,
      partnerId,
      before,
      after: agreement,
    });
  });
  return selfBillingOf(db, partnerId, now);
}

/** Ends self-billing for the partner (audited): unpaid months are paid without VAT; issued invoices stay. 404 when there is none. */
export async function removeSelfBilling(
  db: DB,
  partnerId: number,
  actorId: number | null,
  now: Date = new Date(),
): Promise<SelfBillingView> {
  await requirePartner(db, partnerId);
  await db.transaction().execute(async (trx) => {
    const before = await selfBillingAgreementOf(trx, partnerId);
    if (!before) throw notFound("This partner has no self-billing agreement");
    await trx.deleteFrom("selfBillingAgreements").where("partnerId", "=", partnerId).execute();
    await audit(trx, {
      actorId,
      action: "self_billing_removed",
      entity: "self_billing_agreement",
      entityId: partnerId,
      partnerId,
      before,
      after: null,
    });
  });
  return selfBillingOf(db, partnerId, now);
}

/** A month's self-billing: the figures in pence, the rate as a percent (20, 17.5), the invoice's number once issued. */
export interface SelfBillingMonth {
  agreement: SelfBillingAgreement | null;
  vatRatePercent: number;
  commissionExVatPence: number;
  vatPence: number;
  totalPence: number;
  /** Null until the month is paid (the invoice is issued then). */
  selfBilledInvoiceNumber: string | null;
  /** The invoice's date, the month's last day (once issued). */
  issuedOn: string | null;
}

/**
 * The partner's month as self-billed, or null when it carries no VAT (no agreement, not in force, a
 * month paid without self-billing). An issued invoice answers its own figures; an unpaid month the
 * commission engine's (partnerMonth), so every figure equals the screens' and the payout's.
 */
export async function selfBillingForMonth(db: DB, partnerId: number, month: string): Promise<SelfBillingMonth | null> {
  const [agreement, issued, m] = await Promise.all([
    selfBillingAgreementOf(db, partnerId),
    issuedInvoice(db, partnerId, month),
    partnerMonth(db, partnerId, month),
  ]);
  if (!m.vat) return null;
  const paid = m.payment.status === "completed" && issued;
  const figures = paid ? { rateBp: issued.vatRateBp, exVatPence: issued.exVatPence, vatPence: issued.vatPence } : m.vat;
  return {
    agreement,
    vatRatePercent: figures.rateBp / 100,
    commissionExVatPence: figures.exVatPence,
    vatPence: figures.vatPence,
    totalPence: figures.exVatPence + figures.vatPence,
    selfBilledInvoiceNumber: issued?.number ?? null,
    issuedOn: issued?.issuedOn ?? null,
  };
}

/** The month's self-billed invoice, if issued. */
export async function issuedInvoice(db: DB, partnerId: number, month: string): Promise<SelfBilledInvoiceRow | null> {
  const row = await db
    .selectFrom("selfBilledInvoices")
    .select(INVOICE_COLUMNS)
    .where("partnerId", "=", partnerId)
    .where("month", "=", month)
    .executeTakeFirst();
  return row ? invoiceRow(row) : null;
}
