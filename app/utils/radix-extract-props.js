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
  styled.forEach((entry, index) => (entry.index = index));
  return {
    kept,
    // A component names ~40 of these (margins, paddings, sizes…) and an element is given a few: the
    // props are looked up here by name, rather than every definition looked up in the props.
    styledByName: new Map(styled.map((entry) => [entry.name, entry])),
    // Those with a default make a class even when not given.
    defaulted: styled.filter((entry) => entry.def.default !== undefined),
  };
}

const byIndex = (a, b) => a.index - b.index;

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
    const { kept, styledByName, defaulted } = compiled(defs);
    // The props without those that become class names (the original copies them all, then deletes
    // those), and the definitions given a value that have no default.
    const result = {};
    let given = null;
    for (const key in props) {
      const entry = styledByName.get(key);
      if (entry === undefined) result[key] = props[key];
      else if (entry.def.default === undefined && props[key] !== undefined) (given ??= []).push(entry);
    }
    for (const entry of kept) result[entry.name] = settle(props[entry.name], entry);
    // Nothing given and no default: no class (most of a component's definitions on most renders). The
    // rest in the definitions' order, as the original makes its class names.
    let styled = defaulted;
    if (given) styled = defaulted.length ? given.concat(defaulted).sort(byIndex) : given.sort(byIndex);
    let className;
    let style;
    for (const entry of styled) {
      const { def, allowed } = entry;
      const value = settle(props[entry.name], entry);
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
