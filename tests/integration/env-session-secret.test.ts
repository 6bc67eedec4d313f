/**
 * SESSION_SECRET with DATABASE_URL: several app servers on one PostgreSQL
 * database must sign sessions with one secret, so none is generated then, in any NODE_ENV; without
 * DATABASE_URL, outside production, one is still generated and kept in the data directory.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "#app/utils/env.server.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-env-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const URL = "postgres://vendboard@127.0.0.1:5432/vendboard";
const base = { DATABASE_PATH: path.join(dir, "vendboard.db"), APP_URL: "https://vendboard.example" };

describe("SESSION_SECRET and DATABASE_URL", () => {
  it("is required whenever DATABASE_URL is set, whatever NODE_ENV says, and none is generated", () => {
    for (const NODE_ENV of ["development", "test", "production"] as const) {
      expect(() => parseEnv({ ...base, NODE_ENV, DATABASE_URL: URL }), NODE_ENV).toThrow(
        /SESSION_SECRET: SESSION_SECRET is required with DATABASE_URL: every app server must share it/,
      );
    }
    expect(fs.existsSync(path.join(dir, "session-secret"))).toBe(false);
  });

  it("with DATABASE_URL and a secret, that secret is used", () => {
    const env = parseEnv({
      ...base,
      NODE_ENV: "development",
      DATABASE_URL: URL,
      SESSION_SECRET: "shared-by-every-server-0123456789",
    });
    expect(env.SESSION_SECRET).toBe("shared-by-every-server-0123456789");
    expect(env.DATABASE_URL).toBe(URL);
  });

  it("an empty DATABASE_URL is no DATABASE_URL: outside production the secret is generated in the data directory", () => {
    const env = parseEnv({ ...base, NODE_ENV: "development", DATABASE_URL: " " });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SESSION_SECRET).toBe(fs.readFileSync(path.join(dir, "session-secret"), "utf8").trim());
  });
});
