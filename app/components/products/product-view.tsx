/**
 * Products Analytics' view (app/routes/admin.products.tsx): the search, the three tabs with their
 * tables, and Generate Report. The search, the tab, the chosen product and the tables' pages live
 * in the URL (`?q=`, `?tab=`, `?product=`, `?page=` for All Products, `?machinePage=` for the chosen
 * product's machines); the loader answers what they show (productView). With JavaScript they change
 * it in place (replacing the history entry), before the scripts have loaded they are a GET form and links.
 */
import {
  Box,
  Button,
  Callout,
  Card,
  Dialog,
  Flex,
  Grid,
  Heading,
  Table,
  Tabs,
  Text,
  TextField,
} from "@radix-ui/themes";
import { DownloadIcon, MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { Form, Link, useAsyncError, useLocation, useNavigation, useSearchParams } from "@remix-run/react";
import { useState } from "react";
import { formatMonth } from "#domain/shared/dates.ts";
import { formatPounds } from "#domain/shared/money.ts";
import { formatUnits } from "#domain/shared/format.ts";
import { formatLongDay } from "#domain/products/product-rules.ts";
import type { ProductRow, ProductView } from "#domain/products/product-service.ts";
import { useHydrated } from "../forms.tsx";
import { MonthPicker } from "../month-picker.tsx";
import { Pager } from "../pager.tsx";
import { useToast } from "../toaster.tsx";
import { ScrollTable } from "../scroll-table.tsx";

export const TABS = ["all", "top", "distribution"] as const;
export type Tab = (typeof TABS)[number];

/** The URL parameters of All Products' page and of the chosen product's machines' page. */
export const PAGE_PARAM = "page";
export const MACHINE_PAGE_PARAM = "machinePage";

/** Changing the search or the tab starts over: no product chosen, the first pages. */
const START_OVER = { product: null, [PAGE_PARAM]: null, [MACHINE_PAGE_PARAM]: null };

/** The view's filters in the URL: the search, the tab and the product chosen in Machine Distribution. */
export function productFilters(params: URLSearchParams): { q: string; tab: Tab; product: string | null } {
  const tab = TABS.find((t) => t === params.get("tab")) ?? "all";
  return { q: params.get("q") ?? "", tab, product: (tab === "distribution" && params.get("product")) || null };
}

/**
 * The page's search parameters with some changed (null or "" removes one), as a new object: the
 * one useSearchParams gives is the rendered URL's and must not change.
 */
export function withParams(current: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(name);
    else params.set(name, value);
  }
  return params;
}

/** A link's `to` for the page with some search parameters changed. */
const linkWith = (current: URLSearchParams, changes: Record<string, string | null>) =>
  `?${withParams(current, changes)}`;

const reportUrl = (month: string) => `/api/products/report?month=${month}`;

/** Generate Report: the dialog with the period (with JavaScript), the workbook's link either way. */
export function GenerateReport({
  month,
  range,
  onMonth,
}: {
  month: string;
  range: { from: string; to: string };
  onMonth: (m: string) => void;
}) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const toast = useToast();
  if (!hydrated) {
    return (
      <Button asChild>
        <a href={reportUrl(month)} download={`product-sales-${month}.xlsx`}>
          <DownloadIcon /> Generate Report
        </a>
      </Button>
    );
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
            onApply={onMonth}
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
          <Button asChild>
            {/* The browser downloads the workbook; the notice says it has been generated. */}
            <a
              href={reportUrl(month)}
              download={`product-sales-${month}.xlsx`}
              onClick={() => {
                toast({
                  title: "Report Generated",
                  description: `The product sales report for ${formatMonth(month)} has been generated.`,
                });
                setOpen(false);
              }}
            >
              Generate Report
            </a>
          </Button>
        </Flex>
      </Dialog.Content>
    </Dialog.Root>
  );
}

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

export function Search({ q }: { q: string }) {
  const [, setSearchParams] = useSearchParams();
  // Typed text shows at once; the URL follows (replacing the entry, so Back leaves the page).
  const [query, setQuery] = useState(q);
  const [seen, setSeen] = useState(q);
  if (q !== seen) {
    setSeen(q);
    setQuery(q);
  }
  return (
    <Form method="get" role="search" preventScrollReset replace>
      <TextField.Root
        name="q"
        placeholder="Search products..."
        aria-label="Search products"
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          // Changing the search clears the chosen product.
          setSearchParams((current) => withParams(current, { q: e.target.value, ...START_OVER }), {
            replace: true,
            preventScrollReset: true,
          });
        }}
      >
        <TextField.Slot>
          <MagnifyingGlassIcon />
        </TextField.Slot>
      </TextField.Root>
      <SearchKeeps />
    </Form>
  );
}

/** The search form without JavaScript keeps the month and the tab. */
function SearchKeeps() {
  const [params] = useSearchParams();
  return (
    <>
      {["month", "tab"].map((name) =>
        params.get(name) ? <input key={name} type="hidden" name={name} value={params.get(name)!} /> : null,
      )}
    </>
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
                          {formatPounds(p.totalRevenue)}
                        </Table.Cell>
                        <Table.Cell justify="end" className="vb-figure">
                          {formatUnits(p.machines)}
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
            <TopTable title="Top 10 by Revenue" rows={view.top.byRevenue} value={(p) => formatPounds(p.totalRevenue)} />
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
