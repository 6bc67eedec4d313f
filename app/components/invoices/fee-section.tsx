/**
 * Partner detail, fee-paying partners: fee, period and next payment; the timeline; invoice history
 * (status changes, deletion, documents); Generate Invoice. Every change is a form posted to the
 * partner page's action (app/utils/intents/invoices.server.ts): through a fetcher after its dialog
 * with JavaScript, as a plain form whose action asks first as a page without.
 */
import { Box, Card, Flex, Grid, Heading, Text } from "@radix-ui/themes";
import { useState } from "react";
import { formatDate } from "#domain/shared/dates.ts";
import {
  currentPaymentPeriod,
  formatInvoiceId,
  paymentPeriodLabel,
  type InvoiceStatus,
} from "#domain/invoices/invoice-rules.ts";
import { formatPence } from "#domain/shared/money.ts";
import type { FeePaymentView } from "#domain/partners/partner-service.ts";
import { ConfirmButton } from "../confirm-button.tsx";
import { useHydrated } from "../forms.tsx";
import { StatCard } from "../stat-card.tsx";
import type { FeePartner } from "./fee-partner.ts";
import { GenerateInvoiceDialog } from "./generate-invoice-dialog.tsx";
import { InvoiceHistoryTable } from "./invoice-history-table.tsx";
import { InvoiceNaming, MarkPaidDialog } from "./invoice-confirm.tsx";
import { statusChangeTail, statusQuestion } from "./invoice-questions.ts";
import { AccountStatusBadge, InvoiceStatusBadge } from "./invoice-status.tsx";
import { useInvoiceActions } from "./use-invoice-actions.ts";
import { RecordPaymentDialog } from "./payment-dialogs.tsx";
import { PaymentsCard } from "./payments-card.tsx";

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
              <InvoiceHistoryTable partner={partner} hydrated={hydrated} busy={busy} onStatusChange={setChange} />
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
