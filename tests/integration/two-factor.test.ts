/**
 * Two-factor sign-in for admins: enrolment, the second step on the
 * pages and on POST /api/login, recovery codes, limits, REQUIRE_ADMIN_2FA, the CLI's reset. Codes come
 * from otpauth's own generator at fixed times.
 */
import { Secret, TOTP } from "otpauth";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { action as apiLogin } from "#app/routes/api.login.ts";
import { action as authAction } from "#app/routes/auth.tsx";
import { action as twoFactorAction, loader as twoFactorLoader } from "#app/routes/auth_.two-factor.tsx";
import { action as setupAction, loader as setupLoader } from "#app/routes/auth_.two-factor_.setup.tsx";
import { action as accountAction, loader as accountLoader } from "#app/routes/account.two-factor.tsx";
import { loader as adminLoader } from "#app/routes/admin._index.tsx";
import { db } from "#app/utils/db.server.ts";
import { env } from "#app/utils/env.server.ts";
import {
  checkSecondFactor,
  confirmEnrolment,
  pendingEnrolment,
  twoFactorStatus,
} from "#domain/accounts/two-factor-service.ts";
import { makeAdmin, makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { cliDatabase, runCli } from "./cli-run.ts";
import { BASE, call, cookieFrom } from "./http.ts";

const codeFor = (secret: string, atMs: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: atMs,
  });

/** An admin with two-factor sign-in on (enrolled a minute ago, so a code for now is fresh). */
async function enrolledAdmin() {
  const admin = await makeAdmin(db);
  const { secret } = await pendingEnrolment(db, admin.id);
  const earlier = new Date(Date.now() - 60_000);
  const codes = await confirmEnrolment(db, admin.id, codeFor(secret, earlier.getTime()), admin.id, earlier);
  return { admin, secret, codes };
}

const auditActions = async (userId: number) =>
  (
    await db
      .selectFrom("auditLog")
      .select("action")
      .where("entity", "=", "user")
      .where("entityId", "=", String(userId))
      .orderBy("id")
      .execute()
  ).map((r) => r.action);

/** Cookies of a response, each "name=value", to send back. */
const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]);
const jar = (...pairs: string[]) => pairs.filter((p) => !p.endsWith("=")).join("; ");

describe("enrolment", () => {
  it("keeps one pending secret until a first code confirms it, then gives ten recovery codes kept only as hashes", async () => {
    const admin = await makeAdmin(db);
    const first = await pendingEnrolment(db, admin.id);
    expect((await pendingEnrolment(db, admin.id)).secret).toBe(first.secret);
    expect(first.uri).toContain(`Vendboard:${admin.username}`);
    const now = new Date("2026-11-23T10:00:00Z");
    await expect(confirmEnrolment(db, admin.id, "000000", admin.id, now)).rejects.toThrow(
      "Invalid authentication code",
    );
    expect((await twoFactorStatus(db, admin.id)).enabled).toBe(false);
    const codes = await confirmEnrolment(db, admin.id, codeFor(first.secret, now.getTime()), admin.id, now);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const stored = await db.selectFrom("recoveryCodes").selectAll().where("userId", "=", admin.id).execute();
    expect(stored).toHaveLength(10);
    for (const code of codes) expect(JSON.stringify(stored)).not.toContain(code.replace("-", ""));
    expect(await twoFactorStatus(db, admin.id)).toEqual({
      enabled: true,
      enabledAt: now.toISOString(),
      recoveryCodesLeft: 10,
    });
    await expect(pendingEnrolment(db, admin.id)).rejects.toThrow("already on");
    expect(await auditActions(admin.id)).toContain("two_factor_on");
  });

  it("accepts the enrolment's code once only: the same code cannot sign in afterwards", async () => {
    const admin = await makeAdmin(db);
    const { secret } = await pendingEnrolment(db, admin.id);
    const now = new Date("2026-11-23T11:00:00Z");
    const code = codeFor(secret, now.getTime());
    await confirmEnrolment(db, admin.id, code, admin.id, now);
    expect(await checkSecondFactor(db, admin.id, code, now)).toBeNull();
    expect(await checkSecondFactor(db, admin.id, codeFor(secret, now.getTime() + 30_000), now)).toBe("totp");
  });
});

