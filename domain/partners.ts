/** Partner types, their labels and the partner payment status. */
export const PARTNER_TYPES = [
  "profit-sharing",
  "tiered-profit-sharing",
  "non-profit-sharing",
  "fee-paying",
] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];

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

export type PaymentStatus = "Up to date" | "Payment due";

/** 'Up to date' when a last payment exists and the next payment is due after now. */
export function partnerPaymentStatus(
  partner: { lastPaymentDate: string | null; nextPaymentDue: string | null },
  now: Date = new Date(),
): PaymentStatus {
  if (!partner.lastPaymentDate || !partner.nextPaymentDue) return "Payment due";
  const due = new Date(partner.nextPaymentDue.length === 10 ? `${partner.nextPaymentDue}T00:00:00Z` : partner.nextPaymentDue);
  return !Number.isNaN(due.getTime()) && due.getTime() > now.getTime() ? "Up to date" : "Payment due";
}

/** Initials for the avatar: from the name, falling back to the username. */
export function initials(name: string | null | undefined, username: string): string {
  const source = name?.trim() || username.trim();
  const words = source.split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? words[0][0] + words[words.length - 1][0] : source.slice(0, 2);
  return letters.toUpperCase();
}

/** The admin's partner search: name or username contains the query, ignoring case. */
export function matchesPartner(partner: { name: string | null; username: string }, query: string): boolean {
  const q = query.trim().toLowerCase();
  return !q || (partner.name ?? "").toLowerCase().includes(q) || partner.username.toLowerCase().includes(q);
}
