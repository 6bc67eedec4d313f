/** /admin: the business at a glance, partner search, one card per partner, create and edit. */
import { Box, Button, Card, Flex, Grid, Heading, Text, TextField } from "@radix-ui/themes";
import { BarChartIcon, CounterClockwiseClockIcon, MagnifyingGlassIcon, ReaderIcon, UploadIcon } from "@radix-ui/react-icons";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useRevalidator, useRouteError } from "@remix-run/react";
import { useMemo, useState } from "react";
import { monthLabel } from "#domain/month-close.ts";
import { formatPounds } from "#domain/money.ts";
import { getStats, listPartners } from "#domain/partner-service.ts";
import { matchesPartner } from "#domain/partners.ts";
import { LoadFailedCard, Page } from "#app/components/page.tsx";
import { AddPartnerDialog } from "#app/components/partners/add-partner-dialog.tsx";
import { PartnerCard } from "#app/components/partners/partner-card.tsx";
import { StatCard } from "#app/components/stat-card.tsx";
import { db } from "#app/utils/db.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Admin Dashboard · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [partners, stats] = await Promise.all([listPartners(db), getStats(db)]);
  return { partners, stats };
}

export default function AdminDashboard() {
  const { partners, stats } = useLoaderData<typeof loader>();
  const [query, setQuery] = useState("");
  const revalidator = useRevalidator();
  const shown = useMemo(() => partners.filter((p) => matchesPartner(p, query)), [partners, query]);
  const month = monthLabel(stats.currentMonth);

  return (
    <Page
      title="Admin Dashboard"
      description="Partners, machines and sales across the business."
      actions={
        <>
          <Button asChild variant="soft">
            <Link to="/admin/commissions">
              <ReaderIcon /> View Commission Summary
            </Link>
          </Button>
          <Button asChild variant="soft">
            <Link to="/admin/products">
              <BarChartIcon /> Product Analytics
            </Link>
          </Button>
          <Button asChild variant="soft">
            <Link to="/admin/import">
              <UploadIcon /> Import Exports
            </Link>
          </Button>
          <Button asChild variant="soft">
            <Link to="/admin/audit">
              <CounterClockwiseClockIcon /> Audit Trail
            </Link>
          </Button>
          <AddPartnerDialog />
        </>
      }
    >
      <Grid columns={{ initial: "1", xs: "2", md: "3" }} gap="3" mb="6">
        <StatCard label="Total Partners" value={stats.totalPartners} />
        <StatCard label="Revenue" value={formatPounds(stats.currentMonthRevenue)} note={month} />
        <StatCard label="Net Profit" value={formatPounds(stats.currentMonthNetProfit)} note={month} />
        <StatCard label="Commission" value={formatPounds(stats.currentMonthCommission)} note={month} />
        <StatCard label="All-time Revenue" value={formatPounds(stats.allTimeRevenue)} />
        <StatCard label="All-time Net Profit" value={formatPounds(stats.allTimeNetProfit)} />
      </Grid>

      <Flex direction={{ initial: "column", sm: "row" }} justify="between" align={{ initial: "stretch", sm: "center" }} gap="3" mb="4">
        <Heading as="h2" size="5">
          Partners{" "}
          <Text color="gray" size="3" weight="regular">
            ({shown.length === partners.length ? partners.length : `${shown.length} of ${partners.length}`})
          </Text>
        </Heading>
        <Box width={{ initial: "100%", sm: "320px" }}>
          <TextField.Root
            placeholder="Search by name or username"
            aria-label="Search partners"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            type="search"
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
          </TextField.Root>
        </Box>
      </Flex>

      {shown.length ? (
        <Grid columns={{ initial: "1", sm: "2", lg: "3" }} gap="4">
          {shown.map((partner) => (
            <PartnerCard key={partner.id} partner={partner} onDeleted={() => revalidator.revalidate()} />
          ))}
        </Grid>
      ) : (
        <Card size="3">
          <Text as="p" color="gray" align="center">
            {partners.length ? `No partners match “${query}”.` : "No partners yet. Add the first one with Add Partner."}
          </Text>
        </Card>
      )}
    </Page>
  );
}

export function ErrorBoundary() {
  return <LoadFailedCard title="Failed to fetch partners" error={useRouteError()} />;
}
