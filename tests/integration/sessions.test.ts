/**
 * Sessions are rows: the cookie's token and its hash, one query per
 * request, the idle limit and the 7 days, last_seen_at written at most every 5 minutes, Log out on
 * one device, Log out everywhere (page and API, audited), and every flow that ends all sessions.
 */
import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import { loader as apiUser } from "#app/routes/api.user.ts";
import { action as apiLogin } from "#app/routes/api.login.ts";
import { action as apiLogout } from "#app/routes/api.logout.ts";
import { action as apiLogoutEverywhere, loader as apiLogoutEverywhereGet } from "#app/routes/api.logout-everywhere.ts";
import { action as logoutPage } from "#app/routes/logout.ts";
import { action as logoutEverywherePage } from "#app/routes/logout-everywhere.ts";
import { action as changeApi } from "#app/routes/api.account.password.ts";
import { action as authAction } from "#app/routes/auth.tsx";
import { db } from "#app/utils/db.server.ts";
import { SESSION_LIMITS } from "#app/utils/session.server.ts";
import type { Database } from "#db/schema.ts";
import { disableAccount } from "#domain/accounts/admin-service.ts";
import { sessionLimits } from "#domain/accounts/session-rules.ts";
import {
  createSession,
  endAllSessions,
  findSessionWithUser,
  hashSessionToken,
  pruneSessions,
  readSession,
} from "#domain/accounts/session-service.ts";
import { makeAdmin, makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { call, cookieFrom, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const limits = sessionLimits(12);
const t0 = Date.UTC(2026, 10, 28, 9, 0, 0);
const iso = (ms: number) => new Date(ms).toISOString();

const signedIn = async (cookie: string) => (await call(apiUser, "/api/user", { cookie })).status === 200;
const sessionsOf = (userId: number) => db.selectFrom("sessions").selectAll().where("userId", "=", userId).execute();

/** The same database, counting the queries it is asked. */
function counting(): { db: Kysely<Database>; queries: () => number } {
  let n = 0;
  const counted = db.withPlugin({
    transformQuery: (args) => {
      n++;
      return args.node;
    },
    transformResult: async (args) => args.result,
  });
  return { db: counted, queries: () => n };
}

describe("a session row", () => {
  it("keeps the SHA-256 of the cookie's token, never the token; the user agent; 7 days from creation", async () => {
    const partner = await makePartner(db);
    const { token, session } = await createSession(db, partner.id, { userAgent: "Test Browser/1.0", now: t0 });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(session.id).toBe(createHash("sha256").update(token).digest("hex"));
    expect(await sessionsOf(partner.id)).toEqual([
      {
        id: session.id,
        userId: partner.id,
        createdAt: iso(t0),
        lastSeenAt: iso(t0),
        expiresAt: iso(t0 + 7 * 24 * HOUR),
        userAgent: "Test Browser/1.0",
      },
    ]);
    expect(await db.selectFrom("sessions").select("id").where("id", "=", token).execute()).toEqual([]);
  });

  it("is read with its user in one query; a token nobody holds reads nothing", async () => {
    const partner = await makePartner(db);
    const { token } = await createSession(db, partner.id, { now: t0 });
    const { db: counted, queries } = counting();
    const found = await readSession(counted, token, limits, t0 + MINUTE);
    expect(found?.user.username).toBe(partner.username);
    expect(queries()).toBe(1);
    expect(await findSessionWithUser(db, "not-a-token")).toBeUndefined();
  });

  it("the cookie holds the token only: the API's sign-in writes a row with the browser's user agent", async () => {
    const partner = await makePartner(db);
    const response = await call(apiLogin, "/api/login", {
      json: { username: partner.username, password: TEST_PASSWORD },
      headers: { "user-agent": "Phone Browser/2.0" },
    });
    expect(response.status).toBe(200);
    const setCookie = response.headers.get("set-cookie")!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Max-Age=604800/);
    const value = decodeURIComponent(cookieFrom(response).split("=").slice(1).join("="));
    const payload = JSON.parse(Buffer.from(value.slice(0, value.lastIndexOf(".")), "base64").toString("utf8"));
    expect(Object.keys(payload)).toEqual(["token"]);
    const rows = await sessionsOf(partner.id);
    expect(rows).toHaveLength(1);
    expect(rows[0].id).toBe(hashSessionToken(payload.token));
    expect(rows[0].userAgent).toBe("Phone Browser/2.0");
  });

  it("a cookie of the old kind (user id and version, before decision 47) signs nobody in", async () => {
    const { createCookieSessionStorage } = await import("@remix-run/node");
    const old = createCookieSessionStorage({
      cookie: { name: "__vendboard_session", secrets: [process.env.SESSION_SECRET!] },
    });
    const partner = await makePartner(db);
    const session = await old.getSession();
    session.set("userId", partner.id);
    session.set("version", 0);
    session.set("issuedAt", Date.now());
    const cookie = (await old.commitSession(session)).split(";")[0];
    expect(await signedIn(cookie)).toBe(false);
  });
});

describe("last_seen_at, written at most every 5 minutes", () => {
  it("is not written within 5 minutes (exactly 5 included) and is written after them, still in one read when not", async () => {
    const partner = await makePartner(db);
    const { token, session } = await createSession(db, partner.id, { now: t0 });
    const lastSeen = async () =>
      (await db.selectFrom("sessions").select("lastSeenAt").where("id", "=", session.id).executeTakeFirstOrThrow())
        .lastSeenAt;

    await readSession(db, token, limits, t0 + 4 * MINUTE);
    await readSession(db, token, limits, t0 + 5 * MINUTE);
    expect(await lastSeen()).toBe(iso(t0));

    const { db: counted, queries } = counting();
    await readSession(counted, token, limits, t0 + 5 * MINUTE + 1);
    expect(queries()).toBe(2);
    expect(await lastSeen()).toBe(iso(t0 + 5 * MINUTE + 1));
    // Measured from the new time: 5 minutes later, nothing again.
    await readSession(db, token, limits, t0 + 10 * MINUTE);
    expect(await lastSeen()).toBe(iso(t0 + 5 * MINUTE + 1));
  });
});

describe("the idle limit and the 7 days", () => {
  it("a session not seen for 12 hours has ended and its row is deleted when read; one seen keeps going", async () => {
    const partner = await makePartner(db);
    const idle = await createSession(db, partner.id, { now: t0 });
    const busy = await createSession(db, partner.id, { now: t0 });
    // The busy one is seen every 4 hours: it outlives the idle limit.
    for (let h = 4; h <= 16; h += 4) expect(await readSession(db, busy.token, limits, t0 + h * HOUR)).not.toBeNull();
    expect(await readSession(db, idle.token, limits, t0 + 12 * HOUR - 1)).not.toBeNull();
    expect(await readSession(db, idle.token, limits, t0 + 12 * HOUR - 1 + 12 * HOUR)).toBeNull();
    expect((await sessionsOf(partner.id)).map((s) => s.id)).toEqual([busy.session.id]);
  });

  it("a session ends at 7 days from its creation however often it is seen", async () => {
    const partner = await makePartner(db);
    const { token } = await createSession(db, partner.id, { now: t0 });
    for (let h = 10; h < 7 * 24; h += 10) expect(await readSession(db, token, limits, t0 + h * HOUR)).not.toBeNull();
    expect(await readSession(db, token, limits, t0 + 7 * 24 * HOUR)).toBeNull();
    expect(await sessionsOf(partner.id)).toEqual([]);
  });

  it("through the app: a cookie whose session was last seen 12 hours ago is signed out (SESSION_IDLE_HOURS default 12)", async () => {
    expect(SESSION_LIMITS).toEqual({ idleMs: 12 * HOUR });
    const partner = await makePartner(db);
    const cookie = await loginCookie(partner.username);
    await db
      .updateTable("sessions")
      .set({ lastSeenAt: iso(Date.now() - 11 * HOUR) })
      .where("userId", "=", partner.id)
      .execute();
    expect(await signedIn(cookie)).toBe(true);
    // That read wrote last_seen_at (11 hours is over 5 minutes); set it back past the limit.
    await db
      .updateTable("sessions")
      .set({ lastSeenAt: iso(Date.now() - 12 * HOUR - 1000) })
      .where("userId", "=", partner.id)
      .execute();
    expect(await signedIn(cookie)).toBe(false);
    expect(await sessionsOf(partner.id)).toEqual([]);
  });

  it("pruneSessions deletes every ended session, of anyone, and keeps the live ones", async () => {
    const partner = await makePartner(db);
    const live = await createSession(db, partner.id, { now: t0 + 20 * 24 * HOUR });
    await createSession(db, partner.id, { now: t0 });
    const idle = await createSession(db, partner.id, { now: t0 + 20 * 24 * HOUR - 12 * HOUR });
    const now = t0 + 20 * 24 * HOUR;
    expect(await pruneSessions(db, limits, now)).toBeGreaterThanOrEqual(2);
    const left = (await sessionsOf(partner.id)).map((s) => s.id);
    expect(left).toEqual([live.session.id]);
    expect(left).not.toContain(idle.session.id);
  });
});

describe("Log out (this device)", () => {
  it("API: ends this session and keeps the user's other device signed in; the answer is unchanged", async () => {
    const partner = await makePartner(db);
    const laptop = await loginCookie(partner.username);
    const phone = await loginCookie(partner.username);
    const response = await call(apiLogout, "/api/logout", { method: "POST", cookie: laptop });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(true);
    expect(await sessionsOf(partner.id)).toHaveLength(1);
  });

  it("page: POST /logout goes to /auth and ends this session only", async () => {
    const admin = await makeAdmin(db);
    const one = await loginCookie(admin.username);
    const two = await loginCookie(admin.username);
    const response = await call(logoutPage, "/logout", { method: "POST", cookie: one });
    expect(response.headers.get("location")).toBe("/auth");
    expect(await signedIn(one)).toBe(false);
    expect(await signedIn(two)).toBe(true);
  });

  it("signed out, it still answers 200 (the spec checks only the status)", async () => {
    expect((await call(apiLogout, "/api/logout", { method: "POST" })).status).toBe(200);
  });
});

describe("Log out everywhere", () => {
  it("API: 401 signed out, 405 for GET; ends every session of the user (audited) and no one else's", async () => {
    const anonymous = await call(apiLogoutEverywhere, "/api/logout-everywhere", { method: "POST" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Not authenticated" });
    expect((await call(apiLogoutEverywhereGet, "/api/logout-everywhere")).status).toBe(405);

    const partner = await makePartner(db);
    const someoneElse = await loginCookie((await makePartner(db)).username);
    const laptop = await loginCookie(partner.username);
    const phone = await loginCookie(partner.username);
    const response = await call(apiLogoutEverywhere, "/api/logout-everywhere", { method: "POST", cookie: phone });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true, sessionsEnded: 2 });
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
    expect(await signedIn(laptop)).toBe(false);
    expect(await signedIn(phone)).toBe(false);
    expect(await signedIn(someoneElse)).toBe(true);
    expect(await sessionsOf(partner.id)).toEqual([]);

    const audited = await db
      .selectFrom("auditLog")
      .select(["actorId", "partnerId", "details"])
      .where("action", "=", "sign-out-everywhere")
      .where("entityId", "=", String(partner.id))
      .execute();
    expect(audited).toEqual([
      {
        actorId: partner.id,
        partnerId: partner.id,
        details: JSON.stringify({ username: partner.username, sessionsEnded: 2 }),
      },
    ]);
    const { describeAuditEntry } = await import("#domain/audit/audit-entries.ts");
    expect(
      describeAuditEntry({
        action: "sign-out-everywhere",
        entity: "user",
        entityId: String(partner.id),
        month: null,
        before: null,
        after: null,
        details: JSON.parse(audited[0].details!),
      }),
    ).toBe(`Logged out everywhere: ${partner.username} (2 sessions ended)`);
  });

  it("page: a foreign origin is refused; POST /logout-everywhere ends both devices and shows the toast on /auth", async () => {
    const admin = await makeAdmin(db);
    const one = await loginCookie(admin.username);
    const two = await loginCookie(admin.username);
    const foreign = await call(logoutEverywherePage, "/logout-everywhere", {
      method: "POST",
      cookie: one,
      origin: "https://evil.example",
    });
    expect(foreign.status).toBe(403);
    expect(await signedIn(one)).toBe(true);
    const response = await call(logoutEverywherePage, "/logout-everywhere", { method: "POST", cookie: one });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth");
    expect(await flashedToast(response)).toMatchObject({ title: "Logged out everywhere" });
    expect(await signedIn(one)).toBe(false);
    expect(await signedIn(two)).toBe(false);
    const anonymous = await call(logoutEverywherePage, "/logout-everywhere", { method: "POST" });
    expect(anonymous.headers.get("location")).toBe("/auth");
  });
});

describe("flows that end every session", () => {
  it("disabling an account deletes its session rows", async () => {
    const admin = await makeAdmin(db);
    const partner = await makePartner(db);
    const one = await loginCookie(partner.username);
    const two = await loginCookie(partner.username);
    await disableAccount(db, partner.id, admin.id);
    expect(await sessionsOf(partner.id)).toEqual([]);
    expect(await signedIn(one)).toBe(false);
    expect(await signedIn(two)).toBe(false);
  });

  it("a disabled user's session that somehow remains is refused", async () => {
    const partner = await makePartner(db);
    const cookie = await loginCookie(partner.username);
    await db.updateTable("users").set({ disabledAt: new Date().toISOString() }).where("id", "=", partner.id).execute();
    expect(await signedIn(cookie)).toBe(false);
  });

  it("changing one's own password ends the other devices and keeps this one (with a fresh cookie)", async () => {
    const partner = await makePartner(db);
    const here = await loginCookie(partner.username);
    const there = await loginCookie(partner.username);
    const ok = await call(changeApi, "/api/account/password", {
      cookie: here,
      json: { currentPassword: TEST_PASSWORD, newPassword: "brand-new-pass" },
    });
    expect(ok.status).toBe(200);
    const fresh = cookieFrom(ok);
    expect(await signedIn(fresh)).toBe(true);
    expect(await signedIn(there)).toBe(false);
    expect(await signedIn(here)).toBe(false);
    expect(await sessionsOf(partner.id)).toHaveLength(1);
  });

  it("endAllSessions answers how many ended", async () => {
    const partner = await makePartner(db);
    await loginCookie(partner.username);
    await loginCookie(partner.username);
    expect(await endAllSessions(db, partner.id)).toBe(2);
    expect(await endAllSessions(db, partner.id)).toBe(0);
  });

  it("a sign-in with an old cookie rotates: the old session's row is deleted, the new one works", async () => {
    const partner = await makePartner(db);
    const old = await loginCookie(partner.username);
    const response = await call(authAction, "/auth", {
      cookie: old,
      form: { username: partner.username, password: TEST_PASSWORD },
    });
    expect(response.status).toBe(302);
    const fresh = cookieFrom(response);
    expect(fresh).not.toBe(old);
    expect(await signedIn(old)).toBe(false);
    expect(await signedIn(fresh)).toBe(true);
    expect(await sessionsOf(partner.id)).toHaveLength(1);
  });
});

describe("Last signed in: the sign-in before this session", () => {
  it("the root loader answers the previous sign-in (none at the first) and /admin/users keeps the latest", async () => {
    const { loader: rootLoader } = await import("#app/root.tsx");
    const admin = await makeAdmin(db);
    const first = await loginCookie(admin.username);
    expect((await (await call(rootLoader, "/", { cookie: first })).json()).lastSignInAt).toBeNull();
    const firstAt = (
      await db.selectFrom("users").select("lastSignInAt").where("id", "=", admin.id).executeTakeFirstOrThrow()
    ).lastSignInAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    const second = await loginCookie(admin.username);
    const row = await db
      .selectFrom("users")
      .select(["lastSignInAt", "previousSignInAt"])
      .where("id", "=", admin.id)
      .executeTakeFirstOrThrow();
    expect(row.previousSignInAt).toBe(firstAt);
    expect(row.lastSignInAt! > firstAt!).toBe(true);
    expect((await (await call(rootLoader, "/", { cookie: second })).json()).lastSignInAt).toBe(firstAt);
    const { listAdmins } = await import("#domain/accounts/admin-service.ts");
    expect((await listAdmins(db)).find((a) => a.id === admin.id)?.lastSignInAt).toBe(row.lastSignInAt);
  });
});
