/**
 * Radix Themes' Select, part for part (Root, Trigger, Content, Item), with
 * Radix Select's code (7.4 KB gzipped) a chunk of its own fetched when a select first renders. For
 * selects that appear only in dialogs or after hydration (first-load JavaScript): the
 * page's first load does without it. A select in the server's HTML keeps importing @radix-ui/themes.
 */
import type { Select as ThemesSelect } from "@radix-ui/themes";
import {
  createContext,
  forwardRef,
  lazy,
  Suspense,
  useContext,
  type ComponentProps,
  type ComponentPropsWithoutRef,
} from "react";

type Parts = typeof ThemesSelect;

/** The loaded parts, given by the loaded Root to the parts inside it. */
export const SelectParts = createContext<Parts | null>(null);

const LoadedRoot = lazy(() => import("./select-parts.tsx").then((m) => ({ default: m.LoadedSelectRoot })));

/** Nothing shows until Radix Select has arrived (usually within the dialog's opening animation). */
function Root(props: ComponentProps<Parts["Root"]>) {
  return (
    <Suspense fallback={null}>
      <LoadedRoot {...props} />
    </Suspense>
  );
}

function usePart<Name extends keyof Parts>(name: Name): Parts[Name] {
  const parts = useContext(SelectParts);
  if (!parts) throw new Error(`Select.${name} must be inside Select.Root`);
  return parts[name];
}

const Trigger = forwardRef<HTMLButtonElement, ComponentPropsWithoutRef<Parts["Trigger"]>>(
  function SelectTrigger(props, ref) {
    const Loaded = usePart("Trigger");
    return <Loaded {...props} ref={ref} />;
  },
);

const Content = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<Parts["Content"]>>(
  function SelectContent(props, ref) {
    const Loaded = usePart("Content");
    return <Loaded {...props} ref={ref} />;
  },
);

const Item = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<Parts["Item"]>>(function SelectItem(props, ref) {
  const Loaded = usePart("Item");
  return <Loaded {...props} ref={ref} />;
});

export const Select = { Root, Trigger, Content, Item };
