/** /admin/commissions: who is owed what for a month, whose reports are in, and marking payments. */
import { Badge, Button, Card, Flex, Grid, Select, Table, Text } from "@radix-ui/themes";
import { ReloadIcon } from "@radix-ui/react-icons";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { commissionSummary, type CommissionSummaryRow } from "#domain/commission-service.ts";
import { formatRate, fractionToBp } from "#domain/commission.ts";
import { currentMonth, formatDate, formatMonth, parseMonth, previousMonth, recentMonths } from "#domain/dates.ts";
import { formatGBP, formatPounds } from "#domain/money.ts";
import { lastDayOfMonth, monthHasEnded, monthLabel } from "#domain/month-close.ts";
import { ConfirmButton } from "#app/components/confirm-button.tsx";
import { BackToDashboard, Page } from "#app/components/page.tsx";
import { PartnerTypeBadge } from "#app/components/partners/partner-type.tsx";
import { StatCard } from "#app/components/stat-card.tsx";
import { useToast } from "#app/components/toaster.tsx";
import { useAction } from "#app/components/use-action.ts";
import { apiRequest, errorMessage } from "#app/utils/api-client.ts";
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

function PaymentCell({ row, month, onPaid }: { row: CommissionSummaryRow; month: string; onPaid: () => void }) {
  const { pending, run } = useAction();
  const saving = pending !== null;
  if (row.paymentStatus === "not_applicable") return <Text color="gray">not applicable</Text>;
  const paid = row.paymentStatus === "completed";
  const ended = monthHasEnded(month);
  async function markPaid() {
    const outcome = await run("pay", () => apiRequest("POST", `/api/partners/${row.partnerId}/commission-payment`, { status: "completed", month }), {
      success: () => ({ title: "Payment status updated", description: `${row.partnerName}: ${formatMonth(month)} marked as paid.` }),
      failure: "Failed to update payment status",
      fallback: "Please try again",
    });
    if (outcome.ok) onPaid();
  }
  return (
    <Flex align="center" gap="2" wrap="wrap">
      {paid ? <Badge highContrast color="green">Paid {formatDate(row.paidDate)}</Badge> : <Badge highContrast color="orange">Pending</Badge>}
      {paid ? null : (
        <ConfirmButton
          trigger={
            <Button size="1" variant="soft" disabled={!ended || !row.allReportsSubmitted} loading={saving} aria-label={`Mark ${row.partnerName} paid`}>
              Mark as Paid
            </Button>
          }
          tooltip={!ended ? `${formatMonth(month)} has not ended yet` : !row.allReportsSubmitted ? "Waiting for all machine reports" : undefined}
          title={`Mark ${row.partnerName}'s ${formatMonth(month)} commission paid?`}
          description={`${formatPounds(row.profitShare)} is recorded as paid today, and ${formatMonth(month)} is closed for ${row.partnerName}: its figures are locked until the month is reset.`}
          confirmLabel="Mark as Paid"
          color="green"
          onConfirm={() => void markPaid()}
        />
      )}
    </Flex>
  );
}

export default function CommissionSummaryPage() {
  const { months, summary } = useLoaderData<typeof loader>();
  const [, setSearchParams] = useSearchParams();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const toast = useToast();
  const refresh = () => revalidator.revalidate();

  async function reset() {
    try {
      const { reset } = await apiRequest<{ reset: number }>("POST", "/api/partners/commissions/reset", { month: summary.month });
      toast({ title: "Reset successful", description: `${reset} payment(s) for ${formatMonth(summary.month)} set back to pending.` });
      refresh();
    } catch (error) {
      toast({ title: "Reset failed", description: errorMessage(error, "Reset failed"), variant: "destructive" });
    }
  }

  const complete = summary.rows.filter((r) => r.paymentStatus !== "not_applicable" && r.allReportsSubmitted).length;
  const ended = monthHasEnded(summary.month);
  const paidRows = summary.rows.filter((r) => r.paymentStatus === "completed");
  const paidTotal = paidRows.reduce((sum, r) => sum + Math.round(r.profitShare * 100), 0);
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
          <Select.Root value={summary.month} onValueChange={(month) => setSearchParams({ month })}>
            <Select.Trigger aria-label="Month" style={{ minWidth: 170 }} />
            <Select.Content position="popper">
              {months.map((m) => (
                <Select.Item key={m} value={m}>
                  {monthLabel(m)}
                </Select.Item>
              ))}
            </Select.Content>
          </Select.Root>
          <Button variant="soft" onClick={refresh} loading={revalidator.state === "loading" || navigation.state === "loading"}>
            <ReloadIcon /> Refresh Payment Status
          </Button>
          <ConfirmButton
            trigger={
              <Button variant="soft" color="red">
                Reset Month
              </Button>
            }
            title={`Reset ${formatMonth(summary.month)}?`}
            description={
              paidRows.length ? (
                <>
                  {paidRows.length} payment{paidRows.length === 1 ? "" : "s"} of {formatGBP(paidTotal)} in all ({paidRows.map((r) => `${r.partnerName} ${formatPounds(r.profitShare)}`).join(", ")}) go back to pending, and each partner&apos;s {formatMonth(summary.month)} is open to changes again. Use it to correct a mistaken payment run; it is kept in the audit trail.
                </>
              ) : (
                <>No commission payment is recorded for {formatMonth(summary.month)}: nothing changes.</>
              )
            }
            confirmLabel="Reset Month"
            onConfirm={reset}
          />
        </>
      }
    >
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
                  <PaymentCell row={row} month={summary.month} onPaid={refresh} />
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
