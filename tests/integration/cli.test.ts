import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { isPostgresUrl } from "#db/config.ts";
import { openDatabase } from "#db/database.ts";
import { freshDatabase, onPostgres } from "#tests/databases.ts";
import { makeMachine, makePartner } from "#tests/factories.ts";
import { runCli } from "./cli-run.ts";

const expected = JSON.parse(fs.readFileSync("fixtures/expected.json", "utf8"));

/** Runs the CLI against its own database (a SQLite file, or a postgres:// URL), capturing what it prints. */
function vendboard(args: string[], options: { db?: string; stdin?: string } = {}) {
  const db = options.db;
  const env = db && isPostgresUrl(db) ? { DATABASE_URL: db } : { DATABASE_PATH: db ?? process.env.DATABASE_PATH };
  return runCli(args, { stdin: options.stdin, env });
}

const drops: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const drop of drops) await drop();
});

/** A fresh, empty database of the engine under test: a SQLite file's path, or a new PostgreSQL database's URL. */
async function freshDatabasePath(): Promise<string> {
  if (!onPostgres) return path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-cli-")), "cli.db");
  const { target, drop } = await freshDatabase();
  drops.push(drop);
  return target.engine === "postgres" ? target.url : target.file;
}

async function databaseWithMachines(locations: string[]) {
  const file = await freshDatabasePath();
  expect((await vendboard(["db", "migrate"], { db: file })).code).toBe(0);
  const db = openDatabase(file);
  const partner = await makePartner(db);
  const machines = [];
  for (const location of locations) machines.push(await makeMachine(db, partner.id, location));
  return { file, db, machines };
}

describe("vendboard --help and usage errors", () => {
  it("lists the commands", async () => {
    const { code, out } = await vendboard(["--help"]);
    expect(code).toBe(0);
    for (const command of ["db", "admin", "import"]) expect(out).toContain(command);
  });

  it("exits 2 on an unknown command or a bad flag", async () => {
    expect((await vendboard(["nope"])).code).toBe(2);
    expect((await vendboard(["import", "x.xlsx", "--month", "October"])).code).toBe(2);
  });
});

describe("vendboard admin create", () => {
  it("makes an admin from a password on stdin, and refuses a duplicate", async () => {
    const db = await freshDatabasePath();
    const created = await vendboard(["admin", "create", "root", "--password-stdin", "--json"], {
      db,
      stdin: "s3cret-password\n",
    });
    expect(created.code).toBe(0);
    expect(JSON.parse(created.out)).toMatchObject({ username: "root", isAdmin: true });
    const again = await vendboard(["admin", "create", "ROOT", "--password-stdin"], { db, stdin: "s3cret-password\n" });
    expect(again.code).toBe(1);
    expect(again.err).toContain("Username already exists");
  });

  it("needs --password-stdin (usage, exit 2) and a long enough password (exit 1)", async () => {
    const db = await freshDatabasePath();
    expect((await vendboard(["admin", "create", "root"], { db })).code).toBe(2);
    const short = await vendboard(["admin", "create", "root", "--password-stdin"], { db, stdin: "short\n" });
    expect(short.code).toBe(1);
    expect(short.err).toContain("Password must be at least 8 characters");
  });
});

