/**
 * /admin: the business at a glance, partner search, one card per partner, create, edit and delete.
 * The search and the page live in the URL (?q=, ?page=): the loader reads one page of 24 partners
 * and their figures, searched, counted and summed in SQL (listPartnerPage). The search is a GET
 * form that works before the scripts have loaded, and with them follows the typing (debounced,
 * replacing the history entry); a new search starts at page 1 (the form sends no page). The
 * dialogs' forms post to this route's action (app/utils/intents/partners.server.ts).
 */
import { Box, Button, Card, Flex, Grid, Heading, Spinner, Text, TextField } from "@radix-ui/themes";
import {
  BarChartIcon,
  CounterClockwiseClockIcon,
  FileTextIcon,
  GearIcon,
  MagnifyingGlassIcon,
  ReaderIcon,
  UploadIcon,
} from "@radix-ui/react-icons";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation, useRouteError, useSubmit } from "@remix-run/react";
import type { ActionReply } from "#app/utils/action-reply.ts";
import { useEffect, useRef } from "react";
import { monthLabel } from "#domain/month-close/month-close-rules.ts";
import { formatPence } from "#domain/shared/money.ts";
import { payables } from "#domain/commissions/commission-summary.ts";
import { getStats, listPartnerPage } from "#domain/partners/partner-service.ts";
import { receivablesTotals } from "#domain/receivables/account-service.ts";
import { pageRequest } from "#domain/shared/paging.ts";
import {
  announceAnswer,
  FailureCallout,
  useActionReply,
  useFailureToast,
  useHydrated,
} from "#app/components/forms.tsx";
import { LoadFailedCard, Page } from "#app/components/page.tsx";
import { Pager } from "#app/components/pager.tsx";
import { AddPartnerDialog } from "#app/components/partners/add-partner-dialog.tsx";
import { MoneyOwed } from "#app/components/partners/money-owed.tsx";
import { PartnerCard, PartnerCardIcons } from "#app/components/partners/partner-card.tsx";
import { StatCard } from "#app/components/stat-card.tsx";
import { runIntent } from "#app/utils/actions.server.ts";
import { db } from "#app/utils/db.server.ts";
import { partnerIntents } from "#app/utils/intents/partners.server.ts";
import { accountIntents } from "#app/utils/intents/accounts.server.ts";
import { requireAdmin } from "#app/utils/session.server.ts";

export const meta: MetaFunction = () => [{ title: "Admin Dashboard · Vendboard" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const params = new URL(request.url).searchParams;
  const q = params.get("q") ?? "";
  const [partners, stats, receivables, owed] = await Promise.all([
    listPartnerPage(db, { query: q, page: pageRequest(params) }),
    getStats(db),
    receivablesTotals(db),
    payables(db),
  ]);
  return { q, ...partners, stats, receivables, payables: owed };
}

/** Add Partner, and each card's Edit dialog (fields, Delete Partner). */
export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAdmin(request);
  return runIntent(request, { ...partnerIntents(request, admin, context), ...accountIntents(request, admin, context) });
}

/** How long the search waits after the last keystroke before it asks the server. */
const SEARCH_DEBOUNCE_MS = 250;

/** The partner search: a GET form (?q=); with JavaScript it follows the typing, without it the Search button sends it. */
function PartnerSearch({ q }: { q: string }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const searching =
    navigation.state === "loading" &&
    navigation.location.pathname === "/admin" &&
    new URLSearchParams(navigation.location.search).has("q");
  // The back button (or a link) changes ?q=: the box shows it, unless it is being typed in.
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.value = q;
  }, [q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return (
    <Form method="get" action="/admin" role="search" preventScrollReset>
      <Flex gap="2" align="center">
        <Box width={{ initial: "100%", sm: "320px" }}>
          <TextField.Root
            ref={input}
            name="q"
            placeholder="Search by name or username"
            aria-label="Search partners"
            defaultValue={q}
            type="search"
            onChange={(event) => {
              const form = event.currentTarget.form;
              clearTimeout(timer.current);
              timer.current = setTimeout(() => {
                if (form) void submit(form, { replace: true, preventScrollReset: true });
              }, SEARCH_DEBOUNCE_MS);
            }}
          >
            <TextField.Slot>
              <MagnifyingGlassIcon />
            </TextField.Slot>
            {searching ? (
              <TextField.Slot side="right">
                <Spinner />
              </TextField.Slot>
            ) : null}
          </TextField.Root>
        </Box>
        {hydrated ? null : (
          <Button type="submit" variant="soft">
            Search
          </Button>
        )}
      </Flex>
    </Form>
  );
}

export default function AdminDashboard() {
  const {
    q,
    total,
    matching,
    partners: shown,
    page,
    stats,
    receivables,
    payables: owed,
  } = useLoaderData<typeof loader>();
  const reply = useActionData<ActionReply>();
  useFailureToast(reply);
  useActionReply(reply);
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
          <Button asChild variant="soft">
            <Link to="/admin/accounting">
              <FileTextIcon /> Accounting Export
            </Link>
          </Button>
          <Button asChild variant="soft">
            <Link to="/admin/settings">
              <GearIcon /> Settings
            </Link>
          </Button>
          <AddPartnerDialog />
        </>
      }
    >
      <FailureCallout reply={reply} />
      <Grid columns={{ initial: "1", xs: "2", md: "3" }} gap="3" mb="6">
        <StatCard label="Total Partners" value={stats.totalPartners} />
        <StatCard label="Revenue" value={formatPence(stats.currentMonthRevenuePence)} note={month} />
        <StatCard label="Net Profit" value={formatPence(stats.currentMonthNetProfitPence)} note={month} />
        <StatCard label="Commission" value={formatPence(stats.currentMonthCommissionPence)} note={month} />
        <StatCard label="All-time Revenue" value={formatPence(stats.allTimeRevenuePence)} />
        <StatCard label="All-time Net Profit" value={formatPence(stats.allTimeNetProfitPence)} />
      </Grid>
      <MoneyOwed receivables={receivables} payables={owed} />

      <Flex
        direction={{ initial: "column", sm: "row" }}
        justify="between"
        align={{ initial: "stretch", sm: "center" }}
        gap="3"
        mb="4"
      >
        <Heading as="h2" size="5" id="partners">
          Partners{" "}
          <Text color="gray" size="3" weight="regular">
            ({matching === total ? total : `${matching} of ${total}`})
          </Text>
        </Heading>
        <PartnerSearch q={q} />
      </Flex>

      {shown.length ? (
        <>
          <PartnerCardIcons />
          <Grid columns={{ initial: "1", sm: "2", lg: "3" }} gap="4">
            {shown.map((partner) => (
              <PartnerCard key={partner.id} partner={partner} />
            ))}
          </Grid>
          <Pager info={page} label="Partners" hash="partners" />
        </>
      ) : (
        <Card size="3">
          <Text as="p" color="gray" align="center">
            {total ? `No partners match “${q}”.` : "No partners yet. Add the first one with Add Partner."}
          </Text>
        </Card>
      )}
    </Page>
  );
}

export function ErrorBoundary() {
  return <LoadFailedCard title="Failed to fetch partners" error={useRouteError()} />;
}

export const clientAction = announceAnswer;
