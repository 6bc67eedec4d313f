/**
 * The compiled CLI (scripts/build-cli.js → dist/, run by bin/vendboard.js), on a copy of the package
 * in a temporary directory (its node_modules a link to this one's), so the tests can age and delete
 * its files without touching this working tree: the build, `--help` without the database's or
 * SheetJS's modules, a command run from another directory finding the telemetry worker, and the
 * fallback to the source through tsx when the compiled file is missing or older than the source.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseLine, databaseTarget } from "#db/config.ts";
import { root } from "../../scripts/lib.js";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-cli-compiled-"));
const pkg = path.join(dir, "vendboard");
const STALE = "vendboard: the compiled CLI is older than its source; running the source (npm run build to refresh)\n";
/** The line every command that opens the database starts stderr with. */
const DB_LINE = `${databaseLine(databaseTarget({ ...process.env, DATABASE_PATH: path.join(dir, "cli.db") }), dir)}\n`;
const MISSING = "vendboard: the CLI is not compiled (no dist/cli.js); running the source (npm run build to refresh)\n";

beforeAll(() => {
  for (const part of ["bin", "cli", "domain", "db", "package.json", "scripts/build-cli.js", "scripts/lib.js"]) {
    fs.cpSync(path.join(root, part), path.join(pkg, part), { recursive: true, preserveTimestamps: true });
  }
  fs.symlinkSync(path.join(root, "node_modules"), path.join(pkg, "node_modules"));
  const build = spawnSync(process.execPath, [path.join(pkg, "scripts/build-cli.js")], { cwd: pkg, encoding: "utf8" });
  expect(build.status, build.stderr).toBe(0);
}, 60_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Runs the copy's bin/vendboard.js from `cwd` (default: another directory than the package). */
function vendboard(args: string[], { cwd = dir, env = {} }: { cwd?: string; env?: Record<string, string> } = {}) {
  const result = spawnSync(process.execPath, [path.join(pkg, "bin/vendboard.js"), ...args], {
    cwd,
    encoding: "utf8",
    env: { ...process.env, DATABASE_PATH: path.join(dir, "cli.db"), ...env },
  });
  return { code: result.status, out: result.stdout, err: result.stderr };
}

/** The packages a module loads as it starts: its static imports, and those of the chunks it imports. */
function staticPackages(entry: string): Set<string> {
  const seen = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of fs
      .readFileSync(file, "utf8")
      .matchAll(/^import\s+(?:[^"';]*?\s+from\s+)?["']([^"']+)["']/gm)) {
      if (specifier.startsWith(".")) visit(path.resolve(path.dirname(file), specifier));
      else packages.add(specifier);
    }
  };
  visit(entry);
  return packages;
}

describe("the compiled CLI", () => {
  it("is built into dist/cli.js, and vendboard --help runs it without a word on stderr", () => {
    expect(fs.existsSync(path.join(pkg, "dist/cli.js"))).toBe(true);
    const help = vendboard(["--help"]);
    expect(help.err).toBe("");
    expect(help.code).toBe(0);
    for (const command of ["db", "admin", "import", "commissions", "reports", "invoices", "audit"])
      expect(help.out).toMatch(new RegExp(`^  ${command}\\b`, "m"));
    const audit = vendboard(["audit", "--help"]);
    expect(audit.out).toContain("(default 50, at most 500)");
    const invoices = vendboard(["invoices", "list", "--help"]);
    expect(invoices.out).toContain("only pending, paid, overdue, cancelled");
  });

  it("starts on commander alone: the database, SheetJS, pdf-lib and nodemailer load only when a command runs", () => {
    const packages = [...staticPackages(path.join(pkg, "dist/cli.js"))].filter((name) => !name.startsWith("node:"));
    expect(packages).toEqual(["commander"]);
    // Our own code is bundled: only packages are imported.
    const chunks = fs
      .readdirSync(path.join(pkg, "dist/chunks"))
      .map((name) => fs.readFileSync(path.join(pkg, "dist/chunks", name), "utf8"));
    expect(chunks.join("\n")).not.toMatch(/from\s+["']#/);
  });

  it("runs commands from any directory, reading exports through the telemetry worker beside the source", () => {
    const migrate = vendboard(["db", "migrate", "--json"]);
    expect(migrate.code, migrate.err).toBe(0);
    expect(migrate.err).toBe(DB_LINE);
    expect(JSON.parse(migrate.out).applied.length).toBeGreaterThan(0);
    // Two files, so they are read in the worker (domain/imports/telemetry-export.worker.js), found from dist/.
    const files = ["single-machine-2026-10.xlsx", "three-machines-2026-09.xls"].map((name) =>
      path.join(root, "fixtures", name),
    );
    const dryRun = vendboard(["import", "--dry-run", "--json", ...files], { cwd: os.tmpdir() });
    expect(dryRun.err).toBe(DB_LINE);
    expect(dryRun.code).toBe(0);
    const outcome = JSON.parse(dryRun.out) as { files: { ok: boolean; result: { rowsRead: number } }[] };
    expect(outcome.files.map((f) => f.ok && f.result.rowsRead)).toEqual([44, 98]);
  });

  it("a usage error exits 2 from the compiled CLI as from the source", () => {
    const bad = vendboard(["import", "x.xlsx", "--month", "October"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("error: --month takes a month as YYYY-MM");
  });
});

describe("falling back to the source", () => {
  it("a source file newer than dist/cli.js: the source runs through tsx, said in one line on stderr", () => {
    const source = path.join(pkg, "domain/shared/money.ts");
    // Saved after the build (and before the rebuild below, which takes its start as its time).
    const later = new Date(Math.max(Date.now(), fs.statSync(path.join(pkg, "dist/cli.js")).mtimeMs + 1));
    fs.utimesSync(source, later, later);
    const help = vendboard(["--help"]);
    expect(help.err).toBe(STALE);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: vendboard/);
    // The source answers the same way, and --json output stays clean on stdout.
    const migrate = vendboard(["db", "migrate", "--json"]);
    expect(migrate.err).toBe(STALE + DB_LINE);
    expect(JSON.parse(migrate.out)).toMatchObject({ applied: [] });

    // A fresh build is used again.
    const build = spawnSync(process.execPath, [path.join(pkg, "scripts/build-cli.js")], { cwd: pkg, encoding: "utf8" });
    expect(build.status, build.stderr).toBe(0);
    expect(vendboard(["--help"]).err).toBe("");
  }, 60_000);

  it("no dist/cli.js: the source runs, said in one line", () => {
    fs.rmSync(path.join(pkg, "dist"), { recursive: true });
    const help = vendboard(["--help"]);
    expect(help.err).toBe(MISSING);
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/^Usage: vendboard/);
  }, 60_000);
});