describe("the second step", () => {
  it("takes each recovery code once, audits its use with the number left", async () => {
    const { admin, codes } = await enrolledAdmin();
    expect(await checkSecondFactor(db, admin.id, codes[3].toUpperCase())).toBe("recovery");
    expect(await checkSecondFactor(db, admin.id, codes[3])).toBeNull();
    expect((await twoFactorStatus(db, admin.id)).recoveryCodesLeft).toBe(9);
    const entry = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "recovery_code_used")
      .where("entityId", "=", String(admin.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(entry.details!)).toMatchObject({ recoveryCodesLeft: 9 });
  });

  it("refuses two requests racing with one code: only one passes", async () => {
    const { admin, secret } = await enrolledAdmin();
    const code = codeFor(secret, Date.now());
    const outcomes = await Promise.all([checkSecondFactor(db, admin.id, code), checkSecondFactor(db, admin.id, code)]);
    expect(outcomes.filter(Boolean)).toEqual(["totp"]);
  });
});

describe("POST /api/login with two-factor sign-in", () => {
  it("answers 401 {message, twoFactorRequired} until the call carries a valid code, then the user and a cookie", async () => {
    const { admin, secret } = await enrolledAdmin();
    const without = await call(apiLogin, "/api/login", { json: { username: admin.username, password: TEST_PASSWORD } });
    expect(without.status).toBe(401);
    expect(without.headers.get("set-cookie")).toBeNull();
    expect(await without.json()).toEqual({ message: "Two-factor code required", twoFactorRequired: true });

    const wrong = await call(apiLogin, "/api/login", {
      json: { username: admin.username, password: TEST_PASSWORD, code: "000000" },
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ message: "Invalid authentication code", twoFactorRequired: true });

    const right = await call(apiLogin, "/api/login", {
      json: { username: admin.username, password: TEST_PASSWORD, code: codeFor(secret, Date.now()) },
    });
    expect(right.status).toBe(200);
    expect(await right.json()).toMatchObject({ username: admin.username, isAdmin: true });
    const cookie = cookieFrom(right);
    expect((await call(adminLoader, "/admin", { cookie })).status).toBe(200);
  });

  it("still answers 'Invalid username or password' for a wrong password, code or not", async () => {
    const { admin, secret } = await enrolledAdmin();
    const response = await call(apiLogin, "/api/login", {
      json: { username: admin.username, password: "wrong-password", code: codeFor(secret, Date.now()) },
      address: "10.9.9.1",
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Invalid username or password" });
  });

  it("signs in with a recovery code", async () => {
    const { admin, codes } = await enrolledAdmin();
    const response = await call(apiLogin, "/api/login", {
      json: { username: admin.username, password: TEST_PASSWORD, code: codes[0] },
    });
    expect(response.status).toBe(200);
  });

  it("limits wrong codes like passwords: 429 with Retry-After, and then even the right code waits", async () => {
    const { admin, secret } = await enrolledAdmin();
    const address = "10.9.9.2";
    for (let i = 0; i < env.LOGIN_MAX_FAILURES_PER_USER; i++) {
      const wrong = await call(apiLogin, "/api/login", {
        json: { username: admin.username, password: TEST_PASSWORD, code: "000000" },
        address,
      });
      expect(wrong.status).toBe(401);
    }
    const limited = await call(apiLogin, "/api/login", {
      json: { username: admin.username, password: TEST_PASSWORD, code: codeFor(secret, Date.now()) },
      address,
    });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ message: "Too many failed codes. Please wait and try again." });
  });

  it("answers 400 for a code that is not text", async () => {
    const { admin } = await enrolledAdmin();
    const response = await call(apiLogin, "/api/login", {
      json: { username: admin.username, password: TEST_PASSWORD, code: 123456 },
    });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toBeTruthy();
  });

  it("leaves partners and admins without two-factor sign-in as they were", async () => {
    const partner = await makePartner(db);
    expect(
      (await call(apiLogin, "/api/login", { json: { username: partner.username, password: TEST_PASSWORD } })).status,
    ).toBe(200);
    const admin = await makeAdmin(db);
    expect(
      (await call(apiLogin, "/api/login", { json: { username: admin.username, password: TEST_PASSWORD } })).status,
    ).toBe(200);
  });
});

