/**
 * The words of every commission confirmation, one source for the dialogs (with JavaScript) and the
 * page actions' questions (confirmFirst, without JavaScript): each names the partner, the month and
 * the amount. Amounts arrive formatted (£1,234.56).
 */
import { formatDate, formatMonth } from "#domain/shared/dates.ts";
import { formatPence } from "#domain/shared/format.ts";
import { repaymentText, type MoneyPaid } from "#domain/commissions/correction-words.ts";

export interface CommissionQuestion {
  title: string;
  description: string;
  confirmLabel: string;
}

/**
 * Mark as Paid, on the summary's rows and the partner's card. A month money was already paid for (Reset
 * Month reopened it) names both figures: "October 2026: £32.62, already paid £32.15 on
 * 27/11/2026, now £0.47" — only the difference is paid, or a negative one carried to the next month.
 */
export const markPaidQuestion = (
  partnerName: string,
  month: string,
  amount: string,
  repayment?: { monthPence: number; paid: MoneyPaid } | null,
): CommissionQuestion => {
  const locked = `${formatMonth(month)} is closed for ${partnerName}: its figures are locked until the month is reset.`;
  if (!repayment?.paid.pence)
    return {
      title: `Mark ${partnerName}'s ${formatMonth(month)} commission paid?`,
      description: `${amount} is recorded as paid today, and ${locked}`,
      confirmLabel: "Mark as Paid",
    };
  const rest = repayment.monthPence - repayment.paid.pence;
  const then =
    rest > 0
      ? `${formatPence(rest)} more is recorded as paid today`
      : rest < 0
        ? `Nothing more is paid; ${formatPence(-rest)} paid over is carried to the next month`
        : "Nothing more is paid";
  return {
    title: `Mark ${partnerName}'s ${formatMonth(month)} commission paid?`,
    description: `${repaymentText(month, repayment.monthPence, repayment.paid)}. ${then}, and ${locked}`,
    confirmLabel: "Mark as Paid",
  };
};

/** The month's paid payments as Reset Month names them: how many, their total, the first few rows. */
export interface PaidPayments {
  count: number;
  totalPence: number;
  /** Named in the question (the summary's first paid rows); the others are counted. */
  rows: readonly { partnerName: string; profitSharePence: number }[];
}

/** Reset Month on the summary: every partner's payment of the month goes back to pending. */
export const resetQuestion = (month: string, paid: PaidPayments): CommissionQuestion => {
  const named = paid.rows.map((r) => `${r.partnerName} ${formatPence(r.profitSharePence)}`);
  if (paid.count > paid.rows.length) named.push(`${paid.count - paid.rows.length} more`);
  return {
    title: `Reset ${formatMonth(month)}?`,
    description: paid.count
      ? `${paid.count} payment${paid.count === 1 ? "" : "s"} of ${formatPence(paid.totalPence)} in all (${named.join(", ")}) go back to pending, and each partner's ${formatMonth(month)} is open to changes again. The money already paid stays recorded: paying the month again pays only the difference. It is kept in the audit trail.`
      : `No commission payment is recorded for ${formatMonth(month)}: nothing changes.`,
    confirmLabel: "Reset Month",
  };
};

/** Reset Month on the partner's card: that partner's payment only. */
export const reopenQuestion = (
  partnerName: string,
  month: string,
  amount: string,
  paidDate: string | null,
): CommissionQuestion => ({
  title: `Reopen ${partnerName}'s ${formatMonth(month)}?`,
  description: paidDate
    ? `The payment of ${amount} recorded on ${formatDate(paidDate)} goes back to pending and the month can change again. The money paid stays recorded: paying the month again pays only the difference. The reset is kept in the audit trail.`
    : `No payment is recorded for ${partnerName}'s ${formatMonth(month)}: nothing changes.`,
  confirmLabel: "Reset Month",
});

/** Send Report on the partner's card. */
export const sendReportQuestion = (partnerName: string, month: string, amount: string): CommissionQuestion => ({
  title: `Send ${partnerName} the ${formatMonth(month)} report?`,
  description: `The consolidated report for ${formatMonth(month)}, with commission of ${amount}, is emailed to the partner.`,
  confirmLabel: "Send Report",
});
