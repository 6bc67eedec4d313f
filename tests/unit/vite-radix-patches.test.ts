// scripts/vite-radix-patches.ts against the installed @radix-ui/themes: each patch matches its
// module once, and what it makes no longer imports what it takes off the first load.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { radixPatches } from "../../scripts/vite-radix-patches.ts";

const require = createRequire(import.meta.url);
const dir = path.join(path.dirname(require.resolve("@radix-ui/themes/package.json")), "dist/esm/components");
const plugin = radixPatches();
const transform = (file: string) => {
  const id = path.join(dir, file);
  const hook = plugin.transform as (code: string, id: string) => { code: string } | null;
  return hook.call({}, fs.readFileSync(id, "utf8"), id)?.code;
};

describe("the Radix Themes patches", () => {
  it("find their text in the installed package (the build stops otherwise)", () => {
    expect(() => (plugin.buildStart as () => void).call({})).not.toThrow();
  });

  it("leave Theme without Radix Tooltip, and Tooltip with a provider of its own", () => {
    expect(transform("theme.js")).not.toMatch(/Tooltip as/);
    expect(transform("tooltip.js")).toContain("o.createElement(t.Provider,{delayDuration:200}");
  });

  it("leave Table.Root without the ScrollArea", () => {
    expect(transform("table.js")).not.toContain("scroll-area.js");
  });

  it("touch no other module", () => {
    expect(transform("text.js")).toBeUndefined();
  });
});
