/** /admin/commissions: who is owed what for a month, whose reports are in, and marking payments. */
import { Badge, Button, Card, Flex, Grid, Table, Text } from "@radix-ui/themes";
import { ReloadIcon } from "@radix-ui/react-icons";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { z } from "zod";
import { commissionSummary, markCommissionPaid, resetCommissions, type CommissionSummaryRow } from "#domain/commission-service.ts";
import { formatRate, fractionToBp } from "#domain/commission.ts";
import { currentMonth, formatDate, formatMonth, parseMonth, previousMonth, recentMonths } from "#domain/dates.ts";
import { formatGBP, formatPounds } from "#domain/money.ts";
import { lastDayOfMonth, monthHasEnded, monthLabel } from "#domain/month-close.ts";
import { ConfirmForm } from "#app/components/confirm-button.tsx";
import { ConfirmationCard, FailureCallout, useFailureToast } from "#app/components/forms.tsx";
import { BackToDashboard, Page } from "#app/components/page.tsx";
import { PartnerTypeBadge } from "#app/components/partners/partner-type.tsx";
import { StatCard } from "#app/components/stat-card.tsx";
import { UrlSelect } from "#app/components/url-select.tsx";
import { confirmFirst, done, parseForm, runIntent } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Commission Summary · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const asked = new URL(request.url).searchParams.get("month");
  const months = recentMonths(currentMonth(), 12);
  const month = asked && parseMonth(asked) && months.includes(parseMonth(asked)!) ? parseMonth(asked)! : previousMonth();
  return { months, summary: await commissionSummary(db, month) };
}

const markPaidForm = z.object({
  partnerId: z.coerce.number({ error: "Partner not found" }).int().positive("Partner not found"),
  month: z.string().refine((m) => parseMonth(m) !== null, "Month must be YYYY-MM"),
});
const resetForm = z.object({ month: z.string().refine((m) => parseMonth(m) !== null, "Month must be YYYY-MM") });

/** The questions asked before paying or resetting, in the dialog and (without JavaScript) as a page. */
const markPaidQuestion = (partnerName: string, month: string, amount: string) => ({
  title: `Mark ${partnerName}'s ${formatMonth(month)} commission paid?`,
  description: `${amount} is recorded as paid today, and ${formatMonth(month)} is closed for ${partnerName}: its figures are locked until the month is reset.`,
  confirmLabel: "Mark as Paid",
});
const resetQuestion = (month: string, paidRows: readonly Pick<CommissionSummaryRow, "partnerName" | "profitShare">[], paidTotalPence: number) => ({
  title: `Reset ${formatMonth(month)}?`,
  description: paidRows.length
    ? `${paidRows.length} payment${paidRows.length === 1 ? "" : "s"} of ${formatGBP(paidTotalPence)} in all (${paidRows.map((r) => `${r.partnerName} ${formatPounds(r.profitShare)}`).join(", ")}) go back to pending, and each partner's ${formatMonth(month)} is open to changes again. Use it to correct a mistaken payment run; it is kept in the audit trail.`
    : `No commission payment is recorded for ${formatMonth(month)}: nothing changes.`,
  confirmLabel: "Reset Month",
});
const paidTotal = (rows: readonly Pick<CommissionSummaryRow, "profitShare">[]) => rows.reduce((sum, r) => sum + Math.round(r.profitShare * 100), 0);

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, {
    "mark-paid": {
      failure: "Failed to update payment status",
      async run(form) {
        const { partnerId, month: asked } = parseForm(form, markPaidForm);
        const month = parseMonth(asked)!;
        const row = (await commissionSummary(db, month)).rows.find((r) => r.partnerId === partnerId);
        const name = row?.partnerName ?? `Partner ${partnerId}`;
        const question = confirmFirst("mark-paid", form, markPaidQuestion(name, month, formatPounds(row?.profitShare ?? 0)));
        if (question) return question;
        await markCommissionPaid(db, partnerId, month, admin.id);
        return done(request, form, { title: "Payment status updated", description: `${name}: ${formatMonth(month)} marked as paid.` });
      },
    },
    "reset-month": {
      failure: "Reset failed",
      async run(form) {
        const month = parseMonth(parseForm(form, resetForm).month)!;
        const paidRows = (await commissionSummary(db, month)).rows.filter((r) => r.paymentStatus === "completed");
        const question = confirmFirst("reset-month", form, resetQuestion(month, paidRows, paidTotal(paidRows)));
        if (question) return question;
        const { reset } = await resetCommissions(db, month, admin.id);
        return done(request, form, { title: "Reset successful", description: `${reset} payment(s) for ${formatMonth(month)} set back to pending.` });
      },
    },
  });
}

