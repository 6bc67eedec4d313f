// Each test file gets its own temporary database and data directory, before any app module loads.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-test-"));
process.env.DATABASE_PATH = path.join(dir, "test.db");
process.env.SESSION_SECRET ??= "test-session-secret-0123456789";
process.env.NODE_ENV = "test";
process.env.TZ = "UTC";
