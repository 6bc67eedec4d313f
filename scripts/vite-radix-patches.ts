/**
 * A Vite plugin for the client and the server build: two of Radix Themes' modules patched so that
 * code no page needs before it is used stays off the first load (docs/performance.md).
 *
 * Tooltip: Radix Themes' Theme wraps every page in Radix Tooltip's provider, so Tooltip, Popper and floating-ui (about 10 KB gzipped) were in every page's
 * first load though no tooltip shows before a pointer rests on a trigger. Here Theme's provider is a
 * pass-through (it renders no element, so the HTML is the same) and Radix Themes' Tooltip brings its
 * own provider, with Theme's 200 ms delay; the app's tooltips load as a chunk of their own
 * (app/components/lazy-tooltip.tsx).
 *
 * Table: `Table.Root` wraps its table in a Radix ScrollArea (about 5 KB gzipped, on every page with a
 * table, since Table.Row and the rest are in the same module). The ScrollArea hides the overflow
 * until the page has hydrated; a plain div that scrolls sideways stands in for it, as ScrollTable
 * (app/components/scroll-table.tsx) does, so a wide table scrolls without JavaScript too.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const THEME = "/@radix-ui/themes/dist/esm/components/theme.js";
const TOOLTIP = "/@radix-ui/themes/dist/esm/components/tooltip.js";
const TABLE = "/@radix-ui/themes/dist/esm/components/table.js";
/** Each module's text as the package ships it, and what it becomes. */
const PATCHES: Record<string, [string, string][]> = {
  [THEME]: [
    [
      `import{Direction as G,Slot as D,Tooltip as w}from"radix-ui";`,
      `import{Direction as G,Slot as D}from"radix-ui";const w={Provider:(p)=>p.children};`,
    ],
  ],
  [TOOLTIP]: [
    [
      `return o.createElement(t.Root,{...C},`,
      `return o.createElement(t.Provider,{delayDuration:200},o.createElement(t.Root,{...C},`,
    ],
    [`className:"rt-TooltipArrow"})))))});`, `className:"rt-TooltipArrow"}))))))});`],
  ],
  [TABLE]: [
    [
      `import{ScrollArea as E}from"./scroll-area.js";`,
      `const E=(p)=>e.createElement("div",{className:"vb-table-scroll",style:{overflowX:"auto"}},p.children);`,
    ],
  ],
};

function patch(file: string, source: string): string {
  let text = source;
  for (const [from, to] of PATCHES[file]) {
    if (text.split(from).length !== 2)
      throw new Error(`@radix-ui/themes: ${file} no longer has the text this plugin replaces (${from.slice(0, 60)}…)`);
    text = text.replace(from, to);
  }
  return text;
}

export function radixPatches(): Plugin {
  return {
    name: "vendboard:radix-patches",
    enforce: "pre",
    buildStart() {
      // Fails the build when a new version of the package no longer matches.
      const require = createRequire(import.meta.url);
      const dir = path.dirname(require.resolve("@radix-ui/themes/package.json"));
      for (const file of Object.keys(PATCHES))
        patch(file, fs.readFileSync(path.join(dir, "dist/esm", file.split("/dist/esm/")[1]), "utf8"));
    },
    transform(code, id) {
      const file = Object.keys(PATCHES).find((f) => id.replaceAll("\\", "/").split("?")[0].endsWith(f));
      return file ? { code: patch(file, code), map: null } : null;
    },
  };
}
