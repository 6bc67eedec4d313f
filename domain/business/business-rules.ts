/**
 * The business profile's pure rules: what the business's documents say about it when it
 * has not been set up yet, VAT on an invoice (the invoice's amount is the net), what
 * a logo file is by its bytes, and the dashboard link of an email.
 */
import { divRoundHalfUp } from "../shared/money.ts";
import { bacsText } from "../shared/bacs-text.ts";
import { formatUnits } from "../shared/format.ts";
import { fitsLogoBounds, imageSize, MAX_LOGO_PIXELS } from "./image-size.ts";

export type LogoType = "image/png" | "image/jpeg";

export interface BusinessLogo {
  bytes: Uint8Array;
  type: LogoType;
}

/** The business as its invoices, statements and emails present it. */
export interface BusinessProfile {
  tradingName: string;
  /** Lines separated by newlines ("" when none). */
  address: string;
  companyNumber: string | null;
  vatNumber: string | null;
  /** VAT in basis points (2000 = 20%); null when the business charges no VAT. */
  vatRateBp: number | null;
  bankAccountName: string | null;
  /** "12-34-56". */
  bankSortCode: string | null;
  /** Eight digits. */
  bankAccountNumber: string | null;
  /** Without spaces, upper case. */
  bankIban: string | null;
  contactEmail: string | null;
  /** https://… or null. */
  website: string | null;
  logo: BusinessLogo | null;
  /** What commission payout references start with ("VB COMM 2026-10"), as saved; null: the default (`payoutPrefixOf`). */
  payoutPrefix: string | null;
  /** When the profile was last saved; null while it is the defaults. */
  updatedAt: string | null;
}

/** What a business that has not filled in its profile shows: the product's name and nothing else. */
export const DEFAULT_PROFILE: BusinessProfile = {
  tradingName: "Vendboard",
  address: "",
  companyNumber: null,
  vatNumber: null,
  vatRateBp: null,
  bankAccountName: null,
  bankSortCode: null,
  bankAccountNumber: null,
  bankIban: null,
  contactEmail: null,
  website: null,
  logo: null,
  payoutPrefix: null,
  updatedAt: null,
};

/** The payout reference prefix while none can be worked out: no trading name saved yet, or one without initials. */
export const DEFAULT_PAYOUT_PREFIX = "VB";
/** At most 5 characters, so "<PREFIX> COMM YYYY-MM" fits the 18 a Bacs reference may have. */
export const PAYOUT_PREFIX_MAX = 5;

/** Words a company's name ends with that are no part of its initials. */
const COMPANY_SUFFIXES = new Set(["LTD", "LIMITED", "PLC"]);

/**
 * The initials of a trading name in Bacs characters, at most 5: the first letter or digit of each
 * word (accents dropped, apostrophes removed, "Ltd", "Limited" and "PLC" left out, words without a
 * letter or digit such as "&" skipped). "Vendboard Vending Ltd" → "VV"; "" when there are none.
 */
export function tradingNameInitials(tradingName: string): string {
  return bacsText(tradingName, Number.MAX_SAFE_INTEGER)
    .split(" ")
    .filter((word) => !COMPANY_SUFFIXES.has(word.replace(/\./g, "")))
    .map((word) => /[A-Z0-9]/.exec(word)?.[0] ?? "")
    .join("")
    .slice(0, PAYOUT_PREFIX_MAX);
}

/**
 * What payout references start with: the prefix saved in Settings, else the saved trading name's
 * initials, else "VB" (while no trading name is saved, or it has no initials).
 */
export function payoutPrefixOf(profile: Pick<BusinessProfile, "tradingName" | "payoutPrefix" | "updatedAt">): string {
  if (profile.payoutPrefix) return profile.payoutPrefix;
  return (profile.updatedAt === null ? "" : tradingNameInitials(profile.tradingName)) || DEFAULT_PAYOUT_PREFIX;
}