describe("the sign-in pages", () => {
  it("send an enrolled admin from the password to /auth/two-factor, and the code on to /admin", async () => {
    const { admin, secret } = await enrolledAdmin();
    const password = await call(authAction, "/auth", {
      form: { username: admin.username, password: TEST_PASSWORD },
      origin: BASE,
    });
    expect(password.status).toBe(302);
    expect(password.headers.get("location")).toBe("/auth/two-factor");
    const pending = cookiesOf(password);
    expect(pending.join()).not.toContain("__vendboard_session=");
    // The waiting cookie is no session.
    expect((await call(adminLoader, "/admin", { cookie: jar(...pending) })).headers.get("location")).toBe("/auth");
    expect((await call(twoFactorLoader, "/auth/two-factor", { cookie: jar(...pending) })).status).toBe(200);

    const wrong = await call(twoFactorAction, "/auth/two-factor", {
      form: { code: "000000" },
      cookie: jar(...pending),
      origin: BASE,
    });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "Invalid authentication code" });

    const right = await call(twoFactorAction, "/auth/two-factor", {
      form: { code: codeFor(secret, Date.now()) },
      cookie: jar(...pending),
      origin: BASE,
    });
    expect(right.status).toBe(302);
    expect(right.headers.get("location")).toBe("/admin");
    const session = cookiesOf(right).find((c) => c.startsWith("__vendboard_session="))!;
    expect((await call(adminLoader, "/admin", { cookie: session })).status).toBe(200);
    expect(cookiesOf(right)).toContain("__vendboard_2fa=");
    // Only the full sign-in makes the browser known: the password alone did not.
    expect(pending.join()).not.toContain("__vendboard_device=");
    expect(cookiesOf(right).some((c) => c.startsWith("__vendboard_device="))).toBe(true);
  });

  it("take the waiting cookie once: sent again after the sign-in, even with a valid recovery code, it is refused", async () => {
    const { admin, secret, codes } = await enrolledAdmin();
    const password = await call(authAction, "/auth", {
      form: { username: admin.username, password: TEST_PASSWORD },
      origin: BASE,
    });
    const pending = jar(...cookiesOf(password));
    const right = await call(twoFactorAction, "/auth/two-factor", {
      form: { code: codeFor(secret, Date.now()) },
      cookie: pending,
      origin: BASE,
    });
    expect(right.headers.get("location")).toBe("/admin");
    expect(await db.selectFrom("pendingSignIns").select("id").where("userId", "=", admin.id).execute()).toEqual([]);
    const replay = await call(twoFactorAction, "/auth/two-factor", {
      form: { code: codes[0] },
      cookie: pending,
      origin: BASE,
    });
    expect(replay.status).toBe(302);
    expect(replay.headers.get("location")).toBe("/auth");
    expect(cookiesOf(replay).join()).not.toContain("__vendboard_session=");
    expect((await call(twoFactorLoader, "/auth/two-factor", { cookie: pending })).headers.get("location")).toBe(
      "/auth",
    );
    // The recovery code was not spent by the refused replay.
    expect(await auditActions(admin.id)).not.toContain("recovery_code_used");
  });

  it("send anyone without a right password from the second step back to /auth", async () => {
    expect((await call(twoFactorLoader, "/auth/two-factor")).headers.get("location")).toBe("/auth");
    expect(
      (await call(twoFactorAction, "/auth/two-factor", { form: { code: "123456" }, origin: BASE })).headers.get(
        "location",
      ),
    ).toBe("/auth");
    expect((await call(setupLoader, "/auth/two-factor/setup")).headers.get("location")).toBe("/auth");
  });
});

describe("REQUIRE_ADMIN_2FA=1", () => {
  beforeEach(() => {
    env.REQUIRE_ADMIN_2FA = true;
  });
  afterEach(() => {
    env.REQUIRE_ADMIN_2FA = false;
  });

  it("makes an admin without it set it up after the password, then signs in and shows the codes once", async () => {
    const admin = await makeAdmin(db);
    const api = await call(apiLogin, "/api/login", { json: { username: admin.username, password: TEST_PASSWORD } });
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ twoFactorSetupRequired: true });

    const password = await call(authAction, "/auth", {
      form: { username: admin.username, password: TEST_PASSWORD },
      origin: BASE,
    });
    expect(password.headers.get("location")).toBe("/auth/two-factor/setup");
    const pending = jar(...cookiesOf(password));
    const page = await call(setupLoader, "/auth/two-factor/setup", { cookie: pending });
    const { secret, qr } = (await page.json()) as { secret: string; qr: string };
    expect(qr).toMatch(/^<svg/);
    const wrong = await call(setupAction, "/auth/two-factor/setup", {
      form: { code: "000000" },
      cookie: pending,
      origin: BASE,
    });
    expect(wrong.status).toBe(400);
    const right = await call(setupAction, "/auth/two-factor/setup", {
      form: { code: codeFor(secret, Date.now()) },
      cookie: pending,
      origin: BASE,
    });
    expect(right.status).toBe(200);
    const body = (await right.json()) as { codes: string[]; home: string };
    expect(body.codes).toHaveLength(10);
    expect(body.home).toBe("/admin");
    const session = cookiesOf(right).find((c) => c.startsWith("__vendboard_session="))!;
    expect((await call(adminLoader, "/admin", { cookie: session })).status).toBe(200);
  });

  it("leaves partners signing in with a password", async () => {
    const partner = await makePartner(db);
    expect(
      (await call(apiLogin, "/api/login", { json: { username: partner.username, password: TEST_PASSWORD } })).status,
    ).toBe(200);
  });

  it("refuses turning it off on /account/two-factor", async () => {
    const { admin, secret } = await enrolledAdmin();
    const login = await call(apiLogin, "/api/login", {
      json: { username: admin.username, password: TEST_PASSWORD, code: codeFor(secret, Date.now()) },
    });
    const response = await call(accountAction, "/account/two-factor", {
      form: { intent: "off", password: TEST_PASSWORD },
      cookie: cookieFrom(login),
      origin: BASE,
    });
    expect(response.status).toBe(409);
    expect((await twoFactorStatus(db, admin.id)).enabled).toBe(true);
  });
});

