/** /admin/products: Products Analytics: best sellers, search, where each product sells, and the month's report. */
import { Box, Button, Callout, Card, Dialog, Flex, Grid, Heading, Table, Tabs, Text, TextField } from "@radix-ui/themes";
import { DownloadIcon, MagnifyingGlassIcon } from "@radix-ui/react-icons";
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useMemo, useState } from "react";
import { currentMonth, formatMonth, isoDay } from "#domain/dates.ts";
import { formatPounds } from "#domain/money.ts";
import {
  distribution,
  distributionChoices,
  formatLongDay,
  monthRange,
  searchProducts,
  topBy,
  type ProductAnalyticsRecord,
} from "#domain/product-analytics.ts";
import { MonthPicker } from "#app/components/month-picker.tsx";
import { Page } from "#app/components/page.tsx";
import { useAction } from "#app/components/use-action.ts";
import { downloadFile, useApiData } from "#app/utils/api-client.ts";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Products Analytics · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

/** One month before today up to today, until a month is applied. */
function defaultRange() {
  const today = new Date();
  const before = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, today.getUTCDate()));
  return { from: isoDay(before), to: isoDay(today) };
}

function GenerateReportDialog({ month, setMonth, range, setRange }: { month: string; setMonth: (m: string) => void; range: { from: string; to: string }; setRange: (r: { from: string; to: string }) => void }) {
  const [open, setOpen] = useState(false);
  const { pending, run } = useAction();
  const busy = pending !== null;

  async function generate() {
    const outcome = await run("report", () => downloadFile(`/api/products/report?month=${month}`, `product-sales-${month}.xlsx`), {
      success: () => ({ title: "Report Generated", description: `The product sales report for ${formatMonth(month)} has been generated.` }),
      failure: "Failed to generate report",
    });
    if (outcome.ok) setOpen(false);
  }

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger>
        <Button>
          <DownloadIcon /> Generate Report
        </Button>
      </Dialog.Trigger>
      <Dialog.Content maxWidth="460px">
        <Dialog.Title>Generate Product Sales Report</Dialog.Title>
        <Dialog.Description size="2" color="gray" mb="3">
          A detailed report of product sales, per product and per machine, for the period:
        </Dialog.Description>
        <Flex align="center" justify="between" gap="3" mb="4" wrap="wrap">
          <Text weight="bold" aria-label="Report period">
            {formatLongDay(range.from)} - {formatLongDay(range.to)}
          </Text>
          <MonthPicker
            month={month}
            onApply={(m) => {
              setMonth(m);
              setRange(monthRange(m));
            }}
            trigger={
              <Button variant="ghost" size="1">
                Change
              </Button>
            }
          />
        </Flex>
        <Flex gap="3" justify="end">
          <Dialog.Close>
            <Button variant="soft" color="gray">
              Cancel
            </Button>
          </Dialog.Close>
          <Button onClick={generate} loading={busy}>
            Generate Report
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

function TopTable({ title, rows, value }: { title: string; rows: ProductAnalyticsRecord[]; value: (r: ProductAnalyticsRecord) => string }) {
  return (
    <Card size="2">
      <Heading as="h3" size="3" mb="2">
        {title}
      </Heading>
      {rows.length ? (
        <Table.Root size="1" aria-label={title}>
          <Table.Body>
            {rows.map((r, i) => (
              <Table.Row key={r.name}>
                <Table.Cell width="36px">
                  <Text color="gray">{i + 1}</Text>
                </Table.Cell>
                <Table.RowHeaderCell>{r.name}</Table.RowHeaderCell>
                <Table.Cell justify="end">{value(r)}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      ) : (
        <Text color="gray" size="2">
          No product data available
        </Text>
      )}
    </Card>
  );
}

export default function ProductsAnalytics() {
  const { data, error, loading } = useApiData<ProductAnalyticsRecord[]>("/api/products/analytics", true);
  const [query, setQuery] = useState("");
  const [tab, setTab] = useState("all");
  const [selected, setSelected] = useState<string | null>(null);
  const [month, setMonth] = useState(currentMonth());
  const [range, setRange] = useState(defaultRange);

  const products = useMemo(() => data ?? [], [data]);
  const shown = useMemo(() => searchProducts(products, query), [products, query]);
  const chosen = selected ? shown.find((p) => p.name === selected) ?? null : null;
  const empty = !products.length ? "No products found in the system" : "No products match your search criteria";

  return (
    <Page
      title="Products Analytics"
      description={`Sales by product across every machine, all time. Report month: ${formatMonth(month)} (${formatLongDay(range.from)} - ${formatLongDay(range.to)}).`}
      actions={
        <>
          <MonthPicker
            month={month}
            onApply={(m) => {
              setMonth(m);
              setRange(monthRange(m));
            }}
          />
          <GenerateReportDialog month={month} setMonth={setMonth} range={range} setRange={setRange} />
        </>
      }
    >
      <Box mb="4" maxWidth="420px">
        <TextField.Root
          placeholder="Search products..."
          aria-label="Search products"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setSelected(null);
          }}
        >
          <TextField.Slot>
            <MagnifyingGlassIcon />
          </TextField.Slot>
        </TextField.Root>
      </Box>
      {error ? (
        <Callout.Root color="red">
          <Callout.Text>{error}</Callout.Text>
        </Callout.Root>
      ) : loading && !data ? (
        <Text color="gray">Loading product data...</Text>
      ) : (
        <Tabs.Root
          value={tab}
          onValueChange={(next) => {
            setTab(next);
            setSelected(null);
          }}
        >
          <Tabs.List>
            <Tabs.Trigger value="all">All Products</Tabs.Trigger>
            <Tabs.Trigger value="top">Top Performers</Tabs.Trigger>
            <Tabs.Trigger value="distribution">Machine Distribution</Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="all">
            <Card size="1" mt="3">
              {shown.length ? (
                <Table.Root size="2">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>Product Name</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Total Sales</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Revenue</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Machines</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {shown.map((p) => (
                      <Table.Row key={p.name}>
                        <Table.RowHeaderCell>{p.name}</Table.RowHeaderCell>
                        <Table.Cell justify="end">{p.totalSales.toLocaleString("en-GB")}</Table.Cell>
                        <Table.Cell justify="end">£{p.totalRevenue.toFixed(2)}</Table.Cell>
                        <Table.Cell justify="end">{p.machines.length}</Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </Table.Root>
              ) : (
                <Text as="p" color="gray" align="center" my="5">
                  {empty}
                </Text>
              )}
            </Card>
          </Tabs.Content>
          <Tabs.Content value="top">
            <Grid columns={{ initial: "1", md: "2" }} gap="4" mt="3">
              <TopTable title="Top 10 by Sales" rows={topBy(shown, (p) => p.totalSales)} value={(p) => `${p.totalSales.toLocaleString("en-GB")} sold`} />
              <TopTable title="Top 10 by Revenue" rows={topBy(shown, (p) => p.totalRevenue)} value={(p) => formatPounds(p.totalRevenue)} />
            </Grid>
          </Tabs.Content>
          <Tabs.Content value="distribution">
            <Box mt="3">
              {shown.length ? (
                <>
                  <Flex gap="2" wrap="wrap" mb="4">
                    {distributionChoices(shown).map((p) => (
                      <Button key={p.name} variant={selected === p.name ? "solid" : "soft"} onClick={() => setSelected(p.name)} aria-pressed={selected === p.name}>
                        {p.name} ({p.totalSales})
                      </Button>
                    ))}
                  </Flex>
                  {chosen ? (
                    <Card size="2">
                      <Heading as="h3" size="4" mb="1">
                        {chosen.name}
                      </Heading>
                      <Text as="p" color="gray" size="2" mb="3">
                        This product is sold in {chosen.machines.length} machine(s)
                      </Text>
                      <Table.Root size="2">
                        <Table.Header>
                          <Table.Row>
                            <Table.ColumnHeaderCell>Machine Location</Table.ColumnHeaderCell>
                            <Table.ColumnHeaderCell justify="end">Units Sold</Table.ColumnHeaderCell>
                            <Table.ColumnHeaderCell justify="end">% of Total</Table.ColumnHeaderCell>
                          </Table.Row>
                        </Table.Header>
                        <Table.Body>
                          {distribution(chosen).map((m) => (
                            <Table.Row key={m.id}>
                              <Table.RowHeaderCell>{m.location}</Table.RowHeaderCell>
                              <Table.Cell justify="end">{m.unitsSold}</Table.Cell>
                              <Table.Cell justify="end">{m.percent}%</Table.Cell>
                            </Table.Row>
                          ))}
                        </Table.Body>
                      </Table.Root>
                    </Card>
                  ) : (
                    <Text color="gray">Select a product from above to view its distribution across machines</Text>
                  )}
                </>
              ) : (
                <Text color="gray">{empty}</Text>
              )}
            </Box>
          </Tabs.Content>
        </Tabs.Root>
      )}
      {loading && data ? (
        <Text size="1" color="gray">
          Loading data...
        </Text>
      ) : null}
    </Page>
  );
}
