/** The vendboard CLI: registers the command groups; each lives in cli/commands/. */
import { Command } from "commander";
import { registerAdminCommands } from "./commands/admin.ts";
import { registerAuditCommand } from "./commands/audit.ts";
import { registerCommissionCommands } from "./commands/commissions.ts";
import { registerDbCommands } from "./commands/db.ts";
import { registerImportCommand } from "./commands/import.ts";
import { registerInvoiceCommands } from "./commands/invoices.ts";
import { registerReportCommands } from "./commands/reports.ts";
import { processIO, type CliIO } from "./context.ts";
import { EXIT_OK, handleError } from "./errors.ts";

export function buildProgram(io: CliIO): Command {
  const program = new Command("vendboard")
    .description("Vendboard operations from a terminal.\nUses DATABASE_PATH (default ./data/vendboard.db).")
    .version("0.1.0")
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout.write(text),
      writeErr: (text) => io.stderr.write(text),
    });
  registerDbCommands(program, io);
  registerAdminCommands(program, io);
  registerImportCommand(program, io);
  registerCommissionCommands(program, io);
  registerReportCommands(program, io);
  registerInvoiceCommands(program, io);
  registerAuditCommand(program, io);
  return program;
}

/** Runs the CLI and answers its exit code: 0 ok, 1 failure, 2 usage. */
export async function main(argv: string[], io: CliIO = processIO()): Promise<number> {
  try {
    await buildProgram(io).parseAsync(argv);
    return io.exitCode ?? EXIT_OK;
  } catch (error) {
    return handleError(error, io.stderr);
  }
}
