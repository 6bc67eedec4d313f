/** Issue 33: every CLI command says which database it opened, never with the password. */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { databaseLine, describeTarget } from "#db/config.ts";

const pg = (url: string) => ({ engine: "postgres" as const, url });

describe("describeTarget (the `database` field of --json answers)", () => {
  it("is a SQLite file's path as configured", () => {
    expect(describeTarget({ engine: "sqlite", file: "data/demo.db" })).toBe("data/demo.db");
  });

  it("hides a PostgreSQL password, in the user part and in the query", () => {
    expect(describeTarget(pg("postgres://vb:hunter2@db.example.com:5433/vendboard"))).toBe(
      "postgres://vb:***@db.example.com:5433/vendboard",
    );
    const query = describeTarget(pg("postgresql://db.example.com/vendboard?user=vb&password=hunter2&sslpassword=k3y"));
    expect(query).not.toContain("hunter2");
    expect(query).not.toContain("k3y");
    expect(query).toContain("user=vb");
    expect(describeTarget(pg("postgres://vb@localhost/vendboard"))).toBe("postgres://vb@localhost/vendboard");
  });

  it("never echoes a URL it cannot parse (it may hold a password)", () => {
    expect(describeTarget(pg("postgres://vb:hunter2@[bad/vendboard"))).not.toContain("hunter2");
  });
});

describe("databaseLine (stderr, before a command opens the database)", () => {
  it("names a SQLite file, and where a relative path lands", () => {
    expect(databaseLine({ engine: "sqlite", file: "data/demo.db" }, "/srv/vendboard")).toBe(
      `Database: SQLite file data/demo.db (${path.resolve("/srv/vendboard", "data/demo.db")})`,
    );
    expect(databaseLine({ engine: "sqlite", file: "/srv/data/vendboard.db" }, "/anywhere")).toBe(
      "Database: SQLite file /srv/data/vendboard.db",
    );
  });

  it("names PostgreSQL's host, port, database and user, never the password", () => {
    const line = databaseLine(pg("postgres://vb:hunter2@db.example.com:5433/vendboard?password=again"), "/");
    expect(line).toBe("Database: PostgreSQL database vendboard on db.example.com:5433, user vb");
    expect(line).not.toContain("hunter2");
    expect(databaseLine(pg("postgresql://localhost/sales%20db"), "/")).toBe(
      "Database: PostgreSQL database sales db on localhost",
    );
    expect(databaseLine(pg("postgres://vb:hunter2@[bad/x"), "/")).not.toContain("hunter2");
  });
});
