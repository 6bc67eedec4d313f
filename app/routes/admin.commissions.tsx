/**
 * /admin/commissions: who is owed what for a month, whose reports are in, and marking payments. The
 * partner table is cut on the server (`?page=`, 24 a page, the summary's order); the cards' totals
 * are over every partner (commission-summary.ts: one SQL aggregate).
 */
import { Badge, Button, Card, Flex, Grid, Table, Text } from "@radix-ui/themes";
import { CardStackIcon, ReloadIcon } from "@radix-ui/react-icons";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { commissionSummaryPage, type CommissionSummaryRow } from "#domain/commissions/commission-summary.ts";
import { formatRate, fractionToBp } from "#domain/shared/commission-rules.ts";
import {
  currentMonth,
  formatDate,
  formatMonth,
  parseMonth,
  previousMonth,
  recentMonths,
} from "#domain/shared/dates.ts";
import { formatPence } from "#domain/shared/format.ts";
import { NO_ACTIVE_MACHINES } from "#domain/commissions/money-status-rules.ts";
import { pageRequest } from "#domain/shared/paging.ts";
import { lastDayOfMonth, monthHasEnded, monthLabel } from "#domain/month-close/month-close-rules.ts";
import { ConfirmPost } from "#app/components/confirm-button.tsx";
import {
  announceAnswer,
  ConfirmationCard,
  FailureCallout,
  useActionReply,
  useFailureToast,
} from "#app/components/forms.tsx";
import { BackToDashboard, Page } from "#app/components/page.tsx";
import { markPaidQuestion, resetQuestion } from "#app/components/partners/commission-questions.ts";
import { moneyPaidOf } from "#domain/commissions/money-paid.ts";
import type { MoneyPaid } from "#domain/commissions/correction-words.ts";
import { Pager } from "#app/components/pager.tsx";
import { PartnerTypeBadge } from "#app/components/partners/partner-type.tsx";
import { StatCard } from "#app/components/stat-card.tsx";
import { UrlSelect } from "#app/components/url-select.tsx";
import { runIntent } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { commissionIntents } from "#app/utils/intents/commissions.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";
import { ScrollTable } from "#app/components/scroll-table.tsx";

