/** The `db` and `admin` commands as `vendboard --help` shows them; each action loads its command module when it runs. */
import { Command } from "commander";
import type * as Admin from "./commands/admin.ts";
import type * as Db from "./commands/db.ts";
import type { CliIO } from "./context.ts";

export function registerDbCommands(program: Command, io: CliIO): void {
  const load = () => import("./commands/db.ts");
  const db = program.command("db").description("database maintenance");
  db.command("migrate")
    .description("apply pending migrations to DATABASE_PATH, or to DATABASE_URL's PostgreSQL database")
    .option("--json", "print the result as JSON")
    .action(async (options: Parameters<typeof Db.runMigrate>[1]) => {
      await (await load()).runMigrate(io, options);
    });
  db.command("backup")
    .description(
      "write one archive (.tar.gz) of the database and the uploaded exports it refers to, with pg_dump under DATABASE_URL (safe while the app runs)",
    )
    .argument("<file>", "where to write the backup")
    .option("--json", "print the result as JSON")
    .action(async (file: string, options: Parameters<typeof Db.runBackup>[2]) => {
      await (await load()).runBackup(io, file, options);
    });
  db.command("restore")
    .description(
      "restore a backup archive into DATABASE_PATH and its uploads folder, or with DATABASE_URL into PostgreSQL through pg_restore (stop the servers first)",
    )
    .argument("<file>", "the archive written by db backup")
    .option("--force", "replace an existing database")
    .option("--json", "print the result as JSON")
    .action(async (file: string, options: Parameters<typeof Db.runRestore>[2]) => {
      await (await load()).runRestore(io, file, options);
    });
  db.command("copy")
    .description(
      "copy the SQLite database at DATABASE_PATH and its uploaded exports into PostgreSQL, then check row counts and money totals on both sides",
    )
    .requiredOption("--to <url>", "the PostgreSQL database (postgres://…), migrated to the latest schema by the copy")
    .option("--force", "empty a target that already has rows first (in the copy's transaction)")
    .option("--json", "print the checks as JSON")
    .action(async (options: Parameters<typeof Db.runCopy>[1]) => {
      io.exitCode = await (await load()).runCopy(io, options);
    });
}

export function registerAdminCommands(program: Command, io: CliIO): void {
  const admin = program.command("admin").description("administrator accounts");
  admin
    .command("create")
    .description("create an administrator (the first one of a new database, or another)")
    .argument("<username>", "the admin's username")
    .option("--password-stdin", "read the password from standard input")
    .option("--name <name>", "display name (defaults to the username)")
    .option("--json", "print the created user as JSON")
    .action(async (username: string, options: Admin.CreateAdminOptions) => {
      const { runCreateAdmin } = await import("./commands/admin.ts");
      await runCreateAdmin(io, username, options);
    });
  admin
    .command("list")
    .description("list the administrators with their last sign-in and status")
    .option("--json", "print the admins as JSON")
    .action(async (options: { json?: boolean }) => {
      const { runListAdmins } = await import("./commands/admin.ts");
      await runListAdmins(io, options);
    });
  for (const change of ["disable", "enable"] as const) {
    admin
      .command(change)
      .description(
        change === "disable"
          ? "disable an account (admin or partner): no sign-in, every session ends"
          : "let a disabled account sign in again",
      )
      .argument("<username>", "the account's username")
      .option("--json", "print the account's status as JSON")
      .action(async (username: string, options: { json?: boolean }) => {
        const { runSetAccountStatus } = await import("./commands/admin.ts");
        await runSetAccountStatus(io, username, change, options);
      });
  }
  admin
    .command("reset-2fa")
    .description(
      "turn off two-factor sign-in of a user who lost their device (they set it up again at their next sign-in when REQUIRE_ADMIN_2FA=1)",
    )
    .argument("<username>", "the account's username")
    .option("--json", "print the outcome as JSON")
    .action(async (username: string, options: { json?: boolean }) => {
      const { runResetTwoFactor } = await import("./commands/admin.ts");
      await runResetTwoFactor(io, username, options);
    });
}
