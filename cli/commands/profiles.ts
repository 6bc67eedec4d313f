/**
 * vendboard profiles list|show NAME|create --from FILE.json|delete NAME [--json]: the saved import
 * profiles (docs/import.md#import-profiles). Creating and deleting are audited, with no actor (the CLI).
 */
import fs from "node:fs";
import Table from "cli-table3";
import { profileLines } from "#domain/imports/import-profile.ts";
import { createProfile, deleteProfile, getProfile, listProfiles } from "#domain/imports/profile-service.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { UsageError } from "../errors.ts";

export interface ProfileCommandOptions {
  json?: boolean;
  from?: string;
}

export async function runProfilesList(io: CliIO, options: ProfileCommandOptions): Promise<void> {
  const profiles = await withDatabase(io, (db) => listProfiles(db));
  if (options.json) return printJson(io, { profiles });
  if (!profiles.length) {
    io.stdout.write("No import profiles saved\n");
    return;
  }
  const table = new Table({
    head: ["Name", "Version", "Header row", "Headers", "Saved"],
    style: { head: [], border: [] },
  });
  for (const p of profiles) table.push([p.name, p.version, p.headerRow, p.headers.filter(Boolean).length, p.createdAt]);
  io.stdout.write(`${table.toString()}\n`);
}

function printProfile(io: CliIO, lines: [string, string][]): void {
  const table = new Table({ style: { head: [], border: [] } });
  for (const [label, value] of lines) table.push({ [label]: value });
  io.stdout.write(`${table.toString()}\n`);
}

export async function runProfilesShow(io: CliIO, name: string, options: ProfileCommandOptions): Promise<void> {
  const profile = await withDatabase(io, (db) => getProfile(db, name));
  if (options.json) return printJson(io, { profile });
  printProfile(io, profileLines(profile));
}

/** The definition from a JSON file, as `POST /api/import-profiles` takes it. */
function readDefinition(file: string | undefined): unknown {
  if (!file) throw new UsageError("profiles create needs --from FILE.json");
  let text: string;
  try {
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    throw new UsageError(`${file} could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new UsageError(`${file} is not valid JSON`);
  }
}

export async function runProfilesCreate(io: CliIO, options: ProfileCommandOptions): Promise<void> {
  const definition = readDefinition(options.from);
  const profile = await withDatabase(io, (db) => createProfile(db, definition, null));
  if (options.json) return printJson(io, { profile });
  io.stdout.write(`Saved import profile "${profile.name}" (version ${profile.version})\n`);
}

export async function runProfilesDelete(io: CliIO, name: string, options: ProfileCommandOptions): Promise<void> {
  const profile = await withDatabase(io, (db) => deleteProfile(db, name, null));
  if (options.json) return printJson(io, { deleted: profile });
  io.stdout.write(`Deleted import profile "${profile.name}"; receipts keep the version they were read with\n`);
}
