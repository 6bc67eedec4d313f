/**
 * A Vite plugin for the client build: @radix-ui/react-icons 1.3 ships all 318 icons in one module
 * (dist/react-icons.esm.js), so every icon the app uses anywhere lands in one shared chunk that every
 * page preloads. Here the package is served as a barrel of one module per icon, cut from that same
 * file, so each icon goes to the chunk of the pages that use it (first-load JavaScript).
 * The server build keeps the package as it is.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vite";

const PACKAGE = "@radix-ui/react-icons";
/** How the generated modules import each other; resolved to the "\0"-prefixed ids Rollup keeps for virtual modules. */
const SPECIFIER = "radix-icon:";
const PREFIX = `\0${SPECIFIER}`;
const BARREL = `${PREFIX}index`;

interface IconSource {
  helpers: string;
  icons: Map<string, string>;
}

/** The package's one module split into its shared helper and each icon's declarations. */
function readIcons(): IconSource {
  const require = createRequire(import.meta.url);
  const packageDir = path.dirname(require.resolve(`${PACKAGE}/package.json`));
  const source = fs.readFileSync(path.join(packageDir, "dist/react-icons.esm.js"), "utf8");
  // Each icon is `var _excluded$N = ["color"];` then `var NameIcon = /*#__PURE__*/forwardRef(…);`.
  const starts = [...source.matchAll(/^var _excluded[\w$]* = \["color"\];\nvar (\w+) = /gm)];
  const exportAt = source.search(/^export \{/m);
  if (!starts.length || exportAt < 0)
    throw new Error(`${PACKAGE}: dist/react-icons.esm.js no longer has the layout this plugin cuts`);
  const helperStart = source.indexOf("function _objectWithoutPropertiesLoose");
  const helpers = source.slice(helperStart, starts[0].index);
  const icons = new Map<string, string>();
  starts.forEach((match, i) =>
    icons.set(match[1], source.slice(match.index, i + 1 < starts.length ? starts[i + 1].index : exportAt)),
  );
  return { helpers, icons };
}

export function radixIconsPerModule(): Plugin {
  let parsed: IconSource | undefined;
  const icons = () => (parsed ??= readIcons());
  return {
    name: "vendboard:radix-icons-per-module",
    apply: "build",
    enforce: "pre",
    resolveId(id, _importer, options) {
      if (options?.ssr) return null;
      if (id === PACKAGE) return BARREL;
      if (id.startsWith(SPECIFIER)) return `\0${id}`;
      return null;
    },
    load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const { helpers, icons: all } = icons();
      // moduleSideEffects false: icons nobody imports are left out whole.
      if (id === BARREL)
        return {
          code: [...all.keys()].map((name) => `export { ${name} } from "${SPECIFIER}${name}";`).join("\n"),
          moduleSideEffects: false,
        };
      if (id === `${PREFIX}helpers`)
        return { code: `${helpers}\nexport { _objectWithoutPropertiesLoose };`, moduleSideEffects: false };
      const name = id.slice(PREFIX.length);
      const code = all.get(name);
      if (!code) return null;
      return {
        code: `import { forwardRef, createElement } from "react";\nimport { _objectWithoutPropertiesLoose } from "${SPECIFIER}helpers";\n${code}\nexport { ${name} };`,
        moduleSideEffects: false,
      };
    },
  };
}