describe("vendboard admin list|disable|enable", () => {
  it("lists admins with last sign-in and status (table and --json), disables and enables by username, keeps the last active admin", async () => {
    const db = await freshDatabasePath();
    for (const name of ["root", "second"]) {
      expect(
        (
          await vendboard(["admin", "create", name, "--password-stdin", "--name", `The ${name}`], {
            db,
            stdin: "s3cret-password\n",
          })
        ).code,
      ).toBe(0);
    }
    const table = await vendboard(["admin", "list"], { db });
    expect(table.code).toBe(0);
    expect(table.out).toContain("Last sign-in");
    expect(table.out).toMatch(/root.*The root.*Never.*Active/);

    const disabled = await vendboard(["admin", "disable", "SECOND", "--json"], { db });
    expect(disabled.code).toBe(0);
    expect(JSON.parse(disabled.out)).toMatchObject({
      username: "second",
      isAdmin: true,
      disabledAt: expect.any(String),
    });
    const listed = JSON.parse((await vendboard(["admin", "list", "--json"], { db })).out);
    expect(
      listed.map((a: { username: string; disabledAt: string | null }) => [a.username, a.disabledAt === null]),
    ).toEqual([
      ["root", true],
      ["second", false],
    ]);
    expect((await vendboard(["admin", "list"], { db })).out).toMatch(/second.*Disabled since \d\d\/\d\d\/\d{4}/);

    const last = await vendboard(["admin", "disable", "root"], { db });
    expect(last.code).toBe(1);
    expect(last.err).toBe("error: The last active admin cannot be disabled\n");

    const enabled = await vendboard(["admin", "enable", "second"], { db });
    expect(enabled.code).toBe(0);
    expect(enabled.err).toContain("Enabled 'second'");
    expect((await vendboard(["admin", "disable", "root"], { db })).code).toBe(0);

    const unknown = await vendboard(["admin", "enable", "nobody"], { db });
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe("error: User not found\n");
    expect((await vendboard(["admin", "disable"], { db })).code).toBe(2);
  });

  it("disables a partner's sign-in too", async () => {
    const { file, db } = await databaseWithMachines([]);
    const partner = await db.selectFrom("users").select("username").where("isAdmin", "=", 0).executeTakeFirstOrThrow();
    const result = await vendboard(["admin", "disable", partner.username, "--json"], { db: file });
    expect(result.code).toBe(0);
    expect(JSON.parse(result.out)).toMatchObject({ username: partner.username, isAdmin: false });
    await db.destroy();
  });
});

