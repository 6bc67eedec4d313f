// npm run test:e2e:pg: the e2e smoke on PostgreSQL. The demo world is seeded into a new, empty
// database (E2E_DATABASE_URL → scripts/demo.js's DEMO_DATABASE_URL) on the server at TEST_PG_URL,
// or on a throwaway cluster started here (scripts/pg-cluster.js), and Playwright runs the smoke's
// spec files against the production build serving it. Arguments go to Playwright; spec files among
// them replace the smoke's list.
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";
import { bin, ensureBuild, preflight, root, run } from "./lib.js";
import { findPostgresBin, startCluster } from "./pg-cluster.js";

/**
 * The smoke: sign-in (and sign-out, the limits), an import, a commission payment and an invoice,
 * each through the browser on the real server. The rest of the e2e suite is about pages, not the
 * engine, and runs on SQLite.
 */
// Invoices are not in the list (npm test near its 20 minutes): their SQL runs on PostgreSQL in the integration suite.
export const PG_SMOKE_SPECS = ["tests/e2e/auth.spec.ts", "tests/e2e/import.spec.ts", "tests/e2e/commissions.spec.ts"];

async function onServer(server, statement) {
  const client = new pg.Client({ connectionString: server });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the PostgreSQL server at `server`: its name and URL. */
export async function createDatabase(server, prefix = "vendboard_e2e") {
  const name = `${prefix}_${Date.now().toString(36)}_${process.pid}`;
  await onServer(server, `create database ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  // Ctrl-C: exit through process.exit, so a cluster started here is stopped and removed.
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));
  let server = process.env.TEST_PG_URL;
  if (!server) {
    if (!findPostgresBin()) {
      console.error(
        "PostgreSQL is not installed (no initdb): `sudo apt-get install -y postgresql`, or set TEST_PG_URL.",
      );
      process.exit(1);
    }
    server = (await startCluster()).url;
  }
  preflight();
  ensureBuild();
  const args = process.argv.slice(2);
  const specs = args.some((arg) => arg.endsWith(".spec.ts")) ? [] : PG_SMOKE_SPECS;
  const database = await createDatabase(server);
  console.error(
    `The e2e smoke on PostgreSQL: ${specs.length ? specs.map((s) => path.basename(s)).join(", ") : args.filter((a) => a.endsWith(".spec.ts")).join(", ")} on ${database.url}`,
  );
  const status = run(bin("playwright"), ["test", ...specs, ...args], {
    cwd: root,
    env: { ...process.env, E2E_DATABASE_URL: database.url },
  });
  // The server is gone with Playwright; the database goes too (a cluster started here goes at exit anyway).
  await onServer(server, `drop database if exists ${database.name} with (force)`).catch((error) =>
    console.error(`Could not drop ${database.name}: ${error.message}`),
  );
  process.exit(status);
}
