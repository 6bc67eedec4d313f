/** How the audit trail records an invoice: its money before and after a change, and its business month. */
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

/** The business month an invoice belongs to: the month its period starts. */
export const invoiceMonth = (row: Pick<FeePayment, "periodStart">) => row.periodStart.slice(0, 7);
