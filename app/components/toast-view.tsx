/**
 * The toasts' UI (Radix Toast), a chunk of its own that toaster.tsx fetches once the page has
 * hydrated: the current toast (5 s, swipe right, F8) and the viewport it shows in.
 */
import * as Toast from "@radix-ui/react-toast";
import { Cross2Icon } from "@radix-ui/react-icons";
import { Card, Flex, IconButton, Text } from "@radix-ui/themes";
import { useEffect, useRef } from "react";
import type { ToastState } from "./toaster.tsx";

/**
 * The open toast's height (and the viewport's padding) as --vb-toast-room on <html>, so on a phone,
 * where the toast sits at the top, a dialog opened under it moves down by that much rather than
 * being covered (styles.css). Cleared when the toast goes.
 */
function useToastRoom(open: boolean) {
  const root = useRef<HTMLLIElement>(null);
  useEffect(() => {
    const el = root.current;
    const style = document.documentElement.style;
    if (!el || !open) return;
    const observer = new ResizeObserver(() => style.setProperty("--vb-toast-room", `${el.offsetHeight + 16}px`));
    observer.observe(el);
    return () => {
      observer.disconnect();
      style.removeProperty("--vb-toast-room");
    };
  }, [open]);
  return root;
}

export function ToastView({
  current,
  onOpenChange,
}: {
  current: ToastState | null;
  onOpenChange: (id: number, open: boolean) => void;
}) {
  const root = useToastRoom(Boolean(current?.open));
  return (
    <Toast.Provider duration={5000} swipeDirection="right" swipeThreshold={50}>
      {current ? (
        <Toast.Root
          key={current.id}
          ref={root}
          open={current.open}
          onOpenChange={(open) => onOpenChange(current.id, open)}
          className="vb-toast"
          data-variant={current.variant ?? "default"}
        >
          <Card
            style={
              current.variant === "destructive"
                ? { background: "var(--red-9)", color: "white" }
                : { background: "var(--color-panel-solid)" }
            }
          >
            <Flex gap="3" align="start" justify="between">
              <Flex direction="column" gap="1">
                <Toast.Title asChild>
                  <Text weight="bold" size="2">
                    {current.title}
                  </Text>
                </Toast.Title>
                {current.description ? (
                  <Toast.Description asChild>
                    <Text size="2">{current.description}</Text>
                  </Toast.Description>
                ) : null}
              </Flex>
              <Toast.Close asChild>
                <IconButton
                  size="1"
                  variant="ghost"
                  aria-label="Close"
                  style={current.variant === "destructive" ? { color: "white" } : undefined}
                >
                  <Cross2Icon />
                </IconButton>
              </Toast.Close>
            </Flex>
          </Card>
        </Toast.Root>
      ) : null}
      {/* An [aria-live] element stays exposed while a modal dialog hides the rest of the page, so
          toasts raised from dialogs are still read; "off" because Radix announces them itself. */}
      <Toast.Viewport className="vb-toast-viewport" hotkey={["F8"]} aria-live="off" />
    </Toast.Provider>
  );
}
