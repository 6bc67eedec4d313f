import { defineConfig } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const chromium = {
  executablePath: "/usr/bin/chromium",
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
    "--disable-gpu",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e-artifacts",
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Most tests are whole flows (sign in, make data, act, check): 30 s was passed on a busy two-core
  // machine, and a retry of a flow that changed data (booked rows, mapped names) cannot pass. A
  // failing test takes longer to report; a passing one is as fast as before.
  timeout: 60_000,
  reporter: [["list"], ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ?? "test-results/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${PORT}`,
    browserName: "chromium",
    viewport: { width: 1280, height: 800 },
    trace: "retain-on-failure",
    launchOptions: chromium,
  },
  webServer: {
    command: "node scripts/demo.js --no-build",
    url: `http://localhost:${PORT}/auth`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      // E2E_DB: a private database, so two runs on one machine keep apart.
      DEMO_DATABASE_PATH: process.env.E2E_DB ?? "test-results/e2e.db",
      // E2E_DATABASE_URL: the demo world seeded into that (empty) PostgreSQL database instead
      // (scripts/e2e-pg.js, the e2e smoke on PostgreSQL); E2E_DB's folder stays the data directory.
      DEMO_DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      PORT: String(PORT),
      SESSION_SECRET: "e2e-session-secret-0123456789abcdef",
      LOGIN_MAX_FAILURES_PER_ADDRESS: "1000",
    },
  },
});
