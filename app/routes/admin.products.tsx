/**
 * /admin/products: Products Analytics: best sellers, search, where each product sells, and the month's report.
 * The loader reads the report month (`?month=`) and hands the analytics over unawaited, so the page
 * streams with 'Loading product data...' and the tables follow (<Await>). Search, tab and the chosen
 * product live in the URL too (`?q=`, `?tab=`, `?product=`), read from it by `productFilters` as the
 * page renders (on the server too); changing only them filters the list already loaded
 * (shouldRevalidate), without running the analytics query again.
 * Without JavaScript the search, tabs, product choices and month picker are GET forms and links,
 * and Generate Report is the workbook's link.
 */
import { Box, Button, Callout, Card, Dialog, Flex, Grid, Heading, Table, Tabs, Text, TextField } from "@radix-ui/themes";
import { DownloadIcon, MagnifyingGlassIcon } from "@radix-ui/react-icons";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Await, Form, Link, useAsyncError, useLoaderData, useNavigation, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { Suspense, useMemo, useState } from "react";
import { currentMonth, formatMonth, isoDay, parseMonth } from "#domain/dates.ts";
import { formatPounds } from "#domain/money.ts";
import {
  distribution,
  distributionChoices,
  formatLongDay,
  monthRange,
  pickerYears,
  searchProducts,
  topBy,
  type ProductAnalyticsRecord,
} from "#domain/product-analytics.ts";
import { productAnalytics } from "#domain/product-service.ts";
import { useHydrated } from "#app/components/forms.tsx";
import { MonthPicker, pickedMonth } from "#app/components/month-picker.tsx";
import { Page } from "#app/components/page.tsx";
import { useToast } from "#app/components/toaster.tsx";
import { db } from "#app/utils/db.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Products Analytics · Vendboard" }];

/** One month before today up to today, until a month is applied. */
function defaultRange(today = new Date()) {
  const before = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, today.getUTCDate()));
  return { from: isoDay(before), to: isoDay(today) };
}

/** A month the picker offers (its years, any month), else null. */
function offeredMonth(value: string | null): string | null {
  const month = value ? parseMonth(value) : null;
  return month && month === value && pickerYears().includes(Number(month.slice(0, 4))) ? month : null;
}

const TABS = ["all", "top", "distribution"] as const;
type Tab = (typeof TABS)[number];

/** The view's filters in the URL: the search, the tab and the product chosen in Machine Distribution. */
function productFilters(params: URLSearchParams): { q: string; tab: Tab; product: string | null } {
  const tab = TABS.find((t) => t === params.get("tab")) ?? "all";
  return { q: params.get("q") ?? "", tab, product: (tab === "distribution" && params.get("product")) || null };
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  // The month picker's form without JavaScript sends the month and the year apart.
  const picked = pickedMonth(params);
  if (picked) throw redirect(`/admin/products${picked.search}`);
  const applied = offeredMonth(params.get("month"));
  const month = applied ?? currentMonth();
  return {
    month,
    range: applied ? monthRange(applied) : defaultRange(),
    // Not awaited: streamed to <Await> after the page (the spec's 'Loading product data...').
    products: productAnalytics(db),
  };
}

/** The analytics do not depend on the search, tab or product: changing only those keeps the list loaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  const same = (name: string) => currentUrl.searchParams.get(name) === nextUrl.searchParams.get(name);
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.search !== nextUrl.search && same("month") && !nextUrl.searchParams.has("year")) return false;
  return defaultShouldRevalidate;
};

/**
 * The page's search parameters with some changed (null or "" removes one), as a new object: the
 * one useSearchParams gives is the rendered URL's and must not change.
 */
function withParams(current: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const params = new URLSearchParams(current);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(name);
    else params.set(name, value);
  }
  return params;
}

/** A link's `to` for the page with some search parameters changed. */
const linkWith = (current: URLSearchParams, changes: Record<string, string | null>) => `?${withParams(current, changes)}`;

const reportUrl = (month: string) => `/api/products/report?month=${month}`;

