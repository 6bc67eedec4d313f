// Each test file gets its own temporary database and data directory, before any app module loads:
// a SQLite file, or with TEST_PG_URL (npm run test:pg) its own PostgreSQL database on that server.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-test-"));
process.env.DATABASE_PATH = path.join(dir, "test.db");
process.env.SESSION_SECRET ??= "test-session-secret-0123456789";
process.env.NODE_ENV = "test";
process.env.TZ = "UTC";

if (process.env.TEST_PG_URL) {
  const { createPostgresDatabase, dropPostgresDatabase } = await import("./databases.ts");
  const url = await createPostgresDatabase();
  process.env.DATABASE_URL = url;
  afterAll(() => dropPostgresDatabase(url));
}
