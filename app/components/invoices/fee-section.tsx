/**
 * Partner detail, fee-paying partners: fee, period and next payment; the timeline; invoice history
 * (status changes, deletion, documents); Generate Invoice. Every change is a form posted to the
 * partner page's action (app/utils/intents/invoices.server.ts): through a fetcher after its dialog
 * with JavaScript, as a plain form whose action asks first as a page without.
 */
import {
  Box,
  Button,
  Card,
  DataList,
  Dialog,
  Flex,
  Grid,
  Heading,
  IconButton,
  Spinner,
  Table,
  Text,
} from "@radix-ui/themes";
import { DownloadIcon, FileTextIcon, PlusIcon, TrashIcon } from "@radix-ui/react-icons";
import { Form, useFetcher } from "@remix-run/react";
import { useState } from "react";
import { formatDate } from "#domain/shared/dates.ts";
import type { InvoiceQuote } from "#domain/invoices/invoice-generation.ts";
import { invoiceQuoteFromJson, type InvoiceQuoteJson } from "#domain/invoices/invoice-json.ts";
import {
  PAYMENT_PERIODS,
  currentPaymentPeriod,
  formatInvoiceId,
  paymentPeriodLabel,
  type AccountStatus,
  type InvoiceStatus,
  type PaymentPeriod,
} from "#domain/invoices/invoice-rules.ts";
import { formatPence } from "#domain/shared/money.ts";
import { formatRate, percentToBp } from "#domain/shared/commission-rules.ts";
import { InvoiceAmount } from "./invoice-amount.tsx";
import type { FeePaymentView } from "#domain/partners/partner-service.ts";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { ConfirmButton, ConfirmPost } from "../confirm-button.tsx";
// Its selects show only after hydration or in Generate Invoice: Radix Select loads when one does.
import { Select } from "../lazy-select.tsx";
import { useActionReply, useFailureToast, useHydrated, withScript } from "../forms.tsx";
import { StatCard } from "../stat-card.tsx";
import { InvoiceNaming, MarkPaidDialog } from "./invoice-confirm.tsx";
import {
  DELETE_TAIL,
  deleteQuestion,
  invoiceStatusLabel,
  statusChangeTail,
  statusQuestion,
} from "./invoice-questions.ts";
import { AccountStatusBadge, InvoiceStatusBadge } from "./invoice-status.tsx";
import { useInvoiceActions } from "./use-invoice-actions.ts";
import { ScrollTable } from "../scroll-table.tsx";
import type { PartnerReceivables } from "#domain/receivables/receivables-queries.ts";
import { CreditNoteDialog, RecordPaymentDialog } from "./payment-dialogs.tsx";
import { BalanceNote, PaymentsCard } from "./payments-card.tsx";

interface FeePartner {
  id: number;
  monthlyFeePence: number | null;
  paymentPeriod: PaymentPeriod | null;
  /** The account state (accountState): the earliest unpaid invoice's due date, else the next period's start. */
  nextPaymentDue: string | null;
  paymentStatus: AccountStatus | null;
  feePayments: FeePaymentView[];
  name?: string | null;
  username?: string;
  /** Each invoice's balance, the payments and credit notes. */
  receivables?: PartnerReceivables | null;
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
        {status} {formatInvoiceId(earliest.id)}, {formatPence(earliest.totalPence)}
      </>
    );
  }
  return partner.nextPaymentDue ? <>{status} start of the next period</> : status;
}

