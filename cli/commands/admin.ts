/** vendboard admin create USERNAME --password-stdin [--name NAME] */
import { createUser, toPublicUser } from "#domain/accounts/user-service.ts";
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
  const user = await withDatabase(io, (db) =>
    createUser(db, { username, password, name: options.name ?? username, isAdmin: true }),
  );
  if (options.json) printJson(io, toPublicUser(user));
  else io.stderr.write(`Created admin '${user.username}' (id ${user.id}). Sign in at /auth.\n`);
  return user;
}
