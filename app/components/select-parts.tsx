/** The chunk lazy-select.tsx fetches: Radix Themes' Select, its Root handing the parts to lazy-select's parts. */
import { Select } from "@radix-ui/themes";
import type { ComponentProps } from "react";
import { SelectParts } from "./lazy-select.tsx";

export function LoadedSelectRoot(props: ComponentProps<typeof Select.Root>) {
  return (
    <SelectParts.Provider value={Select}>
      <Select.Root {...props} />
    </SelectParts.Provider>
  );
}