export const meta: MetaFunction = () => [{ title: "Commission Summary · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const asked = params.get("month");
  const months = recentMonths(currentMonth(), 12);
  const month =
    asked && parseMonth(asked) && months.includes(parseMonth(asked)!) ? parseMonth(asked)! : previousMonth();
  const [summary, paid] = await Promise.all([
    commissionSummaryPage(db, month, pageRequest(params)),
    moneyPaidOf(db, month),
  ]);
  // Money already paid for a month Reset Month reopened: the Mark as Paid question names both figures.
  return { months, summary, alreadyPaid: Object.fromEntries([...paid].filter(([, p]) => p.pence > 0)) };
}

/** Mark as Paid and Reset Month (app/utils/intents/commissions.server.ts), shared with the partner page. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, { ...commissionIntents(request, admin) });
}

function PaymentCell({
  row,
  month,
  alreadyPaid,
}: {
  row: CommissionSummaryRow;
  month: string;
  alreadyPaid?: MoneyPaid;
}) {
  if (row.paymentStatus === "not_applicable") return <Text color="gray">not applicable</Text>;
  const paid = row.paymentStatus === "completed";
  const ended = monthHasEnded(month);
  return (
    <Flex align="center" gap="2" wrap="wrap">
      {paid ? (
        <Badge highContrast color="green">
          Paid {formatDate(row.paidDate)}
        </Badge>
      ) : (
        <Badge highContrast color="orange">
          Pending
        </Badge>
      )}
      {paid ? null : (
        <ConfirmPost
          intent="mark-paid"
          fields={{ partnerId: row.partnerId, month }}
          trigger={
            <Button
              size="1"
              variant="soft"
              disabled={!ended || !row.allReportsSubmitted}
              aria-label={`Mark ${row.partnerName} paid`}
            >
              Mark as Paid
            </Button>
          }
          tooltip={
            !ended
              ? `${formatMonth(month)} has not ended yet`
              : !row.allReportsSubmitted
                ? "Waiting for all machine reports"
                : undefined
          }
          {...markPaidQuestion(
            row.partnerName,
            month,
            formatPence(row.profitSharePence),
            alreadyPaid ? { monthPence: row.profitSharePence, paid: alreadyPaid } : null,
          )}
          color="green"
        />
      )}
    </Flex>
  );
}

export default function CommissionSummaryPage() {
  const { months, summary, alreadyPaid } = useLoaderData<typeof loader>();
  const reply = useActionData<ActionReply>();
  useFailureToast(reply);
  useActionReply(reply);
  const navigation = useNavigation();
  const location = useLocation();

  const { totals } = summary;
  const ended = monthHasEnded(summary.month);

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
          <UrlSelect
            name="month"
            label="Month"
            value={summary.month}
            options={months.map((m) => ({ value: m, label: monthLabel(m) }))}
          />
          {/* Following a link to this very page runs its loader again. */}
          <Button
            asChild
            variant="soft"
            loading={navigation.state === "loading" && navigation.location?.pathname === location.pathname}
          >
            <Link to={`${location.pathname}${location.search}`} preventScrollReset>
              <ReloadIcon /> Refresh Payment Status
            </Link>
          </Button>
          <Button asChild variant="soft">
            <Link to={ended ? `/admin/payouts?month=${summary.month}` : "/admin/payouts"}>
              <CardStackIcon /> Payouts
            </Link>
          </Button>
          <ConfirmPost
            intent="reset-month"
            fields={{ month: summary.month }}
            trigger={
              <Button variant="soft" color="red">
                Reset Month
              </Button>
            }
            {...resetQuestion(summary.month, summary.paid)}
          />
        </>
      }
    >
      <ConfirmationCard reply={reply} />
      <FailureCallout reply={reply} />
      <Grid columns={{ initial: "1", sm: "3" }} gap="3" mb="5">
        <StatCard
          label="Total Commissions Due"
          value={formatPence(summary.totalCommissionDuePence)}
          note={`unpaid, ${monthLabel(summary.month)}`}
        />
        <StatCard
          label="Reports complete"
          value={`${totals.complete} of ${totals.applicable}`}
          note="profit-sharing partners with every machine reported"
        />
        <StatCard label="Paid" value={totals.paid} note="partners paid for the month" />
      </Grid>
      <Card size="1">
        <ScrollTable label="Commissions by partner" size="2" cards>
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
                <Table.Cell data-label="Email" className="vb-card-wide" style={{ overflowWrap: "anywhere" }}>
                  {row.email ?? <Text color="gray">Not provided</Text>}
                </Table.Cell>
                <Table.Cell justify="end" data-label="Commission %" className="vb-figure">
                  {row.partnerType === "tiered-profit-sharing"
                    ? "Tiered"
                    : formatRate(fractionToBp(row.commissionPercentage) ?? 0)}
                </Table.Cell>
                <Table.Cell justify="end" data-label="Reports" className="vb-figure">
                  {row.totalMachines > 0 ? `${row.submittedReports} of ${row.totalMachines}` : NO_ACTIVE_MACHINES}
                </Table.Cell>
                <Table.Cell data-label="All Reports Submitted">
                  {row.allReportsSubmitted ? (
                    <Badge highContrast color="green">
                      Yes
                    </Badge>
                  ) : (
                    <Badge highContrast color="red">
                      No
                    </Badge>
                  )}
                </Table.Cell>
                <Table.Cell justify="end" data-label="Profit Share" className="vb-figure">
                  {formatPence(row.profitSharePence)}
                </Table.Cell>
                <Table.Cell data-label="Payment Status" className="vb-card-wide">
                  <PaymentCell row={row} month={summary.month} alreadyPaid={alreadyPaid[row.partnerId]} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
        {!summary.rows.length ? (
          <Text as="p" color="gray" align="center" my="4">
            No partners yet.
          </Text>
        ) : null}
      </Card>
      <Pager info={summary.page} label="Partners" />
    </Page>
  );
}

export const clientAction = announceAnswer;
