/**
 * vendboard db copy --to postgres://: a SQLite business, its uploads included,
 * moves to PostgreSQL with every count and pence total equal, and the app answers the same on both.
 * Needs a SQLite source and a PostgreSQL target at once: runs when TEST_PG_URL is set.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "#db/database.ts";
import { copySqliteToPostgres } from "#db/copy.ts";
import { buildExport, seededRandom } from "#db/sample-export.ts";
import { seedDemo } from "#domain/demo/demo-seed.ts";
import { commissionSummary } from "#domain/commissions/commission-summary.ts";
import { importExports } from "#domain/imports/import-service.ts";
import { readUpload } from "#domain/imports/upload-store.ts";
import { listPartners } from "#domain/partners/partner-service.ts";
import { productAnalytics } from "#domain/products/product-service.ts";
import { previousMonth } from "#domain/shared/dates.ts";
import { createPostgresDatabase, dropPostgresDatabase } from "#tests/databases.ts";
import { makeMachine, makePartner } from "#tests/factories.ts";
import { runCli } from "./cli-run.ts";

const now = new Date();
const FIXTURE = "copy-test-concourse.xlsx";
const hasPostgres = Boolean(process.env.TEST_PG_URL);

let dir: string;
let sourceFile: string;
const targets: string[] = [];

async function target(): Promise<string> {
  const url = await createPostgresDatabase("vendboard_copy");
  targets.push(url);
  return url;
}

/** The CLI on the SQLite source (never the test file's own DATABASE_URL). */
const copy = (args: string[]) =>
  runCli(["db", "copy", ...args], { env: { DATABASE_PATH: sourceFile, DATABASE_URL: undefined } });

describe.skipIf(!hasPostgres)(
  hasPostgres
    ? "vendboard db copy to PostgreSQL"
    : "vendboard db copy to PostgreSQL [skipped: needs TEST_PG_URL for its target, e.g. node scripts/pg-cluster.js -- npx vitest run]",
  () => {
    beforeAll(async () => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-copy-"));
      sourceFile = path.join(dir, "vendboard.db");
      const db = openDatabase({ engine: "sqlite", file: sourceFile });
      await migrateToLatest(db);
      await seedDemo(db, dir, now);
      // And one export imported as an operator would, beside the demo's.
      const partner = await makePartner(db);
      await makeMachine(db, partner.id, "Copy Test Concourse");
      const bytes = buildExport({
        location: "Copy Test Concourse",
        month: previousMonth(now),
        units: 40,
        firstTransactionId: 9_100_000_000,
        random: seededRandom(17),
      });
      const [outcome] = await importExports(db, [{ name: FIXTURE, bytes }], {}, { actorId: null, dataDir: dir });
      expect(outcome.ok ? "imported" : outcome.error).toBe("imported");
      await db.destroy();
    }, 180_000);

    afterAll(async () => {
      for (const url of targets) await dropPostgresDatabase(url);
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it("copies every table and upload: counts, pence totals and the app's answers agree on both engines", async () => {
      const url = await target();
      const copied = await copy(["--to", url, "--json"]);
      expect(copied.err).not.toContain("error");
      expect(copied.code).toBe(0);
      const report = JSON.parse(copied.out) as {
        ok: boolean;
        tables: { table: string; source: number; target: number; ok: boolean }[];
        money: { column: string; ok: boolean }[];
        uploads: { files: number; copied: number };
      };
      expect(report.ok).toBe(true);
      expect(report.tables.every((t) => t.ok)).toBe(true);
      expect(report.tables.find((t) => t.table === "sales")!.target).toBeGreaterThan(20_000);
      expect(report.money.map((m) => m.column)).toEqual(
        expect.arrayContaining([
          "sales.price_pence",
          "monthly_records.revenue_pence",
          "fee_payments.amount_pence",
          "payments.amount_pence",
          "commission_payments.amount_pence",
        ]),
      );
      expect(report.uploads.files).toBeGreaterThan(1);
      expect(report.uploads.copied).toBe(report.uploads.files);

      const sqlite = openDatabase({ engine: "sqlite", file: sourceFile });
      const postgres = openDatabase({ engine: "postgres", url });
      try {
        const month = previousMonth(now);
        expect(await commissionSummary(postgres, month)).toEqual(await commissionSummary(sqlite, month));
        expect(await listPartners(postgres)).toEqual(await listPartners(sqlite));
        expect(await productAnalytics(postgres)).toEqual(await productAnalytics(sqlite));
        expect(await postgres.selectFrom("productSalesTotals").selectAll().orderBy("productId").execute()).toEqual(
          await sqlite.selectFrom("productSalesTotals").selectAll().orderBy("productId").execute(),
        );
        // The imported export reads back from the rows, byte for byte.
        const receipt = await sqlite
          .selectFrom("importReceipts")
          .select("storedPath")
          .where("fileName", "=", FIXTURE)
          .executeTakeFirstOrThrow();
        const bytes = await readUpload(postgres, dir, receipt.storedPath);
        expect(Buffer.from(bytes!).equals(fs.readFileSync(path.join(dir, receipt.storedPath)))).toBe(true);
        // The identity sequences go on after the copied ids.
        const before = await sqlite
          .selectFrom("users")
          .select((eb) => eb.fn.max("id").as("id"))
          .executeTakeFirstOrThrow();
        const added = await makePartner(postgres);
        expect(added.id).toBe(Number(before.id) + 1);
      } finally {
        await sqlite.destroy();
        await postgres.destroy();
      }
    }, 120_000);

    it("refuses a target that already has rows, and replaces them with --force", async () => {
      const url = await target();
      expect((await copy(["--to", url])).code).toBe(0);
      const refused = await copy(["--to", url]);
      expect(refused.code).toBe(1);
      expect(refused.err).toContain("The target already has rows (users");
      expect(refused.err).toContain("pass --force to empty it first");

      const postgres = openDatabase({ engine: "postgres", url });
      await makePartner(postgres);
      await postgres.destroy();
      const forced = await copy(["--to", url, "--force"]);
      expect(forced.code).toBe(0);
      expect(forced.out).toMatch(/^users\s+\d+\s+\d+\s+ok$/m);
      expect(forced.out).toMatch(/^sales\.price_pence\s+\d+\s+\d+\s+ok$/m);
      expect(forced.err).toContain("every count and total agrees");
    }, 120_000);

    it("is domain code the tests call directly: batches of 333 rows copy the same, with progress per table", async () => {
      const url = await target();
      const postgres = openDatabase({ engine: "postgres", url });
      const progress: string[] = [];
      try {
        const report = await copySqliteToPostgres(sourceFile, postgres, {
          dataDir: dir,
          batchRows: 333,
          onProgress: ({ table, done, total }) => done === total && progress.push(table),
        });
        expect(report.ok).toBe(true);
        expect(progress.indexOf("users")).toBeLessThan(progress.indexOf("machines"));
        expect(progress.indexOf("machines")).toBeLessThan(progress.indexOf("sales"));
        expect(progress.indexOf("products")).toBeLessThan(progress.indexOf("sales"));
      } finally {
        await postgres.destroy();
      }
    }, 120_000);

    it("takes only a postgres:// target", async () => {
      const wrong = await copy(["--to", path.join(dir, "other.db")]);
      expect(wrong.code).toBe(2);
      expect(wrong.err).toContain("--to takes a postgres:// or postgresql:// URL");
    });
  },
);
