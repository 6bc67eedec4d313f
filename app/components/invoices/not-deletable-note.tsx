/** Where Delete is not offered for an invoice that is not paid (sent, or money applied): the reason, in its place. */
import { Text } from "@radix-ui/themes";
import type { InvoiceStatus } from "#domain/invoices/invoice-rules.ts";

export function NotDeletableNote({
  invoice,
}: {
  invoice: { status: InvoiceStatus; notDeletableBecause: string | null };
}) {
  // A paid invoice's rule is the spec's own and needs no note on every row.
  if (!invoice.notDeletableBecause || invoice.status === "paid") return null;
  return (
    <Text size="1" color="gray" data-testid="not-deletable">
      {invoice.notDeletableBecause}
    </Text>
  );
}
