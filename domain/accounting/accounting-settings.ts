/**
 * What each accounting package is told beside the figures: the account (Xero and Sage account codes,
 * QuickBooks Online's product/service and expense account names), the tax types and the tracking
 * category. Stored as one JSON row (accounting_settings), edited on /admin/settings; the defaults are
 * each package's standard UK chart. Pure.
 */
import { z } from "zod";

export const FORMATS = ["xero", "quickbooks", "sage"] as const;
export type AccountingFormat = (typeof FORMATS)[number];
export const KINDS = ["sales", "bills", "payments"] as const;
export type AccountingKind = (typeof KINDS)[number];

export const FORMAT_NAMES: Record<AccountingFormat, string> = {
  xero: "Xero",
  quickbooks: "QuickBooks Online",
  sage: "Sage Business Cloud Accounting",
};
export const KIND_NAMES: Record<AccountingKind, string> = {
  sales: "Sales: fee invoices and credit notes",
  bills: "Bills: partners' commission",
  payments: "Payments: money in and out",
};

export interface PackageSettings {
  /** Where fee income goes (Xero's and Sage's account code; QuickBooks' product/service). */
  salesAccount: string;
  /** Where commission goes (Xero's and Sage's account code; QuickBooks' expense account). */
  billsAccount: string;
  /** The tax type of a 20% fee invoice, and of a 20% bill line. */
  salesTaxType: string;
  billsTaxType: string;
  /** The tax type of a document without VAT. */
  noVatTaxType: string;
  /** A tracking category and its option (Xero's TrackingName1/TrackingOption1, Sage's Analysis Type 1); blank for none. */
  trackingName: string;
  trackingOption: string;
}

export type AccountingSettings = Record<AccountingFormat, PackageSettings>;

export const DEFAULT_ACCOUNTING_SETTINGS: AccountingSettings = {
  xero: {
    salesAccount: "200",
    billsAccount: "310",
    salesTaxType: "20% (VAT on Income)",
    billsTaxType: "20% (VAT on Expenses)",
    noVatTaxType: "No VAT",
    trackingName: "",
    trackingOption: "",
  },
  quickbooks: {
    salesAccount: "Machine placement fees",
    billsAccount: "Commissions and fees",
    salesTaxType: "20.0% S",
    billsTaxType: "20.0% S",
    noVatTaxType: "No VAT",
    trackingName: "",
    trackingOption: "",
  },
  sage: {
    salesAccount: "4000",
    billsAccount: "5000",
    salesTaxType: "Standard",
    billsTaxType: "Standard",
    noVatTaxType: "No VAT",
    trackingName: "",
    trackingOption: "",
  },
};

export const SETTING_FIELDS = [
  "salesAccount",
  "billsAccount",
  "salesTaxType",
  "billsTaxType",
  "noVatTaxType",
  "trackingName",
  "trackingOption",
] as const satisfies readonly (keyof PackageSettings)[];

const text = (label: string, required: boolean) =>
  z
    .string()
    .trim()
    .max(100, `${label} is at most 100 characters`)
    .refine((v) => !required || v.length > 0, `${label} is required`);

const packageSchema = z.object({
  salesAccount: text("The sales account", true),
  billsAccount: text("The bills account", true),
  salesTaxType: text("The sales tax type", true),
  billsTaxType: text("The bills tax type", true),
  noVatTaxType: text("The no-VAT tax type", true),
  trackingName: text("The tracking category", false),
  trackingOption: text("The tracking option", false),
});

export const accountingSettingsSchema = z.object({
  xero: packageSchema,
  quickbooks: packageSchema,
  sage: packageSchema,
});

/** Stored JSON read back over the defaults (a field missing or refused keeps its default). */
export function readAccountingSettings(json: string | null | undefined): AccountingSettings {
  let stored: unknown = null;
  try {
    stored = json ? JSON.parse(json) : null;
  } catch {
    stored = null;
  }
  const out = structuredClone(DEFAULT_ACCOUNTING_SETTINGS);
  if (!stored || typeof stored !== "object") return out;
  for (const format of FORMATS) {
    const parsed = packageSchema.safeParse({ ...out[format], ...(stored as Record<string, object>)[format] });
    if (parsed.success) out[format] = parsed.data;
  }
  return out;
}

/** A rate other than the standard 20% or none, in each package's own words. */
function otherRateTaxType(format: AccountingFormat, side: "sales" | "bills", rateBp: number): string {
  const percent = `${rateBp / 100}`;
  if (format === "xero") {
    if (rateBp === 0) return side === "sales" ? "Zero Rated Income" : "Zero Rated Expenses";
    return `${percent}% (VAT on ${side === "sales" ? "Income" : "Expenses"})`;
  }
  if (format === "sage") return rateBp === 0 ? "Zero Rated" : rateBp < 2000 ? "Lower Rate" : "Standard";
  // QuickBooks Online UK names its codes with one decimal: "20.0% S", "5.0% R", "17.5% S".
  return `${rateBp / 100}${rateBp % 100 === 0 ? ".0" : ""}% ${rateBp === 0 ? "Z" : rateBp < 2000 ? "R" : "S"}`;
}

/** The tax type a line carries, from its VAT rate: the settings' names for 20% and no VAT. */
export function taxTypeOf(
  settings: PackageSettings,
  format: AccountingFormat,
  side: "sales" | "bills",
  rateBp: number | null,
): string {
  if (rateBp === null) return settings.noVatTaxType;
  if (rateBp === 2000) return side === "sales" ? settings.salesTaxType : settings.billsTaxType;
  return otherRateTaxType(format, side, rateBp);
}
