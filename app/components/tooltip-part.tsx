/** Radix Themes' Tooltip, the chunk lazy-tooltip.tsx fetches once a page has hydrated. */
export { Tooltip } from "@radix-ui/themes";
