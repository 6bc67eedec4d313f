/** Invoice actions shared by Invoice Management and the partner page: status, email, delete, with their toasts. */
import { formatInvoiceId, type InvoiceStatus } from "#domain/invoices.ts";
import { apiRequest } from "#app/utils/api-client.ts";
import { useAction } from "../use-action.ts";

export function useInvoiceActions(onChanged: () => void) {
  const { pending: busy, run } = useAction<number>();

  const setStatus = async (id: number, status: InvoiceStatus) => {
    const outcome = await run(id, () => apiRequest("POST", `/api/fee-payments/${id}/update-status`, { status }), {
      success: () => ({ title: "Payment status updated", description: `${formatInvoiceId(id)} is now ${status}.` }),
      failure: "Failed to update payment status",
    });
    if (outcome.ok) onChanged();
  };

  const sendEmail = (id: number) =>
    run(id, () => apiRequest<{ details: string }>("POST", `/api/fee-payments/${id}/send-email`), {
      success: (result) => ({ title: "Invoice sent", description: result.details }),
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
