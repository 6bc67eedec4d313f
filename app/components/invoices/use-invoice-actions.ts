/** Invoice actions shared by Invoice Management and the partner page: status, email, delete, with their toasts. */
import { formatInvoiceId, type InvoiceStatus } from "#domain/invoices.ts";
import { apiRequest } from "#app/utils/api-client.ts";
import { useAction } from "../use-action.ts";
import type { PaymentInput } from "./invoice-confirm.tsx";

export function useInvoiceActions(onChanged: () => void) {
  const { pending: busy, run } = useAction<number>();

  /** A status change; marking paid sends the paid date and the payment reference (blank means none). */
  const setStatus = async (id: number, status: InvoiceStatus, payment?: PaymentInput) => {
    const body = status === "paid" && payment ? { status, paidDate: payment.paidDate, paymentReference: payment.paymentReference || null } : { status };
    const outcome = await run(id, () => apiRequest("POST", `/api/fee-payments/${id}/update-status`, body), {
      success: () => ({ title: "Payment status updated", description: `${formatInvoiceId(id)} is now ${status}.` }),
      failure: "Failed to update payment status",
    });
    if (outcome.ok) onChanged();
  };

  /** A pending invoice goes as the invoice email, an overdue one as the overdue reminder. */
  const sendEmail = (id: number, status: InvoiceStatus = "pending") =>
    run(id, () => apiRequest<{ details: string }>("POST", `/api/fee-payments/${id}/send-email`), {
      success: (result) => ({ title: status === "overdue" ? "Reminder sent" : "Invoice sent", description: result.details }),
      failure: "Failed to send invoice email",
    });

  const remove = async (id: number) => {
    const outcome = await run(id, () => apiRequest("DELETE", `/api/fee-payments/${id}`), {
      success: () => ({ title: "Invoice deleted", description: formatInvoiceId(id) }),
      failure: "Failed to delete invoice. Paid invoices cannot be deleted.",
      describe: false,
    });
    if (outcome.ok) onChanged();
  };

  return { busy, setStatus, sendEmail, remove };
}
