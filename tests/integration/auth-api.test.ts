import { beforeAll, describe, expect, it, vi } from "vitest";
import { loader as apiUser } from "#app/routes/api.user.ts";
import { action as apiLogin } from "#app/routes/api.login.ts";
import { action as apiLogout } from "#app/routes/api.logout.ts";
import { action as authAction, loader as authLoader } from "#app/routes/auth.tsx";
import { loader as adminLoader } from "#app/routes/admin._index.tsx";
import { loader as invoicesLoader } from "#app/routes/admin.invoices.tsx";
import { loader as homeLoader } from "#app/routes/_index.tsx";
import { db } from "#app/utils/db.server.ts";
import { makeAdmin, makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { call, cookieFrom } from "./http.ts";

let adminName: string;
let partnerName: string;

beforeAll(async () => {
  adminName = (await makeAdmin(db)).username;
  partnerName = (await makePartner(db)).username;
});

async function loginCookie(username: string) {
  const response = await call(apiLogin, "/api/login", { json: { username, password: TEST_PASSWORD } });
  expect(response.status).toBe(200);
  return cookieFrom(response);
}

describe("GET /api/user", () => {
  it("answers 401 with a message when signed out", async () => {
    const response = await call(apiUser, "/api/user");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Not authenticated" });
  });

  it("answers the signed-in user without any password hash", async () => {
    const response = await call(apiUser, "/api/user", { cookie: await loginCookie(partnerName) });
    expect(response.status).toBe(200);
    const user = await response.json();
    expect(user).toMatchObject({ username: partnerName, isAdmin: false, commissionPercentage: "0.1000" });
    expect(JSON.stringify(user)).not.toMatch(/scrypt|password/i);
  });
});

describe("POST /api/login", () => {
  it("returns the user and an HttpOnly, SameSite=Lax session cookie", async () => {
    const response = await call(apiLogin, "/api/login", { json: { username: adminName, password: TEST_PASSWORD } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username: adminName, isAdmin: true });
    const cookie = response.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it("does not take Secure from X-Forwarded-Proto without TRUST_PROXY (outside production; production: hardening.test.ts)", async () => {
    const response = await call(apiLogin, "/api/login", {
      json: { username: adminName, password: TEST_PASSWORD },
      headers: { "x-forwarded-proto": "https" },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).not.toMatch(/Secure/);
  });

  it("matches usernames case-insensitively", async () => {
    const response = await call(apiLogin, "/api/login", {
      json: { username: adminName.toUpperCase(), password: TEST_PASSWORD },
    });
    expect(response.status).toBe(200);
  });

  it("answers 401 'Invalid username or password' for a wrong password or an unknown user", async () => {
    for (const body of [
      { username: partnerName, password: "wrong-password" },
      { username: "nobody-here", password: TEST_PASSWORD },
    ]) {
      const response = await call(apiLogin, "/api/login", { json: body, address: "10.0.0.9" });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Invalid username or password" });
    }
  });

  it("answers 400 with a message for a missing field or a body that is not JSON", async () => {
    const missing = await call(apiLogin, "/api/login", { json: { username: partnerName } });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "Password is required" });
    const garbage = await call(apiLogin, "/api/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      form: undefined,
      json: undefined,
    });
    expect(garbage.status).toBe(400);
  });

  it("refuses a call from a foreign origin with 403", async () => {
    const response = await call(apiLogin, "/api/login", {
      json: { username: adminName, password: TEST_PASSWORD },
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ message: "Cross-origin request refused" });
  });

  it("accepts a call from its own origin", async () => {
    const response = await call(apiLogin, "/api/login", {
      json: { username: adminName, password: TEST_PASSWORD },
      origin: "http://localhost:3000",
    });
    expect(response.status).toBe(200);
  });

  it("limits failures per username: the sixth try within 15 minutes gets 429, even with the right password", async () => {
    const victim = (await makePartner(db)).username;
    for (let i = 0; i < 5; i++) {
      const response = await call(apiLogin, "/api/login", {
        json: { username: victim, password: "nope-nope" },
        address: `10.1.0.${i}`,
      });
      expect(response.status).toBe(401);
    }
    const blocked = await call(apiLogin, "/api/login", {
      json: { username: victim, password: TEST_PASSWORD },
      address: "10.1.1.1",
    });
    expect(blocked.status).toBe(429);
    expect((await blocked.json()).message).toMatch(/Too many failed sign-in attempts/);
  });

  it("limits failures per address: the 21st try from one address gets 429", async () => {
    for (let i = 0; i < 20; i++) {
      await call(apiLogin, "/api/login", {
        json: { username: `ghost${i}`, password: "nope-nope" },
        address: "10.2.0.1",
      });
    }
    const blocked = await call(apiLogin, "/api/login", {
      json: { username: adminName, password: TEST_PASSWORD },
      address: "10.2.0.1",
    });
    expect(blocked.status).toBe(429);
    const elsewhere = await call(apiLogin, "/api/login", {
      json: { username: adminName, password: TEST_PASSWORD },
      address: "10.2.0.2",
    });
    expect(elsewhere.status).toBe(200);
  });
});

describe("parallel guesses", () => {
  it("a burst of parallel wrong passwords for one username is limited like a sequence", async () => {
    const victim = (await makePartner(db)).username;
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        call(apiLogin, "/api/login", { json: { username: victim, password: `guess-${i}` }, address: `10.9.0.${i}` }),
      ),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });
});

