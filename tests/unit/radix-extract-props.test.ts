// app/utils/radix-extract-props.js stands in for Radix Themes' extractProps in both builds
// (scripts/vite-radix-extract-props.ts): for every prop definition the package exports, and the
// component combinations it uses, each kind of value gives the same props, class names and styles.
import { describe, expect, it } from "vitest";
import classNames from "classnames";
import * as helpers from "@radix-ui/themes/helpers";
import * as props from "@radix-ui/themes/props";
// The package's own function, from its module (the plugin only replaces it inside Vite builds).
import { extractProps as radixExtractProps } from "../../node_modules/@radix-ui/themes/dist/esm/helpers/extract-props.js";
import { createExtractProps } from "#app/utils/radix-extract-props.js";

type Def = { type: string; default?: unknown; values?: unknown[]; className?: string };
type Defs = Record<string, Def>;
type ExtractProps = (props: Record<string, unknown>, ...defs: Defs[]) => Record<string, unknown>;

const original = radixExtractProps as unknown as ExtractProps;
const { getResponsiveClassNames, getResponsiveStyles, isResponsiveObject, mergeStyles } = helpers;
const fast = createExtractProps({
  classNames,
  getResponsiveClassNames,
  getResponsiveStyles,
  isResponsiveObject,
  mergeStyles,
} as never) as unknown as ExtractProps;
const defsOf = (...list: unknown[]) => list as Defs[];
const all = Object.entries(props).filter(
  ([name, value]) => /PropDefs?$/.test(name) && value && typeof value === "object",
);
// What the components pass: their own definitions, then layout and margin (Flex, Box, Grid, Card, Text…).
const sets: [string, Defs[]][] = [
  ...all.map(([name, defs]): [string, Defs[]] => [name, defsOf(defs)]),
  ["flex + layout + margin", defsOf(props.flexPropDefs, props.layoutPropDefs, props.marginPropDefs)],
  ["text + margin", defsOf(props.textPropDefs, props.marginPropDefs)],
  ["card + margin", defsOf(props.cardPropDefs, props.marginPropDefs)],
  ["badge + margin", defsOf(props.badgePropDefs, props.marginPropDefs)],
];

/** Values of each kind for one definition: none, its default, each allowed value, a stranger, responsive objects, falsy. */
function samples(def: Def): unknown[] {
  const values = def.values ?? [];
  return [
    undefined,
    def.default,
    ...values.slice(0, 6),
    "not-a-value",
    "12px",
    true,
    false,
    0,
    "",
    { initial: values[0], md: values.at(-1) },
    { sm: values[1] ?? "3" },
    { initial: "7px", lg: "not-a-value" },
    { xs: "auto" },
  ];
}

function same(defs: Defs[], input: Record<string, unknown>) {
  // extractProps may fill in a responsive value's initial: each side gets its own copy.
  const expected = original(structuredClone(input), ...defs);
  const actual = fast(structuredClone(input), ...defs);
  expect(actual).toEqual(expected);
  expect(Object.keys(actual)).toEqual(Object.keys(expected));
}

describe("the faster extractProps", () => {
  it.each(sets)("gives what Radix Themes' own gives for %s", (_name, defs) => {
    const merged: Defs = Object.assign({}, ...defs);
    same(defs, {});
    same(defs, { className: "mine", style: { color: "red" }, id: "x" });
    for (const [name, def] of Object.entries(merged)) {
      for (const value of samples(def)) same(defs, { [name]: value, className: "mine", style: { margin: 1 } });
    }
    // Several at once, as a page writes them.
    const names = Object.keys(merged);
    for (let i = 0; i < names.length; i++) {
      const input: Record<string, unknown> = {};
      for (let j = 0; j < names.length; j += 1 + (i % 3)) input[names[j]] = samples(merged[names[j]])[(i + j) % 8];
      same(defs, input);
    }
  });

  it("works the merged definitions out once per set, not once per render", () => {
    const defs = defsOf(props.flexPropDefs, props.layoutPropDefs, props.marginPropDefs);
    const first = fast({ gap: "3", align: "center" }, ...defs);
    const again = fast({ gap: "3", align: "center" }, ...defs);
    expect(again).toEqual(first);
    expect(first.className).toBe(original({ gap: "3", align: "center" }, ...defs).className);
  });
});
