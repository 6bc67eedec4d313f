/**
 * Two app servers on one PostgreSQL database: the production build twice
 * (`node server.js`, one process each, its own port and its own data directory, the same
 * DATABASE_URL and SESSION_SECRET), as behind a load balancer. What one server does, the other sees:
 * a login limit reached through one, an export uploaded through one, a commission paid through one.
 * Only with TEST_PG_URL (npm run test:pg); on SQLite the block is skipped, the reason in its name.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "#db/database.ts";
import { freshDatabase, onPostgres } from "#tests/databases.ts";
import { makeAdmin, makeMachine, makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { root } from "../../scripts/lib.js";
import { startServer } from "../../scripts/production-server.js";

type Server = Awaited<ReturnType<typeof startServer>>;

const FIXTURE = path.join(root, "fixtures", "single-machine-2026-10.xlsx");
const MONTH = "2026-10";
const MAX_FAILURES = 3;

describe.skipIf(!onPostgres)(
  onPostgres
    ? "two app servers on one PostgreSQL database"
    : "two app servers on one PostgreSQL database [skipped: needs PostgreSQL, run npm run test:pg]",
  () => {
    let a: Server;
    let b: Server;
    let drop: () => Promise<void>;
    const dirs: string[] = [];
    let adminName: string;
    let limitedName: string;
    let partnerId: number;
    let machineId: number;

    beforeAll(async () => {
      const fresh = await freshDatabase();
      drop = fresh.drop;
      if (fresh.target.engine !== "postgres") throw new Error("expected a PostgreSQL database");
      const db = openDatabase(fresh.target);
      await migrateToLatest(db);
      adminName = (await makeAdmin(db)).username;
      limitedName = (await makeAdmin(db)).username;
      const partner = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1250 });
      partnerId = partner.id;
      machineId = (await makeMachine(db, partner.id)).id;
      await db.destroy();

      // Each server its own data directory: nothing may pass through one server's disk.
      const serverEnv = () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-two-servers-"));
        dirs.push(dir);
        return {
          DATABASE_URL: fresh.target.engine === "postgres" ? fresh.target.url : "",
          DATABASE_PATH: path.join(dir, "unused.db"),
          SESSION_SECRET: "two-servers-shared-secret-0123456789",
          WEB_CONCURRENCY: "1",
          LOGIN_MAX_FAILURES_PER_USER: String(MAX_FAILURES),
        };
      };
      a = await startServer({ env: serverEnv() });
      b = await startServer({ env: serverEnv() });
    }, 240_000);

    afterAll(async () => {
      a?.stop();
      b?.stop();
      await Promise.all([a?.exited, b?.exited]);
      for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
      await drop?.();
    });

    const login = (server: Server, username: string, password: string) =>
      fetch(`${server.base}/api/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: server.base },
        body: JSON.stringify({ username, password }),
      });

    async function signIn(server: Server): Promise<string> {
      const answer = await login(server, adminName, TEST_PASSWORD);
      expect(answer.status, await answer.clone().text()).toBe(200);
      return answer.headers.getSetCookie()[0].split(";")[0];
    }

    it("serves from two processes on two ports", async () => {
      const [ha, hb] = await Promise.all([fetch(`${a.base}/healthz`), fetch(`${b.base}/healthz`)]);
      expect(ha.status).toBe(200);
      expect(hb.status).toBe(200);
      const [pa, pb] = [((await ha.json()) as { pid: number }).pid, ((await hb.json()) as { pid: number }).pid];
      expect(pa).not.toBe(pb);
    });

    it("a session started on one server is valid on the other (the shared SESSION_SECRET)", async () => {
      const cookie = await signIn(a);
      const user = await fetch(`${b.base}/api/user`, { headers: { cookie } });
      expect(user.status).toBe(200);
      expect(((await user.json()) as { username: string }).username).toBe(adminName);
    });

    it("a login limit reached through one server is seen by the other", async () => {
      for (let i = 0; i < MAX_FAILURES; i++) expect((await login(a, limitedName, "wrong-password")).status).toBe(401);
      const limited = await login(a, limitedName, "wrong-password");
      expect(limited.status).toBe(429);
      // Through the other server, even the right password is refused with the same answer.
      const other = await login(b, limitedName, TEST_PASSWORD);
      expect(other.status).toBe(429);
      expect(((await other.json()) as { message: string }).message).toMatch(/^Too many failed sign-in attempts/);
    });

    let recordId: number;

    it("an export uploaded through one server downloads through the other, byte for byte", async () => {
      const cookieA = await signIn(a);
      const bytes = fs.readFileSync(FIXTURE);
      const form = new FormData();
      form.set("month", MONTH);
      form.set(
        "reportFile",
        new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
        path.basename(FIXTURE),
      );
      const upload = await fetch(`${a.base}/api/machines/${machineId}/records`, {
        method: "POST",
        headers: { cookie: cookieA, origin: a.base },
        body: form,
      });
      const uploaded = (await upload.json()) as { recordId: number; imported: number };
      expect(upload.status, JSON.stringify(uploaded)).toBe(201);
      expect(uploaded.imported).toBeGreaterThan(0);
      recordId = uploaded.recordId;

      const cookieB = await signIn(b);
      const report = await fetch(`${b.base}/api/records/${recordId}/report`, { headers: { cookie: cookieB } });
      expect(report.status).toBe(200);
      expect(Buffer.from(await report.arrayBuffer()).equals(bytes)).toBe(true);
      // The bytes are in the database: neither server's data directory holds an uploads folder.
      for (const dir of dirs) expect(fs.existsSync(path.join(dir, "uploads"))).toBe(false);
    });

    it("a commission paid through one server is refused as already paid through the other", async () => {
      expect(recordId, "the upload above").toBeGreaterThan(0);
      const pay = async (server: Server) =>
        fetch(`${server.base}/api/partners/${partnerId}/commission-payment`, {
          method: "POST",
          headers: { cookie: await signIn(server), origin: server.base, "content-type": "application/json" },
          body: JSON.stringify({ status: "completed", month: MONTH }),
        });
      const paid = await pay(a);
      const payment = (await paid.json()) as { month: string; status: string };
      expect(paid.status, JSON.stringify(payment)).toBe(200);
      expect(payment).toMatchObject({ month: MONTH, status: "completed" });

      const again = await pay(b);
      expect(again.status).toBe(409);
      expect(((await again.json()) as { message: string }).message).toBe(`Commission for ${MONTH} is already paid`);

      const status = await fetch(`${b.base}/api/partners/${partnerId}/commission-payment-status?month=${MONTH}`, {
        headers: { cookie: await signIn(b) },
      });
      expect(await status.json()).toMatchObject({ month: MONTH, status: "completed" });
    });
  },
);
