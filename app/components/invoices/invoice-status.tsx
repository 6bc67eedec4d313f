/** Invoice status badges and the tab filter shared by the invoice lists. */
import { Badge } from "@radix-ui/themes";
import type { InvoiceStatus } from "#domain/invoices.ts";

const COLORS = { pending: "orange", paid: "green", overdue: "red", cancelled: "gray" } as const;
const LABELS = { pending: "Pending", paid: "Paid", overdue: "Overdue", cancelled: "Cancelled" } as const;

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge highContrast color={COLORS[status]}>{LABELS[status]}</Badge>;
}

export function invoiceStatusLabel(status: InvoiceStatus): string {
  return LABELS[status];
}
