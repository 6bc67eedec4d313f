/**
 * Corrections after payment (issue 29, ARCHITECTURE.md section 13), pure. A paid month keeps what it
 * paid; late data (sales imported after payment, a record deleted from it) changes what it comes to
 * under the terms it was paid under, and the difference becomes an adjustment on the partner's next
 * open month, the one adjustment mechanism the agreements use.
 */
import { monthCommission, type AgreementRecord, type AgreementTerms } from "./agreement-rules.ts";

/** What late data changes in a paid month: its commission under the terms it was paid under, after minus before. */
export function paidMonthDifference(terms: AgreementTerms | null, before: readonly AgreementRecord[], after: readonly AgreementRecord[]): number {
  return monthCommission(terms, after).commissionPence - monthCommission(terms, before).commissionPence;
}

