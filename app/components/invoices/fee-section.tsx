/** Partner detail, fee-paying partners: fee, period and next payment; the timeline; invoice history; Generate Invoice. */
import { Box, Button, Card, DataList, Dialog, Flex, Grid, Heading, IconButton, Select, Spinner, Table, Text } from "@radix-ui/themes";
import { DownloadIcon, FileTextIcon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import { useEffect, useState } from "react";
import { formatDate } from "#domain/dates.ts";
import type { InvoiceQuote } from "#domain/invoice-service.ts";
import {
  PAYMENT_PERIODS,
  canDeleteInvoice,
  currentPaymentPeriod,
  formatInvoiceId,
  paymentPeriodLabel,
  type AccountStatus,
  type InvoiceStatus,
  type PaymentPeriod,
} from "#domain/invoices.ts";
import { formatPounds } from "#domain/money.ts";
import type { FeePaymentView } from "#domain/partner-service.ts";
import { StatCard } from "../stat-card.tsx";
import { useAction } from "../use-action.ts";
import { ConfirmButton } from "#app/components/confirm-button.tsx";
import { apiRequest, errorMessage } from "#app/utils/api-client.ts";
import { InvoiceNaming, MarkPaidDialog } from "./invoice-confirm.tsx";
import { AccountStatusBadge, InvoiceStatusBadge, invoiceStatusLabel } from "./invoice-status.tsx";
import { useInvoiceActions } from "./use-invoice-actions.ts";

interface FeePartner {
  id: number;
  monthlyFee: number | null;
  paymentPeriod: PaymentPeriod | null;
  /** The account state (accountState): the earliest unpaid invoice's due date, else the next period's start. */
  nextPaymentDue: string | null;
  paymentStatus: AccountStatus | null;
  feePayments: FeePaymentView[];
}

/** What the Next Payment Due date is: the earliest unpaid invoice, or the next period. */
function nextDueNote(partner: FeePartner) {
  const earliest = partner.feePayments
    .filter((i) => i.status === "pending" || i.status === "overdue")
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate))[0];
  const status = partner.paymentStatus ? <AccountStatusBadge status={partner.paymentStatus} /> : null;
  if (earliest) {
    return (
      <>
        {status} {formatInvoiceId(earliest.id)}, {formatPounds(earliest.amount)}
      </>
    );
  }
  return partner.nextPaymentDue ? <>{status} start of the next period</> : status;
}

