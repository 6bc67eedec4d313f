/**
 * /admin/invoices: every invoice, or those of the status tab (`?status=`), 24 to a page (`?page=`,
 * back to the first with another tab), each tab's count beside it, with the actions the rules
 * allow; each is a form posted to this page's action (app/utils/intents/invoices.server.ts), asked
 * first in a dialog or, without JavaScript, as a page. Partners see the Unauthorized card.
 */
import { Button, Flex, IconButton, Table } from "@radix-ui/themes";
import {
  CheckIcon,
  Cross1Icon,
  DownloadIcon,
  EnvelopeClosedIcon,
  MagicWandIcon,
  TrashIcon,
} from "@radix-ui/react-icons";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useFetcher, useLoaderData } from "@remix-run/react";
import { formatDate } from "#domain/shared/dates.ts";
import { listInvoicePage, type InvoiceView } from "#domain/invoices/invoice-queries.ts";
import { pageRequest } from "#domain/shared/paging.ts";
import { canTransition } from "#domain/invoices/invoice-rules.ts";
import { InvoiceAmount } from "#app/components/invoices/invoice-amount.tsx";
import { ConfirmPost } from "#app/components/confirm-button.tsx";
import { iconSprite } from "#app/components/icon-sprite.tsx";
import {
  announceAnswer,
  ConfirmationCard,
  FailureCallout,
  ScriptField,
  useActionReply,
  useFailureToast,
} from "#app/components/forms.tsx";
import {
  DeleteInvoicePost,
  InvoiceNaming,
  MarkPaidDialog,
  PaymentFieldsForQuestion,
} from "#app/components/invoices/invoice-confirm.tsx";
import { emailQuestion, statusChangeTail, statusQuestion } from "#app/components/invoices/invoice-questions.ts";
import { InvoiceStatusBadge, PaymentNote } from "#app/components/invoices/invoice-status.tsx";
import { InvoiceTabs, statusFilter, statusFromUrl, type InvoiceTab } from "#app/components/invoices/invoice-tabs.tsx";
import { useInvoiceActions } from "#app/components/invoices/use-invoice-actions.ts";
import { Page, UnauthorizedCard } from "#app/components/page.tsx";
import { Pager } from "#app/components/pager.tsx";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { runIntent } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { invoiceIntents } from "#app/utils/intents/invoices.server.ts";
import { requireAdmin, requireUser } from "#app/utils/session.server.ts";
import { PhoneLabel, ScrollTable } from "#app/components/scroll-table.tsx";
import { NotDeletableNote } from "#app/components/invoices/not-deletable-note.tsx";
import { Tooltip } from "#app/components/lazy-tooltip.tsx";

export const meta: MetaFunction = () => [{ title: "Invoice Management · Vendboard" }];

const TABS: InvoiceTab[] = [
  { value: "all", label: "All Invoices" },
  { value: "pending", label: "Pending" },
  { value: "paid", label: "Paid" },
  { value: "overdue", label: "Overdue" },
  { value: "cancelled", label: "Cancelled" },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (!user.isAdmin) return { authorized: false as const, invoices: [] };
  const status = statusFromUrl(request.url, TABS);
  const page = pageRequest(new URL(request.url).searchParams);
  return { authorized: true as const, status, ...(await listInvoicePage(db, { status: statusFilter(status), page })) };
}

/** Status changes, emails, deletions and the due check (the API's domain calls). */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, invoiceIntents(request, admin));
}

/** The row actions' icons, drawn once a page: 24 rows of five icon buttons repeated 75 KB of the same SVG paths. */
const rowIcons = iconSprite("invoice-action", {
  check: CheckIcon,
  cross: Cross1Icon,
  envelope: EnvelopeClosedIcon,
  download: DownloadIcon,
  trash: TrashIcon,
});
const RowIcon = rowIcons.Icon;

