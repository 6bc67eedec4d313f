/** /admin/invoices: every invoice by status, with the actions the rules allow. Partners see the Unauthorized card. */
import { Button, Flex, IconButton, Table, Tooltip } from "@radix-ui/themes";
import { CheckIcon, Cross1Icon, DownloadIcon, EnvelopeClosedIcon, MagicWandIcon, TrashIcon } from "@radix-ui/react-icons";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator } from "@remix-run/react";
import { formatDate } from "#domain/dates.ts";
import { listInvoices, type DueCheckResult, type InvoiceView } from "#domain/invoice-service.ts";
import { canDeleteInvoice, canTransition } from "#domain/invoices.ts";
import { formatPounds } from "#domain/money.ts";
import { ConfirmButton } from "#app/components/confirm-button.tsx";
import { InvoiceNaming, MarkPaidDialog } from "#app/components/invoices/invoice-confirm.tsx";
import { InvoiceStatusBadge, PaymentNote } from "#app/components/invoices/invoice-status.tsx";
import { InvoiceTabs, type InvoiceTab } from "#app/components/invoices/invoice-tabs.tsx";
import { useInvoiceActions } from "#app/components/invoices/use-invoice-actions.ts";
import { Page, UnauthorizedCard } from "#app/components/page.tsx";
import { useAction } from "#app/components/use-action.ts";
import { apiRequest } from "#app/utils/api-client.ts";
import { db } from "#app/utils/db.server.ts";
import { requireUser } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Invoice Management · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!user.isAdmin) return { authorized: false as const, invoices: [] };
  return { authorized: true as const, invoices: await listInvoices(db) };
}

const TABS: InvoiceTab[] = [
  { value: "all", label: "All Invoices" },
  { value: "pending", label: "Pending" },
  { value: "paid", label: "Paid" },
  { value: "overdue", label: "Overdue" },
  { value: "cancelled", label: "Cancelled" },
];

function InvoiceActions({ invoice, onChanged }: { invoice: InvoiceView; onChanged: () => void }) {
  const actions = useInvoiceActions(onChanged);
  const busy = actions.busy === invoice.id;
  const unpaid = invoice.status === "pending" || invoice.status === "overdue";
  const reminder = invoice.status === "overdue";
  return (
    <Flex gap="2" align="center">
      {unpaid ? (
        <MarkPaidDialog
          invoice={invoice}
          tooltip="Mark as paid"
          trigger={
            <IconButton size="1" variant="soft" color="green" disabled={busy} aria-label={`Mark ${invoice.displayId} paid`}>
              <CheckIcon />
            </IconButton>
          }
          onConfirm={(payment) => actions.setStatus(invoice.id, "paid", payment)}
        />
      ) : null}
      {canTransition(invoice.status, "cancelled") ? (
        <ConfirmButton
          tooltip="Cancel invoice"
          trigger={
            <IconButton size="1" variant="soft" color="gray" disabled={busy} aria-label={`Cancel ${invoice.displayId}`}>
              <Cross1Icon />
            </IconButton>
          }
          title={`Cancel ${invoice.displayId}?`}
          description={
            <>
              <InvoiceNaming invoice={invoice} /> is cancelled for good: it can no longer be paid or sent, and its period can be invoiced again.
            </>
          }
          confirmLabel="Cancel Invoice"
          cancelLabel="Keep"
          onConfirm={() => actions.setStatus(invoice.id, "cancelled")}
        />
      ) : null}
      {unpaid ? (
        <ConfirmButton
          tooltip={reminder ? "Send reminder by email" : "Send by email"}
          trigger={
            <IconButton size="1" variant="soft" disabled={busy} aria-label={`Email ${invoice.displayId}`}>
              <EnvelopeClosedIcon />
            </IconButton>
          }
          title={reminder ? `Send a reminder for ${invoice.displayId}?` : `Email ${invoice.displayId}?`}
          description={
            <>
              {reminder ? "The overdue reminder for " : ""}
              <InvoiceNaming invoice={invoice} /> is emailed to the partner with the invoice PDF.
            </>
          }
          confirmLabel={reminder ? "Send Reminder" : "Send Email"}
          color="indigo"
          onConfirm={() => actions.sendEmail(invoice.id, invoice.status)}
        />
      ) : null}
      <Tooltip content="Download PDF">
        <IconButton size="1" variant="soft" asChild>
          <a href={`/api/fee-payments/${invoice.id}/download`} aria-label={`Download ${invoice.displayId}`}>
            <DownloadIcon />
          </a>
        </IconButton>
      </Tooltip>
      {canDeleteInvoice(invoice.status) ? (
        <ConfirmButton
          tooltip="Delete invoice"
          trigger={
            <IconButton size="1" variant="soft" color="red" disabled={busy} aria-label={`Delete ${invoice.displayId}`}>
              <TrashIcon />
            </IconButton>
          }
          title={`Delete ${invoice.displayId}?`}
          description={
            <>
              <InvoiceNaming invoice={invoice} /> is removed. Paid invoices cannot be deleted.
            </>
          }
          confirmLabel="Delete Invoice"
          cancelLabel="Keep"
          onConfirm={() => actions.remove(invoice.id)}
        />
      ) : null}
    </Flex>
  );
}

