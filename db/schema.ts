/** Table types for Kysely (camelCase here; snake_case in SQLite through the CamelCasePlugin). */
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";
import type { CreditNoteKind, InvoiceStatus, PartnerType, PaymentMethod, PaymentPeriod } from "./enums.ts";

type CreatedAt = ColumnType<string, string | undefined, never>;

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

/** Uploaded exports kept in the database (PostgreSQL), keyed by the receipts' stored path. */
export interface StoredUploadsTable {
  path: string;
  bytes: Uint8Array;
  size: number;
  storedAtMs: number;
}

/** Ten single-use recovery codes per user with two-factor sign-in; only their SHA-256 is kept. */
export interface RecoveryCodesTable {
  userId: number;
  codeHash: string;
  createdAt: string;
  usedAt: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface CommissionRatesTable {
  id: Generated<number>;
  partnerId: number;
  rateBp: number;
  effectiveMonth: string;
  createdAt: CreatedAt;
  /** A written agreement's terms (JSON, agreement-schemas.ts); null: the seed's agreement of the partner's type at rateBp. */
  terms: ColumnType<string | null, string | null | undefined, string | null>;
  createdBy: ColumnType<number | null, number | null | undefined, number | null>;
}

/**
 * A difference added to an open month: a paid month's under a new agreement (agreement), its late
 * sales or a record deleted from it (late_sales, record_deleted), a reopened month paid again
 * (repaid), or a negative month carried on (carried).
 */
export type AdjustmentReason = "agreement" | "carried" | "late_sales" | "record_deleted" | "repaid" | "written_off";

export interface CommissionAdjustmentsTable {
  id: Generated<number>;
  partnerId: number;
  month: string;
  forMonth: string;
  amountPence: number;
  reason: AdjustmentReason;
  sourcePaymentId: number | null;
  createdBy: number | null;
  createdAt: CreatedAt;
}

export interface MachinesTable {
  id: Generated<number>;
  partnerId: number;
  location: string;
  imageUrl: string | null;
  status: ColumnType<"active" | "inactive", "active" | "inactive" | undefined, "active" | "inactive">;
  /** The Machine Name its telemetry exports use, when it differs from the location. */
  telemetryName: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: CreatedAt;
}

export interface MonthlyRecordsTable {
  id: Generated<number>;
  machineId: number;
  month: string;
  totalSales: ColumnType<number, number | undefined, number>;
  revenuePence: ColumnType<number, number | undefined, number>;
  cogsPence: ColumnType<number, number | undefined, number>;
  createdAt: CreatedAt;
  updatedAt: ColumnType<string, string | undefined, string>;
}

export interface ImportReceiptsTable {
  id: Generated<number>;
  recordId: number;
  fileName: string;
  sha256: string;
  storedPath: string;
  rowsRead: number;
  imported: number;
  duplicates: number;
  /** JSON object: reason → count. */
  skipped: string;
  outsideMonth: ColumnType<number, number | undefined, number>;
  /** JSON list of {reason, count}: rows left out (dated outside the month, already booked elsewhere, month closed). */
  excluded: ColumnType<string, string | undefined, string>;
  /** 1 agrees, 0 disagrees, null when the file has no totals footer. */
  footerAgrees: number | null;
  importedBy: number | null;
  createdAt: CreatedAt;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  currentPricePence: number;
  currentCostPence: number;
}

export interface SalesTable {
  id: Generated<number>;
  machineId: number;
  recordId: number;
  productId: number;
  saleDate: string;
  pricePence: number;
  /** The cost of one unit: a line's COGS is costPence × quantity (sales only). */
  costPence: number;
  settlementPence: number;
  transactionId: string;
  kind: "sale" | "refund";
  /** Units the line sold (1 to 99; 1 for lines from before quantities, migration 2026-11-30T00). Refunds are never units. */
  quantity: ColumnType<number, number | undefined, number>;
}

export interface ProductSalesMonthlyTable {
  productId: number;
  machineId: number;
  month: string;
  units: number;
  revenuePence: number;
}

/** All time per product, the sums of product_sales_monthly, kept by triggers (migration 2026-11-24T01). */
export interface ProductSalesTotalsTable {
  productId: number;
  units: number;
  revenuePence: number;
  /** Machines with a rollup row for the product: those it sold or refunded in. */
  machines: number;
}

export interface FeePaymentsTable {
  id: Generated<number>;
  partnerId: number;
  amountPence: number;
  /** The monthly fee the invoice was raised at. */
  monthlyFeePence: number | null;
  paymentPeriod: PaymentPeriod;
  periodStart: string;
  periodEnd: string;
  dueDate: string;
  paidDate: string | null;
  status: ColumnType<InvoiceStatus, InvoiceStatus | undefined, InvoiceStatus>;
  /** When the overdue reminder went out: at most one per invoice. */
  reminderSentAt: string | null;
  /** The payment's reference (bank transfer reference, cheque number), recorded with Mark as Paid. */
  paymentReference: ColumnType<string | null, string | null | undefined, string | null>;
  /** The VAT rate the invoice was raised at, in basis points (2000 = 20%); null: no VAT. */
  vatRateBp: ColumnType<number | null, number | null | undefined, number | null>;
  createdAt: CreatedAt;
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
  updatedAt: ColumnType<string, string | undefined, string>;
  updatedBy: number | null;
}

/** Money a fee-paying partner paid: it settles one or more invoices through its allocations. */
export interface PaymentsTable {
  id: Generated<number>;
  partnerId: number;
  /** YYYY-MM-DD, the day the money arrived. */
  receivedOn: string;
  /** > 0; the sum of its allocations never exceeds it. */
  amountPence: number;
  method: PaymentMethod;
  reference: string | null;
  createdAt: CreatedAt;
  /** The admin who recorded it; null for the CLI, the due check or a migration. */
  createdBy: number | null;
}

/** How much of a payment settles one invoice (fee_payments.id). */
export interface PaymentAllocationsTable {
  id: Generated<number>;
  paymentId: number;
  invoiceId: number;
  /** > 0. */
  amountPence: number;
}

/** A credit against an invoice (gross pence, at most its unpaid balance); 'cancellation' cancels it. Shown as CN-00001. */
export interface CreditNotesTable {
  id: Generated<number>;
  invoiceId: number;
  partnerId: number;
  issuedOn: string;
  amountPence: number;
  reason: string;
  kind: CreditNoteKind;
  createdAt: CreatedAt;
  createdBy: number | null;
}

export interface CommissionPaymentsTable {
  id: Generated<number>;
  partnerId: number;
  month: string;
  status: ColumnType<"pending" | "completed", "pending" | "completed" | undefined, "pending" | "completed">;
  paidDate: string | null;
  amountPence: number | null;
  rateBp: number | null;
  updatedAt: ColumnType<string, string | undefined, string>;
  /** The agreement's terms it paid under (JSON); null on payments from before agreements: the seed's at rateBp. */
  terms: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A month's commission payout marked paid at once (/admin/payouts, the API, `commissions payouts --mark-paid`). */
export interface PayoutBatchesTable {
  id: Generated<number>;
  month: string;
  paidDate: string;
  partnerCount: number;
  totalPence: number;
  createdBy: number | null;
  createdAt: CreatedAt;
}

/** Money paid for a partner's month: one row per payment, kept when Reset Month reopens the month. */
export interface CommissionTransfersTable {
  id: Generated<number>;
  partnerId: number;
  month: string;
  amountPence: number;
  paidDate: string;
  reference: string;
  batchId: number | null;
  createdBy: number | null;
  createdAt: CreatedAt;
}

/** What a payout bank file said when it was made: [{partnerId, amountPence, reference}] as JSON. */
export interface PayoutFilesTable {
  id: Generated<number>;
  month: string;
  lines: string;
  totalPence: number;
  createdBy: number | null;
  createdAt: CreatedAt;
}

export type RemittanceStatus = "queued" | "sending" | "sent" | "written" | "no_email" | "failed";

/** The remittance email owed for a commission payment: one per payment, queued with it, sent after it commits. */
export interface CommissionRemittancesTable {
  id: Generated<number>;
  /** NULL for a payment an older Reset Month deleted (the row stays as history). */
  commissionPaymentId: number | null;
  /** The money paid it advises (one remittance per transfer). */
  transferId: ColumnType<number | null, number | null | undefined, number | null>;
  partnerId: number;
  month: string;
  amountPence: number;
  reference: string;
  batchId: number | null;
  status: ColumnType<RemittanceStatus, RemittanceStatus | undefined, RemittanceStatus>;
  toAddress: string | null;
  error: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  createdAt: CreatedAt;
  sentAt: string | null;
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
  scope: "pair" | "address" | "user";
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

export interface Database {
  users: UsersTable;
  recoveryCodes: RecoveryCodesTable;
  storedUploads: StoredUploadsTable;
  commissionRates: CommissionRatesTable;
  machines: MachinesTable;
  monthlyRecords: MonthlyRecordsTable;
  importReceipts: ImportReceiptsTable;
  products: ProductsTable;
  sales: SalesTable;
  productSalesMonthly: ProductSalesMonthlyTable;
  productSalesTotals: ProductSalesTotalsTable;
  feePayments: FeePaymentsTable;
  commissionPayments: CommissionPaymentsTable;
  commissionAdjustments: CommissionAdjustmentsTable;
  auditLog: AuditLogTable;
  emailLog: EmailLogTable;
  authFailures: AuthFailuresTable;
  businessProfile: BusinessProfileTable;
  payments: PaymentsTable;
  paymentAllocations: PaymentAllocationsTable;
  creditNotes: CreditNotesTable;
  payoutBatches: PayoutBatchesTable;
  commissionTransfers: CommissionTransfersTable;
  payoutFiles: PayoutFilesTable;
  commissionRemittances: CommissionRemittancesTable;
  passwordResets: PasswordResetsTable;
  sessions: SessionsTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type Machine = Selectable<MachinesTable>;
export type MonthlyRecord = Selectable<MonthlyRecordsTable>;
export type FeePayment = Selectable<FeePaymentsTable>;
export type Payment = Selectable<PaymentsTable>;
export type PaymentAllocation = Selectable<PaymentAllocationsTable>;
export type CreditNote = Selectable<CreditNotesTable>;
