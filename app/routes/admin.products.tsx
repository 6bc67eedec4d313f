/**
 * /admin/products: Products Analytics: best sellers, search, where each product sells, and the month's report.
 * The loader reads the report month (`?month=`) and the view's URL (search `?q=`, `?tab=`, the chosen
 * `?product=`, the tables' pages `?page=` and `?machinePage=`), and hands over unawaited what that
 * view shows (productView: all-time figures from the product totals, each table cut in SQL), so the
 * page streams with 'Loading product data...' and the tables follow (<Await>). While a new URL loads,
 * the tables already shown stay, with 'Loading data...'. The view's parts are in
 * app/components/products/product-view.tsx.
 */
import { Box, Text } from "@radix-ui/themes";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Await, useActionData, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import { Suspense, useDeferredValue } from "react";
import { currentMonth, formatMonth, isoDay, parseMonth } from "#domain/shared/dates.ts";
import { formatLongDay, monthRange, pickerYears } from "#domain/products/product-rules.ts";
import { productView } from "#domain/products/product-service.ts";
import { costListView } from "#domain/products/cost-list-service.ts";
import { CostListSection } from "#app/components/products/cost-list-section.tsx";
import { runIntent, type ActionFailure } from "#app/utils/actions.server.ts";
import { productIntents, type CostQuestion } from "#app/utils/intents/products.server.ts";
import { PAGE_SIZE, pageRequest } from "#domain/shared/paging.ts";
import { MonthPicker, pickedMonth } from "#app/components/month-picker.tsx";
import { Page } from "#app/components/page.tsx";
import {
  GenerateReport,
  MACHINE_PAGE_PARAM,
  PAGE_PARAM,
  ProductsFailed,
  ProductTables,
  Search,
  productFilters,
  withParams,
} from "#app/components/products/product-view.tsx";
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

/** The cost list's rows shown on the page (by name); the API lists them all. */
const COSTS_SHOWN = 50;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  // The month picker's form without JavaScript sends the month and the year apart.
  const picked = pickedMonth(params);
  if (picked) throw redirect(`/admin/products${picked.search}`);
  const applied = offeredMonth(params.get("month"));
  const month = applied ?? currentMonth();
  const filters = productFilters(params);
  const today = isoDay(new Date());
  return {
    month,
    today,
    costList: await costListView(db, { on: today, limit: COSTS_SHOWN }),
    range: applied ? monthRange(applied) : defaultRange(),
    // Not awaited: streamed to <Await> after the page (the spec's 'Loading product data...').
    products: productView(db, {
      query: filters.q,
      tab: filters.tab,
      product: filters.product,
      page: pageRequest(params, PAGE_SIZE, PAGE_PARAM),
      machinePage: pageRequest(params, PAGE_SIZE, MACHINE_PAGE_PARAM),
    }),
  };
}

/** The cost list's changes: one product's cost, a sheet, and the confirmation adding names no product has. */
export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, productIntents(request, admin));
}

/**
 * Without JavaScript a streamed part stays hidden where React put it (its script never runs):
 * show it, and not its loading text. With JavaScript a <noscript> is inert.
 */
// No quotes: React escapes them in the server's HTML, which a <noscript> then reads as they are.
const NO_SCRIPT_STREAM = "div[hidden][id^=S\\:]{display:block!important}.vb-streamed-fallback{display:none}";

export default function ProductsAnalytics() {
  const { month, range, products, costList, today } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as ActionFailure | CostQuestion | undefined;
  const [params, setSearchParams] = useSearchParams();
  const filters = productFilters(params);
  const navigation = useNavigation();
  // The tables already shown stay while a new URL's arrive: React renders the view it has until the new one resolves.
  const shown = useDeferredValue(products);
  const reloading =
    shown !== products || (navigation.state === "loading" && navigation.location.pathname === "/admin/products");
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
        <Await resolve={shown} errorElement={<ProductsFailed />}>
          {(view) => <ProductTables view={view} tab={filters.tab} />}
        </Await>
      </Suspense>
      {reloading ? (
        <Text as="p" size="1" color="gray" mt="2">
          Loading data...
        </Text>
      ) : null}
      <CostListSection costs={costList.rows} total={costList.total} reply={reply} today={today} />
    </Page>
  );
}