function GenerateInvoiceDialog({ partner, onGenerated }: { partner: FeePartner; onGenerated: () => void }) {
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState<PaymentPeriod>(partner.paymentPeriod ?? "monthly");
  const [quote, setQuote] = useState<InvoiceQuote | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { pending, run } = useAction();
  const saving = pending !== null;

  useEffect(() => {
    if (!open) return;
    let cancelled = false;
    setQuote(null);
    setProblem(null);
    apiRequest<InvoiceQuote>("GET", `/api/fee-payments/generate-invoice/${partner.id}?requestedPaymentPeriod=${period}`)
      .then((q) => !cancelled && setQuote(q))
      .catch((error) => !cancelled && setProblem(errorMessage(error, "Failed to generate invoice")));
    return () => {
      cancelled = true;
    };
  }, [open, period, partner.id]);

  async function generate() {
    const outcome = await run("generate", () => apiRequest<{ displayId: string }>("POST", `/api/fee-payments/generate-invoice/${partner.id}`, { requestedPaymentPeriod: period }), {
      success: (invoice) => ({ title: "Invoice generated", description: `${invoice.displayId} for ${quote ? formatPounds(quote.amount) : ""}` }),
      failure: "Failed to generate invoice",
    });
    if (!outcome.ok) return;
    setOpen(false);
    onGenerated();
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button>
          <PlusIcon /> Generate Invoice
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>Generate Invoice</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="4">
          The next period starts the day after the latest invoice ends. Longer terms are discounted.
        </Dialog.Description>
        <Flex direction="column" gap="3">
          <label>
            <Text as="div" size="2" weight="medium" mb="1">
              Payment period
            </Text>
            <Select.Root value={period} onValueChange={(v) => setPeriod(v as PaymentPeriod)}>
              <Select.Trigger style={{ width: "100%" }} aria-label="Payment period" />
              <Select.Content position="popper">
                {PAYMENT_PERIODS.map((p) => (
                  <Select.Item key={p} value={p}>
                    {paymentPeriodLabel(p)}
                  </Select.Item>
                ))}
              </Select.Content>
            </Select.Root>
          </label>
          {problem ? (
            <Text color="red" size="2" role="alert">
              {problem}
            </Text>
          ) : !quote ? (
            <Flex justify="center" p="3">
              <Spinner />
            </Flex>
          ) : (
            <DataList.Root aria-label="Invoice preview">
              <DataList.Item>
                <DataList.Label minWidth="130px">Period</DataList.Label>
                <DataList.Value>
                  {formatDate(quote.periodStart)} - {formatDate(quote.periodEnd)}
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="130px">Fee</DataList.Label>
                <DataList.Value>
                  {formatPounds(quote.monthlyFee)} × {quote.months} = {formatPounds(quote.gross)}
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="130px">Discount</DataList.Label>
                <DataList.Value>
                  {quote.discountPercent}% ({formatPounds(quote.discount)})
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="130px">Amount</DataList.Label>
                <DataList.Value>
                  <Text weight="bold">{formatPounds(quote.amount)}</Text>
                </DataList.Value>
              </DataList.Item>
              <DataList.Item>
                <DataList.Label minWidth="130px">Due date</DataList.Label>
                <DataList.Value>{formatDate(quote.dueDate)}</DataList.Value>
              </DataList.Item>
            </DataList.Root>
          )}
          <Flex gap="3" justify="end" mt="2">
            <Dialog.Close>
              <Button variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button onClick={generate} loading={saving} disabled={!quote}>
              Generate Invoice
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

export function FeeSection({ partner, onChanged }: { partner: FeePartner; onChanged: () => void }) {
  const period = currentPaymentPeriod(partner.feePayments, partner.paymentPeriod);
  const recent = partner.feePayments.slice(0, 5);

  const { setStatus, remove } = useInvoiceActions(onChanged);
  // A status chosen in the history's select waits for its confirmation.
  const [change, setChange] = useState<{ invoice: FeePaymentView; status: InvoiceStatus } | null>(null);
  const closeChange = (open: boolean) => {
    if (!open) setChange(null);
  };

  return (
    <Box mb="6">
      <Flex justify="between" align="center" mb="3" gap="3" wrap="wrap">
        <Heading as="h2" size="5">
          Fee Payments
        </Heading>
        <GenerateInvoiceDialog partner={partner} onGenerated={onChanged} />
      </Flex>
      <Grid columns={{ initial: "1", sm: "3" }} gap="3" mb="4">
        <StatCard label="Monthly Fee" value={partner.monthlyFee === null ? "Not set" : formatPounds(partner.monthlyFee)} />
        <StatCard label="Current Payment Period" value={period ? paymentPeriodLabel(period) : "Awaiting invoice"} note={period ? undefined : "No invoices have been issued yet"} />
        <StatCard label="Next Payment Due" value={partner.nextPaymentDue ? formatDate(partner.nextPaymentDue) : "Not scheduled"} note={nextDueNote(partner)} />
      </Grid>
      <Grid columns={{ initial: "1", md: "3" }} gap="4">
        <Card size="2">
          <Heading as="h3" size="3" mb="3">
            Payment Timeline
          </Heading>
          {recent.length ? (
            <Flex direction="column" gap="3" asChild>
              <ol style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label="Payment timeline">
                {recent.map((invoice) => (
                  <li key={invoice.id} style={{ borderLeft: "2px solid var(--accent-6)", paddingLeft: 12 }}>
                    <Flex justify="between" gap="2">
                      <Text size="2" weight="medium">
                        {formatInvoiceId(invoice.id)}
                      </Text>
                      <InvoiceStatusBadge status={invoice.status} />
                    </Flex>
                    <Text as="p" size="1" color="gray">
                      {formatDate(invoice.periodStart)} - {formatDate(invoice.periodEnd)} · {formatPounds(invoice.amount)}
                      {invoice.paidDate ? ` · paid ${formatDate(invoice.paidDate)}` : ` · due ${formatDate(invoice.dueDate)}`}
                    </Text>
                  </li>
                ))}
              </ol>
            </Flex>
          ) : (
            <Text size="2" color="gray">
              No invoices yet.
            </Text>
          )}
        </Card>
        {/* Two of the three columns from md up; in one column it must not add an implicit second one. */}
        <Box gridColumn={{ initial: "auto", md: "span 2" }} minWidth="0">
          <Card size="1" style={{ height: "100%" }}>
            <Heading as="h3" size="3" m="2">
              Invoice History
            </Heading>
            {partner.feePayments.length ? (
              <Table.Root size="1">
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
                      <Table.RowHeaderCell style={{ whiteSpace: "nowrap" }}>{formatInvoiceId(invoice.id)}</Table.RowHeaderCell>
                      <Table.Cell justify="end">{formatPounds(invoice.amount)}</Table.Cell>
                      <Table.Cell style={{ whiteSpace: "nowrap" }}>
                        {formatDate(invoice.periodStart)} - {formatDate(invoice.periodEnd)}
                      </Table.Cell>
                      <Table.Cell>{formatDate(invoice.dueDate)}</Table.Cell>
                      <Table.Cell>
                        {invoice.status === "cancelled" ? (
                          <InvoiceStatusBadge status="cancelled" />
                        ) : (
                          <Select.Root value={invoice.status} onValueChange={(v) => setChange({ invoice, status: v as InvoiceStatus })} size="1">
                            <Select.Trigger aria-label={`Status of ${formatInvoiceId(invoice.id)}`} />
                            <Select.Content position="popper">
                              {(["pending", "paid", "overdue"] as const).map((s) => (
                                <Select.Item key={s} value={s}>
                                  {invoiceStatusLabel(s)}
                                </Select.Item>
                              ))}
                            </Select.Content>
                          </Select.Root>
                        )}
                      </Table.Cell>
                      <Table.Cell>
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
                      <Table.Cell>
                        <Flex gap="2">
                          <IconButton size="1" variant="ghost" asChild>
                            <a href={invoice.invoiceUrl} target="_blank" rel="noreferrer" aria-label={`Open ${formatInvoiceId(invoice.id)}`}>
                              <FileTextIcon />
                            </a>
                          </IconButton>
                          <IconButton size="1" variant="ghost" asChild>
                            <a href={`/api/fee-payments/${invoice.id}/download`} aria-label={`Download ${formatInvoiceId(invoice.id)}`}>
                              <DownloadIcon />
                            </a>
                          </IconButton>
                          {canDeleteInvoice(invoice.status) ? (
                            <ConfirmButton
                              trigger={
                                <IconButton size="1" variant="ghost" color="red" aria-label={`Delete ${formatInvoiceId(invoice.id)}`}>
                                  <TrashIcon />
                                </IconButton>
                              }
                              title={`Delete ${formatInvoiceId(invoice.id)}?`}
                              description={
                                <>
                                  <InvoiceNaming invoice={invoice} /> is removed. Paid invoices cannot be deleted.
                                </>
                              }
                              confirmLabel="Delete Invoice"
                              cancelLabel="Keep"
                              onConfirm={() => remove(invoice.id)}
                            />
                          ) : null}
                        </Flex>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </Table.Root>
            ) : (
              <Text as="p" size="2" color="gray" m="2">
                No invoices found
              </Text>
            )}
          </Card>
        </Box>
      </Grid>
      {change?.status === "paid" ? (
        <MarkPaidDialog invoice={change.invoice} open onOpenChange={closeChange} onConfirm={(payment) => setStatus(change.invoice.id, "paid", payment)} />
      ) : change ? (
        <ConfirmButton
          open
          onOpenChange={closeChange}
          title={`Set ${formatInvoiceId(change.invoice.id)} to ${invoiceStatusLabel(change.status)}?`}
          description={
            <>
              <InvoiceNaming invoice={change.invoice} /> goes from {invoiceStatusLabel(change.invoice.status)} to {invoiceStatusLabel(change.status)}.
              {change.invoice.status === "paid" ? " Its paid date and payment reference are cleared." : ""}
            </>
          }
          confirmLabel={`Set to ${invoiceStatusLabel(change.status)}`}
          color={change.invoice.status === "paid" ? "red" : "indigo"}
          onConfirm={() => setStatus(change.invoice.id, change.status)}
        />
      ) : null}
    </Box>
  );
}
