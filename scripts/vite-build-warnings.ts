/**
 * The build's warnings a newcomer should never see (`npm run demo` once printed about 320 lines of
 * them before the logins, and they read as errors), and only those:
 * - EMPTY_BUNDLE, "Generated an empty chunk": every resource route (`api.*`) has no client code, so its
 *   client chunk is empty by design, one warning per route;
 * - INVALID_ANNOTATION in a dependency (node_modules): a `@__PURE__` comment Rollup cannot place, in a
 *   package's own code, which the package's authors and not we can change (zod 4 has two).
 * Every other warning, and every error, is shown as before.
 */
import type { RollupLog } from "rollup";

export function isQuietBuildWarning(warning: Pick<RollupLog, "code" | "id">): boolean {
  if (warning.code === "EMPTY_BUNDLE") return true;
  return warning.code === "INVALID_ANNOTATION" && /[\\/]node_modules[\\/]/.test(warning.id ?? "");
}

/** `build.rollupOptions.onwarn`: hands every warning but the quiet ones to Vite's own handler. */
export function onBuildWarning(warning: RollupLog, warn: (warning: RollupLog) => void): void {
  if (!isQuietBuildWarning(warning)) warn(warning);
}
