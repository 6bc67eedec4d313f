/**
 * The words of the machines' confirmations, one source for the dialogs (with JavaScript) and the
 * page actions' questions (confirmFirst, without JavaScript). Revenue arrives in pence, as the
 * machine's records carry it.
 */
import { paidMonthChangeText, type PaidMonthChange } from "#domain/commissions/correction-words.ts";
import { formatMonth } from "#domain/shared/dates.ts";
import { formatPence } from "#domain/shared/money.ts";
import { formatCount } from "#domain/shared/format.ts";

export interface MachineQuestion {
  title: string;
  description: string;
  confirmLabel: string;
}

/** Delete on a machine's card: the machine with its records, their count and revenue. */
export const deleteMachineQuestion = (
  location: string,
  records: { count: number; revenuePence: number },
): MachineQuestion => ({
  title: `Delete ${location}?`,
  description: `This deletes the machine with its ${records.count} monthly record${records.count === 1 ? "" : "s"} (${formatPence(records.revenuePence)} revenue) and their sales. It cannot be undone, and a machine with a record in a paid month cannot be deleted until that month is reset.`,
  confirmLabel: "Delete Machine",
});

/** Delete on a row of Performance History: one month's record of the machine. */
/**
 * A paid month's record (its commission status completed) is deleted with its difference added to the
 * next open month: the page's question names the difference (paidMonths, worked out by the server);
 * the dialog, which has no figures, says so in words.
 */
export const deleteRecordQuestion = (
  location: string,
  record: { month: string; totalSales: number; revenuePence: number; commission?: { status: string } | null },
  paidMonths: readonly PaidMonthChange[] = [],
): MachineQuestion => ({
  title: `Delete ${location}'s ${formatMonth(record.month)} record?`,
  description: `Its ${formatCount(record.totalSales, "sale")} (${formatPence(record.revenuePence)} revenue) and their receipts are deleted, and the month's figures change.${
    paidMonths.length
      ? ` The month is paid and keeps what it paid; the difference is added to the next open month: ${paidMonths.map(paidMonthChangeText).join("; ")}.`
      : record.commission?.status === "completed"
        ? " The month is paid and keeps what it paid; what the record changes is added to the partner's next open month as an adjustment."
        : ""
  }`,
  confirmLabel: "Delete record",
});
