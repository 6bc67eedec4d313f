// Compiles the vendboard CLI ahead (`npm run build`, and `npm install` through `prepare`): cli/index.ts
// and what it imports from cli/, domain/ and db/ bundled by esbuild into dist/ (dist/cli.js and the
// chunks its commands load when they run); packages from node_modules stay imports. bin/vendboard.js
// runs dist/cli.js while it is newer than every source file, else the source through tsx.
//
// --if-possible (prepare): without esbuild (an install without devDependencies) say so and exit 0;
// bin/vendboard.js then runs the source.
import fs from "node:fs";
import path from "node:path";
import { root } from "./lib.js";

const OUT = path.join(root, "dist");
const ENTRY = "cli.js";

let esbuild;
try {
  esbuild = await import("esbuild");
} catch (error) {
  if (!process.argv.includes("--if-possible")) throw error;
  console.error(
    "vendboard: esbuild is not installed, so the CLI is not compiled; bin/vendboard.js will run its source through tsx",
  );
  process.exit(0);
}

// The sources' mtimes are compared with dist/cli.js's: a file saved while this runs must count as newer.
const started = new Date();
const staging = `${OUT}.building-${process.pid}`;
fs.rmSync(staging, { recursive: true, force: true });
try {
  const result = await esbuild.build({
    absWorkingDir: root,
    entryPoints: { cli: "cli/index.ts" },
    outdir: staging,
    chunkNames: "chunks/[name]-[hash]",
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    metafile: true,
    logLevel: "warning",
    banner: { js: "// Built by scripts/build-cli.js from cli/, domain/ and db/: edit those, then npm run build." },
  });
  // Only packages may stay imports: a subpath import (#domain/…) or a relative one left out of the
  // bundle would fail at run time from dist/.
  for (const [file, output] of Object.entries(result.metafile.outputs)) {
    const unbundled = output.imports.filter((i) => i.external && /^[#.]/.test(i.path));
    if (unbundled.length)
      throw new Error(`${file} imports ${unbundled.map((i) => i.path).join(", ")} from outside the bundle`);
  }
  fs.utimesSync(path.join(staging, ENTRY), started, started);
  // Swapped in whole, so a run never sees half a build.
  const old = `${OUT}.old-${process.pid}`;
  if (fs.existsSync(OUT)) fs.renameSync(OUT, old);
  fs.renameSync(staging, OUT);
  fs.rmSync(old, { recursive: true, force: true });
} finally {
  fs.rmSync(staging, { recursive: true, force: true });
}
console.error(
  `vendboard: CLI compiled into ${path.relative(process.cwd(), path.join(OUT, ENTRY)) || path.join(OUT, ENTRY)}`,
);
