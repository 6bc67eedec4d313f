/** Invoice status badges, a paid invoice's date and reference, and the fee-paying partner's account state badge. */
import { Badge, Text } from "@radix-ui/themes";
import { formatDate } from "#domain/shared/dates.ts";
import type { AccountStatus, InvoiceStatus } from "#domain/invoices/invoice-rules.ts";
import { invoiceStatusLabel } from "./invoice-questions.ts";

export { invoiceStatusLabel };

const COLORS = { pending: "orange", paid: "green", overdue: "red", cancelled: "gray" } as const;

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <Badge highContrast color={COLORS[status]}>
      {invoiceStatusLabel(status)}
    </Badge>
  );
}

/** Under a paid invoice's status: when it was paid and the payment reference, if any. */
export function PaymentNote({
  invoice,
}: {
  invoice: { status: InvoiceStatus; paidDate: string | null; paymentReference: string | null };
}) {
  if (invoice.status !== "paid" || !invoice.paidDate) return null;
  return (
    <Text as="div" size="1" color="gray" mt="1" style={{ overflowWrap: "anywhere", maxWidth: "24ch" }}>
      <div style={{ whiteSpace: "nowrap" }}>on {formatDate(invoice.paidDate)}</div>
      {invoice.paymentReference ? <div>Ref: {invoice.paymentReference}</div> : null}
    </Text>
  );
}

const ACCOUNT_COLORS: Record<AccountStatus, "red" | "orange" | "green"> = {
  Overdue: "red",
  "Payment due": "orange",
  "Up to date": "green",
};

/** "Overdue", "Payment due" or "Up to date" (accountState). */
export function AccountStatusBadge({ status }: { status: AccountStatus }) {
  return (
    <Badge highContrast color={ACCOUNT_COLORS[status]}>
      {status}
    </Badge>
  );
}
