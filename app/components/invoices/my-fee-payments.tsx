/** The partner dashboard's 'My Fee Payments': the account state, then the partner's own invoices by status, each downloadable. */
import { Card, DataList, Heading, IconButton, Table, Text } from "@radix-ui/themes";
import { DownloadIcon } from "@radix-ui/react-icons";
import { formatDate } from "#domain/dates.ts";
import type { InvoiceView } from "#domain/invoice-service.ts";
import { accountState } from "#domain/invoices.ts";
import { AccountStatusBadge, InvoiceStatusBadge } from "./invoice-status.tsx";
import { InvoiceTabs, type InvoiceTab } from "./invoice-tabs.tsx";

const TABS: InvoiceTab[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "paid", label: "Paid" },
  { value: "overdue", label: "Overdue" },
];

export function MyFeePayments({ invoices }: { invoices: InvoiceView[] | null }) {
  return (
    <Card size="3" mb="6">
      <Heading as="h2" size="4" mb="3">
        My Fee Payments
      </Heading>
      {invoices === null ? (
        <Text color="red" role="alert">
          Error loading fee payments
        </Text>
      ) : (
        <>
          <AccountSummary invoices={invoices} />
          <InvoiceTabs tabs={TABS} invoices={invoices} empty="No fee payments found for this period">
            {(shown) => (
              <Table.Root size="2" mt="2">
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeaderCell>Invoice ID</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell justify="end">Amount (£)</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Period</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Due Date</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                    <Table.ColumnHeaderCell />
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {shown.map((invoice) => (
                    <Table.Row key={invoice.id} align="center">
                      <Table.RowHeaderCell>#{invoice.id}</Table.RowHeaderCell>
                      <Table.Cell justify="end">{invoice.amount.toFixed(2)}</Table.Cell>
                      <Table.Cell style={{ whiteSpace: "nowrap" }}>
                        {formatDate(invoice.periodStart)} - {formatDate(invoice.periodEnd)}
                      </Table.Cell>
                      <Table.Cell>{formatDate(invoice.dueDate)}</Table.Cell>
                      <Table.Cell>
                        <InvoiceStatusBadge status={invoice.status} />
                      </Table.Cell>
                      <Table.Cell>
                        {invoice.invoiceUrl ? (
                          <IconButton size="1" variant="soft" asChild>
                            <a href={`/api/fee-payments/${invoice.id}/download`} aria-label={`Download invoice #${invoice.id}`}>
                              <DownloadIcon />
                            </a>
                          </IconButton>
                        ) : null}
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            )}
          </InvoiceTabs>
        </>
      )}
    </Card>
  );
}

/** The account state every screen shows (accountState): status and next payment due. */
function AccountSummary({ invoices }: { invoices: InvoiceView[] }) {
  const account = accountState(invoices);
  return (
    <DataList.Root size="2" mb="4" aria-label="Account state">
      <DataList.Item align="center">
        <DataList.Label minWidth="150px">Payment status</DataList.Label>
        <DataList.Value>
          <AccountStatusBadge status={account.paymentStatus} />
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label minWidth="150px">Next payment due</DataList.Label>
        <DataList.Value>{account.nextPaymentDue ? formatDate(account.nextPaymentDue) : "Not scheduled"}</DataList.Value>
      </DataList.Item>
    </DataList.Root>
  );
}
