/** Runs the vendboard CLI in-process with captured output, as tests drive it. */
import { PassThrough, Readable } from "node:stream";
import type { CliIO } from "#cli/context.ts";
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
  return { code, out, err };
}
