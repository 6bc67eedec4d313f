/** The tables of accounts and the trail: users, their recovery codes and sessions, password links, sign-in failures, the business profile, the audit log and the email log. */
import type { ColumnType, Generated } from "kysely";
import type { PartnerType, PaymentPeriod } from "../enums.ts";
import type { CreatedAt } from "./columns.ts";

export interface UsersTable {
  id: Generated<number>;
  username: string;
  passwordHash: string;
  isAdmin: ColumnType<number, number | undefined, number>;
  name: string | null;
  partnerType: ColumnType<PartnerType, PartnerType | undefined, PartnerType>;
  email: string | null;
  billingAddress: string | null;
  bankName: string | null;
  accountNumber: string | null;
  sortCode: string | null;
  accountHolderName: string | null;
  /** A building society's roll number, when the account needs one. */
  rollNumber: ColumnType<string | null, string | null | undefined, string | null>;
  /** Current commission rate in basis points (1000 = 10.00%). */
  commissionBp: ColumnType<number, number | undefined, number>;
  monthlyFeePence: number | null;
  paymentPeriod: PaymentPeriod | null;
  nextPaymentDue: string | null;
  lastPaymentDate: string | null;
  /** ISO time the account was disabled (it cannot sign in); null while active. */
  disabledAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO time of the last successful sign-in. */
  lastSignInAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO time of the sign-in before the last one (the avatar menu's "Last signed in"); null before the second. */
  previousSignInAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** The admin who created the account; null for the CLI and older rows. */
  createdBy: ColumnType<number | null, number | null | undefined, number | null>;
  /** Base32 TOTP secret of a confirmed enrolment (two-factor sign-in is on when totpEnabledAt is set). */
  totpSecret: ColumnType<string | null, string | null | undefined, string | null>;
  /** The secret of an enrolment waiting for its first code. */
  totpPendingSecret: ColumnType<string | null, string | null | undefined, string | null>;
  /** ISO time two-factor sign-in was turned on; null: off. */
  totpEnabledAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** The 30-second step of the last code accepted: a code is never accepted twice. */
  totpLastStep: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
}

/** Ten single-use recovery codes per user with two-factor sign-in; only their SHA-256 is kept. */
export interface RecoveryCodesTable {
  userId: number;
  codeHash: string;
  createdAt: string;
  usedAt: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The business's own details, one row (id 1) once the admin has saved them (/admin/settings). */
export interface BusinessProfileTable {
  id: ColumnType<number, 1, never>;
  tradingName: string;
  /** Lines separated by newlines. */
  address: ColumnType<string, string | undefined, string>;
  companyNumber: string | null;
  vatNumber: string | null;
  /** VAT in basis points (2000 = 20%); null when the business charges no VAT. */
  vatRateBp: number | null;
  bankAccountName: string | null;
  bankSortCode: string | null;
  bankAccountNumber: string | null;
  bankIban: string | null;
  contactEmail: string | null;
  website: string | null;
  logo: Uint8Array | null;
  logoType: "image/png" | "image/jpeg" | null;
  /** What payout references start with (1 to 5 Bacs characters); null: the trading name's initials. */
  payoutPrefix: ColumnType<string | null, string | null | undefined, string | null>;
  updatedAt: ColumnType<string, string | undefined, string>;
  updatedBy: number | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  at: CreatedAt;
  actorId: number | null;
  action: string;
  entity: string;
  entityId: string | null;
  /** The partner whose money or data the change affects. */
  partnerId: ColumnType<number | null, number | null | undefined, number | null>;
  /** The business month (YYYY-MM) the change affects. */
  month: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON of the changed values before and after. */
  before: ColumnType<string | null, string | null | undefined, string | null>;
  after: ColumnType<string | null, string | null | undefined, string | null>;
  details: string | null;
}

export interface EmailLogTable {
  id: Generated<number>;
  at: CreatedAt;
  toAddress: string;
  subject: string;
  result: "sent" | "written" | "failed";
  error: string | null;
  location: string | null;
}

export interface AuthFailuresTable {
  id: Generated<number>;
  scope: "pair" | "address" | "user" | "device";
  keyHash: string;
  atMs: number;
}

export interface PasswordResetsTable {
  id: Generated<number>;
  userId: number;
  /** SHA-256 (hex) of the token in the link; the token itself is never stored. */
  tokenHash: string;
  expiresAtMs: number;
  usedAtMs: number | null;
  createdAtMs: number;
  /** The address the request came from. */
  requestedFrom: string;
}

/** A signed-in device. Times are ISO text written by the app. */
/** The two-factor waiting cookie's state: one row per password passed, claimed once. */
export interface PendingSignInsTable {
  /** SHA-256 (hex) of the token in the cookie. */
  id: string;
  userId: number;
  stage: "code" | "enrol";
  expiresAtMs: number;
}

export interface SessionsTable {
  /** SHA-256 (hex) of the token in the cookie; the token itself is never stored. */
  id: string;
  userId: number;
  createdAt: string;
  /** Written at most every 5 minutes (session-rules.ts), so it may lag the last request by that much. */
  lastSeenAt: string;
  /** createdAt + 7 days: the fixed lifetime. */
  expiresAt: string;
  userAgent: string | null;
}

/**
 * Each change of a partner's bank details after they were created: who made it and when, the address
 * told of it, the details before and after masked but for their last 4 characters, and the second
 * admin's confirmation (with how they verified it) that ends the 72-hour hold early.
 */
export interface BankDetailChangesTable {
  id: Generated<number>;
  partnerId: number;
  /** ISO time of the change. */
  changedAt: string;
  changedBy: number | null;
  /** The address on record before the change, emailed of it; null when there was none. */
  notifiedTo: string | null;
  /** JSON: the bank fields before and after, masked. */
  before: string;
  after: string;
  confirmedAt: ColumnType<string | null, string | null | undefined, string | null>;
  confirmedBy: ColumnType<number | null, number | null | undefined, number | null>;
  /** How the confirming admin verified the new details ("called the site on its known number"). */
  verifiedBy: ColumnType<string | null, string | null | undefined, string | null>;
}
