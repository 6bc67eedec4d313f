/**
 * Parts of a page its first load does without (first-load JavaScript at most 180 KB):
 * a dialog's body is its own chunk, fetched when the dialog first opens (or when its trigger is
 * pointed at or focused, so it is usually there by the click), with a spinner meanwhile. A closed
 * dialog renders no body, so the server's HTML and hydration are the same as with a static import.
 */
import { Flex, Spinner } from "@radix-ui/themes";
import { lazy, Suspense, type ComponentType, type ReactNode } from "react";

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