describe("/account/two-factor", () => {
  async function signedIn() {
    const admin = await makeAdmin(db);
    const login = await call(apiLogin, "/api/login", { json: { username: admin.username, password: TEST_PASSWORD } });
    return { admin, cookie: cookieFrom(login) };
  }

  it("is for admins only", async () => {
    expect((await call(accountLoader, "/account/two-factor")).headers.get("location")).toBe("/auth");
    const partner = await makePartner(db);
    const login = await call(apiLogin, "/api/login", { json: { username: partner.username, password: TEST_PASSWORD } });
    expect(
      (await call(accountLoader, "/account/two-factor", { cookie: cookieFrom(login) })).headers.get("location"),
    ).toBe("/");
  });

  it("sets it up, renews the recovery codes with the password, and turns it off with the password", async () => {
    const { admin, cookie } = await signedIn();
    const before = (await (await call(accountLoader, "/account/two-factor", { cookie })).json()) as {
      status: { enabled: boolean };
      enrolment: unknown;
    };
    expect(before).toMatchObject({ status: { enabled: false }, enrolment: null });
    expect(
      (
        await call(accountAction, "/account/two-factor", { form: { intent: "start" }, cookie, origin: BASE })
      ).headers.get("location"),
    ).toBe("/account/two-factor");
    const started = (await (await call(accountLoader, "/account/two-factor", { cookie })).json()) as {
      enrolment: { secret: string; qr: string };
    };
    const confirmed = await call(accountAction, "/account/two-factor", {
      form: { intent: "confirm", code: codeFor(started.enrolment.secret, Date.now()) },
      cookie,
      origin: BASE,
    });
    const first = (await confirmed.json()) as { codes: string[] };
    expect(first.codes).toHaveLength(10);

    const wrongPassword = await call(accountAction, "/account/two-factor", {
      form: { intent: "renew", password: "wrong-password" },
      cookie,
      origin: BASE,
    });
    expect(wrongPassword.status).toBe(403);
    const renewed = (await (
      await call(accountAction, "/account/two-factor", {
        form: { intent: "renew", password: TEST_PASSWORD },
        cookie,
        origin: BASE,
      })
    ).json()) as { codes: string[] };
    expect(renewed.codes).toHaveLength(10);
    expect(await checkSecondFactor(db, admin.id, first.codes[0])).toBeNull();
    expect(await checkSecondFactor(db, admin.id, renewed.codes[0])).toBe("recovery");

    const off = await call(accountAction, "/account/two-factor", {
      form: { intent: "off", password: TEST_PASSWORD },
      cookie,
      origin: BASE,
    });
    expect(off.status).toBe(302);
    expect(await twoFactorStatus(db, admin.id)).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    expect(await auditActions(admin.id)).toEqual(
      expect.arrayContaining(["two_factor_on", "recovery_codes_renewed", "two_factor_off"]),
    );
  });
});

describe("vendboard admin reset-2fa", () => {
  it("turns it off for a lost device, audited; the admin then signs in with the password", async () => {
    const { admin } = await enrolledAdmin();
    const run = await runCli(["admin", "reset-2fa", admin.username.toUpperCase()]);
    expect(run.code).toBe(0);
    expect(run.err).toContain(`Reset two-factor sign-in of '${admin.username}'`);
    expect((await twoFactorStatus(db, admin.id)).enabled).toBe(false);
    expect(await auditActions(admin.id)).toContain("two_factor_reset");
    expect(
      (await call(apiLogin, "/api/login", { json: { username: admin.username, password: TEST_PASSWORD } })).status,
    ).toBe(200);
    const again = await runCli(["admin", "reset-2fa", admin.username, "--json"]);
    expect(JSON.parse(again.out)).toEqual({ database: cliDatabase(), username: admin.username, wasOn: false });
    expect((await runCli(["admin", "reset-2fa", "nobody-at-all"])).code).not.toBe(0);
  });
});
