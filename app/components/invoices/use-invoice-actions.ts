/** Invoice actions shared by Invoice Management and the partner page: status, email, delete, with their toasts. */
import { useState } from "react";
import { formatInvoiceId, type InvoiceStatus } from "#domain/invoices.ts";
import { apiRequest, errorMessage } from "#app/utils/api-client.ts";
import { useToast } from "../toaster.tsx";

export function useInvoiceActions(onChanged: () => void) {
  const toast = useToast();
  const [busy, setBusy] = useState<number | null>(null);

  async function run(id: number, work: () => Promise<void>) {
    setBusy(id);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  }

  const setStatus = (id: number, status: InvoiceStatus) =>
    run(id, async () => {
      try {
        await apiRequest("POST", `/api/fee-payments/${id}/update-status`, { status });
        toast({ title: "Payment status updated", description: `${formatInvoiceId(id)} is now ${status}.` });
        onChanged();
      } catch (error) {
        toast({ title: "Failed to update payment status", description: errorMessage(error, ""), variant: "destructive" });
      }
    });

  const sendEmail = (id: number) =>
    run(id, async () => {
      try {
        const result = await apiRequest<{ details: string }>("POST", `/api/fee-payments/${id}/send-email`);
        toast({ title: "Invoice sent", description: result.details });
      } catch (error) {
        toast({ title: "Failed to send invoice email", description: errorMessage(error, ""), variant: "destructive" });
      }
    });

  const remove = (id: number) =>
    run(id, async () => {
      try {
        await apiRequest("DELETE", `/api/fee-payments/${id}`);
        toast({ title: "Invoice deleted", description: formatInvoiceId(id) });
        onChanged();
      } catch {
        toast({ title: "Failed to delete invoice. Paid invoices cannot be deleted.", variant: "destructive" });
      }
    });

  return { busy, setStatus, sendEmail, remove };
}
