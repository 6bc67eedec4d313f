/**
 * A Vite plugin for the client and the server build: @radix-ui/themes' helpers/extract-props.js is
 * served as app/utils/radix-extract-props.js (the same function, its prop definitions merged once
 * instead of on every render; docs/performance.md). The server build bundles
 * @radix-ui/themes for this (ssr.noExternal in vite.config.ts), so the replacement is the one that runs.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const MODULE = "/@radix-ui/themes/dist/esm/helpers/extract-props.js";
const REPLACEMENT = fileURLToPath(new URL("../app/utils/radix-extract-props.js", import.meta.url));

export function radixFastExtractProps(): Plugin {
  return {
    name: "vendboard:radix-extract-props",
    enforce: "pre",
    buildStart() {
      // The package's module must still be where, and what, the replacement stands in for.
      const require = createRequire(import.meta.url);
      const original = path.join(
        path.dirname(require.resolve("@radix-ui/themes/package.json")),
        "dist/esm/helpers/extract-props.js",
      );
      if (!fs.existsSync(original) || !fs.readFileSync(original, "utf8").includes("export{v as extractProps}")) {
        throw new Error(
          `@radix-ui/themes: ${original} is not the extractProps this plugin replaces; check app/utils/radix-extract-props.js against the new version`,
        );
      }
    },
    load(id) {
      if (!id.replaceAll("\\", "/").endsWith(MODULE)) return null;
      // The helpers it uses are the package's own, imported from beside the original module.
      return [
        `import classNames from "classnames";`,
        `import { getResponsiveClassNames, getResponsiveStyles } from "./get-responsive-styles.js";`,
        `import { isResponsiveObject } from "./is-responsive-object.js";`,
        `import { mergeStyles } from "./merge-styles.js";`,
        `import { createExtractProps } from ${JSON.stringify(REPLACEMENT)};`,
        `export const extractProps = createExtractProps({ classNames, getResponsiveClassNames, getResponsiveStyles, isResponsiveObject, mergeStyles });`,
      ].join("\n");
    },
  };
}