/** The quote's figures: period, fee × months, discount, amount, due date. */
function QuotePreview({ quote }: { quote: InvoiceQuote }) {
  return (
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
          {formatPence(quote.monthlyFeePence)} × {quote.months} = {formatPence(quote.grossPence)}
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label minWidth="130px">Discount</DataList.Label>
        <DataList.Value>
          {quote.discountPercent}% ({formatPence(quote.discountPence)})
        </DataList.Value>
      </DataList.Item>
      {quote.vatPercent === null ? (
        <DataList.Item>
          <DataList.Label minWidth="130px">Amount</DataList.Label>
          <DataList.Value>
            <Text weight="bold">{formatPence(quote.amountPence)}</Text>
          </DataList.Value>
        </DataList.Item>
      ) : (
        // With VAT the quote asks what the invoice will: net, the VAT at the rate in force, the total.
        <>
          <DataList.Item>
            <DataList.Label minWidth="130px">Net amount</DataList.Label>
            <DataList.Value>{formatPence(quote.amountPence)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="130px">VAT at {formatRate(percentToBp(quote.vatPercent))}</DataList.Label>
            <DataList.Value>{formatPence(quote.vatPence)}</DataList.Value>
          </DataList.Item>
          <DataList.Item>
            <DataList.Label minWidth="130px">Amount</DataList.Label>
            <DataList.Value>
              <Text weight="bold">{formatPence(quote.totalPence)}</Text>
            </DataList.Value>
          </DataList.Item>
        </>
      )}
      <DataList.Item>
        <DataList.Label minWidth="130px">Due date</DataList.Label>
        <DataList.Value>{formatDate(quote.dueDate)}</DataList.Value>
      </DataList.Item>
    </DataList.Root>
  );
}

/**
 * Generate Invoice: the term chosen, its quote read from the API (GET, nothing saved), then the
 * page's action raises it. Before the scripts have loaded: the browser's select and a submit, and
 * the action shows the quote as its question.
 */
function GenerateInvoiceDialog({ partner }: { partner: FeePartner }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const [period, setPeriod] = useState<PaymentPeriod>(partner.paymentPeriod ?? "monthly");
  const quote = useFetcher<InvoiceQuoteJson | { message: string }>();
  const generate = useFetcher<ActionReply>();
  useFailureToast(generate.data);
  const saving = generate.state !== "idle";
  // Closed once the post has come back a success (its toast shows).
  useActionReply(generate.data, () => setOpen(false));

  const loadQuote = (term: PaymentPeriod) =>
    quote.load(`/api/fee-payments/generate-invoice/${partner.id}?requestedPaymentPeriod=${term}`);
  const shown = quote.state === "idle" ? quote.data : undefined;

  if (!hydrated) {
    return (
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value="invoice-generate" />
        <input type="hidden" name="partnerId" value={partner.id} />
        <Flex gap="2" align="center">
          <select
            name="requestedPaymentPeriod"
            defaultValue={period}
            aria-label="Payment period"
            className="vb-native-select"
          >
            {PAYMENT_PERIODS.map((p) => (
              <option key={p} value={p}>
                {paymentPeriodLabel(p)}
              </option>
            ))}
          </select>
          <Button type="submit">
            <PlusIcon /> Generate Invoice
          </Button>
        </Flex>
      </Form>
    );
  }
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) loadQuote(period);
      }}
    >
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
            <Select.Root
              value={period}
              onValueChange={(v) => {
                setPeriod(v as PaymentPeriod);
                loadQuote(v as PaymentPeriod);
              }}
            >
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
          {shown && "message" in shown ? (
            <Text color="red" size="2" role="alert">
              {shown.message || "Failed to generate invoice"}
            </Text>
          ) : shown ? (
            <QuotePreview quote={invoiceQuoteFromJson(shown)} />
          ) : (
            <Flex justify="center" p="3">
              <Spinner />
            </Flex>
          )}
          <Flex gap="3" justify="end" mt="2">
            <Dialog.Close>
              <Button variant="soft" color="gray">
                Cancel
              </Button>
            </Dialog.Close>
            <Button
              onClick={() => {
                generate.submit(
                  withScript({
                    intent: "invoice-generate",
                    partnerId: partner.id,
                    requestedPaymentPeriod: period,
                    confirmed: "yes",
                  }),
                  { method: "post", preventScrollReset: true },
                );
              }}
              loading={saving}
              disabled={!shown || "message" in shown}
            >
              Generate Invoice
            </Button>
          </Flex>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

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