function PaymentCell({ row, month }: { row: CommissionSummaryRow; month: string }) {
  if (row.paymentStatus === "not_applicable") return <Text color="gray">not applicable</Text>;
  const paid = row.paymentStatus === "completed";
  const ended = monthHasEnded(month);
  return (
    <Flex align="center" gap="2" wrap="wrap">
      {paid ? <Badge highContrast color="green">Paid {formatDate(row.paidDate)}</Badge> : <Badge highContrast color="orange">Pending</Badge>}
      {paid ? null : (
        <ConfirmForm
          intent="mark-paid"
          fields={{ partnerId: row.partnerId, month }}
          trigger={
            <Button size="1" variant="soft" disabled={!ended || !row.allReportsSubmitted} aria-label={`Mark ${row.partnerName} paid`}>
              Mark as Paid
            </Button>
          }
          tooltip={!ended ? `${formatMonth(month)} has not ended yet` : !row.allReportsSubmitted ? "Waiting for all machine reports" : undefined}
          {...markPaidQuestion(row.partnerName, month, formatPounds(row.profitShare))}
          color="green"
        />
      )}
    </Flex>
  );
}

export default function CommissionSummaryPage() {
  const { months, summary } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  useFailureToast(reply);
  const navigation = useNavigation();
  const location = useLocation();

  const complete = summary.rows.filter((r) => r.paymentStatus !== "not_applicable" && r.allReportsSubmitted).length;
  const ended = monthHasEnded(summary.month);
  const paidRows = summary.rows.filter((r) => r.paymentStatus === "completed");
  const applicable = summary.rows.filter((r) => r.paymentStatus !== "not_applicable").length;

  return (
    <Page
      title="Commission Summary"
      description={
        ended
          ? `Commissions are for the previous calendar month; showing ${formatMonth(summary.month)}.`
          : `${formatMonth(summary.month)} is month to date: it ends on ${formatDate(lastDayOfMonth(summary.month))}, and its commission can be paid once it has ended.`
      }
      actions={
        <>
          <BackToDashboard />
          <UrlSelect name="month" label="Month" value={summary.month} options={months.map((m) => ({ value: m, label: monthLabel(m) }))} />
          {/* Following a link to this very page runs its loader again. */}
          <Button asChild variant="soft" loading={navigation.state === "loading" && navigation.location?.pathname === location.pathname}>
            <Link to={`${location.pathname}${location.search}`} preventScrollReset>
              <ReloadIcon /> Refresh Payment Status
            </Link>
          </Button>
          <ConfirmForm
            intent="reset-month"
            fields={{ month: summary.month }}
            trigger={
              <Button variant="soft" color="red">
                Reset Month
              </Button>
            }
            {...resetQuestion(summary.month, paidRows, paidTotal(paidRows))}
          />
        </>
      }
    >
      <ConfirmationCard reply={reply} />
      <FailureCallout reply={reply} />
      <Grid columns={{ initial: "1", sm: "3" }} gap="3" mb="5">
        <StatCard label="Total Commissions Due" value={formatPounds(summary.totalCommissionDue)} note={`unpaid, ${monthLabel(summary.month)}`} />
        <StatCard label="Reports complete" value={`${complete} of ${applicable}`} note="profit-sharing partners with every machine reported" />
        <StatCard label="Paid" value={summary.rows.filter((r) => r.paymentStatus === "completed").length} note="partners paid for the month" />
      </Grid>
      <Card size="1">
        <Table.Root size="2">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeaderCell>Partner</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Email</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Commission %</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Reports</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>All Reports Submitted</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell justify="end">Profit Share</Table.ColumnHeaderCell>
              <Table.ColumnHeaderCell>Payment Status</Table.ColumnHeaderCell>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {summary.rows.map((row) => (
              <Table.Row key={row.partnerId} align="center">
                <Table.RowHeaderCell>
                  <Flex direction="column" gap="1" align="start">
                    <Link to={`/partners/${row.partnerId}`} style={{ color: "var(--accent-11)", fontWeight: 500 }}>
                      {row.partnerName}
                    </Link>
                    <PartnerTypeBadge type={row.partnerType} />
                  </Flex>
                </Table.RowHeaderCell>
                <Table.Cell>{row.email ?? <Text color="gray">Not provided</Text>}</Table.Cell>
                <Table.Cell justify="end">
                  {row.partnerType === "tiered-profit-sharing" ? "Tiered" : formatRate(fractionToBp(row.commissionPercentage) ?? 0)}
                </Table.Cell>
                <Table.Cell justify="end">
                  {row.submittedReports} of {row.totalMachines}
                </Table.Cell>
                <Table.Cell>{row.allReportsSubmitted ? <Badge highContrast color="green">Yes</Badge> : <Badge highContrast color="red">No</Badge>}</Table.Cell>
                <Table.Cell justify="end">{formatPounds(row.profitShare)}</Table.Cell>
                <Table.Cell>
                  <PaymentCell row={row} month={summary.month} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
        {!summary.rows.length ? (
          <Text as="p" color="gray" align="center" my="4">
            No partners yet.
          </Text>
        ) : null}
      </Card>
    </Page>
  );
}
