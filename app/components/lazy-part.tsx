/**
 * Parts of a page its first load does without (first-load JavaScript at most 180 KB):
 * a dialog's body is its own chunk, fetched when the dialog first opens (or when its trigger is
 * pointed at or focused, so it is usually there by the click), with a spinner meanwhile. A closed
 * dialog renders no body, so the server's HTML and hydration are the same as with a static import.
 */
import { Button, Flex, Spinner } from "@radix-ui/themes";
import { lazy, Suspense, useState, type ComponentType, type ReactNode } from "react";

/** React.lazy with a `preload()` that starts the fetch early; the chunk is fetched once. */
export function lazyPart<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const preload = () => (loading ??= load().then((component) => ({ default: component })));
  return Object.assign(lazy(preload), { preload });
}

/** Props for a dialog trigger that fetches the body's chunk before the click. */
export function preloadOn(preload: () => unknown) {
  return { onPointerEnter: () => void preload(), onFocus: () => void preload() };
}

/** Where a lazy dialog body goes: a spinner until its chunk has arrived. */
export function DialogPart({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Flex justify="center" p="6">
          <Spinner size="3" />
        </Flex>
      }
    >
      {children}
    </Suspense>
  );
}

/**
 * A read-only dialog mounted by its first opening: until then its trigger is a plain button of the
 * same look, so a page of machine cards does not build two Radix dialogs (their providers and a
 * fetcher each) per card on every request; that was about an eighth of the dashboard's server time.
 * Once clicked, `dialog(true)` is mounted open and stays mounted (Radix then returns focus to its
 * own trigger on closing).
 */
export function MountOnOpen({
  label,
  preload,
  dialog,
}: {
  label: string;
  preload: () => unknown;
  dialog: () => ReactNode;
}) {
  const [mounted, setMounted] = useState(false);
  if (mounted) return dialog();
  return (
    <Button
      variant="soft"
      size="2"
      aria-haspopup="dialog"
      aria-expanded={false}
      {...preloadOn(preload)}
      onClick={() => setMounted(true)}
    >
      {label}
    </Button>
  );
}
