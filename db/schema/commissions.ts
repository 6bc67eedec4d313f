/** The tables of commissions: rates, adjustments, payments, payout batches and files, money paid and remittances. */
import type { ColumnType, Generated } from "kysely";
import type { CreatedAt } from "./columns.ts";

export interface CommissionRatesTable {
  id: Generated<number>;
  partnerId: number;
  rateBp: number;
  effectiveMonth: string;
  createdAt: CreatedAt;
  /** A written agreement's terms (JSON, agreement-schemas.ts); null: the seed's agreement of the partner's type at rateBp. */
  terms: ColumnType<string | null, string | null | undefined, string | null>;
  createdBy: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * A difference added to an open month: a paid month's under a new agreement (agreement), its late
 * sales or a record deleted from it (late_sales, record_deleted), a reopened month paid again
 * (repaid), or a negative month carried on (carried).
 */
export type AdjustmentReason = "agreement" | "carried" | "late_sales" | "record_deleted" | "repaid" | "written_off";

export interface CommissionAdjustmentsTable {
  id: Generated<number>;
  partnerId: number;
  month: string;
  forMonth: string;
  amountPence: number;
  reason: AdjustmentReason;
  sourcePaymentId: number | null;
  createdBy: number | null;
  createdAt: CreatedAt;
}

export interface CommissionPaymentsTable {
  id: Generated<number>;
  partnerId: number;
  month: string;
  status: ColumnType<"pending" | "completed", "pending" | "completed" | undefined, "pending" | "completed">;
  paidDate: string | null;
  amountPence: number | null;
  rateBp: number | null;
  updatedAt: ColumnType<string, string | undefined, string>;
  /** The agreement's terms it paid under (JSON); null on payments from before agreements: the seed's at rateBp. */
  terms: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A month's commission payout marked paid at once (/admin/payouts, the API, `commissions payouts --mark-paid`). */
export interface PayoutBatchesTable {
  id: Generated<number>;
  month: string;
  paidDate: string;
  partnerCount: number;
  totalPence: number;
  createdBy: number | null;
  createdAt: CreatedAt;
}

/** Money paid for a partner's month: one row per payment, kept when Reset Month reopens the month. */
export interface CommissionTransfersTable {
  id: Generated<number>;
  partnerId: number;
  month: string;
  amountPence: number;
  paidDate: string;
  reference: string;
  batchId: number | null;
  createdBy: number | null;
  createdAt: CreatedAt;
}

/** What a payout bank file said when it was made: [{partnerId, amountPence, reference}] as JSON. */
export interface PayoutFilesTable {
  id: Generated<number>;
  month: string;
  lines: string;
  totalPence: number;
  createdBy: number | null;
  createdAt: CreatedAt;
}

export type RemittanceStatus = "queued" | "sending" | "sent" | "written" | "no_email" | "failed";

/** The remittance email owed for a commission payment: one per payment, queued with it, sent after it commits. */
export interface CommissionRemittancesTable {
  id: Generated<number>;
  /** NULL for a payment an older Reset Month deleted (the row stays as history). */
  commissionPaymentId: number | null;
  /** The money paid it advises (one remittance per transfer). */
  transferId: ColumnType<number | null, number | null | undefined, number | null>;
  partnerId: number;
  month: string;
  amountPence: number;
  reference: string;
  batchId: number | null;
  status: ColumnType<RemittanceStatus, RemittanceStatus | undefined, RemittanceStatus>;
  toAddress: string | null;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  createdAt: CreatedAt;
  sentAt: string | null;
}

/** A partner's self-billing agreement (HMRC VAT Notice 700/62): in force for the months whose last day falls from start to review. */
export interface SelfBillingAgreementsTable {
  partnerId: number;
  /** YYYY-MM-DD. */
  startDate: string;
  reviewDate: string;
  vatNumber: string;
  /** The VAT rate the partner's accountant gave, in basis points (2000 = 20%). */
  vatRateBp: number;
  updatedBy: number | null;
  updatedAt: ColumnType<string, string | undefined, string>;
}

/** A partner-month's self-billed invoice: its number in the partner's series and the figures it was issued with. */
export interface SelfBilledInvoicesTable {
  id: Generated<number>;
  partnerId: number;
  month: string;
  /** The partner's series: 1, 2, 3… never reused; number is "SB-<partner id>-0001". */
  seq: number;
  number: string;
  vatNumber: string;
  vatRateBp: number;
  exVatPence: number;
  vatPence: number;
  totalPence: number;
  /** YYYY-MM-DD: the month's last day (the tax point). */
  issuedOn: string;
  /** The PDF as first issued (null until first asked for). */
  pdf: ColumnType<Uint8Array | null, Uint8Array | null | undefined, Uint8Array | null>;
  createdAt: CreatedAt;
}
