/** Partner types, their labels, avatar initials and the admin's partner search. */
import { PARTNER_TYPES, type PartnerType } from "#db/enums.ts";

// The enumeration is the users table's (db/enums.ts); the rules about it are here.
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

/** Initials for the avatar: from the name, falling back to the username. */
export function initials(name: string | null | undefined, username: string): string {
  const source = name?.trim() || username.trim();
  // The text is trimmed, so no word is empty; only the first and last words are read.
  // Stryker disable next-line Regex: splitting on single spaces adds empty words only between the first and the last.
  const words = source.split(/\s+/);
  const letters = words.length > 1 ? words[0][0] + words[words.length - 1][0] : source.slice(0, 2);
  return letters.toUpperCase();
}

/** The admin's partner search: name or username contains the query, ignoring case. */
export function matchesPartner(partner: { name: string | null; username: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || (partner.name ?? "").toLowerCase().includes(q) || partner.username.toLowerCase().includes(q);
}
