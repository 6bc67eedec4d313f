/**
 * A wide table on a phone: the table scrolls sideways inside its card, its first column
 * stays in place while the rest scrolls under it, and a shadow on the right edge shows while there
 * is more to the right. Use it instead of Radix Themes' `Table.Root` for any table that can be wider
 * than a 375px screen; its children are the usual `Table.Header` / `Table.Body`.
 *
 * Why not `Table.Root` itself: its scroll area (a Radix ScrollArea) is rendered with
 * `overflow: hidden` on the server and only scrolls once hydrated, and it takes no props for the
 * scroll viewport, which must be focusable and named for keyboard users (axe's
 * scrollable-region-focusable). So this renders the same markup and class names as `Table.Root`
 * (div.rt-TableRoot > table.rt-TableRootTable, so Radix Themes' sizes and variants apply) with a
 * plain scrolling div between them: it scrolls without JavaScript, and the CSS in
 * scroll-table.css draws the sticky column and the scroll shadow with no JavaScript either.
 */
import "./scroll-table.css";
import { Box } from "@radix-ui/themes";
import type { ComponentProps, ReactNode } from "react";

type MarginProps = Pick<ComponentProps<typeof Box>, "m" | "mt" | "mb" | "mx" | "my">;

export function ScrollTable({
  label,
  size = "2",
  variant = "ghost",
  stickyFirstColumn = true,
  minWidth,
  cards = false,
  children,
  ...margin
}: MarginProps & {
  /** Names the scroll region for screen readers, e.g. "My fee payments". */
  label: string;
  size?: "1" | "2" | "3";
  variant?: "ghost" | "surface";
  stickyFirstColumn?: boolean;
  /** Below this width the table scrolls rather than squeezing its columns. */
  minWidth?: number;
  /**
   * Below 768px each row becomes a card with its cells stacked and named by their `data-label`
   * (scroll-table.css), instead of scrolling sideways: for tables whose every row has money and
   * actions that must be on a phone's screen.
   */
  cards?: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      {...margin}
      className={`rt-TableRoot rt-r-size-${size} rt-variant-${variant} vb-scroll-table${cards ? " vb-card-table" : ""}`}
    >
      <div
        className="vb-scroll-table-viewport"
        role="region"
        tabIndex={0}
        aria-label={label}
        data-sticky-first={stickyFirstColumn ? "" : undefined}
      >
        <table className="rt-TableRootTable" style={minWidth ? { minWidth } : undefined}>
          {children}
        </table>
      </div>
    </Box>
  );
}

/** An icon-only action's word, shown beside its icon on a phone (which shows no tooltip); the button keeps its aria-label. */
export function PhoneLabel({ children }: { children: ReactNode }) {
  return (
    <span className="vb-phone-label" aria-hidden>
      {children}
    </span>
  );
}
