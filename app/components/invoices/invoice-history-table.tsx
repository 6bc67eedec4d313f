/**
 * The fee section's Invoice History (fee-section.tsx): each invoice's amount and balance, period,
 * due date, status (a select whose choice the section confirms), payment, documents, Credit note
 * and Delete.
 */
import { Button, Flex, IconButton, Table, Text } from "@radix-ui/themes";
import { DownloadIcon, FileTextIcon, TrashIcon } from "@radix-ui/react-icons";
import { Form } from "@remix-run/react";
import { formatDate } from "#domain/shared/dates.ts";
import { formatInvoiceId, type InvoiceStatus } from "#domain/invoices/invoice-rules.ts";
import type { FeePaymentView } from "#domain/partners/partner-service.ts";
// Its selects show only after hydration: Radix Select loads when one does.
import { Select } from "../lazy-select.tsx";
import { PhoneLabel, ScrollTable } from "../scroll-table.tsx";
import { InvoiceAmount } from "./invoice-amount.tsx";
import { DeleteInvoicePost } from "./invoice-confirm.tsx";
import { invoiceStatusLabel } from "./invoice-questions.ts";
import { InvoiceStatusBadge } from "./invoice-status.tsx";
import type { FeePartner } from "./fee-partner.ts";
import { CreditNoteDialog } from "./payment-dialogs.tsx";
import { BalanceNote } from "./payments-card.tsx";
import { NotDeletableNote } from "./not-deletable-note.tsx";

/** The statuses an admin sets on the partner page (cancelling is on Invoice Management). */
const SETTABLE = ["pending", "paid", "overdue"] as const;

/** Before the scripts have loaded: the browser's select and Set; the action asks first as a page. */
function NoScriptStatusForm({ invoice }: { invoice: FeePaymentView }) {
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="invoice-status" />
      <input type="hidden" name="id" value={invoice.id} />
      <Flex gap="1" align="center">
        <select
          name="status"
          defaultValue={invoice.status}
          aria-label={`Status of ${formatInvoiceId(invoice.id)}`}
          className="vb-native-select"
        >
          {SETTABLE.map((s) => (
            <option key={s} value={s}>
              {invoiceStatusLabel(s)}
            </option>
          ))}
        </select>
        <Button type="submit" size="1" variant="soft">
          Set
        </Button>
      </Flex>
    </Form>
  );
}

export function InvoiceHistoryTable({
  partner,
  hydrated,
  busy,
  onStatusChange,
}: {
  partner: Pick<FeePartner, "feePayments" | "receivables">;
  hydrated: boolean;
  busy: boolean;
  /** A status chosen in an invoice's select, for the section to confirm. */
  onStatusChange: (change: { invoice: FeePaymentView; status: InvoiceStatus }) => void;
}) {
  return (
    <ScrollTable label="Invoice history" size="1" cards>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeaderCell>Invoice</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell justify="end">Amount</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Period</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Due</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Paid</Table.ColumnHeaderCell>
          <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {partner.feePayments.map((invoice) => (
          <Table.Row key={invoice.id} align="center">
            <Table.RowHeaderCell className="vb-figure">{formatInvoiceId(invoice.id)}</Table.RowHeaderCell>
            <Table.Cell justify="end" data-label="Amount">
              <InvoiceAmount invoice={invoice} />
              {invoice.status === "cancelled" ? null : (
                <BalanceNote balance={partner.receivables?.balances[invoice.id]} />
              )}
            </Table.Cell>
            <Table.Cell data-label="Period" className="vb-figure vb-card-wide">
              {formatDate(invoice.periodStart)} - {formatDate(invoice.periodEnd)}
            </Table.Cell>
            <Table.Cell data-label="Due" className="vb-figure">
              {formatDate(invoice.dueDate)}
            </Table.Cell>
            <Table.Cell data-label="Status">
              {invoice.status === "cancelled" ? (
                <InvoiceStatusBadge status="cancelled" />
              ) : hydrated ? (
                <Select.Root
                  value={invoice.status}
                  onValueChange={(v) => onStatusChange({ invoice, status: v as InvoiceStatus })}
                  size="1"
                  disabled={busy}
                >
                  <Select.Trigger aria-label={`Status of ${formatInvoiceId(invoice.id)}`} />
                  <Select.Content position="popper">
                    {SETTABLE.map((s) => (
                      <Select.Item key={s} value={s}>
                        {invoiceStatusLabel(s)}
                      </Select.Item>
                    ))}
                  </Select.Content>
                </Select.Root>
              ) : (
                <NoScriptStatusForm invoice={invoice} />
              )}
            </Table.Cell>
            <Table.Cell data-label="Paid">
              {invoice.status === "paid" && invoice.paidDate ? (
                <>
                  <Text as="div" style={{ whiteSpace: "nowrap" }}>
                    {formatDate(invoice.paidDate)}
                  </Text>
                  {invoice.paymentReference ? (
                    <Text as="div" size="1" color="gray" style={{ overflowWrap: "anywhere", maxWidth: "22ch" }}>
                      Ref: {invoice.paymentReference}
                    </Text>
                  ) : null}
                </>
              ) : (
                <Text color="gray">-</Text>
              )}
            </Table.Cell>
            <Table.Cell data-label="Actions" className="vb-card-wide">
              <Flex gap="2" align="center" wrap={{ initial: "wrap", sm: "nowrap" }}>
                <IconButton size="1" variant="ghost" asChild>
                  <a
                    href={invoice.invoiceUrl}
                    target="_blank"
                    rel="noreferrer"
                    aria-label={`Open ${formatInvoiceId(invoice.id)}`}
                  >
                    <FileTextIcon />
                    <PhoneLabel>Open</PhoneLabel>
                  </a>
                </IconButton>
                <IconButton size="1" variant="ghost" asChild>
                  <a
                    href={`/api/fee-payments/${invoice.id}/download`}
                    download
                    aria-label={`Download ${formatInvoiceId(invoice.id)}`}
                  >
                    <DownloadIcon />
                    <PhoneLabel>Download</PhoneLabel>
                  </a>
                </IconButton>
                {invoice.status !== "cancelled" &&
                (partner.receivables?.balances[invoice.id]?.balancePence ?? 0) > 0 ? (
                  <CreditNoteDialog
                    invoiceId={invoice.id}
                    balancePence={partner.receivables!.balances[invoice.id].balancePence}
                  />
                ) : null}
                {invoice.deletable ? (
                  <DeleteInvoicePost
                    invoice={invoice}
                    trigger={
                      <IconButton
                        size="1"
                        variant="ghost"
                        color="red"
                        aria-label={`Delete ${formatInvoiceId(invoice.id)}`}
                      >
                        <TrashIcon />
                        <PhoneLabel>Delete</PhoneLabel>
                      </IconButton>
                    }
                  />
                ) : (
                  <NotDeletableNote invoice={invoice} />
                )}
              </Flex>
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </ScrollTable>
  );
}