describe("vendboard import", () => {
  it("routes rows by Machine Name, grouped by machine and month, to the penny; re-import adds nothing", async () => {
    const names = Object.keys(expected["three-machines-2026-09"].machines);
    const { file, db, machines } = await databaseWithMachines(names.map((n) => `  ${n.toUpperCase()} `));
    const first = await vendboard(
      ["import", "fixtures/three-machines-2026-09.xlsx", "fixtures/single-machine-2026-10.xls", "--json"],
      { db: file },
    );
    expect(first.code).toBe(0);
    const outcome = JSON.parse(first.out);
    expect(outcome.files.map((f: { ok: boolean }) => f.ok)).toEqual([true, true]);
    for (const [name, figures] of Object.entries<any>(expected["three-machines-2026-09"].machines)) {
      const machine = machines[names.indexOf(name)];
      const record = await db
        .selectFrom("monthlyRecords")
        .selectAll()
        .where("machineId", "=", machine.id)
        .where("month", "=", "2026-09")
        .executeTakeFirstOrThrow();
      expect([record.totalSales, record.revenuePence, record.cogsPence]).toEqual([
        figures.units,
        figures.revenuePence,
        figures.cogsPence,
      ]);
    }
    const leeds = machines[names.indexOf("Leeds Station Concourse")];
    const october = await db
      .selectFrom("monthlyRecords")
      .selectAll()
      .where("machineId", "=", leeds.id)
      .where("month", "=", "2026-10")
      .executeTakeFirstOrThrow();
    const single = expected["single-machine-2026-10"].machines["Leeds Station Concourse"];
    expect([october.totalSales, october.revenuePence, october.cogsPence]).toEqual([
      single.units,
      single.revenuePence,
      single.cogsPence,
    ]);

    const salesBefore = (await db.selectFrom("sales").select("id").execute()).length;
    const again = await vendboard(["import", "fixtures/three-machines-2026-09.xls", "--json"], { db: file });
    expect(again.code).toBe(0);
    const groups = JSON.parse(again.out).files[0].result.groups;
    expect(groups.map((g: { imported: number }) => g.imported)).toEqual([0, 0, 0]);
    expect((await db.selectFrom("sales").select("id").execute()).length).toBe(salesBefore);
  });

  it("reports unknown machine names, imports nothing from that file, goes on with the rest and exits 1", async () => {
    const { file, db } = await databaseWithMachines(["Leeds Station Concourse"]);
    const run = await vendboard(
      [
        "import",
        "fixtures/three-machines-2026-09.xlsx",
        "fixtures/single-machine-2026-10.xlsx",
        "fixtures/bad-too-few-rows.xlsx",
      ],
      { db: file },
    );
    expect(run.code).toBe(1);
    expect(run.out).toContain("Unknown machine names: Bradford Library, York Hospital Atrium");
    expect(run.out).toContain("Excel file does not contain enough rows.");
    // stderr (what cron mails) names each failed file and its reason, then the count.
    expect(run.err).toContain(
      "three-machines-2026-09.xlsx: Unknown machine names: Bradford Library, York Hospital Atrium",
    );
    expect(run.err).toContain("bad-too-few-rows.xlsx: Excel file does not contain enough rows.");
    expect(run.err).toContain("2 of 3 files failed");
    const months = await db.selectFrom("monthlyRecords").select("month").execute();
    expect(months).toEqual([{ month: "2026-10" }]);
  });

  it("--machine puts rows on one machine; --month only selects that month's rows, never re-dates them; --dry-run saves nothing", async () => {
    const { file, db, machines } = await databaseWithMachines(["Somewhere Else"]);
    const machine = String(machines[0].id);
    const dry = await vendboard(
      [
        "import",
        "fixtures/messy-headers-2026-10.xlsx",
        "--machine",
        machine,
        "--month",
        "2026-10",
        "--dry-run",
        "--json",
      ],
      { db: file },
    );
    expect(dry.code).toBe(0);
    expect(JSON.parse(dry.out).files[0].result.groups[0]).toMatchObject({
      month: "2026-10",
      imported: 18,
      units: 18,
      revenuePence: 2410,
      cogsPence: 952,
    });
    expect(await db.selectFrom("sales").select("id").execute()).toEqual([]);

    // October's rows asked for as November: nothing is imported, and the rows are counted by their month.
    const wrongMonth = await vendboard(
      ["import", "fixtures/messy-headers-2026-10.xlsx", "--machine", machine, "--month", "2026-11", "--json"],
      { db: file },
    );
    expect(wrongMonth.code).toBe(0);
    expect(JSON.parse(wrongMonth.out).files[0].result).toMatchObject({
      groups: [],
      outsideMonth: [{ reason: "dated October 2026", count: 18 }],
    });
    expect(await db.selectFrom("sales").select("id").execute()).toEqual([]);

    const real = await vendboard(
      ["import", "fixtures/messy-headers-2026-10.xlsx", "--machine", machine, "--month", "2026-10"],
      { db: file },
    );
    expect(real.code).toBe(0);
    expect(real.out).toContain("Somewhere Else");
    expect(real.out).toContain("£24.10");
  });

  it("--machine refuses a file that names several machines, pointing to the business-wide import", async () => {
    const { file, db, machines } = await databaseWithMachines(["Somewhere Else"]);
    const run = await vendboard(
      ["import", "fixtures/three-machines-2026-09.xlsx", "--machine", String(machines[0].id)],
      { db: file },
    );
    expect(run.code).toBe(1);
    expect(run.err).toContain("The file names 3 machines");
    expect(await db.selectFrom("sales").select("id").execute()).toEqual([]);
  });

  it("the same transactions in a second file for another machine are stored once and reported as already booked", async () => {
    const { file, db, machines } = await databaseWithMachines(["Somewhere Else"]);
    // Booked first to another machine (before Leeds had one), then imported business-wide: never counted twice.
    const first = await vendboard(
      ["import", "fixtures/messy-headers-2026-10.xlsx", "--machine", String(machines[0].id)],
      { db: file },
    );
    expect(first.code).toBe(0);
    await makeMachine(db, machines[0].partnerId, "Leeds Station Concourse");
    const second = await vendboard(["import", "fixtures/messy-headers-2026-10.xlsx"], { db: file });
    expect(second.code).toBe(0);
    expect(second.out).toContain("18 to Somewhere Else");
    expect(second.err).toContain("18 rows already booked to Somewhere Else: £");
    expect((await db.selectFrom("sales").select("id").execute()).length).toBe(18);
  });

  it("imports a folder of exports", async () => {
    const { file } = await databaseWithMachines([
      "Leeds Station Concourse",
      "Bradford Library",
      "York Hospital Atrium",
    ]);
    const run = await vendboard(["import", "fixtures", "--dry-run", "--json"], { db: file });
    const files = JSON.parse(run.out).files;
    expect(files).toHaveLength(10);
    expect(files.filter((f: { ok: boolean }) => !f.ok)).toHaveLength(4);
    expect(run.code).toBe(1);
  });
});
