import { expect, it } from "vitest";
import { keepingStatements, openSqlite } from "#db/database.ts";
import { describeSqliteOnly } from "#tests/databases.ts";

describeSqliteOnly("prepared statements kept per connection", "better-sqlite3's prepared statements", () => {
  it("answers the same statement for the same SQL, keeps 300 short texts and 8 long ones (bulk inserts)", () => {
    const sqlite = openSqlite(":memory:");
    const db = keepingStatements(sqlite);
    expect(db.prepare("select 1 as one")).toBe(db.prepare("select 1 as one"));
    const long = `select 1 as one where 1 in (${Array.from({ length: 2_000 }, (_, i) => i).join(", ")})`;
    const longOne = db.prepare(long);
    expect(db.prepare(long)).toBe(longOne);
    for (let i = 0; i < 8; i++) db.prepare(`${long} and ${i} = ${i}`);
    expect(db.prepare(long)).not.toBe(longOne);
    const first = db.prepare("select 0 as n");
    for (let i = 1; i <= 300; i++) db.prepare(`select ${i} as n`);
    expect(db.prepare("select 0 as n")).not.toBe(first);
    // A kept statement runs again with new parameters.
    const statement = db.prepare("select ? as v");
    expect(statement.all([1])).toEqual([{ v: 1 }]);
    expect(db.prepare("select ? as v").all([2])).toEqual([{ v: 2 }]);
    db.close();
  });
});
