/** Partner types, their labels, avatar initials and the admin's partner search. */

// The types and their rules live in shared/partner-types.ts (every feature asks them); here beside the partners' own.
export {
  PARTNER_TYPES,
  isProfitSharingType,
  partnerTermsHeading,
  partnerTypeLabel,
  type PartnerType,
} from "../shared/partner-types.ts";

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
