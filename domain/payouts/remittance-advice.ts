/**
 * What a remittance advises, read once for the email (remittance-service.ts) and the PDF a partner
 * downloads (remittance-pdf.ts), so both say the same: the month, the amount, the payment reference
 * and date as stored with the money paid, both figures for a top-up, the adjustments the month
 * includes, and the account paid into (masked).
 */
import type { Kysely, Selectable } from "kysely";
import type { CommissionRemittancesTable, Database } from "#db/schema.ts";
import { formatDate, formatMonth, formatPence, maskAccountNumber } from "../shared/format.ts";
import { repaymentText } from "../commissions/correction-words.ts";
import { moneyPaidFrom } from "../commissions/correction-rules.ts";
import { adjustmentText } from "../agreements/agreement-words.ts";
import { selfBilledText, type SelfBilledFigures } from "../agreements/self-billing-rules.ts";

type DB = Kysely<Database>;
export type RemittanceRow = Selectable<CommissionRemittancesTable>;

export interface RemittanceAdvice {
  id: number;
  partnerId: number;
  partnerName: string;
  billingAddress: string | null;
  email: string | null;
  month: string;
  amountPence: number;
  reference: string;
  paidOn: string | null;
  /** "October 2026: £32.62, already paid £32.15 on 27/11/2026, now £0.47" for a top-up, else null. */
  topUp: string | null;
  /** Each adjustment the month includes, in words ("Adjustment for October 2026 (late sales): +£0.47"). */
  adjustments: string[];
  /** "Yorkshire Bank account ****4567", or null without an account number. */
  paidInto: string | null;
  /** A self-billed month: its invoice's number and figures (absent otherwise); the amount includes the VAT. */
  selfBilled?: SelfBilledFigures;
}

export async function remittanceAdvice(db: DB, row: RemittanceRow): Promise<RemittanceAdvice> {
  const [partner, paidOn, adjustments, topUp, invoice] = await Promise.all([
    db
      .selectFrom("users")
      .select(["name", "username", "email", "billingAddress", "bankName", "accountNumber"])
      .where("id", "=", row.partnerId)
      .executeTakeFirstOrThrow(),
    remittancePaidDate(db, row),
    db
      .selectFrom("commissionAdjustments")
      .select(["forMonth", "amountPence", "reason"])
      .where("partnerId", "=", row.partnerId)
      .where("month", "=", row.month)
      .orderBy("id")
      .execute(),
    topUpLine(db, row),
    db
      .selectFrom("selfBilledInvoices")
      .select(["number", "exVatPence", "vatRateBp", "vatPence", "totalPence"])
      .where("partnerId", "=", row.partnerId)
      .where("month", "=", row.month)
      .executeTakeFirst(),
  ]);
  return {
    id: row.id,
    partnerId: row.partnerId,
    partnerName: partner.name ?? partner.username,
    billingAddress: partner.billingAddress,
    email: partner.email,
    month: row.month,
    amountPence: row.amountPence,
    reference: row.reference,
    paidOn,
    topUp,
    adjustments: adjustments.map(adjustmentText),
    paidInto: partner.accountNumber
      ? [partner.bankName, `account ${maskAccountNumber(partner.accountNumber)}`].filter(Boolean).join(" ")
      : null,
    ...(invoice ? { selfBilled: invoice } : {}),
  };
}

/** The email's paragraphs: what was paid, the figures (amount, top-up, adjustments, reference, date, account), the report attached. */
export function remittanceParagraphs(a: RemittanceAdvice): string[] {
  const topUp = a.topUp ? `\n${a.topUp}` : "";
  const adjusted = a.adjustments.length ? `\nIncluding: ${a.adjustments.join("; ")}` : "";
  const into = a.paidInto ? `\nPaid into: ${a.paidInto}` : "";
  const vat = a.selfBilled ? `\n${selfBilledText(a.selfBilled)}` : "";
  return [
    a.topUp && a.amountPence === 0
      ? `We have worked out your commission for ${formatMonth(a.month)} again: nothing more is paid.`
      : `We have paid your commission for ${formatMonth(a.month)}.`,
    `Amount: ${formatPence(a.amountPence)}${vat}${topUp}${adjusted}\nPayment reference: ${a.reference}${a.paidOn ? `\nPaid on: ${formatDate(a.paidOn)}` : ""}${into}`,
    `The consolidated report for ${formatMonth(a.month)} is attached. You can see every machine's figures, and the transactions behind them, on your dashboard.`,
  ];
}

/** The day the remittance's money was paid: its transfer's, else (older rows) its payment's. */
export async function remittancePaidDate(
  db: DB,
  row: Pick<RemittanceRow, "transferId" | "commissionPaymentId">,
): Promise<string | null> {
  if (row.transferId !== null) {
    const t = await db
      .selectFrom("commissionTransfers")
      .select("paidDate")
      .where("id", "=", row.transferId)
      .executeTakeFirst();
    if (t) return t.paidDate;
  }
  if (row.commissionPaymentId === null) return null;
  return (
    (
      await db
        .selectFrom("commissionPayments")
        .select("paidDate")
        .where("id", "=", row.commissionPaymentId)
        .executeTakeFirst()
    )?.paidDate ?? null
  );
}

/** A top-up (money had been paid for the month before this transfer) names both figures; null otherwise. */
async function topUpLine(db: DB, row: RemittanceRow): Promise<string | null> {
  if (row.transferId === null) return null;
  const earlier = await db
    .selectFrom("commissionTransfers")
    .select(["amountPence", "paidDate"])
    .where("partnerId", "=", row.partnerId)
    .where("month", "=", row.month)
    .where("id", "<", row.transferId)
    .orderBy("id")
    .execute();
  const before = moneyPaidFrom(earlier);
  if (!before.pence) return null;
  const payment =
    row.commissionPaymentId === null
      ? null
      : await db
          .selectFrom("commissionPayments")
          .select("amountPence")
          .where("id", "=", row.commissionPaymentId)
          .executeTakeFirst();
  const monthPence = payment?.amountPence ?? before.pence + row.amountPence;
  return repaymentText(row.month, monthPence, before);
}
