/** The partner a fee section shows (fee-section.tsx): fee, period, account state, invoices and receivables. */
import type { AccountStatus, PaymentPeriod } from "#domain/invoices/invoice-rules.ts";
import type { FeePaymentView } from "#domain/partners/partner-service.ts";
import type { PartnerReceivables } from "#domain/receivables/receivables-queries.ts";

export interface FeePartner {
  id: number;
  monthlyFeePence: number | null;
  paymentPeriod: PaymentPeriod | null;
  /** The account state (accountState): the earliest unpaid invoice's due date, else the next period's start. */
  nextPaymentDue: string | null;
  paymentStatus: AccountStatus | null;
  feePayments: FeePaymentView[];
  name?: string | null;
  username?: string;
  /** Each invoice's balance, the payments and credit notes. */
  receivables?: PartnerReceivables | null;
}
