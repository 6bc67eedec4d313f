/**
 * Commissions at the JSON edge (the API and the CLI's --json): the views hold pence, the answers
 * pounds (ARCHITECTURE.md 4). Pure: the services' types are imported as types only.
 */
import { bpToFraction } from "../shared/commission-rules.ts";
import { penceToPounds } from "../shared/money.ts";
import type { CommissionHistoryMonth } from "./commission-service.ts";
import type { CommissionSummary, CommissionSummaryRow } from "./commission-summary.ts";
import type { PaidMonth } from "./commission-payment-service.ts";
import type { WriteOff } from "./balance-service.ts";

/** A summary row as answered: the profit share in pounds. */
export function summaryRowJson(row: CommissionSummaryRow) {
  return {
    partnerId: row.partnerId,
    partnerName: row.partnerName,
    email: row.email,
    partnerType: row.partnerType,
    commissionPercentage: row.commissionPercentage,
    submittedReports: row.submittedReports,
    totalMachines: row.totalMachines,
    allReportsSubmitted: row.allReportsSubmitted,
    profitShare: penceToPounds(row.profitSharePence),
    paymentStatus: row.paymentStatus,
    paidDate: row.paidDate,
  };
}

/** The month's summary in pounds: the CLI's --json answer; the API answers its rows, the total in a header. */
export function commissionSummaryJson(summary: CommissionSummary) {
  return {
    month: summary.month,
    totalCommissionDue: penceToPounds(summary.totalCommissionDuePence),
    rows: summary.rows.map(summaryRowJson),
  };
}

/** A month of the commission history: the amount paid in pounds (null until paid). */
export function commissionHistoryJson(m: CommissionHistoryMonth) {
  return {
    month: m.month,
    status: m.status,
    paidDate: m.paidDate,
    amount: m.amountPence === null ? null : penceToPounds(m.amountPence),
  };
}

/** The remittance a payment was emailed with, as much of it as the answers name. */
interface RemittanceSent {
  status: string;
  to: string | null;
  reference: string;
  error: string | null;
}

/** A month marked paid (POST /api/partners/{id}/commission-payment): what it comes to, what was sent now and before. */
export function commissionPaymentJson({
  payment,
  transfer,
  alreadyPaid,
  remittance,
}: PaidMonth & { remittance: RemittanceSent }) {
  return {
    month: payment.month,
    status: payment.status,
    paidDate: payment.paidDate,
    amount: penceToPounds(payment.amountPence ?? 0),
    commissionPercentage: bpToFraction(payment.rateBp ?? 0),
    paid: penceToPounds(transfer.amountPence),
    alreadyPaid: penceToPounds(alreadyPaid.pence),
    reference: transfer.reference,
    remittance: {
      status: remittance.status,
      to: remittance.to,
      reference: remittance.reference,
      error: remittance.error,
    },
  };
}

/** A month marked paid as `vendboard commissions pay --json` prints it. */
export function paidMonthCliJson(
  partnerId: number,
  month: string,
  { payment, transfer, alreadyPaid, remittance }: PaidMonth & { remittance: RemittanceSent },
) {
  return {
    month,
    partnerId,
    status: payment.status,
    paidDate: payment.paidDate,
    amount: penceToPounds(payment.amountPence ?? 0),
    paid: penceToPounds(transfer.amountPence),
    alreadyPaid: penceToPounds(alreadyPaid.pence),
    reference: transfer.reference,
    remittance: { status: remittance.status, to: remittance.to, error: remittance.error },
  };
}

/** A balance written off (POST /api/partners/{id}/write-off). */
export function writeOffJson(w: WriteOff) {
  return { writtenOff: penceToPounds(w.writtenOffPence), month: w.month };
}