/** Generate Report: the dialog with the period (with JavaScript), the workbook's link either way. */
function GenerateReport({ month, range, onMonth }: { month: string; range: { from: string; to: string }; onMonth: (m: string) => void }) {
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
                toast({ title: "Report Generated", description: `The product sales report for ${formatMonth(month)} has been generated.` });
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

/** The analytics could not be read: the reason, in place of the tables. */
function ProductsFailed() {
  const error = useAsyncError();
  return (
    <Callout.Root color="red" role="alert">
      <Callout.Text>Failed to fetch product data{error instanceof Error && error.message ? `: ${error.message}` : ""}</Callout.Text>
    </Callout.Root>
  );
}

function Search({ q }: { q: string }) {
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
          setSearchParams((current) => withParams(current, { q: e.target.value, product: null }), { replace: true, preventScrollReset: true });
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
      {["month", "tab"].map((name) => (params.get(name) ? <input key={name} type="hidden" name={name} value={params.get(name)!} /> : null))}
    </>
  );
}

const TAB_LABELS: Record<Tab, string> = { all: "All Products", top: "Top Performers", distribution: "Machine Distribution" };

function ProductTables({ products, query, tab, product }: { products: ProductAnalyticsRecord[]; query: string; tab: Tab; product: string | null }) {
  const hydrated = useHydrated();
  const [params, setSearchParams] = useSearchParams();
  const shown = useMemo(() => searchProducts(products, query), [products, query]);
  const chosen = product ? (shown.find((p) => p.name === product) ?? null) : null;
  const empty = !products.length ? "No products found in the system" : "No products match your search criteria";

  return (
    <Tabs.Root
      value={tab}
      onValueChange={(next) =>
        // Changing tab clears the chosen product.
        setSearchParams((current) => withParams(current, { tab: next === "all" ? null : next, product: null }), { replace: true, preventScrollReset: true })
      }
    >
      <Tabs.List>
        {TABS.map((value) =>
          hydrated ? (
            <Tabs.Trigger key={value} value={value}>
              {TAB_LABELS[value]}
            </Tabs.Trigger>
          ) : (
            // Before the scripts have loaded each tab is a link to its view (styled as Radix's tab).
            <Link
              key={value}
              to={linkWith(params, { tab: value === "all" ? null : value, product: null })}
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
                  <Button key={p.name} asChild variant={chosen?.name === p.name ? "solid" : "soft"}>
                    <Link to={linkWith(params, { product: p.name })} replace preventScrollReset aria-current={chosen?.name === p.name ? "true" : undefined}>
                      {p.name} ({p.totalSales})
                    </Link>
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
  );
}

/**
 * Without JavaScript a streamed part stays hidden where React put it (its script never runs):
 * show it, and not its loading text. With JavaScript a <noscript> is inert.
 */
// No quotes: React escapes them in the server's HTML, which a <noscript> then reads as they are.
const NO_SCRIPT_STREAM = "div[hidden][id^=S\\:]{display:block!important}.vb-streamed-fallback{display:none}";

export default function ProductsAnalytics() {
  const { month, range, products } = useLoaderData<typeof loader>();
  const [params, setSearchParams] = useSearchParams();
  const filters = productFilters(params);
  const navigation = useNavigation();
  // A new month runs the loader again: the tables loaded stay while it does.
  const reloading =
    navigation.state === "loading" &&
    navigation.location.pathname === "/admin/products" &&
    new URLSearchParams(navigation.location.search).get("month") !== params.get("month");
  const applyMonth = (m: string) =>
    setSearchParams((current) => withParams(current, { month: m }), { preventScrollReset: true });

  return (
    <Page
      title="Products Analytics"
      description={`Sales by product across every machine, all time. Report month: ${formatMonth(month)} (${formatLongDay(range.from)} - ${formatLongDay(range.to)}).`}
      actions={
        <>
          <MonthPicker month={month} onApply={applyMonth} />
          <GenerateReport month={month} range={range} onMonth={applyMonth} />
        </>
      }
    >
      <noscript>
        <style>{NO_SCRIPT_STREAM}</style>
      </noscript>
      <Box mb="4" maxWidth="420px">
        <Search q={filters.q} />
      </Box>
      <Suspense
        fallback={
          <Text color="gray" className="vb-streamed-fallback">
            Loading product data...
          </Text>
        }
      >
        <Await resolve={products} errorElement={<ProductsFailed />}>
          {(records) => <ProductTables products={records} query={filters.q} tab={filters.tab} product={filters.product} />}
        </Await>
      </Suspense>
      {reloading ? (
        <Text as="p" size="1" color="gray" mt="2">
          Loading data...
        </Text>
      ) : null}
    </Page>
  );
}
