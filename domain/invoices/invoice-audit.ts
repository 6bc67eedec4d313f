/** How the audit trail records an invoice's money before and after a change (its month: invoiceMonth in receivables/invoice-balance-rules.ts). */
import type { FeePayment } from "#db/schema.ts";
import { penceToPounds } from "../shared/money.ts";

/** The money of an invoice as the audit trail keeps it before and after a change. */
export function auditSnapshot(row: Pick<FeePayment, "status" | "paidDate" | "paymentReference" | "amountPence">) {
  return {
    status: row.status,
    paidDate: row.paidDate,
    paymentReference: row.paymentReference,
    amount: penceToPounds(row.amountPence),
  };
}
