/**
 * A tooltip whose code (Radix Tooltip, Popper, floating-ui) is not in the page's first load: until
 * its chunk has arrived, fetched once the page has hydrated, the trigger is shown alone, and the
 * server's HTML is the same either way (a tooltip adds no element until it opens). Theme no longer
 * provides Radix Tooltip's context (scripts/vite-radix-patches.ts); each tooltip brings its own.
 */
import { useEffect, useState, type ComponentProps, type ComponentType, type ReactElement } from "react";
import type { Tooltip as ThemesTooltip } from "@radix-ui/themes";

type TooltipProps = ComponentProps<typeof ThemesTooltip>;
let loaded: ComponentType<TooltipProps> | undefined;
let loading: Promise<ComponentType<TooltipProps>> | undefined;
const load = () =>
  (loading ??= import("./tooltip-part.tsx").then((m) => {
    loaded = m.Tooltip;
    return m.Tooltip;
  }));

export function Tooltip({ content, children }: { content: TooltipProps["content"]; children: ReactElement }) {
  const [Part, setPart] = useState(() => loaded);
  useEffect(() => {
    if (!Part) void load().then((component) => setPart(() => component));
  }, [Part]);
  return Part ? <Part content={content}>{children}</Part> : children;
}
