/** /: the partner dashboard, the partner's own data only. Admins are sent to /admin. */
import { Box, Card, Grid, Heading, Text } from "@radix-ui/themes";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData, useRouteError } from "@remix-run/react";
import { currentMonth, formatMonth, parseMonth, recentMonths } from "#domain/shared/dates.ts";
import { monthLabel as monthLabelOf } from "#domain/month-close/month-close-rules.ts";
import { listInvoices, partnerAccountState } from "#domain/invoices/invoice-queries.ts";
import { balanceDue } from "#domain/receivables/account-service.ts";
import { partnerOwing } from "#domain/commissions/balance-service.ts";
import { partnerMoney, type PartnerMoney } from "#domain/payouts/partner-money-service.ts";
import { hasCorrections } from "#domain/commissions/money-paid.ts";
import { machinePageOfPartner, partnerStats } from "#domain/machines/machine-service.ts";
import { partnerMonthlySales } from "#domain/machines/sales-history.ts";
import { pageRequest } from "#domain/shared/paging.ts";
import { Pager } from "#app/components/pager.tsx";
import { formatPence } from "#domain/shared/money.ts";
import { formatUnits } from "#domain/shared/format.ts";
import { isProfitSharingType } from "#domain/partners/partner-rules.ts";
import { DetailsList, bankRows } from "#app/components/details-list.tsx";
import { statusFilter, statusFromUrl } from "#app/components/invoices/invoice-tabs.tsx";
import { MY_FEE_TABS, MyFeePayments, type MyFees } from "#app/components/invoices/my-fee-payments.tsx";
import { BalanceDueCard } from "#app/components/receivables/balance-due-card.tsx";
import { OwingCallout } from "#app/components/partners/owing-callout.tsx";
import { statementPdfUrl } from "#app/components/receivables/statement-section.tsx";
import { MachineCard, MachineCardIcons } from "#app/components/machines/machine-card.tsx";
import { SalesChart, twelveMonths } from "#app/components/machines/sales-chart.tsx";
import { LoadFailedCard, Page } from "#app/components/page.tsx";
import { StatCard } from "#app/components/stat-card.tsx";
import { LastMonthCards, MoneyIcons, MoneyMonths } from "#app/components/partners/partner-money.tsx";
import { TierBreakdown } from "#app/components/tier-breakdown.tsx";
import { db } from "#app/utils/db.server.ts";
import { log } from "#app/utils/log.server.ts";
import { requireUser } from "#app/utils/session.server.ts";
import { cachedRead } from "#app/utils/read-cache.server.ts";
import type { PublicUser } from "#domain/accounts/user-service.ts";

export const meta: MetaFunction = () => [{ title: "Dashboard · Vendboard" }];

/** A part of the dashboard that could not be read is logged, shown as such, and not kept (read-cache.server.ts). */
type Parts = { failed: boolean };
function failedPart(parts: Parts, what: string) {
  return (error: unknown) => {
    parts.failed = true;
    log().error({ err: error }, what);
    return null;
  };
}

/** A fee-paying partner's Balance due card and My Fee Payments; each says so on the page when it cannot be read. */
async function feesOf(partnerId: number, requestUrl: string, parts: Parts) {
  // The Balance due card: what the partner owes today and the overdue part.
  const balance = await balanceDue(db, partnerId).catch(failedPart(parts, "The balance due could not be loaded"));
  // The status tab (`?status=`) filters the list; the account state is from every invoice.
  const status = statusFromUrl(requestUrl, MY_FEE_TABS);
  // The dashboard still shows machines and sales; the fee section says "Error loading fee payments".
  const fees: MyFees | null = await Promise.all([
    listInvoices(db, { partnerId, status: statusFilter(status) }),
    partnerAccountState(db, partnerId),
  ]).then(
    ([invoices, account]) => ({ status, invoices, account }),
    failedPart(parts, "Fee payments could not be loaded"),
  );
  return { fees, balance };
}

/** Commission paid in advance with no later month to take it: read only for a partner with corrections on the books. */
async function owingOf(partnerId: number, parts: Parts) {
  const corrections = await hasCorrections(db, partnerId).catch((error: unknown) => {
    failedPart(parts, "The commission corrections could not be read")(error);
    return false;
  });
  if (!corrections) return null;
  return partnerOwing(db, partnerId).catch(failedPart(parts, "The commission owed could not be loaded"));
}

