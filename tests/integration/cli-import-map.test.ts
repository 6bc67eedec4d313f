/**
 * `vendboard import --map "<Machine Name>=<machine id>"`: the CLI goes through the business-wide import's
 * workflow (domain/imports/mapped-import.ts), so a name no machine answers to is routed by the mapping and
 * remembered as the machine's telemetry name once the import goes ahead, as on /admin/import.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isPostgresUrl } from "#db/config.ts";
import { openDatabase } from "#db/database.ts";
import { freshDatabase, onPostgres } from "#tests/databases.ts";
import { makeMachine, makePartner } from "#tests/factories.ts";
import { runCli } from "./cli-run.ts";

const FILE = "fixtures/single-machine-2026-10.xlsx";
const NAME = "Leeds Station Concourse";

function vendboard(args: string[], db: string) {
  return runCli(args, { env: isPostgresUrl(db) ? { DATABASE_URL: db } : { DATABASE_PATH: db } });
}

const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

/** A migrated database of the engine under test with one partner and machines at these locations. */
async function databaseWith(locations: string[]) {
  let file: string;
  if (onPostgres) {
    const { target, drop } = await freshDatabase();
    drops.push(drop);
    file = target.engine === "postgres" ? target.url : target.file;
  } else file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-map-")), "cli.db");
  expect((await vendboard(["db", "migrate"], file)).code).toBe(0);
  const db = openDatabase(file);
  const partner = await makePartner(db);
  const machines = [];
  for (const location of locations) machines.push(await makeMachine(db, partner.id, location));
  return { file, db, machines };
}

describe("vendboard import --map", () => {
  it("a Machine Name no machine answers to: refused without --map, imported with it and remembered; a dry run saves no mapping", async () => {
    const { file, db, machines } = await databaseWith(["Platform 2 Kiosk"]);
    const kiosk = machines[0];
    const sales = async () => (await db.selectFrom("sales").select("id").execute()).length;
    const telemetryName = async () =>
      (await db.selectFrom("machines").select("telemetryName").where("id", "=", kiosk.id).executeTakeFirstOrThrow())
        .telemetryName;

    const refused = await vendboard(["import", FILE], file);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain(`single-machine-2026-10.xlsx: Unknown machine names: ${NAME}`);
    expect(await sales()).toBe(0);

    const dry = await vendboard(["import", FILE, "--map", `${NAME}=${kiosk.id}`, "--dry-run", "--json"], file);
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.out).files[0].result.groups[0]).toMatchObject({
      machineId: kiosk.id,
      imported: 44,
      revenuePence: 6150,
      cogsPence: 2448,
    });
    expect(await sales()).toBe(0);
    expect(await telemetryName()).toBeNull();

    const mapped = await vendboard(["import", FILE, "--map", ` ${NAME.toLowerCase()} = ${kiosk.id}`], file);
    expect(mapped.code).toBe(0);
    expect(mapped.out).toContain("Platform 2 Kiosk");
    expect(mapped.out).toContain("£61.50");
    expect(mapped.err).toContain(`'${NAME}' is now the telemetry name of Platform 2 Kiosk`);
    expect(mapped.err).toContain("1 file imported.");
    const record = await db
      .selectFrom("monthlyRecords")
      .select(["totalSales", "revenuePence", "cogsPence"])
      .where("machineId", "=", kiosk.id)
      .where("month", "=", "2026-10")
      .executeTakeFirstOrThrow();
    expect(record).toEqual({ totalSales: 44, revenuePence: 6150, cogsPence: 2448 });
    expect(await telemetryName()).toBe(NAME);
    const audit = await db
      .selectFrom("auditLog")
      .select(["action", "entityId"])
      .where("action", "=", "map_telemetry_name")
      .execute();
    expect(audit).toEqual([{ action: "map_telemetry_name", entityId: String(kiosk.id) }]);

    // The next export finds the machine by its telemetry name, without --map.
    const again = await vendboard(["import", FILE, "--json"], file);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out).files[0].result.groups[0]).toMatchObject({
      machineId: kiosk.id,
      imported: 0,
      duplicates: 44,
    });
    expect(await sales()).toBe(44);
  });

  it("a mapping to a machine that does not exist, or to a name another machine has, stops before any file is read", async () => {
    const { file, db, machines } = await databaseWith(["Platform 2 Kiosk", "Concourse Kiosk"]);
    const unknown = await vendboard(["import", FILE, "--map", `${NAME}=999999`], file);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe(`error: Machine 999999 does not exist: '${NAME}' cannot be mapped to it\n`);

    await db.updateTable("machines").set({ telemetryName: NAME }).where("id", "=", machines[1].id).execute();
    const taken = await vendboard(["import", FILE, "--map", `${NAME}=${machines[0].id}`], file);
    expect(taken.code).toBe(1);
    expect(taken.err).toBe(
      `error: '${NAME}' already names Concourse Kiosk: it cannot be mapped to Platform 2 Kiosk as well\n`,
    );
    expect(await db.selectFrom("sales").select("id").execute()).toEqual([]);
  });

  it.each([
    [
      ["--map", NAME],
      `error: --map takes "<Machine Name>=<machine id>" (a machine id is a positive whole number), not '${NAME}'`,
    ],
    [
      ["--map", "=3"],
      `error: --map takes "<Machine Name>=<machine id>" (a machine id is a positive whole number), not '=3'`,
    ],
    [["--map", `${NAME}=0`], "(a machine id is a positive whole number)"],
    [["--map", `${NAME}=1.5`], "(a machine id is a positive whole number)"],
    [
      ["--map", `${NAME}=1`, "--map", `${NAME.toUpperCase()}=2`],
      `error: --map gives '${NAME.toUpperCase()}' more than once`,
    ],
    [["--map", `${NAME}=1`, "--machine", "1"], "error: --map cannot be used with --machine"],
  ])("%j is a usage error (exit 2)", async (flags, message) => {
    const run = await runCli(["import", FILE, ...flags]);
    expect(run.code).toBe(2);
    expect(run.err).toContain(message);
  });
});