function InvoiceActions({ invoice }: { invoice: InvoiceView }) {
  const { busy, submit } = useInvoiceActions();
  const unpaid = invoice.status === "pending" || invoice.status === "overdue";
  const id = { id: invoice.id };
  const markPaid = (
    <IconButton
      size="1"
      variant="soft"
      color="green"
      disabled={busy}
      loading={busy}
      aria-label={`Mark ${invoice.displayId} paid`}
    >
      <RowIcon name="check" />
      <PhoneLabel>Mark paid</PhoneLabel>
    </IconButton>
  );
  return (
    <Flex gap="2" align="center" wrap={{ initial: "wrap", sm: "nowrap" }}>
      {unpaid ? (
        <ConfirmPost
          intent="invoice-status"
          fields={{ ...id, status: "paid" }}
          trigger={markPaid}
          dialog={
            <MarkPaidDialog
              invoice={invoice}
              tooltip="Mark as paid"
              trigger={markPaid}
              onConfirm={(payment) => submit("invoice-status", { ...id, status: "paid", ...payment })}
            />
          }
        />
      ) : null}
      {canTransition(invoice.status, "cancelled") ? (
        <ConfirmPost
          intent="invoice-status"
          fields={{ ...id, status: "cancelled" }}
          tooltip="Cancel invoice"
          trigger={
            <IconButton size="1" variant="soft" color="gray" aria-label={`Cancel ${invoice.displayId}`}>
              <RowIcon name="cross" />
              <PhoneLabel>Cancel</PhoneLabel>
            </IconButton>
          }
          {...statusQuestion(invoice, "cancelled")}
          description={
            <>
              <InvoiceNaming invoice={invoice} />
              {statusChangeTail(invoice, "cancelled")}
            </>
          }
          cancelLabel="Keep"
        />
      ) : null}
      {unpaid ? (
        <ConfirmPost
          intent="invoice-email"
          fields={id}
          tooltip={invoice.status === "overdue" ? "Send reminder by email" : "Send by email"}
          trigger={
            <IconButton size="1" variant="soft" aria-label={`Email ${invoice.displayId}`}>
              <RowIcon name="envelope" />
              <PhoneLabel>Email</PhoneLabel>
            </IconButton>
          }
          {...emailQuestion(invoice)}
          color="indigo"
        />
      ) : null}
      <Tooltip content="Download PDF">
        <IconButton size="1" variant="soft" asChild>
          <a href={`/api/fee-payments/${invoice.id}/download`} download aria-label={`Download ${invoice.displayId}`}>
            <RowIcon name="download" />
            <PhoneLabel>Download</PhoneLabel>
          </a>
        </IconButton>
      </Tooltip>
      {invoice.deletable ? (
        <DeleteInvoicePost
          invoice={invoice}
          tooltip="Delete invoice"
          trigger={
            <IconButton size="1" variant="soft" color="red" aria-label={`Delete ${invoice.displayId}`}>
              <RowIcon name="trash" />
              <PhoneLabel>Delete</PhoneLabel>
            </IconButton>
          }
        />
      ) : (
        <NotDeletableNote invoice={invoice} />
      )}
    </Flex>
  );
}

/** Check Due Invoices: a form of its own (the answer's toast says what changed). */
function CheckDueButton() {
  const fetcher = useFetcher<ActionReply>();
  useFailureToast(fetcher.data);
  useActionReply(fetcher.data);
  return (
    <fetcher.Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="invoice-check-due" />
      <ScriptField />
      <Button type="submit" loading={fetcher.state !== "idle"}>
        <MagicWandIcon /> Check Due Invoices
      </Button>
    </fetcher.Form>
  );
}

export default function InvoiceManagement() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<ActionReply>();
  useFailureToast(reply);
  useActionReply(reply);
  if (!data.authorized) return <UnauthorizedCard />;

  return (
    <Page title="Invoice Management" description="Fee invoices of fee-paying partners." actions={<CheckDueButton />}>
      <ConfirmationCard reply={reply}>
        <PaymentFieldsForQuestion reply={reply} />
      </ConfirmationCard>
      <FailureCallout reply={reply} />
      <rowIcons.Sprite />
      <div id="invoices">
        <InvoiceTabs
          tabs={TABS}
          current={data.status}
          label="Invoices by status"
          count={data.invoices.length}
          counts={data.counts}
          empty="No invoices found"
          framed
        >
          <ScrollTable label="Invoices" size="2" cards>
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
              {data.invoices.map((invoice) => (
                <Table.Row key={invoice.id} align="center">
                  <Table.RowHeaderCell className="vb-figure">{invoice.displayId}</Table.RowHeaderCell>
                  <Table.Cell data-label="Partner">
                    <Link to={`/partners/${invoice.partnerId}`} style={{ color: "var(--accent-11)" }}>
                      {invoice.partnerName}
                    </Link>
                  </Table.Cell>
                  <Table.Cell justify="end" data-label="Amount">
                    <InvoiceAmount invoice={invoice} />
                  </Table.Cell>
                  <Table.Cell data-label="Period" className="vb-figure vb-card-wide">
                    {formatDate(invoice.periodStart)} - {formatDate(invoice.periodEnd)}
                  </Table.Cell>
                  <Table.Cell data-label="Due Date" className="vb-figure">
                    {formatDate(invoice.dueDate)}
                  </Table.Cell>
                  <Table.Cell data-label="Status">
                    <InvoiceStatusBadge status={invoice.status} />
                    <PaymentNote invoice={invoice} />
                  </Table.Cell>
                  <Table.Cell data-label="Actions" className="vb-card-wide">
                    <InvoiceActions invoice={invoice} />
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </ScrollTable>
          <Pager info={data.page} label="Invoices" hash="invoices" />
        </InvoiceTabs>
      </div>
    </Page>
  );
}

export const clientAction = announceAnswer;
