/**
 * vendboard db backup / db restore: one archive with the database and its uploads, restored byte for
 * byte: the SQLite file and its uploads folder, or on PostgreSQL pg_dump's dump (uploads as rows).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as tar from "tar";
import { describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "#db/database.ts";
import { importExports } from "#domain/imports/import-service.ts";
import { makeMachine, makePartner } from "#tests/factories.ts";
import { runCli } from "./cli-run.ts";
import { createPostgresDatabase, describeSqliteOnly, dropPostgresDatabase, onPostgres } from "#tests/databases.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures");
const fresh = () => fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-backup-test-"));

async function populated() {
  const dir = fresh();
  const file = path.join(dir, "vendboard.db");
  const db = openDatabase(file);
  await migrateToLatest(db);
  const partner = await makePartner(db);
  for (const location of ["Leeds Station Concourse", "York Hospital Atrium", "Bradford Library"])
    await makeMachine(db, partner.id, location);
  const files = ["three-machines-2026-09.xlsx", "single-machine-2026-10.xls"].map((name) => ({
    name,
    bytes: new Uint8Array(fs.readFileSync(path.join(FIXTURES, name))),
  }));
  const outcomes = await importExports(db, files, {}, { actorId: null, dataDir: dir });
  expect(outcomes.every((o) => o.ok)).toBe(true);
  await db.destroy();
  return { dir, file };
}

async function reportFiles(file: string) {
  const db = openDatabase(file);
  const rows = await db.selectFrom("importReceipts").select(["recordId", "storedPath"]).orderBy("recordId").execute();
  const sales = Number(
    (
      await db
        .selectFrom("sales")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );
  await db.destroy();
  return { rows, sales, bytes: rows.map((r) => fs.readFileSync(path.join(path.dirname(file), r.storedPath))) };
}

describeSqliteOnly(
  "vendboard db backup / restore",
  "backs up and restores the SQLite file; PostgreSQL's pg_dump path is the block below",
  () => {
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

    it("carries the outbox's emails, checked, and adds them to the restored data directory (issue 32)", async () => {
      const { dir, file } = await populated();
      fs.mkdirSync(path.join(dir, "outbox"));
      const eml = "2026-11-22T14-59-27-512Z-accounts-leeds-station.example.eml";
      fs.writeFileSync(path.join(dir, "outbox", eml), "Subject: Monthly Commission Report\r\n\r\nbody");
      const archive = path.join(dir, "backup.tar.gz");
      const made = await runCli(["db", "backup", archive, "--json"], { env: { DATABASE_PATH: file } });
      expect(JSON.parse(made.out)).toMatchObject({ outbox: 1 });
      const unpacked = fresh();
      await tar.extract({ file: archive, cwd: unpacked });
      expect(JSON.parse(fs.readFileSync(path.join(unpacked, "manifest.json"), "utf8")).outbox).toEqual([
        { path: `outbox/${eml}`, sha256: expect.stringMatching(/^[0-9a-f]{64}$/), bytes: 42 },
      ]);
      const target = path.join(fresh(), "restored.db");
      expect((await runCli(["db", "restore", archive], { env: { DATABASE_PATH: target } })).code).toBe(0);
      expect(fs.readFileSync(path.join(path.dirname(target), "outbox", eml), "utf8")).toContain("Monthly Commission");

      fs.appendFileSync(path.join(unpacked, "outbox", eml), "tampered");
      const damaged = path.join(dir, "damaged.tar.gz");
      await tar.create({ gzip: true, file: damaged, cwd: unpacked }, fs.readdirSync(unpacked));
      const elsewhere = path.join(fresh(), "restored.db");
      const refused = await runCli(["db", "restore", damaged], { env: { DATABASE_PATH: elsewhere } });
      expect(refused.err).toContain(`outbox/${eml} is missing or damaged in the backup: nothing was restored`);
      expect(fs.existsSync(elsewhere)).toBe(false);
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

    it("refuses a PostgreSQL backup, pointing the other way", async () => {
      const unpacked = fresh();
      fs.writeFileSync(
        path.join(unpacked, "manifest.json"),
        JSON.stringify({
          format: 1,
          engine: "postgres",
          createdAt: "2026-11-23T00:00:00.000Z",
          database: "vendboard.pgdump",
          uploads: [],
          missing: [],
        }),
      );
      fs.writeFileSync(path.join(unpacked, "vendboard.pgdump"), "PGDMP");
      const archive = path.join(unpacked, "pg.tar.gz");
      await tar.create({ gzip: true, file: archive, cwd: unpacked }, ["manifest.json", "vendboard.pgdump"]);
      const target = path.join(fresh(), "restored.db");
      const refused = await runCli(["db", "restore", archive], {
        env: { DATABASE_PATH: target, DATABASE_URL: undefined },
      });
      expect(refused.code).toBe(1);
      expect(refused.err).toContain("This backup is from PostgreSQL and the database here is SQLite");
      expect(fs.existsSync(target)).toBe(false);
    });
  },
);

describe.skipIf(!onPostgres)(
  onPostgres
    ? "vendboard db backup / restore on PostgreSQL (pg_dump, pg_restore)"
    : "vendboard db backup / restore on PostgreSQL [skipped on SQLite: runs with TEST_PG_URL]",
  () => {
    async function populatedPostgres() {
      const url = await createPostgresDatabase("vendboard_backup");
      const db = openDatabase(url);
      await migrateToLatest(db);
      const partner = await makePartner(db);
      for (const location of ["Leeds Station Concourse", "York Hospital Atrium", "Bradford Library"])
        await makeMachine(db, partner.id, location);
      const files = ["three-machines-2026-09.xlsx", "single-machine-2026-10.xls"].map((name) => ({
        name,
        bytes: new Uint8Array(fs.readFileSync(path.join(FIXTURES, name))),
      }));
      const outcomes = await importExports(db, files, {}, { actorId: null, dataDir: fresh() });
      expect(outcomes.every((o) => o.ok)).toBe(true);
      await db.destroy();
      return url;
    }

    async function contents(url: string) {
      const db = openDatabase(url);
      try {
        const receipts = await db
          .selectFrom("importReceipts")
          .select(["recordId", "storedPath"])
          .orderBy("recordId")
          .execute();
        const sales = await db
          .selectFrom("sales")
          .select(["id", "pricePence", "transactionId"])
          .orderBy("id")
          .execute();
        const uploads = await db.selectFrom("storedUploads").select(["path", "bytes"]).orderBy("path").execute();
        return {
          receipts,
          sales,
          uploads: uploads.map((u) => ({ path: u.path, bytes: Buffer.from(u.bytes).toString("base64") })),
        };
      } finally {
        await db.destroy();
      }
    }

    it("round trip: every row and stored upload comes back; a database with tables is replaced only with --force", async () => {
      const source = await populatedPostgres();
      const target = await createPostgresDatabase("vendboard_restore");
      try {
        const archive = path.join(fresh(), "pg.tar.gz");
        // The outbox lives in the data directory (DATABASE_PATH's folder) on PostgreSQL too.
        const sourceData = fresh();
        fs.mkdirSync(path.join(sourceData, "outbox"));
        fs.writeFileSync(path.join(sourceData, "outbox", "a.eml"), "Subject: Invoice\r\n\r\nbody");
        const made = await runCli(["db", "backup", archive, "--json"], {
          env: { DATABASE_URL: source, DATABASE_PATH: path.join(sourceData, "unused.db") },
        });
        expect(made.code).toBe(0);
        expect(JSON.parse(made.out)).toMatchObject({ engine: "postgres", backup: archive, outbox: 1 });
        const unpacked = fresh();
        await tar.extract({ file: archive, cwd: unpacked });
        expect(JSON.parse(fs.readFileSync(path.join(unpacked, "manifest.json"), "utf8"))).toMatchObject({
          format: 1,
          engine: "postgres",
          database: "vendboard.pgdump",
        });
        expect(fs.readFileSync(path.join(unpacked, "vendboard.pgdump")).subarray(0, 5).toString()).toBe("PGDMP");

        const targetData = fresh();
        const restored = await runCli(["db", "restore", archive], {
          env: { DATABASE_URL: target, DATABASE_PATH: path.join(targetData, "unused.db") },
        });
        expect(restored.err).toContain("Restored");
        expect(restored.code).toBe(0);
        expect(fs.readFileSync(path.join(targetData, "outbox", "a.eml"), "utf8")).toContain("Invoice");
        const before = await contents(source);
        expect(before.sales).toHaveLength(98 + 44);
        expect(before.uploads).toHaveLength(2);
        expect(await contents(target)).toEqual(before);

        const refused = await runCli(["db", "restore", archive], { env: { DATABASE_URL: target } });
        expect(refused.code).toBe(1);
        expect(refused.err).toContain("has tables already: stop the servers and pass --force to replace it");
        // A row written after the backup is gone once the backup replaces the database.
        const db = openDatabase(target);
        await makePartner(db, { username: "after-backup" });
        await db.destroy();
        const forced = await runCli(["db", "restore", archive, "--force"], { env: { DATABASE_URL: target } });
        expect(forced.code).toBe(0);
        expect(await contents(target)).toEqual(before);
        const again = openDatabase(target);
        expect(await again.selectFrom("users").select("id").where("username", "=", "after-backup").execute()).toEqual(
          [],
        );
        // The sequences come back too: the next partner takes the next id.
        const next = await makePartner(again);
        const max = await again
          .selectFrom("users")
          .select((eb) => eb.fn.max("id").as("id"))
          .where("id", "<>", next.id)
          .executeTakeFirstOrThrow();
        expect(next.id).toBe(Number(max.id) + 1);
        await again.destroy();
      } finally {
        await dropPostgresDatabase(source);
        await dropPostgresDatabase(target);
      }
    }, 60_000);

    it("refuses a SQLite backup and points to db copy", async () => {
      const { dir, file } = await populated();
      const archive = path.join(dir, "backup.tar.gz");
      expect(
        (await runCli(["db", "backup", archive], { env: { DATABASE_PATH: file, DATABASE_URL: undefined } })).code,
      ).toBe(0);
      const target = await createPostgresDatabase("vendboard_restore");
      try {
        const refused = await runCli(["db", "restore", archive], { env: { DATABASE_URL: target } });
        expect(refused.code).toBe(1);
        expect(refused.err).toContain("This backup is from SQLite and the database here is PostgreSQL");
        expect(refused.err).toContain("vendboard db copy --to postgres://");
      } finally {
        await dropPostgresDatabase(target);
      }
    });
  },
);
