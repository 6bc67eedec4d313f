/**
 * Page links for a list cut on the server (`?page=`, see domain/shared/paging.ts): plain links, so
 * they work before the scripts load, keep the view's other search parameters, and the back button
 * steps through pages. Shows "25–48 of 1,000" and nothing else when everything fits on one page.
 * Given the list's id (`hash`), a new page opens at the list's start, with or without JavaScript
 * (the pager sits below the list: without it, Next would show the bottom of the next page).
 */
import { ChevronLeftIcon, ChevronRightIcon } from "@radix-ui/react-icons";
import { Button, Flex, Text } from "@radix-ui/themes";
import { Link, useLocation } from "@remix-run/react";
import { rangeLabel, type PageInfo } from "#domain/shared/paging.ts";

/** The URL of another page of this view: its other parameters kept, page 1 written as no parameter; at the list's id if given. */
export function pageHref(search: string, page: number, name = "page", hash?: string): string {
  const params = new URLSearchParams(search);
  params.delete("index");
  if (page <= 1) params.delete(name);
  else params.set(name, String(page));
  const query = params.toString();
  return (query ? `?${query}` : "?") + (hash ? `#${hash}` : "");
}

export function Pager({
  info,
  label,
  name = "page",
  hash,
}: {
  info: PageInfo;
  /** What the list holds, for screen readers: "Partners". */
  label: string;
  name?: string;
  /** The id of the list's start (its heading): each page opens there. Without it, with JavaScript, the scroll stays where it is. */
  hash?: string;
}) {
  const { search } = useLocation();
  if (info.pageCount <= 1) return null;
  const step = (page: number, children: React.ReactNode, rel: "prev" | "next", disabled: boolean) =>
    disabled ? (
      <Button variant="soft" color="gray" disabled aria-label={rel === "prev" ? "Previous page" : "Next page"}>
        {children}
      </Button>
    ) : (
      <Button asChild variant="soft" color="gray">
        <Link
          to={pageHref(search, page, name, hash)}
          rel={rel}
          preventScrollReset={!hash}
          aria-label={rel === "prev" ? "Previous page" : "Next page"}
        >
          {children}
        </Link>
      </Button>
    );
  return (
    <Flex asChild align="center" justify="between" gap="3" mt="4" wrap="wrap">
      <nav aria-label={`${label} pages`}>
        <Text size="2" color="gray" aria-live="polite">
          {rangeLabel(info)} · page {info.page} of {info.pageCount}
        </Text>
        <Flex gap="2">
          {step(
            info.page - 1,
            <>
              <ChevronLeftIcon /> Previous
            </>,
            "prev",
            info.page <= 1,
          )}
          {step(
            info.page + 1,
            <>
              Next <ChevronRightIcon />
            </>,
            "next",
            info.page >= info.pageCount,
          )}
        </Flex>
      </nav>
    </Flex>
  );
}