/** The dashboard's data for a partner and the page's address (its tabs, page and opened month). */
async function dashboardOf(user: PublicUser, url: URL) {
  const parts: Parts = { failed: false };
  const stats = await partnerStats(db, user.id);
  // The chart's twelve months and the month to date, summed in SQL; the machines a page at a time (from 24 on).
  const [machines, sales, feeSection, owing, money] = await Promise.all([
    machinePageOfPartner(db, user.id, pageRequest(url.searchParams)),
    partnerMonthlySales(db, user.id, recentMonths(stats.month, 12).at(-1)!),
    user.partnerType === "fee-paying" ? feesOf(user.id, url.href, parts) : { fees: null, balance: null },
    owingOf(user.id, parts),
    // Where the money is: last month first and the months before it, each paid, due or waiting, with its working.
    isProfitSharingType(user.partnerType) ? partnerMoney(db, user.id) : null,
  ]);
  const { fees, balance } = feeSection;
  const value = { machines, sales, stats, fees, balance, owing, money: money && listedMoney(money, url) };
  return { value, complete: !parts.failed };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.isAdmin) throw redirect("/admin");
  const url = new URL(request.url);
  // Read again only once the database has changed (or the day has): most visits find it as it was.
  const key = `dashboard:${user.id}:${user.partnerType}:${url.search}`;
  const data = await cachedRead(db, key, () => dashboardOf(user, url));
  return { user, ...data };
}

/**
 * The earlier months without their working (each is fetched when opened): the twelve months' lines
 * were most of the page's markup, and its drawing the most of a request's time under load. Last
 * month keeps its working (its card shows it), and so does the month a browser without the scripts
 * asked for with `?working=`.
 */
function listedMoney(money: PartnerMoney, url: URL) {
  const asked = url.searchParams.get("working");
  const openMonth = asked ? parseMonth(asked) : null;
  return {
    ...money,
    last: money.months[0],
    openMonth,
    months: money.months.map((m, i) => (i === 0 || m.month === openMonth ? m : { ...m, working: null })),
  };
}

export default function PartnerDashboard() {
  const { user, machines: machinePage, sales, stats, fees, balance, owing, money } = useLoaderData<typeof loader>();
  const { machines, page } = machinePage;
  const monthLabel = formatMonth(stats.month);
  const history = twelveMonths(sales, stats.month);
  // The month in progress is shown as month to date, never as a month's result.
  const thisMonth = currentMonth();
  const soFar = sales.find((s) => s.month === thisMonth);

  return (
    <Page
      title="Dashboard"
      description={`Welcome back, ${user.name ?? user.username}. Figures for last month are for ${monthLabel}.`}
    >
      <OwingCallout owing={owing} to="partner" />
      <Grid columns={{ initial: "1", xs: "2", md: "4" }} gap="3" mb="4">
        <StatCard label="Total Machines" value={page.total} />
        <StatCard label="Latest Sales" value={formatUnits(stats.priorMonthSales)} note={`units in ${monthLabel}`} />
        <StatCard label="Total Sales" value={formatUnits(stats.totalSales)} note="units, all time" />
        <Card size="2">
          <Text size="2" color="gray" weight="medium">
            Bank Details
          </Text>
          <Box mt="2">
            <DetailsList rows={bankRows(user)} labelWidth="110px" size="1" />
          </Box>
        </Card>
      </Grid>
      {soFar ? (
        <Text as="p" size="2" color="gray" mb="4">
          {monthLabelOf(thisMonth)}: {formatUnits(soFar.units)} units and {formatPence(soFar.revenuePence)} revenue so
          far
          {money
            ? `; commission so far ${formatPence(money.monthToDate.amountPence)} (${money.monthToDate.lines.join(", ")})`
            : ""}
          .
        </Text>
      ) : null}

      {money ? <MoneyIcons /> : null}
      {money ? <LastMonthCards partnerId={user.id} m={money.last} revenuePence={stats.priorMonthRevenuePence} /> : null}

      {user.partnerType === "tiered-profit-sharing" && stats.tiers ? (
        <Box mb="5">
          <Heading as="h2" size="4" mb="2">
            Tier breakdown, {monthLabel}
          </Heading>
          <TierBreakdown tiers={stats.tiers} />
        </Box>
      ) : null}

      {money ? (
        <MoneyMonths
          partnerId={user.id}
          months={money.months}
          monthToDate={money.monthToDate}
          openMonth={money.openMonth}
        />
      ) : null}

      {user.partnerType === "fee-paying" ? (
        <>
          <BalanceDueCard balance={balance} statementUrl={statementPdfUrl(user.id)} />
          <MyFeePayments fees={fees} />
        </>
      ) : null}

      <Card size="3" mb="6">
        <Heading as="h2" size="4" mb="3">
          Sales over the last 12 months
        </Heading>
        <SalesChart data={history} title="Your units and revenue over the last 12 months" />
      </Card>

      <Heading as="h2" size="5" mb="3">
        Your Machines
      </Heading>
      {machines.length ? (
        <>
          <MachineCardIcons />
          <Grid columns={{ initial: "1", sm: "2", lg: "3" }} gap="4">
            {machines.map((machine) => (
              <MachineCard key={machine.id} machine={machine} partner={user} admin={false} />
            ))}
          </Grid>
        </>
      ) : null}
      <Pager info={page} label="Machines" />
      {machines.length ? null : (
        <Card size="3">
          <Text as="p" color="gray" align="center">
            No machines have been placed at your site yet.
          </Text>
        </Card>
      )}
    </Page>
  );
}

export function ErrorBoundary() {
  return <LoadFailedCard title="Failed to fetch statistics" error={useRouteError()} />;
}
