/** The words of Mark batch as paid's confirmation: the dialog (with JavaScript) and the page's question (without). */
import { formatCount, formatMonth, formatPence } from "#domain/shared/format.ts";

export const batchQuestion = (month: string, count: number, totalPence: number) => ({
  title: `Mark ${formatCount(count, "partner")} paid for ${formatMonth(month)}?`,
  description: `${formatPence(totalPence)} in all is recorded as paid today, one payment per partner, and each partner's ${formatMonth(month)} is closed. Each partner is emailed a remittance with the month's report. Upload the payment file to your bank first.`,
  confirmLabel: "Mark batch as paid",
});