export default function InvoiceManagement() {
  const data = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const { pending, run } = useAction();
  const checking = pending !== null;
  if (!data.authorized) return <UnauthorizedCard />;
  const refresh = () => revalidator.revalidate();

  async function checkDue() {
    const outcome = await run("check", () => apiRequest<DueCheckResult>("POST", "/api/fee-payments/check-due"), {
      success: (result) => ({
        title: "Due invoices checked",
        description: `${result.markedOverdue} marked overdue, ${result.invoicesRaised} new invoice(s) raised, ${result.remindersSent} reminder(s) sent${result.reminderFailures.length ? `; ${result.reminderFailures.length} reminder(s) could not be sent (the reasons are in the server log)` : ""}.`,
      }),
      failure: "Failed to check due invoices",
    });
    if (outcome.ok) refresh();
  }

  return (
    <Page
      title="Invoice Management"
      description="Fee invoices of fee-paying partners."
      actions={
        <Button onClick={checkDue} loading={checking}>
          <MagicWandIcon /> Check Due Invoices
        </Button>
      }
    >
      <InvoiceTabs tabs={TABS} invoices={data.invoices} empty="No invoices found" framed>
        {(shown) => (
          <Table.Root size="2">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeaderCell>Invoice</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Partner</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell justify="end">Amount</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Period</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Due Date</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Status</Table.ColumnHeaderCell>
                <Table.ColumnHeaderCell>Actions</Table.ColumnHeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {shown.map((invoice) => (
                <Table.Row key={invoice.id} align="center">
                  <Table.RowHeaderCell style={{ whiteSpace: "nowrap" }}>{invoice.displayId}</Table.RowHeaderCell>
                  <Table.Cell>
                    <Link to={`/partners/${invoice.partnerId}`} style={{ color: "var(--accent-11)" }}>
                      {invoice.partnerName}
                    </Link>
                  </Table.Cell>
                  <Table.Cell justify="end">{formatPounds(invoice.amount)}</Table.Cell>
                  <Table.Cell style={{ whiteSpace: "nowrap" }}>
                    {formatDate(invoice.periodStart)} - {formatDate(invoice.periodEnd)}
                  </Table.Cell>
                  <Table.Cell>{formatDate(invoice.dueDate)}</Table.Cell>
                  <Table.Cell>
                    <InvoiceStatusBadge status={invoice.status} />
                    <PaymentNote invoice={invoice} />
                  </Table.Cell>
                  <Table.Cell>
                    <InvoiceActions invoice={invoice} onChanged={refresh} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </InvoiceTabs>
    </Page>
  );
}
