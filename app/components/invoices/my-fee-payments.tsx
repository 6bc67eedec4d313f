/** The partner dashboard's 'My Fee Payments': the partner's own invoices by status, each downloadable. */
import { Card, Heading, IconButton, Table, Tabs, Text } from "@radix-ui/themes";
import { DownloadIcon } from "@radix-ui/react-icons";
import { formatDate } from "#domain/dates.ts";
import type { InvoiceView } from "#domain/invoice-service.ts";
import type { InvoiceStatus } from "#domain/invoices.ts";
import { InvoiceStatusBadge } from "./invoice-status.tsx";

const TABS: { value: "all" | InvoiceStatus; label: string }[] = [
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
        <Tabs.Root defaultValue="all">
          <Tabs.List>
            {TABS.map((t) => (
              <Tabs.Trigger key={t.value} value={t.value}>
                {t.label}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          {TABS.map((tab) => {
            const shown = tab.value === "all" ? invoices : invoices.filter((i) => i.status === tab.value);
            return (
              <Tabs.Content key={tab.value} value={tab.value}>
                {shown.length ? (
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
                ) : (
                  <Text as="p" color="gray" my="4" align="center">
                    No fee payments found for this period
                  </Text>
                )}
              </Tabs.Content>
            );
          })}
        </Tabs.Root>
      )}
    </Card>
  );
}
