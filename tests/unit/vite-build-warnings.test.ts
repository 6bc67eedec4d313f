/** Issue 33: `npm run demo` printed about 320 lines of build warnings before the logins; at most 40 now. */
import type { RollupLog } from "rollup";
import { describe, expect, it } from "vitest";
import { isQuietBuildWarning, onBuildWarning } from "../../scripts/vite-build-warnings.ts";

const emptyChunk = (route: string): RollupLog => ({
  code: "EMPTY_BUNDLE",
  message: `Generated an empty chunk: "${route}".`,
  names: [route],
});
const annotation = (id: string): RollupLog => ({
  code: "INVALID_ANNOTATION",
  id,
  message: `A comment in "${id}" contains an annotation that Rollup cannot interpret due to the position of the comment.`,
});

/** What the demo's build printed before: 61 empty resource-route chunks and zod's two annotations, among others. */
const sample: RollupLog[] = [
  ...Array.from({ length: 61 }, (_, i) => emptyChunk(`api.route-${i}`)),
  annotation("/work/app/node_modules/zod/v4/core/util.js"),
  annotation("/work/app/node_modules/zod/v4/core/regexes.js"),
];

describe("the build's warning filter (vite.config.ts build.rollupOptions.onwarn)", () => {
  it("keeps the empty chunks of resource routes and dependencies' misplaced comments quiet", () => {
    const shown: RollupLog[] = [];
    for (const warning of sample) onBuildWarning(warning, (w) => shown.push(w));
    expect(shown).toEqual([]);
  });

  it("shows every other warning, and an annotation in our own code", () => {
    const real: RollupLog[] = [
      { code: "CIRCULAR_DEPENDENCY", message: "Circular dependency: app/a.ts -> app/b.ts -> app/a.ts" },
      { code: "MISSING_EXPORT", message: '"x" is not exported by "app/utils/y.ts"' },
      { code: "EVAL", id: "/work/app/node_modules/x/index.js", message: "Use of eval" },
      annotation("/work/app/app/routes/_index.tsx"),
      { message: "a warning without a code" },
    ];
    const shown: RollupLog[] = [];
    for (const warning of real) onBuildWarning(warning, (w) => shown.push(w));
    expect(shown).toEqual(real);
    expect(isQuietBuildWarning({ code: "INVALID_ANNOTATION", id: undefined })).toBe(false);
  });

  it("is the filter vite.config.ts gives the build", async () => {
    const config = (await import("../../vite.config.ts")).default as { build?: { rollupOptions?: object } };
    expect(config.build?.rollupOptions).toMatchObject({ onwarn: onBuildWarning });
  }, 60_000);

  it("leaves the demo's build at most 40 lines before the logins (scripts/lib.js builds with --logLevel warn)", async () => {
    const fs = await import("node:fs");
    const lib = fs.readFileSync("scripts/lib.js", "utf8");
    expect(lib).toContain('["vite:build", "--logLevel", "warn"]');
    // npm's two banner lines and a blank, "Building the app…", "Built the app in N s.", a blank, the demo's address,
    // a blank: 8 lines, plus one line per warning the filter lets through (none from the sample above).
    const shown = sample.filter((w) => !isQuietBuildWarning(w)).length;
    expect(8 + shown).toBeLessThanOrEqual(40);
  });
});
