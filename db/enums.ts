/**
 * The enumerations the tables store. They belong to the tables (db/ is the lowest floor and
 * imports nothing from domain/); the domain's rules import them from here.
 */
export const PARTNER_TYPES = ["profit-sharing", "tiered-profit-sharing", "non-profit-sharing", "fee-paying"] as const;
export type PartnerType = (typeof PARTNER_TYPES)[number];

export const PAYMENT_PERIODS = ["monthly", "6-months", "12-months"] as const;
export type PaymentPeriod = (typeof PAYMENT_PERIODS)[number];

export const INVOICE_STATUSES = ["pending", "paid", "overdue", "cancelled"] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const PAYMENT_METHODS = ["bank-transfer", "card", "cash", "cheque", "direct-debit", "other"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const CREDIT_NOTE_KINDS = ["credit", "cancellation"] as const;
export type CreditNoteKind = (typeof CREDIT_NOTE_KINDS)[number];
