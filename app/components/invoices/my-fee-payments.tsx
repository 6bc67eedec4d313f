/**
 * The partner dashboard's 'My Fee Payments': the account state, then the partner's own invoices of
 * the status tab (`?status=` on /, filtered by the dashboard's loader), each downloadable. Invoices
 * are numbered as on their PDF (INV-00004), with what is left to pay beside the amount
 * (docs/decisions/066-my-fee-payments-numbers-invoices-as-inv-00004-and-says-what.md).
 */
import { Card, DataList, Heading, IconButton, Table, Text, VisuallyHidden } from "@radix-ui/themes";
import { DownloadIcon } from "@radix-ui/react-icons";
import { formatDate } from "#domain/shared/dates.ts";
import { InvoiceAmount } from "./invoice-amount.tsx";
import { leftToPayFigure } from "#domain/receivables/invoice-balance-rules.ts";
import type { InvoiceView } from "#domain/invoices/invoice-queries.ts";
import type { AccountState } from "#domain/invoices/invoice-rules.ts";
import { AccountStatusBadge, InvoiceStatusBadge } from "./invoice-status.tsx";
import { InvoiceTabs, type InvoiceTab, type InvoiceTabValue } from "./invoice-tabs.tsx";
import { PhoneLabel, ScrollTable } from "../scroll-table.tsx";

/** What the dashboard's loader reads for the section; null when it failed. */
export interface MyFees {
  status: InvoiceTabValue;
  invoices: InvoiceView[];
  /** From all the partner's invoices, whichever tab is shown. */
  account: AccountState;
}

export const MY_FEE_TABS: InvoiceTab[] = [
  { value: "all", label: "All" },
  { value: "pending", label: "Pending" },
  { value: "paid", label: "Paid" },
  { value: "overdue", label: "Overdue" },
];

export function MyFeePayments({ fees }: { fees: MyFees | null }) {
  return (
    <Card size="3" mb="6" id="fee-payments">
      <Heading as="h2" size="4" mb="3">
        My Fee Payments
      </Heading>
      {fees === null ? (
        <Text color="red" role="alert">
          Error loading fee payments
        </Text>
      ) : (
        <>
          <AccountSummary account={fees.account} />
          <InvoiceTabs
            tabs={MY_FEE_TABS}
            current={fees.status}
            label="My fee payments by status"
            count={fees.invoices.length}
            empty="No fee payments found for this period"
            hash="fee-payments"
          >
            <ScrollTable label="My fee payments" size="2" mt="2" cards>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeaderCell>Invoice ID</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Amount (£)</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell justify="end">Left to pay</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Period</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Due Date</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                  <Table.ColumnHeaderCell>
                    <VisuallyHidden>Download</VisuallyHidden>
                  </Table.ColumnHeaderCell>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {fees.invoices.map((invoice) => (
                  <Table.Row key={invoice.id} align="center">
                    <Table.RowHeaderCell className="vb-figure">{invoice.displayId}</Table.RowHeaderCell>
                    <Table.Cell justify="end" data-label="Amount (£)">
                      <InvoiceAmount invoice={invoice} bare />
                    </Table.Cell>
                    <Table.Cell justify="end" className="vb-figure" data-testid="left-to-pay" data-label="Left to pay">
                      {leftToPayFigure(invoice)}
                    </Table.Cell>
                    <Table.Cell data-label="Period" className="vb-figure vb-card-wide">
                      {formatDate(invoice.periodStart)} - {formatDate(invoice.periodEnd)}
                    </Table.Cell>
                    <Table.Cell data-label="Due Date" className="vb-figure">
                      {formatDate(invoice.dueDate)}
                    </Table.Cell>
                    <Table.Cell data-label="Status">
                      <InvoiceStatusBadge status={invoice.status} />
                    </Table.Cell>
                    <Table.Cell className="vb-card-wide">
                      {invoice.invoiceUrl ? (
                        <IconButton size="1" variant="soft" asChild>
                          <a
                            href={`/api/fee-payments/${invoice.id}/download`}
                            download
                            aria-label={`Download invoice ${invoice.displayId}`}
                          >
                            <DownloadIcon />
                            <PhoneLabel>Download</PhoneLabel>
                          </a>
                        </IconButton>
                      ) : null}
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </ScrollTable>
          </InvoiceTabs>
        </>
      )}
    </Card>
  );
}

/** The account state every screen shows (accountState): status and next payment due. */
function AccountSummary({ account }: { account: AccountState }) {
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
