/**
 * Text a UK bulk payment (Bacs) carries, pure: names and references in Bacs characters and at most 18
 * of them (domain/shared/bacs-text.ts), and the reference naming a commission payment's month (the
 * payout file, the remittance, a payment marked paid and the CLI all use it).
 */

export { BACS_MAX, bacsText } from "../shared/bacs-text.ts";
import { bacsText } from "../shared/bacs-text.ts";

/**
 * The payment reference naming the month: "<PREFIX> COMM 2026-10", the prefix from the business
 * profile (`payoutPrefixOf`, 1 to 5 characters, "VB" by default), so at most 18 characters (the same
 * on the file, the remittance and the CLI).
 */
export function payoutReference(month: string, prefix: string): string {
  return bacsText(`${prefix} COMM ${month}`);
}

/** A top-up's reference, for a month paid again after money was paid for it: "<PREFIX> ADJ 2026-10". */
export function topUpReference(month: string, prefix: string): string {
  return bacsText(`${prefix} ADJ ${month}`);
}
