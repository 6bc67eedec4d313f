/** vendboard admin create USERNAME --password-stdin [--name NAME] */
import { createUser, toPublicUser } from "#domain/accounts/user-service.ts";
import { publicUserJson } from "#domain/accounts/user-json.ts";
import { UsageError } from "../errors.ts";
import { printJson, readAll, withDatabase, type CliIO } from "../context.ts";

export interface CreateAdminOptions {
  passwordStdin?: boolean;
  name?: string;
  json?: boolean;
}

export async function runCreateAdmin(io: CliIO, username: string, options: CreateAdminOptions) {
  if (!options.passwordStdin) throw new UsageError("pass the password on standard input with --password-stdin");
  const password = (await readAll(io.stdin)).replace(/\r?\n$/, "");
  if (!password) throw new UsageError("no password was given on standard input");
  // The first admin of a new database may create it (the README's production steps).
  const user = await withDatabase(
    io,
    (db) => createUser(db, { username, password, name: options.name ?? username, isAdmin: true }),
    { create: true },
  );
  if (options.json) printJson(io, publicUserJson(toPublicUser(user)));
  else io.stderr.write(`Created admin '${user.username}' (id ${user.id}). Sign in at /auth.\n`);
  return user;
}

/** vendboard admin list [--json]: every admin with last sign-in and status. */
export async function runListAdmins(io: CliIO, options: { json?: boolean }) {
  const { listAdmins } = await import("#domain/accounts/admin-service.ts");
  const { accountStatusLabel, formatSignInTime } = await import("#domain/accounts/admin-rules.ts");
  const admins = await withDatabase(io, (db) => listAdmins(db));
  if (options.json) return printJson(io, admins);
  const { default: Table } = await import("cli-table3");
  const table = new Table({
    head: ["Username", "Name", "Email", "Last sign-in", "Two-factor", "Status"],
    style: { head: [], border: [] },
  });
  for (const a of admins)
    table.push([
      a.username,
      a.name ?? "",
      a.email ?? "",
      formatSignInTime(a.lastSignInAt),
      a.twoFactor ? "on" : "off",
      accountStatusLabel(a.disabledAt),
    ]);
  io.stdout.write(`${table.toString()}\n`);
}

/** vendboard admin disable|enable USERNAME [--json]: any account (admin or partner); the last active admin is kept. */
export async function runSetAccountStatus(
  io: CliIO,
  username: string,
  change: "disable" | "enable",
  options: { json?: boolean },
) {
  const { disableAccount, enableAccount } = await import("#domain/accounts/admin-service.ts");
  const account = await withDatabase(io, (db) =>
    change === "disable" ? disableAccount(db, username, null) : enableAccount(db, username, null),
  );
  if (options.json) printJson(io, account);
  else
    io.stderr.write(
      `${change === "disable" ? "Disabled" : "Enabled"} '${account.username}': ${account.disabledAt ? "cannot sign in, every session ended" : "can sign in"}.\n`,
    );
  return account;
}

/** vendboard admin reset-2fa USERNAME [--json]: a lost device; audited (actor: the CLI). */
export async function runResetTwoFactor(io: CliIO, username: string, options: { json?: boolean }) {
  const { resetTwoFactor } = await import("#domain/accounts/two-factor-service.ts");
  const outcome = await withDatabase(io, (db) => resetTwoFactor(db, username, null));
  if (options.json) printJson(io, outcome);
  else if (outcome.wasOn)
    io.stderr.write(
      `Reset two-factor sign-in of '${outcome.username}': they sign in with their password and set it up again.\n`,
    );
  else io.stderr.write(`'${outcome.username}' had no two-factor sign-in: nothing changed.\n`);
  return outcome;
}
