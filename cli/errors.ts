/** One place that turns errors into a clear message on stderr and an exit code. */
import { CommanderError } from "commander";
import type { ZodError } from "zod";
import { DomainError } from "#domain/shared/errors.ts";

export const EXIT_OK = 0;
export const EXIT_FAILURE = 1;
export const EXIT_USAGE = 2;

/** A command-line mistake (missing input, wrong flag): exit 2. */
export class UsageError extends Error {}

export function handleError(error: unknown, stderr: NodeJS.WritableStream = process.stderr): number {
  if (error instanceof CommanderError) {
    if (error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.exitCode === 0)
      return EXIT_OK;
    return EXIT_USAGE;
  }
  if (error instanceof UsageError) {
    stderr.write(`error: ${error.message}\n`);
    return EXIT_USAGE;
  }
  if (error instanceof DomainError) {
    stderr.write(`error: ${error.message}\n`);
    return EXIT_FAILURE;
  }
  if (isZodError(error)) {
    stderr.write(`error: ${error.issues.map((i) => i.message).join("; ")}\n`);
    return EXIT_FAILURE;
  }
  stderr.write(`error: ${error instanceof Error ? error.message : String(error)}\n`);
  return EXIT_FAILURE;
}

/** A zod validation error, recognised without loading zod (which --help does not need: cli/program.ts). */
function isZodError(error: unknown): error is ZodError {
  return error instanceof Error && error.name === "ZodError" && Array.isArray((error as { issues?: unknown }).issues);
}
