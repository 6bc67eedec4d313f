/**
 * A partner's UK bank details, pure: the sort code (6 digits, typed with or without dashes or spaces,
 * kept as 6 digits), the account number (8 digits; 7 get a leading 0), an optional building-society
 * roll number, the account holder required once either number is given; details masked for the audit
 * trail; and the 72-hour hold on paying a partner whose details changed, unless a second admin confirms.
 */
import { formatDate } from "../shared/dates.ts";

export interface BankDetails {
  sortCode: string | null;
  accountNumber: string | null;
  rollNumber: string | null;
  accountHolderName: string | null;
}

/** The fields a change of bank details is about (the bank's name is only a label). */
export const BANK_FIELDS = ["sortCode", "accountNumber", "rollNumber", "accountHolderName"] as const;
export type BankField = (typeof BANK_FIELDS)[number];

export const BANK_MESSAGES = {
  sortCode: "Sort code: use the 6 digits, like 12-34-56",
  accountNumber: "Account number: use the 8-digit number your bank gives for Bacs payments",
  rollNumber: "Roll number: use up to 18 letters, digits, spaces, hyphens, slashes or dots",
  accountHolderName: "Account holder: required with a sort code or account number",
} as const satisfies Record<BankField, string>;

type Checked = { ok: true; value: string | null } | { ok: false; message: string };

const blank = (value: string | null | undefined): value is null | undefined | "" => !value || !value.trim();
const digitsOf = (value: string) => value.replace(/[\s-]/g, "");

/** "12-34-56", "12 34 56" or "123456" → "123456"; blank → null. */
export function normalizeSortCode(value: string | null | undefined): Checked {
  if (blank(value)) return { ok: true, value: null };
  const digits = digitsOf(value);
  return /^\d{6}$/.test(digits) ? { ok: true, value: digits } : { ok: false, message: BANK_MESSAGES.sortCode };
}

/** 8 digits as they are, 7 with a leading 0 (spaces and hyphens dropped); blank → null; 9 or 10 digits are refused. */
export function normalizeAccountNumber(value: string | null | undefined): Checked {
  if (blank(value)) return { ok: true, value: null };
  const digits = digitsOf(value);
  if (/^\d{8}$/.test(digits)) return { ok: true, value: digits };
  if (/^\d{7}$/.test(digits)) return { ok: true, value: `0${digits}` };
  return { ok: false, message: BANK_MESSAGES.accountNumber };
}

/** A building society's roll number: up to 18 letters, digits, spaces and `- / .`, kept upper-case; blank → null. */
export function normalizeRollNumber(value: string | null | undefined): Checked {
  if (blank(value)) return { ok: true, value: null };
  const text = value.trim().replace(/\s+/g, " ").toUpperCase();
  return /^[A-Z0-9][A-Z0-9 ./-]{0,17}$/.test(text)
    ? { ok: true, value: text }
    : { ok: false, message: BANK_MESSAGES.rollNumber };
}

/** The account holder's name once a sort code or account number is given (the details as they will be saved). */
export function holderProblem(details: Omit<BankDetails, "rollNumber">): string | null {
  const numbers = !blank(details.sortCode) || !blank(details.accountNumber);
  return numbers && blank(details.accountHolderName) ? BANK_MESSAGES.accountHolderName : null;
}

/**
 * Stored details a bank file cannot take, in words ("sort code "12-34" is not 6 digits"), or null:
 * missing ones are not a problem here (payouts say "Bank details missing").
 */
export function storedBankProblems(details: Pick<BankDetails, "sortCode" | "accountNumber">): string[] {
  const problems: string[] = [];
  if (!blank(details.sortCode) && !normalizeSortCode(details.sortCode).ok)
    problems.push(`sort code "${details.sortCode.trim()}" is not 6 digits`);
  if (!blank(details.accountNumber) && !normalizeAccountNumber(details.accountNumber).ok)
    problems.push(`account number "${details.accountNumber.trim()}" is not 8 digits`);
  return problems;
}

export const NEEDS_CHECKING = "Bank details need checking";

/** "Bank details need checking: sort code "12-34" is not 6 digits", or null when the numbers are fine or absent. */
export function bankCheckingMessage(details: Pick<BankDetails, "sortCode" | "accountNumber">): string | null {
  const problems = storedBankProblems(details);
  return problems.length ? `${NEEDS_CHECKING}: ${problems.join(" and ")}` : null;
}

/** All but the last 4 characters hidden: "****5678", a sort code "**-34-56". */
export function maskBankValue(field: BankField, value: string | null): string | null {
  if (blank(value)) return null;
  if (field === "accountHolderName") return value;
  const text = field === "rollNumber" ? value.trim() : digitsOf(value);
  if (field === "sortCode" && /^\d{6}$/.test(text)) return `**-${text.slice(2, 4)}-${text.slice(4)}`;
  return `${"*".repeat(Math.max(0, text.length - 4))}${text.slice(-4)}`;
}

export function maskBankDetails(details: Partial<BankDetails>): Partial<Record<BankField, string | null>> {
  return Object.fromEntries(
    BANK_FIELDS.filter((f) => f in details).map((f) => [f, maskBankValue(f, details[f] ?? null)]),
  );
}

/** A field's value as compared for a change: numbers as the forms keep them (an older "05-01-23" is 050123). */
function comparable(field: BankField, value: string | null): string | null {
  if (blank(value)) return null;
  const checked =
    field === "sortCode"
      ? normalizeSortCode(value)
      : field === "accountNumber"
        ? normalizeAccountNumber(value)
        : { ok: true as const, value };
  return checked.ok ? checked.value : value;
}

/** The bank fields whose saved value differs (numbers compared as the forms keep them). */
export function changedBankFields(before: BankDetails, after: BankDetails): BankField[] {
  return BANK_FIELDS.filter((f) => comparable(f, before[f] ?? null) !== comparable(f, after[f] ?? null));
}

/** How long paying a partner waits after their bank details change. */
export const BANK_HOLD_HOURS = 72;

/** A change of a partner's bank details as the hold reads it. */
export interface BankChange {
  changedAt: string;
  changedBy: number | null;
  /** The address told of the change (the one on record before it); null: nobody could be told. */
  notifiedTo: string | null;
  confirmedAt: string | null;
}

export interface BankHold {
  changedAt: string;
  /** When paying may resume; null when only a second admin's confirmation ends the hold (no email address). */
  payableFrom: string | null;
  message: string;
}

/** "27/11/2026 14:05" (UTC). */
export function formatBankTime(at: string): string {
  const date = new Date(at);
  return `${formatDate(date)} ${date.toISOString().slice(11, 16)}`;
}

/**
 * Whether a change of bank details still holds the partner's payments: for 72 hours after it, unless
 * another admin confirmed it; a partner who could not be emailed is held until another admin confirms.
 */
export function bankHold(change: BankChange | null | undefined, now: Date = new Date()): BankHold | null {
  if (!change || change.confirmedAt) return null;
  const changed = new Date(change.changedAt);
  const until = new Date(changed.getTime() + BANK_HOLD_HOURS * 3_600_000);
  if (change.notifiedTo && now.getTime() >= until.getTime()) return null;
  const payableFrom = change.notifiedTo ? until.toISOString() : null;
  const from = payableFrom
    ? `payable from ${formatBankTime(payableFrom)}`
    : "payable once another admin confirms them (no email address to tell the partner)";
  return {
    changedAt: change.changedAt,
    payableFrom,
    message: `Bank details changed on ${formatBankTime(change.changedAt)}; ${from}`,
  };
}
