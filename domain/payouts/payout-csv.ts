/** The bank bulk-payment file of a payout batch (docs/payouts.md, "The payment file"). */
import { formatPlainAmount } from "../shared/format.ts";
import type { PayoutLine } from "./payout-rules.ts";

/** A CSV field: quoted (quotes doubled) when it holds a comma, a quote or a line break. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export const PAYOUT_CSV_HEADER = ["Payee name", "Sort code", "Account number", "Amount", "Reference"] as const;

/** The bank bulk-payment file: a header row, then one row per payee; CRLF line ends (RFC 4180). */
export function payoutCsv(lines: readonly PayoutLine[]): string {
  const rows = [
    PAYOUT_CSV_HEADER,
    ...lines.map((l) => [l.payeeName, l.sortCode, l.accountNumber, formatPlainAmount(l.amountPence), l.reference]),
  ];
  return rows.map((row) => row.map(csvField).join(",")).join("\r\n") + "\r\n";
}

export const payoutFilename = (month: string) => `commission-payouts-${month}.csv`;
