// The vendboard command on Deno (`deno task cli -- …`): the TypeScript source, which Deno runs
// itself, so neither tsx's loader (which fails under Deno) nor the compiled dist/cli.js is needed.
import process from "node:process";
import { main } from "../cli/index.ts";

// `deno task cli -- db migrate` hands the task its `--` too.
const [runtime, script, ...args] = process.argv;
process.exitCode = await main([runtime, script, ...(args[0] === "--" ? args.slice(1) : args)]);
