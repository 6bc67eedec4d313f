/**
 * /admin/products: Products Analytics: best sellers, search, where each product sells, and the month's report.
 * The loader reads the report month (`?month=`) and hands the analytics over unawaited, so the page
 * streams with 'Loading product data...' and the tables follow (<Await>). Search, tab and the chosen
 * product live in the URL too (`?q=`, `?tab=`, `?product=`), read from it by `productFilters` as the
 * page renders (on the server too); changing only them filters the list already loaded
 * (shouldRevalidate), without running the analytics query again. The view's parts are in
 * app/components/products/product-view.tsx.
 */
import { Box, Text } from "@radix-ui/themes";
import { redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Await, useLoaderData, useNavigation, useSearchParams, type ShouldRevalidateFunction } from "@remix-run/react";
import { Suspense } from "react";
import { currentMonth, formatMonth, isoDay, parseMonth } from "#domain/shared/dates.ts";
import { formatLongDay, monthRange, pickerYears } from "#domain/products/product-rules.ts";
import { productAnalytics } from "#domain/products/product-service.ts";
import { MonthPicker, pickedMonth } from "#app/components/month-picker.tsx";
import { Page } from "#app/components/page.tsx";
import { GenerateReport, ProductsFailed, ProductTables, Search, productFilters, withParams } from "#app/components/products/product-view.tsx";
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
