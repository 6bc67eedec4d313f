/**
 * The partner types and the rules every feature asks of them (commissions, payouts, statements):
 * their labels, which earn a commission on profit, the heading of their terms. The enumeration is the
 * users table's (db/enums.ts); partners/partner-rules.ts re-exports these beside its own rules.
 */
import { PARTNER_TYPES, type PartnerType } from "#db/enums.ts";

export { PARTNER_TYPES, type PartnerType };

const LABELS: Record<PartnerType, string> = {
  "profit-sharing": "Profit Sharing",
  "tiered-profit-sharing": "Tiered Profit Sharing",
  "non-profit-sharing": "Non-Profit Sharing",
  "fee-paying": "Fee Paying",
};

export function partnerTypeLabel(type: PartnerType): string {
  return LABELS[type];
}

/** Profit-sharing and tiered partners earn a commission on net profit. */
export function isProfitSharingType(type: PartnerType): boolean {
  return type === "profit-sharing" || type === "tiered-profit-sharing";
}

/**
 * The heading of a partner's terms on their page: profit-sharing types get a share of the profit,
 * a fee-paying partner pays a monthly fee, a non-profit-sharing one does neither.
 */
export function partnerTermsHeading(type: PartnerType): string {
  return type === "fee-paying" ? "Monthly Fee" : type === "non-profit-sharing" ? "Commission" : "Profit Share";
}