describe("POST /api/logout", () => {
  it("clears the session cookie", async () => {
    const response = await call(apiLogout, "/api/logout", { method: "POST", cookie: await loginCookie(partnerName) });
    expect(response.status).toBe(200);
    expect(response.headers.get("set-cookie")).toMatch(/Max-Age=0|Expires=Thu, 01 Jan 1970/);
  });

  it("a cookie kept from before the logout no longer works", async () => {
    const cookie = await loginCookie(partnerName);
    expect((await call(apiUser, "/api/user", { cookie })).status).toBe(200);
    await call(apiLogout, "/api/logout", { method: "POST", cookie });
    expect((await call(apiUser, "/api/user", { cookie })).status).toBe(401);
  });

  it("a password change ends the partner's sessions", async () => {
    const partner = await makePartner(db);
    const cookie = await loginCookie(partner.username);
    const { updatePartner } = await import("#domain/partners/partner-service.ts");
    const admin = await makeAdmin(db);
    const { partnerUpdateSchema } = await import("#domain/partners/partner-schemas.ts");
    await updatePartner(db, partner.id, partnerUpdateSchema.parse({ password: "a-brand-new-one" }), admin.id);
    expect((await call(apiUser, "/api/user", { cookie })).status).toBe(401);
  });
});

describe("/auth page", () => {
  it("sends an admin to /admin and a partner to / after signing in, with a fresh cookie", async () => {
    const admin = await call(authAction, "/auth", { form: { username: adminName, password: TEST_PASSWORD } });
    expect(admin.status).toBe(302);
    expect(admin.headers.get("location")).toBe("/admin");
    expect(admin.headers.get("set-cookie")).toMatch(/__vendboard_session=/);
    const partner = await call(authAction, "/auth", { form: { username: partnerName, password: TEST_PASSWORD } });
    expect(partner.headers.get("location")).toBe("/");
  });

  it("answers the sign-in error for bad credentials", async () => {
    const response = await call(authAction, "/auth", {
      form: { username: partnerName, password: "bad-password" },
      address: "10.3.0.1",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: "Invalid username or password" });
  });

  it("sends a signed-in visitor of /auth to their home", async () => {
    const response = await call(authLoader, "/auth", { cookie: await loginCookie(partnerName) });
    expect(response.headers.get("location")).toBe("/");
  });
});

describe("route rules on the server", () => {
  it("redirects anonymous visitors to /auth", async () => {
    for (const loader of [homeLoader, adminLoader, invoicesLoader]) {
      const response = await call(loader, "/");
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/auth");
    }
  });

  it("sends an admin at / to /admin and a partner at /admin to /", async () => {
    const admin = await call(homeLoader, "/", { cookie: await loginCookie(adminName) });
    expect(admin.headers.get("location")).toBe("/admin");
    const partner = await call(adminLoader, "/admin", { cookie: await loginCookie(partnerName) });
    expect(partner.headers.get("location")).toBe("/");
  });

  it("lets a partner reach /admin/invoices only to see the Unauthorized card", async () => {
    const response = await call(invoicesLoader, "/admin/invoices", { cookie: await loginCookie(partnerName) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ authorized: false, invoices: [] });
  });
});

describe("request limits and proxies", () => {
  it("a JSON body over 256 KB is refused with 413", async () => {
    const response = await call(apiLogin, "/api/login", {
      json: { username: "x", password: "y".repeat(300 * 1024) },
      headers: { "content-length": String(300 * 1024) },
    });
    expect(response.status).toBe(413);
  });

  it("X-Forwarded-Host does not make a foreign origin look like ours without TRUST_PROXY", async () => {
    const response = await call(apiLogin, "/api/login", {
      json: { username: adminName, password: TEST_PASSWORD },
      origin: "https://evil.example",
      headers: { "x-forwarded-host": "evil.example" },
    });
    expect(response.status).toBe(403);
  });
});

describe("a database failure at sign-in", () => {
  it("is a 500 on /api/login and an error on /auth, never 'Invalid username or password'", async () => {
    const broken = vi.spyOn(db, "selectFrom").mockImplementation(() => {
      throw new Error("SQLITE_IOERR: disk I/O error");
    });
    try {
      const api = await call(apiLogin, "/api/login", { json: { username: adminName, password: TEST_PASSWORD } });
      expect(api.status).toBe(500);
      expect(await api.json()).toEqual({ message: "Internal server error" });
      // The page's action throws: Remix logs it (handleError) and answers its error boundary with a 500.
      await expect(
        call(authAction, "/auth", { form: { username: adminName, password: TEST_PASSWORD } }),
      ).rejects.toThrow("SQLITE_IOERR");
    } finally {
      broken.mockRestore();
    }
    expect(
      (await call(apiLogin, "/api/login", { json: { username: adminName, password: TEST_PASSWORD } })).status,
    ).toBe(200);
  });
});
