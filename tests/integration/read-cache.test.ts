// app/utils/read-cache.server.ts with db/data-version.ts: a partner's dashboard is read again only
// once the database has changed (a write on this connection or a commit from another, such as the
// CLI or another server process); a read with a failed part is never kept; PostgreSQL keeps nothing.
import Database from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "#app/routes/_index.tsx";
import { cachedRead } from "#app/utils/read-cache.server.ts";
import { db } from "#app/utils/db.server.ts";
import { dataVersion } from "#db/data-version.ts";
import { isPostgres } from "#db/dialect.ts";
import { makeMachine, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

const onSqlite = !isPostgres(db);

describe("reads kept until the database changes", () => {
  it("keeps a complete read until a write on this connection", async () => {
    let reads = 0;
    const read = async () => ({ value: ++reads, complete: true });
    const first = await cachedRead(db, "test:own", read);
    const again = await cachedRead(db, "test:own", read);
    if (!onSqlite) {
      expect(await dataVersion(db)).toBeNull();
      expect([first, again]).toEqual([1, 2]);
      return;
    }
    expect([first, again]).toEqual([1, 1]);
    await makePartner(db);
    expect(await cachedRead(db, "test:own", read)).toBe(2);
    expect(await cachedRead(db, "test:own", read)).toBe(2);
  });

  it.runIf(onSqlite)("reads again after another connection commits (the CLI, another server process)", async () => {
    let reads = 0;
    const read = async () => ({ value: ++reads, complete: true });
    expect(await cachedRead(db, "test:other", read)).toBe(1);
    expect(await cachedRead(db, "test:other", read)).toBe(1);
    const other = new Database(process.env.DATABASE_PATH);
    other.prepare("update users set name = name where id = (select min(id) from users)").run();
    other.close();
    expect(await cachedRead(db, "test:other", read)).toBe(2);
  });

  it("never keeps a read with a part that failed", async () => {
    let reads = 0;
    const read = async () => ({ value: ++reads, complete: false });
    expect(await cachedRead(db, "test:failed", read)).toBe(1);
    expect(await cachedRead(db, "test:failed", read)).toBe(2);
  });
});

describe("the partner's dashboard", () => {
  let partner: Awaited<ReturnType<typeof makePartner>>;
  let cookie: string;
  beforeAll(async () => {
    partner = await makePartner(db, { partnerType: "profit-sharing" });
    await makeMachine(db, partner.id, "Cache Test One");
    cookie = await loginCookie(partner.username);
  });
  const machinesShown = async (search = "") => {
    const response = await call(dashboardLoader, `/${search}`, { cookie });
    expect(response.status).toBe(200);
    const data = (await response.json()) as { machines: { machines: { location: string }[] } };
    return data.machines.machines.map((m) => m.location).sort();
  };

  it("shows a machine added since the last visit", async () => {
    expect(await machinesShown()).toEqual(["Cache Test One"]);
    expect(await machinesShown()).toEqual(["Cache Test One"]);
    await makeMachine(db, partner.id, "Cache Test Two");
    expect(await machinesShown()).toEqual(["Cache Test One", "Cache Test Two"]);
  });

  it("keeps each address apart (a page of machines, a tab)", async () => {
    expect(await machinesShown("?page=2")).toEqual(["Cache Test One", "Cache Test Two"]);
    await db
      .updateTable("machines")
      .set({ location: "Cache Test Renamed" })
      .where("location", "=", "Cache Test One")
      .execute();
    expect(await machinesShown()).toEqual(["Cache Test Renamed", "Cache Test Two"]);
  });
});
