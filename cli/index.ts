/** The vendboard CLI: the commands are in cli/program.ts, each one's work in cli/commands/. */
import { processIO, type CliIO } from "./context.ts";
import { EXIT_OK, handleError } from "./errors.ts";
import { buildProgram } from "./program.ts";

export { buildProgram };

/** Runs the CLI and answers its exit code: 0 ok, 1 failure, 2 usage. */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  try {
    await buildProgram(io).parseAsync(argv);
    return io.exitCode ?? EXIT_OK;
  } catch (error) {
    return handleError(error, io.stderr);
  }
}