export function FeeSection({ partner }: { partner: FeePartner }) {
  const period = currentPaymentPeriod(partner.feePayments, partner.paymentPeriod);
  const recent = partner.feePayments.slice(0, 5);

  const { busy, submit } = useInvoiceActions();
  const hydrated = useHydrated();
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
        <Flex gap="2" wrap="wrap">
          {partner.receivables ? (
            <RecordPaymentDialog
              partnerId={partner.id}
              partnerName={partner.name ?? partner.username ?? `Partner ${partner.id}`}
              receivables={partner.receivables}
              dueDates={Object.fromEntries(partner.feePayments.map((i) => [i.id, i.dueDate]))}
            />
          ) : null}
          <GenerateInvoiceDialog partner={partner} />
        </Flex>
      </Flex>
      <Grid columns={{ initial: "1", sm: "3" }} gap="3" mb="4">
        <StatCard
          label="Monthly Fee"
          value={partner.monthlyFeePence === null ? "Not set" : formatPence(partner.monthlyFeePence)}
        />
        <StatCard
          label="Current Payment Period"
          value={period ? paymentPeriodLabel(period) : "Awaiting invoice"}
          note={period ? undefined : "No invoices have been issued yet"}
        />
        <StatCard
          label="Next Payment Due"
          value={partner.nextPaymentDue ? formatDate(partner.nextPaymentDue) : "Not scheduled"}
          note={nextDueNote(partner)}
        />
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
                      {formatDate(invoice.periodStart)} - {formatDate(invoice.periodEnd)} ·{" "}
                      {formatPence(invoice.totalPence)}
                      {invoice.paidDate
                        ? ` · paid ${formatDate(invoice.paidDate)}`
                        : ` · due ${formatDate(invoice.dueDate)}`}
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
              <ScrollTable label="Invoice history" size="1">
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
                      <Table.RowHeaderCell style={{ whiteSpace: "nowrap" }}>
                        {formatInvoiceId(invoice.id)}
                      </Table.RowHeaderCell>
                      <Table.Cell justify="end">
                        <InvoiceAmount invoice={invoice} />
                        {invoice.status === "cancelled" ? null : (
                          <BalanceNote balance={partner.receivables?.balances[invoice.id]} />
                        )}
                      </Table.Cell>
                      <Table.Cell style={{ whiteSpace: "nowrap" }}>
                        {formatDate(invoice.periodStart)} - {formatDate(invoice.periodEnd)}
                      </Table.Cell>
                      <Table.Cell className="vb-figure">{formatDate(invoice.dueDate)}</Table.Cell>
                      <Table.Cell>
                        {invoice.status === "cancelled" ? (
                          <InvoiceStatusBadge status="cancelled" />
                        ) : hydrated ? (
                          <Select.Root
                            value={invoice.status}
                            onValueChange={(v) => setChange({ invoice, status: v as InvoiceStatus })}
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
                      <Table.Cell>
                        {invoice.status === "paid" && invoice.paidDate ? (
                          <>
                            <Text as="div" style={{ whiteSpace: "nowrap" }}>
                              {formatDate(invoice.paidDate)}
                            </Text>
                            {invoice.paymentReference ? (
                              <Text
                                as="div"
                                size="1"
                                color="gray"
                                style={{ overflowWrap: "anywhere", maxWidth: "22ch" }}
                              >
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
                            <a
                              href={invoice.invoiceUrl}
                              target="_blank"
                              rel="noreferrer"
                              aria-label={`Open ${formatInvoiceId(invoice.id)}`}
                            >
                              <FileTextIcon />
                            </a>
                          </IconButton>
                          <IconButton size="1" variant="ghost" asChild>
                            <a
                              href={`/api/fee-payments/${invoice.id}/download`}
                              download
                              aria-label={`Download ${formatInvoiceId(invoice.id)}`}
                            >
                              <DownloadIcon />
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
                            <ConfirmPost
                              intent="invoice-delete"
                              fields={{ id: invoice.id }}
                              trigger={
                                <IconButton
                                  size="1"
                                  variant="ghost"
                                  color="red"
                                  aria-label={`Delete ${formatInvoiceId(invoice.id)}`}
                                >
                                  <TrashIcon />
                                </IconButton>
                              }
                              {...deleteQuestion(invoice)}
                              description={
                                <>
                                  <InvoiceNaming invoice={invoice} />
                                  {DELETE_TAIL}
                                </>
                              }
                              cancelLabel="Keep"
                            />
                          ) : null}
                        </Flex>
                      </Table.Cell>
                    </Table.Row>
                  ))}
                </Table.Body>
              </ScrollTable>
            ) : (
              <Text as="p" size="2" color="gray" m="2">
                No invoices found
              </Text>
            )}
          </Card>
        </Box>
      </Grid>
      {partner.receivables ? <PaymentsCard receivables={partner.receivables} /> : null}
      {change?.status === "paid" ? (
        <MarkPaidDialog
          invoice={change.invoice}
          open
          onOpenChange={closeChange}
          onConfirm={(payment) => submit("invoice-status", { id: change.invoice.id, status: "paid", ...payment })}
        />
      ) : change ? (
        <ConfirmButton
          open
          onOpenChange={closeChange}
          {...statusQuestion(change.invoice, change.status)}
          description={
            <>
              <InvoiceNaming invoice={change.invoice} />
              {statusChangeTail(change.invoice, change.status)}
            </>
          }
          color={change.invoice.status === "paid" ? "red" : "indigo"}
          onConfirm={() => submit("invoice-status", { id: change.invoice.id, status: change.status })}
        />
      ) : null}
    </Box>
  );
}
