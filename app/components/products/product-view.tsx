/**
 * Products Analytics' view (app/routes/admin.products.tsx): the search, the three tabs with their
 * tables, and Generate Report. The search, the tab, the chosen product and the tables' pages live
 * in the URL (`?q=`, `?tab=`, `?product=`, `?page=` for All Products, `?machinePage=` for the chosen
 * product's machines); the loader answers what they show (productView). With JavaScript they change
 * it in place (replacing the history entry), before the scripts have loaded they are a GET form and links.
 * The URL's parameters are read in product-params.ts, the search in product-search.tsx and Generate
 * Report in generate-report.tsx.
 */
import { Box, Button, Callout, Card, Flex, Grid, Heading, Table, Tabs, Text } from "@radix-ui/themes";
import { Link, useAsyncError, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { formatPence } from "#domain/shared/money.ts";
import { formatUnits } from "#domain/shared/format.ts";
import type { ProductRow, ProductView } from "#domain/products/product-service.ts";
import { useHydrated } from "../forms.tsx";
import { Pager } from "../pager.tsx";
import { ScrollTable } from "../scroll-table.tsx";
import { linkWith, MACHINE_PAGE_PARAM, PAGE_PARAM, START_OVER, TABS, withParams, type Tab } from "./product-params.ts";

// The URL's parameters, the search and Generate Report are their own modules; callers keep importing them from here.
export { MACHINE_PAGE_PARAM, PAGE_PARAM, productFilters, TABS, withParams, type Tab } from "./product-params.ts";
export { GenerateReport } from "./generate-report.tsx";
export { Search } from "./product-search.tsx";

function TopTable({ title, rows, value }: { title: string; rows: ProductRow[]; value: (r: ProductRow) => string }) {
  return (
    <Card size="2">
      <Heading as="h3" size="3" mb="2">
        {title}
      </Heading>
      {rows.length ? (
        <ScrollTable label={title} size="1">
          <Table.Body>
            {rows.map((r, i) => (
              <Table.Row key={r.name}>
                <Table.Cell width="36px">
                  <Text color="gray">{i + 1}</Text>
                </Table.Cell>
                <Table.RowHeaderCell>{r.name}</Table.RowHeaderCell>
                <Table.Cell justify="end" className="vb-figure">
                  {value(r)}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </ScrollTable>
      ) : (
        <Text color="gray" size="2">
          No product data available
        </Text>
      )}
    </Card>
  );
}

/** The analytics could not be read: the reason, in place of the tables. */
export function ProductsFailed() {
  const error = useAsyncError();
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>
        Failed to fetch product data{error instanceof Error && error.message ? `: ${error.message}` : ""}
      </Callout.Text>
    </Callout.Root>
  );
}

const TAB_LABELS: Record<Tab, string> = {
  all: "All Products",
  top: "Top Performers",
  distribution: "Machine Distribution",
};

/** Shown in a tab whose figures are still on their way (the loader is answering the new URL). */
function Pending() {
  return (
    <Text as="p" color="gray" size="2" mt="3">
      Loading data...
    </Text>
  );
}

/**
 * The three tabs over the loader's view. The tab shown is the URL's; while the loader answers a new
 * URL the page keeps the view it has (app/routes/admin.products.tsx), so a tab it holds no figures
 * for says so until they arrive.
 */
export function ProductTables({ view, tab: loadedTab }: { view: ProductView; tab: Tab }) {
  const hydrated = useHydrated();
  const [params, setSearchParams] = useSearchParams();
  // The tab follows a click at once: while the loader answers the new URL the tab shown is the one
  // asked for, so a second click (back to the tab still loaded) is a change too, not lost.
  const navigation = useNavigation();
  const location = useLocation();
  const asked =
    navigation.location?.pathname === location.pathname
      ? (new URLSearchParams(navigation.location.search).get("tab") ?? "all")
      : null;
  const tab: Tab = asked !== null && (TABS as readonly string[]).includes(asked) ? (asked as Tab) : loadedTab;
  const empty = !view.productCount ? "No products found in the system" : "No products match your search criteria";
  const chosen = view.distribution?.chosen ?? null;

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(next) =>
        // Changing tab clears the chosen product (and starts the tables at their first page).
        setSearchParams((current) => withParams(current, { tab: next === "all" ? null : next, ...START_OVER }), {
          replace: true,
          preventScrollReset: true,
        })
      }
    >
      <Tabs.List size={{ initial: "1", sm: "2" }} className="vb-tabs">
        {TABS.map((value) =>
          hydrated ? (
            <Tabs.Trigger key={value} value={value}>
              {TAB_LABELS[value]}
            </Tabs.Trigger>
          ) : (
            // Before the scripts have loaded each tab is a link to its view (styled as Radix's tab).
            <Link
              key={value}
              to={linkWith(params, { tab: value === "all" ? null : value, ...START_OVER })}
              preventScrollReset
              role="tab"
              aria-selected={value === tab}
              data-state={value === tab ? "active" : "inactive"}
              className="rt-reset rt-BaseTabListTrigger rt-TabsTrigger"
            >
              <span className="rt-BaseTabListTriggerInner">{TAB_LABELS[value]}</span>
              <span className="rt-BaseTabListTriggerInnerHidden">{TAB_LABELS[value]}</span>
            </Link>
          ),
        )}
      </Tabs.List>
      <Tabs.Content value="all">
        {view.list ? (
          <>
            <Card size="1" mt="3">
              {view.list.rows.length ? (
                <ScrollTable label="All products" size="2">
                  <Table.Header>
                    <Table.Row>
                      <Table.ColumnHeaderCell>Product Name</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Total Sales</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Revenue</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Machines</Table.ColumnHeaderCell>
                      <Table.ColumnHeaderCell justify="end">Cost</Table.ColumnHeaderCell>
                    </Table.Row>
                  </Table.Header>
                  <Table.Body>
                    {view.list.rows.map((p) => (
                      <Table.Row key={p.name}>
                        <Table.RowHeaderCell>{p.name}</Table.RowHeaderCell>
                        <Table.Cell justify="end" className="vb-figure">
                          {formatUnits(p.totalSales)}
                        </Table.Cell>
                        <Table.Cell justify="end" className="vb-figure">
                          {formatPence(p.totalRevenuePence)}
                        </Table.Cell>
                        <Table.Cell justify="end" className="vb-figure">
                          {formatUnits(p.machines)}
                        </Table.Cell>
                        <Table.Cell justify="end" className="vb-figure" style={{ whiteSpace: "nowrap" }}>
                          {formatPence(p.costPence)}
                          {/* The cost list's cost in force today, marked; else (unmarked) the latest sale's. */}
                          {p.costFromList ? (
                            <Text as="div" size="1" color="gray">
                              cost list
                            </Text>
                          ) : null}
                        </Table.Cell>
                      </Table.Row>
                    ))}
                  </Table.Body>
                </ScrollTable>
              ) : (
                <Text as="p" color="gray" align="center" my="5">
                  {empty}
                </Text>
              )}
            </Card>
            <Pager info={view.list.page} label="Products" name={PAGE_PARAM} />
          </>
        ) : (
          <Pending />
        )}
      </Tabs.Content>
      <Tabs.Content value="top">
        {view.top ? (
          <Grid columns={{ initial: "1", md: "2" }} gap="4" mt="3">
            <TopTable
              title="Top 10 by Sales"
              rows={view.top.bySales}
              value={(p) => `${formatUnits(p.totalSales)} sold`}
            />
            <TopTable
              title="Top 10 by Revenue"
              rows={view.top.byRevenue}
              value={(p) => formatPence(p.totalRevenuePence)}
            />
          </Grid>
        ) : (
          <Pending />
        )}
      </Tabs.Content>
      <Tabs.Content value="distribution">
        {view.distribution ? (
          <Box mt="3">
            {view.matching ? (
              <>
                <Flex gap="2" wrap="wrap" mb="4">
                  {view.distribution.choices.map((p) => (
                    <Button key={p.name} asChild variant={chosen?.product.name === p.name ? "solid" : "soft"}>
                      <Link
                        to={linkWith(params, { product: p.name, [MACHINE_PAGE_PARAM]: null })}
                        replace
                        preventScrollReset
                        aria-current={chosen?.product.name === p.name ? "true" : undefined}
                      >
                        {p.name} ({formatUnits(p.totalSales)})
                      </Link>
                    </Button>
                  ))}
                </Flex>
                {chosen ? (
                  <Card size="2">
                    <Heading as="h3" size="4" mb="1">
                      {chosen.product.name}
                    </Heading>
                    <Text as="p" color="gray" size="2" mb="3">
                      This product is sold in {chosen.product.machines} machine(s)
                    </Text>
                    <ScrollTable label={`Machines selling ${chosen.product.name}`} size="2">
                      <Table.Header>
                        <Table.Row>
                          <Table.ColumnHeaderCell>Machine Location</Table.ColumnHeaderCell>
                          <Table.ColumnHeaderCell justify="end">Units Sold</Table.ColumnHeaderCell>
                          <Table.ColumnHeaderCell justify="end">% of Total</Table.ColumnHeaderCell>
                        </Table.Row>
                      </Table.Header>
                      <Table.Body>
                        {chosen.machines.map((m) => (
                          <Table.Row key={m.id}>
                            <Table.RowHeaderCell>{m.location}</Table.RowHeaderCell>
                            <Table.Cell justify="end" className="vb-figure">
                              {formatUnits(m.unitsSold)}
                            </Table.Cell>
                            <Table.Cell justify="end" className="vb-figure">
                              {m.percent}%
                            </Table.Cell>
                          </Table.Row>
                        ))}
                      </Table.Body>
                    </ScrollTable>
                    <Pager info={chosen.page} label={`${chosen.product.name} machines`} name={MACHINE_PAGE_PARAM} />
                  </Card>
                ) : (
                  <Text color="gray">Select a product from above to view its distribution across machines</Text>
                )}
              </>
            ) : (
              <Text color="gray">{empty}</Text>
            )}
          </Box>
        ) : (
          <Pending />
        )}
      </Tabs.Content>
    </Tabs.Root>
  );
}
