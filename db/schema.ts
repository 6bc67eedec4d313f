/**
 * Table types for Kysely (camelCase here; snake_case in SQLite through the CamelCasePlugin). Each
 * feature's tables are in db/schema/; this module puts them together and names the row types.
 */
import type { Insertable, Selectable, Updateable } from "kysely";
import type {
  AuditLogTable,
  AuthFailuresTable,
  BankDetailChangesTable,
  BusinessProfileTable,
  EmailLogTable,
  PasswordResetsTable,
  RecoveryCodesTable,
  SessionsTable,
  PendingSignInsTable,
  UsersTable,
} from "./schema/accounts.ts";
import type {
  ImportProfilesTable,
  ImportReceiptsTable,
  MachinesTable,
  MonthlyRecordsTable,
  ProductSalesMonthlyTable,
  ProductSalesTotalsTable,
  ProductCostsTable,
  ProductsTable,
  SalesTable,
  StoredUploadsTable,
} from "./schema/sales.ts";
import type {
  CommissionAdjustmentsTable,
  CommissionPaymentsTable,
  CommissionRatesTable,
  CommissionRemittancesTable,
  CommissionTransfersTable,
  PayoutBatchesTable,
  PayoutFilesTable,
  SelfBilledInvoicesTable,
  SelfBillingAgreementsTable,
} from "./schema/commissions.ts";
import type {
  CreditNotesTable,
  FeePaymentsTable,
  IssuedDocumentsTable,
  PaymentAllocationsTable,
  PaymentsTable,
} from "./schema/invoices.ts";
import type { AccountingExportsTable, AccountingSettingsTable } from "./schema/accounting.ts";

export type * from "./schema/accounts.ts";
export type * from "./schema/sales.ts";
export type * from "./schema/commissions.ts";
export type * from "./schema/invoices.ts";
export type * from "./schema/accounting.ts";

export interface Database {
  users: UsersTable;
  recoveryCodes: RecoveryCodesTable;
  storedUploads: StoredUploadsTable;
  commissionRates: CommissionRatesTable;
  machines: MachinesTable;
  monthlyRecords: MonthlyRecordsTable;
  importReceipts: ImportReceiptsTable;
  importProfiles: ImportProfilesTable;
  products: ProductsTable;
  productCosts: ProductCostsTable;
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
  bankDetailChanges: BankDetailChangesTable;
  payments: PaymentsTable;
  paymentAllocations: PaymentAllocationsTable;
  creditNotes: CreditNotesTable;
  issuedDocuments: IssuedDocumentsTable;
  payoutBatches: PayoutBatchesTable;
  commissionTransfers: CommissionTransfersTable;
  payoutFiles: PayoutFilesTable;
  commissionRemittances: CommissionRemittancesTable;
  passwordResets: PasswordResetsTable;
  sessions: SessionsTable;
  pendingSignIns: PendingSignInsTable;
  accountingSettings: AccountingSettingsTable;
  accountingExports: AccountingExportsTable;
  selfBillingAgreements: SelfBillingAgreementsTable;
  selfBilledInvoices: SelfBilledInvoicesTable;
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