/** The largest logo accepted: it is embedded in every invoice and statement. */
export const MAX_LOGO_BYTES = 512 * 1024;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** A byte past the end reads as undefined, never equal to a signature's byte, so short input is no match. */
const startsWith = (bytes: Uint8Array, signature: readonly number[]) => signature.every((b, i) => bytes[i] === b);

/** What an image is by its first bytes (never its name): PNG, JPEG, or null for anything else. */
export function logoType(bytes: Uint8Array): LogoType | null {
  if (startsWith(bytes, PNG_SIGNATURE)) return "image/png";
  if (startsWith(bytes, JPEG_SIGNATURE)) return "image/jpeg";
  return null;
}

const pixels = formatUnits;

/**
 * Why a logo file is refused, or null when it is a PNG or JPEG within MAX_LOGO_BYTES and, by its
 * header (never decoded), within MAX_LOGO_PIXELS either way.
 */
export function logoProblem(bytes: Uint8Array): string | null {
  const type = logoType(bytes);
  if (!type) return "The logo must be a PNG or JPEG image";
  if (bytes.length > MAX_LOGO_BYTES) return `The logo must be at most ${MAX_LOGO_BYTES / 1024} KB`;
  const size = imageSize(bytes, type);
  if (!size.ok) return `The logo could not be read as a ${type === "image/png" ? "PNG" : "JPEG"} image`;
  if (!fitsLogoBounds(size))
    return `The logo must be at most ${pixels(MAX_LOGO_PIXELS)} × ${pixels(MAX_LOGO_PIXELS)} pixels; this one is ${pixels(size.width)} × ${pixels(size.height)}`;
  return null;
}

/**
 * The logo as documents (PDFs) may draw it: one stored before pixels were bounded, above
 * MAX_LOGO_PIXELS (or unreadable), is left out until it is replaced; Settings says so.
 */
export function logoForDocuments(logo: BusinessLogo | null): BusinessLogo | null {
  return logo && logoProblem(logo.bytes) === null ? logo : null;
}

export interface VatLines {
  /** The invoice's amount: the fee after any term discount. */
  netPence: number;
  /** Null when the invoice carries no VAT. */
  rateBp: number | null;
  vatPence: number;
  /** What the partner pays: net + VAT. */
  grossPence: number;
}

/**
 * VAT on an invoice whose amount is the net: VAT = net × rate, rounded half-up to the penny on the
 * invoice total (not per line); gross = net + VAT. No rate: no VAT, gross = net.
 */
export function vatLines(netPence: number, rateBp: number | null): VatLines {
  if (!Number.isInteger(netPence)) throw new RangeError(`VAT needs whole pence: ${netPence}`);
  if (rateBp === null) return { netPence, rateBp: null, vatPence: 0, grossPence: netPence };
  if (!Number.isInteger(rateBp) || rateBp < 0 || rateBp > 10_000)
    throw new RangeError(`A VAT rate is 0 to 10000 basis points: ${rateBp}`);
  const vatPence = divRoundHalfUp(netPence * rateBp, 10_000);
  return { netPence, rateBp, vatPence, grossPence: netPence + vatPence };
}

/** The address's lines, trimmed, without blank ones. */
export function addressLines(address: string): string[] {
  return address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** Whether partners can be told where to pay: account name, sort code and account number all set. */
export function hasBankDetails(
  profile: Pick<BusinessProfile, "bankAccountName" | "bankSortCode" | "bankAccountNumber">,
): boolean {
  return Boolean(profile.bankAccountName && profile.bankSortCode && profile.bankAccountNumber);
}

/** A link into the app from its configured base URL (APP_URL, never a request's Host): "https://vend.example/" + "admin". */
export function appLink(appUrl: string, path = ""): string {
  return new URL(path.replace(/^\/+/, ""), appUrl.endsWith("/") ? appUrl : `${appUrl}/`).toString();
}
