/** Products Analytics' URL: the tabs, the page parameters, the filters read from it and links that change some of them. */

export const TABS = ["all", "top", "distribution"] as const;
export type Tab = (typeof TABS)[number];

/** The URL parameters of All Products' page and of the chosen product's machines' page. */
export const PAGE_PARAM = "page";
export const MACHINE_PAGE_PARAM = "machinePage";

/** Changing the search or the tab starts over: no product chosen, the first pages. */
export const START_OVER = { product: null, [PAGE_PARAM]: null, [MACHINE_PAGE_PARAM]: null };

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
export const linkWith = (current: URLSearchParams, changes: Record<string, string | null>) =>
  `?${withParams(current, changes)}`;
