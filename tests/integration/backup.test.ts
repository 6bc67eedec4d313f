/** vendboard db backup / db restore: one archive with the database and its uploads, restored byte for byte. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "#db/database.ts";
import { importExports } from "#domain/imports/import-service.ts";
import { makeMachine, makePartner } from "#tests/factories.ts";
import { runCli } from "./cli-run.ts";
import { describeSqliteOnly } from "#tests/databases.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures");
const fresh = () => fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-backup-test-"));

async function populated() {
  const dir = fresh();
  const file = path.join(dir, "vendboard.db");
  const db = openDatabase(file);
  await migrateToLatest(db);
  const partner = await makePartner(db);
  for (const location of ["Leeds Station Concourse", "York Hospital Atrium", "Bradford Library"]) await makeMachine(db, partner.id, location);
  const files = ["three-machines-2026-09.xlsx", "single-machine-2026-10.xls"].map((name) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(FIXTURES, name))) }));
  const outcomes = await importExports(db, files, {}, { actorId: null, dataDir: dir });
  expect(outcomes.every((o) => o.ok)).toBe(true);
  await db.destroy();
  return { dir, file };
}

async function reportFiles(file: string) {
  const db = openDatabase(file);
  const rows = await db.selectFrom("importReceipts").select(["recordId", "storedPath"]).orderBy("recordId").execute();
  const sales = Number((await db.selectFrom("sales").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
  await db.destroy();
  return { rows, sales, bytes: rows.map((r) => fs.readFileSync(path.join(path.dirname(file), r.storedPath))) };
}

describeSqliteOnly("vendboard db backup / restore", "backs up and restores the SQLite file; PostgreSQL's pg_dump path is issue 17 scope 4", () => {
  it("round trip: every record's report file and every row come back byte for byte in a fresh directory", async () => {
    const { dir, file } = await populated();
    const archive = path.join(dir, "backup.tar.gz");
    const made = await runCli(["db", "backup", archive, "--json"], { env: { DATABASE_PATH: file } });
    expect(made.code).toBe(0);
    expect(JSON.parse(made.out)).toMatchObject({ backup: archive, uploads: 2, missing: [] });

    const target = path.join(fresh(), "restored.db");
    const restored = await runCli(["db", "restore", archive], { env: { DATABASE_PATH: target } });
    expect(restored.code).toBe(0);
    expect(restored.err).toContain("and 2 uploaded exports");
    const before = await reportFiles(file);
    const after = await reportFiles(target);
    expect(after.rows).toEqual(before.rows);
    expect(after.sales).toBe(98 + 44);
    after.bytes.forEach((bytes, i) => expect(bytes.equals(before.bytes[i])).toBe(true));
  });

  it("refuses to replace a database without --force, and replaces it with", async () => {
    const { dir, file } = await populated();
    const archive = path.join(dir, "backup.tar.gz");
    expect((await runCli(["db", "backup", archive], { env: { DATABASE_PATH: file } })).code).toBe(0);
    const refused = await runCli(["db", "restore", archive], { env: { DATABASE_PATH: file } });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("pass --force to replace it");
    expect((await runCli(["db", "restore", archive, "--force"], { env: { DATABASE_PATH: file } })).code).toBe(0);
  });

  it("refuses a damaged archive and restores nothing", async () => {
    const { dir, file } = await populated();
    const archive = path.join(dir, "backup.tar.gz");
    expect((await runCli(["db", "backup", archive], { env: { DATABASE_PATH: file } })).code).toBe(0);
    const unpacked = fresh();
    await tar.extract({ file: archive, cwd: unpacked });
    const upload = fs.readdirSync(path.join(unpacked, "uploads"))[0];
    fs.appendFileSync(path.join(unpacked, "uploads", upload), "tampered");
    const damaged = path.join(dir, "damaged.tar.gz");
    await tar.create({ gzip: true, file: damaged, cwd: unpacked }, fs.readdirSync(unpacked));
    const target = path.join(fresh(), "restored.db");
    const refused = await runCli(["db", "restore", damaged], { env: { DATABASE_PATH: target } });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("is missing or damaged in the backup: nothing was restored");
    expect(fs.existsSync(target)).toBe(false);
  });
});
