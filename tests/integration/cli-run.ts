/**
 * Runs the vendboard CLI in-process with captured output, as tests drive it. Every command that opens a
 * database starts stderr with `Database: …` (tests/integration/cli-database.test.ts): `database` is that
 * line, `err` the rest of stderr, `stderr` all of it.
 */
import { PassThrough, Readable } from "node:stream";
import type { CliIO } from "#cli/context.ts";
import { databaseTarget, describeTarget } from "#db/config.ts";
import { main } from "#cli/index.ts";

export async function runCli(
  args: string[],
  options: { env?: Record<string, string | undefined>; stdin?: string } = {},
) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = "";
  let err = "";
  stdout.on("data", (c) => (out += c));
  stderr.on("data", (c) => (err += c));
  const io: CliIO = {
    stdout,
    stderr,
    stdin: Readable.from([options.stdin ?? ""]),
    env: { ...process.env, ...options.env },
  };
  const code = await main(["node", "vendboard", ...args], io);
  const line = /^Database: [^\n]*\n/.exec(err)?.[0];
  return { code, out, err: line ? err.slice(line.length) : err, database: line?.trimEnd() ?? null, stderr: err };
}

/** The `database` field --json answers that are objects carry, for the database the tests' environment names. */
export const cliDatabase = (env: Record<string, string | undefined> = {}) =>
  describeTarget(databaseTarget({ ...process.env, ...env }));
