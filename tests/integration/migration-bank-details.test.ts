/** The bank-details migration on a database holding bad details: `vendboard db migrate` lists them, and they are kept. */
import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { openDatabase } from "#db/database.ts";
import { migrations } from "#db/migrations/index.ts";
import { freshDatabase } from "#tests/databases.ts";
import { runCli } from "./cli-run.ts";

describe("migration 2026-12-02T01-bank-details", () => {
  it("lists each partner whose stored sort code or account number a bank file cannot take, and keeps the details", async () => {
    const fresh = await freshDatabase("bank.db");
    const db = openDatabase(fresh.target);
    let badSort: { id: number }, badBoth: { id: number }, good: { id: number };
    try {
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("2026-12-01T00-money-paid")).error).toBeUndefined();
      const partner = (username: string, sortCode: string | null, accountNumber: string | null, isAdmin = 0) =>
        db
          .insertInto("users")
          .values({ username, passwordHash: "x", name: `Name ${username}`, sortCode, accountNumber, isAdmin })
          .returning("id")
          .executeTakeFirstOrThrow();
      badSort = await partner("badsort", "12-34", "12345678");
      badBoth = await partner("badboth", "1234567", "1234567890");
      good = await partner("good", "12 34 56", "1234567");
      await partner("none", null, null);
      await partner("admin", "x", "y", 1);
    } finally {
      await db.destroy();
    }
    const env =
      fresh.target.engine === "postgres"
        ? { DATABASE_URL: fresh.target.url }
        : { DATABASE_URL: undefined, DATABASE_PATH: fresh.target.file };
    const run = await runCli(["db", "migrate"], { env });
    expect(run.code, run.err).toBe(0);
    expect(run.err).toContain("2026-12-02T01-bank-details");
    const lines = run.err.split("\n").filter((l) => l.includes("bank details need checking"));
    expect(lines).toHaveLength(2);
    expect(run.err).toContain(
      `  2026-12-02T01-bank-details: partner ${badSort.id}: bank details need checking for Name badsort: sort code "12-34" is not 6 digits (kept as they are)\n`,
    );
    expect(run.err).toContain(
      `  2026-12-02T01-bank-details: partner ${badBoth.id}: bank details need checking for Name badboth: sort code "1234567" is not 6 digits and account number "1234567890" is not 8 digits (kept as they are)\n`,
    );
    const after = openDatabase(fresh.target);
    try {
      const users = await after.selectFrom("users").select(["id", "sortCode", "accountNumber", "rollNumber"]).execute();
      expect(users.find((u) => u.id === badSort.id)).toEqual({
        id: badSort.id,
        sortCode: "12-34",
        accountNumber: "12345678",
        rollNumber: null,
      });
      expect(users.find((u) => u.id === good.id)?.sortCode).toBe("12 34 56");
      // --json gives the same report (nothing left to apply now: an empty one).
      const again = await runCli(["db", "migrate", "--json"], { env });
      expect(JSON.parse(again.out)).toMatchObject({ applied: [], report: [] });
    } finally {
      await after.destroy();
      await fresh.drop();
    }
  });
});
