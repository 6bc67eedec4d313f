/**
 * The words of every commission confirmation, one source for the dialogs (with JavaScript) and the
 * page actions' questions (confirmFirst, without JavaScript): each names the partner, the month and
 * the amount. Amounts arrive formatted (£1,234.56).
 */
import { formatDate, formatMonth } from "#domain/shared/dates.ts";
import { formatGBP, formatPounds } from "#domain/shared/money.ts";

export interface CommissionQuestion {
  title: string;
  description: string;
  confirmLabel: string;
}

/** Mark as Paid, on the summary's rows and the partner's card. */
export const markPaidQuestion = (partnerName: string, month: string, amount: string): CommissionQuestion => ({
  title: `Mark ${partnerName}'s ${formatMonth(month)} commission paid?`,
  description: `${amount} is recorded as paid today, and ${formatMonth(month)} is closed for ${partnerName}: its figures are locked until the month is reset.`,
  confirmLabel: "Mark as Paid",
});

/** The month's paid payments as Reset Month names them: how many, their total, the first few rows. */
export interface PaidPayments {
  count: number;
  totalPence: number;
  /** Named in the question (the summary's first paid rows); the others are counted. */
  rows: readonly { partnerName: string; profitShare: number }[];
}

/** Reset Month on the summary: every partner's payment of the month goes back to pending. */
export const resetQuestion = (month: string, paid: PaidPayments): CommissionQuestion => {
  const named = paid.rows.map((r) => `${r.partnerName} ${formatPounds(r.profitShare)}`);
  if (paid.count > paid.rows.length) named.push(`${paid.count - paid.rows.length} more`);
  return {
    title: `Reset ${formatMonth(month)}?`,
    description: paid.count
      ? `${paid.count} payment${paid.count === 1 ? "" : "s"} of ${formatGBP(paid.totalPence)} in all (${named.join(", ")}) go back to pending, and each partner's ${formatMonth(month)} is open to changes again. Use it to correct a mistaken payment run; it is kept in the audit trail.`
      : `No commission payment is recorded for ${formatMonth(month)}: nothing changes.`,
    confirmLabel: "Reset Month",
  };
};

/** Reset Month on the partner's card: that partner's payment only. */
export const reopenQuestion = (partnerName: string, month: string, amount: string, paidDate: string | null): CommissionQuestion => ({
  title: `Reopen ${partnerName}'s ${formatMonth(month)}?`,
  description: paidDate
    ? `The payment of ${amount} recorded on ${formatDate(paidDate)} is removed and the month can change again. The reset is kept in the audit trail.`
    : `No payment is recorded for ${partnerName}'s ${formatMonth(month)}: nothing changes.`,
  confirmLabel: "Reset Month",
});

/** Send Report on the partner's card. */
export const sendReportQuestion = (partnerName: string, month: string, amount: string): CommissionQuestion => ({
  title: `Send ${partnerName} the ${formatMonth(month)} report?`,
  description: `The consolidated report for ${formatMonth(month)}, with commission of ${amount}, is emailed to the partner.`,
  confirmLabel: "Send Report",
});
