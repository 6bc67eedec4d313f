/**
 * Radix Themes' extractProps (helpers/extract-props.js in @radix-ui/themes 3.3.0), with the same
 * result for every input and without its cost per render: the original merges every prop
 * definition a component names (Object.assign over ~40 entries) and builds `[default, ...values]`
 * for each enum on every call, for every Flex, Text and Box of a page. That was a fifth of the
 * server's time on GET / under load (docs/performance.md). Here the merged definitions
 * and each enum's allowed values are worked out once per set of definitions.
 *
 * scripts/vite-radix-extract-props.ts serves this in place of the package's module, in the client
 * and the server build; tests/unit/radix-extract-props.test.ts checks it against the original.
 * Plain JavaScript, so the plugin and the test load it as it is.
 */

/**
 * The merged definitions of one list of prop-definition objects: those that become class names and
 * styles (taken out of the props) and the others (kept, with their defaults), each enum with its
 * allowed values as a Set.
 */
function compile(defs) {
  const merged = Object.assign({}, ...defs);
  const styled = [];
  const kept = [];
  for (const name of Object.keys(merged)) {
    const def = merged[name];
    const entry = {
      name,
      def,
      allowed: def.type === "enum" ? new Set([def.default, ...def.values]) : null,
      responsive: "responsive" in def,
    };
    ("className" in def && def.className ? styled : kept).push(entry);
  }
  return { styled, kept, taken: new Set(styled.map((entry) => entry.name)) };
}

/**
 * @param {{ classNames: (...values: unknown[]) => string, getResponsiveClassNames: Function, getResponsiveStyles: Function, isResponsiveObject: (value: unknown) => boolean, mergeStyles: (...styles: unknown[]) => object | undefined }} helpers
 */
export function createExtractProps({
  classNames,
  getResponsiveClassNames,
  getResponsiveStyles,
  isResponsiveObject,
  mergeStyles,
}) {
  // Components pass the same definition objects on every render: a cache keyed by the first, then by the rest in turn.
  const cache = new WeakMap();
  function compiled(defs) {
    let level = cache;
    for (const def of defs) {
      let next = level.get(def);
      if (!next) level.set(def, (next = new WeakMap()));
      level = next;
    }
    let entries = level.get(cache);
    if (!entries) level.set(cache, (entries = compile(defs)));
    return entries;
  }
  /** A value outside an enum's values (and not responsive) falls back to the default. */
  const settle = (value, { def, allowed }) => {
    if (def.default !== undefined && value === undefined) value = def.default;
    if (allowed && !allowed.has(value) && !isResponsiveObject(value)) value = def.default;
    return value;
  };

  return function extractProps(props, ...defs) {
    const { styled, kept, taken } = compiled(defs);
    // The props without those that become class names (the original copies them all, then deletes those).
    const result = {};
    for (const key in props) if (!taken.has(key)) result[key] = props[key];
    for (const entry of kept) result[entry.name] = settle(props[entry.name], entry);
    let className;
    let style;
    for (const entry of styled) {
      const { def, allowed } = entry;
      const given = props[entry.name];
      // Nothing given and no default: no class (most of a component's definitions on most renders).
      if (given === undefined && def.default === undefined) continue;
      const value = settle(given, entry);
      if (!value || (isResponsiveObject(value) && !entry.responsive)) continue;
      if (isResponsiveObject(value)) {
        if (def.default !== undefined && value.initial === undefined) value.initial = def.default;
        if (allowed && !allowed.has(value.initial)) value.initial = def.default;
      }
      if (def.type === "enum") {
        className = classNames(
          className,
          getResponsiveClassNames({
            allowArbitraryValues: false,
            value,
            className: def.className,
            propValues: def.values,
            parseValue: def.parseValue,
          }),
        );
        continue;
      }
      if (def.type === "string" || def.type === "enum | string") {
        const [names, styles] = getResponsiveStyles({
          className: def.className,
          customProperties: def.customProperties,
          propValues: def.type === "string" ? [] : def.values,
          parseValue: def.parseValue,
          value,
        });
        style = mergeStyles(style, styles);
        className = classNames(className, names);
        continue;
      }
      if (def.type === "boolean" && value) className = classNames(className, def.className);
    }
    result.className = classNames(className, props.className);
    result.style = mergeStyles(style, props.style);
    return result;
  };
}
