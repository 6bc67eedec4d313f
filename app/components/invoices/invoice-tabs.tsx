/**
 * Invoices by status in tabs that live in the URL (`?status=`, none for 'all'): each tab is a link,
 * so the view can be bookmarked, reloaded and shared, the back button works and the tabs work
 * before the scripts have loaded. The loader filters (statusFromUrl); the panel shows its table or
 * the empty text, dimmed while another tab loads. Arrow keys move between the tabs. A tab's link
 * starts at its first page (a list cut in pages keeps its page in `?page=`), and shows the tab's
 * count when the page gives one.
 */
import "./invoice-tabs.css";
import { Card, Text } from "@radix-ui/themes";
import { formatUnits } from "#domain/shared/format.ts";
import { Link, useLocation, useNavigation } from "@remix-run/react";
import { useId, type KeyboardEvent, type ReactNode } from "react";
import { INVOICE_STATUSES, type InvoiceStatus } from "#domain/invoices/invoice-rules.ts";

export type InvoiceTabValue = "all" | InvoiceStatus;
export type InvoiceTab = { value: InvoiceTabValue; label: string };

/** The tab `?status=` names, if it is one of `tabs`; 'all' otherwise. */
export function statusFromUrl(url: string, tabs: readonly InvoiceTab[]): InvoiceTabValue {
  const asked = new URL(url).searchParams.get("status");
  const known = INVOICE_STATUSES.find((s) => s === asked);
  return known && tabs.some((t) => t.value === known) ? known : "all";
}

/** The status filter of listInvoices for a tab. */
export const statusFilter = (tab: InvoiceTabValue): InvoiceStatus | undefined => (tab === "all" ? undefined : tab);

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1 };
  if (!(event.key in keys) && event.key !== "Home" && event.key !== "End") return;
  const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
  const at = tabs.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === "Home"
      ? 0
      : event.key === "End"
        ? tabs.length - 1
        : (at + keys[event.key] + tabs.length) % tabs.length;
  event.preventDefault();
  tabs[next]?.focus();
}

export function InvoiceTabs({
  tabs,
  current,
  label,
  count,
  counts,
  empty,
  framed = false,
  hash,
  children,
}: {
  tabs: readonly InvoiceTab[];
  /** The tab the loader filtered by. */
  current: InvoiceTabValue;
  /** The tab list's accessible name. */
  label: string;
  /** How many invoices the tab shows (the empty text for none). */
  count: number;
  /** Each tab's count over every page, shown beside its label. */
  counts?: Partial<Record<InvoiceTabValue, number>>;
  empty: string;
  /** In a card of its own (a page's main list) rather than inside one already. */
  framed?: boolean;
  /** Where the page opens after a tab is followed without JavaScript (the section's id). */
  hash?: string;
  children: ReactNode;
}) {
  const id = useId();
  const location = useLocation();
  const navigation = useNavigation();
  const switching =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    navigation.formMethod === undefined;
  const tabId = (value: InvoiceTabValue) => `${id}-tab-${value}`;
  const panelId = `${id}-panel`;

  const linkTo = (value: InvoiceTabValue) => {
    const params = new URLSearchParams(location.search);
    params.delete("index");
    params.delete("page");
    if (value === "all") params.delete("status");
    else params.set("status", value);
    const search = params.toString();
    return { pathname: location.pathname, search: search ? `?${search}` : "", hash: hash ? `#${hash}` : "" };
  };

  const content = count ? (
    children
  ) : (
    <Text as="p" color="gray" align="center" my="5">
      {empty}
    </Text>
  );
  return (
    <div>
      <div
        role="tablist"
        aria-label={label}
        className="rt-BaseTabList rt-TabsList rt-r-size-2 vb-invoice-tabs"
        onKeyDown={moveFocus}
      >
        {tabs.map((tab) => {
          const active = tab.value === current;
          const n = counts?.[tab.value];
          const label = (
            <>
              {tab.label}
              {n === undefined ? null : (
                <span style={{ marginLeft: 6, opacity: 0.7, fontVariantNumeric: "tabular-nums" }}>
                  {formatUnits(n)}
                </span>
              )}
            </>
          );
          return (
            <Link
              key={tab.value}
              id={tabId(tab.value)}
              role="tab"
              aria-selected={active}
              aria-controls={active ? panelId : undefined}
              data-state={active ? "active" : "inactive"}
              className="rt-reset rt-BaseTabListTrigger rt-TabsTrigger"
              to={linkTo(tab.value)}
              preventScrollReset
            >
              <span className="rt-BaseTabListTriggerInner rt-TabsTriggerInner">{label}</span>
              <span className="rt-BaseTabListTriggerInnerHidden rt-TabsTriggerInnerHidden">{label}</span>
            </Link>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(current)}
        aria-busy={switching || undefined}
        className="rt-TabsContent"
        style={{ opacity: switching ? 0.6 : 1, transition: "opacity 120ms" }}
      >
        {framed ? (
          <Card size="1" mt="3">
            {content}
          </Card>
        ) : (
          content
        )}
      </div>
    </div>
  );
}
