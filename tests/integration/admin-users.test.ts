/** Admin management and disabled accounts: the API, sign-in, sessions and the audit trail. */
import { beforeAll, describe, expect, it } from "vitest";
import { loader as apiUser } from "#app/routes/api.user.ts";
import { action as apiLogin } from "#app/routes/api.login.ts";
import { action as authAction } from "#app/routes/auth.tsx";
import { action as createAdminAction, loader as listAdminsLoader } from "#app/routes/api.admin.users.ts";
import { action as disableAction } from "#app/routes/api.users.$id.disable.ts";
import { action as enableAction } from "#app/routes/api.users.$id.enable.ts";
import { db } from "#app/utils/db.server.ts";
import { disableAccount } from "#domain/accounts/admin-service.ts";
import { CANNOT_DISABLE_LAST_ADMIN, CANNOT_DISABLE_SELF } from "#domain/accounts/admin-rules.ts";
import { makeAdmin, makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

let first: { id: number; username: string };
let partner: { id: number; username: string };
let adminCookie: string;
let partnerCookie: string;

beforeAll(async () => {
  first = await makeAdmin(db);
  partner = await makePartner(db);
  adminCookie = await loginCookie(first.username);
  partnerCookie = await loginCookie(partner.username);
});

const disable = (id: number | string, cookie: string | null) =>
  call(disableAction, `/api/users/${id}/disable`, { method: "POST", cookie, params: { id: String(id) } });
const enable = (id: number | string, cookie: string | null) =>
  call(enableAction, `/api/users/${id}/enable`, { method: "POST", cookie, params: { id: String(id) } });
const signInApi = (username: string, password = TEST_PASSWORD) =>
  call(apiLogin, "/api/login", { json: { username, password }, address: `a2-${username}` });
const whoAmI = (cookie: string) => call(apiUser, "/api/user", { cookie });
const auditRows = (userId: number, action: string) =>
  db
    .selectFrom("auditLog")
    .selectAll()
    .where("entity", "=", "user")
    .where("entityId", "=", String(userId))
    .where("action", "=", action)
    .execute();

describe("GET /api/admin/users and POST /api/admin/users", () => {
  it("answers 401 anonymous and 403 to a partner", async () => {
    expect((await call(listAdminsLoader, "/api/admin/users")).status).toBe(401);
    expect((await call(listAdminsLoader, "/api/admin/users", { cookie: partnerCookie })).status).toBe(403);
    expect((await call(createAdminAction, "/api/admin/users", { json: { username: "x", name: "X" } })).status).toBe(
      401,
    );
    const forbidden = await call(createAdminAction, "/api/admin/users", {
      json: { username: "x", name: "X" },
      cookie: partnerCookie,
    });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: "Forbidden" });
  });

  it("answers 400 with a message for a missing name, a short password or a bad email", async () => {
    for (const [body, message] of [
      [{ username: "nina" }, "Name is required"],
      [{ username: "nina", name: "Nina", password: "short" }, "Password must be at least 8 characters"],
      [{ username: "nina", name: "Nina", email: "not-an-email" }, "Invalid email address"],
      [{ name: "Nina" }, "Username is required"],
    ] as const) {
      const response = await call(createAdminAction, "/api/admin/users", { json: body, cookie: adminCookie });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
  });

  it("creates an admin with a password shown once, lists it, and refuses the username again (409)", async () => {
    const created = await call(createAdminAction, "/api/admin/users", {
      json: { username: "nina-admin", name: "Nina Admin", email: "nina@example.com" },
      cookie: adminCookie,
    });
    expect(created.status).toBe(201);
    const body = await created.json();
    expect(body.admin).toMatchObject({
      username: "nina-admin",
      name: "Nina Admin",
      email: "nina@example.com",
      disabledAt: null,
      lastSignInAt: null,
    });
    expect(body.generatedPassword).toMatch(/^[A-Za-z0-9]{16}$/);
    expect(JSON.stringify(body.admin)).not.toMatch(/scrypt|password/i);
    // The generated password signs in; the row records who created the admin.
    expect((await signInApi("nina-admin", body.generatedPassword)).status).toBe(200);
    const row = await db.selectFrom("users").selectAll().where("username", "=", "nina-admin").executeTakeFirstOrThrow();
    expect(row.createdBy).toBe(first.id);
    expect(row.isAdmin).toBe(1);
    expect(await auditRows(row.id, "create")).toHaveLength(1);

    const again = await call(createAdminAction, "/api/admin/users", {
      json: { username: "NINA-ADMIN", name: "Other", password: "long-enough-1" },
      cookie: adminCookie,
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Username already exists" });

    const list = await call(listAdminsLoader, "/api/admin/users", { cookie: adminCookie });
    expect(list.status).toBe(200);
    const admins = await list.json();
    expect(admins.map((a: { username: string }) => a.username)).toEqual(
      expect.arrayContaining([first.username, "nina-admin"]),
    );
    expect(admins.find((a: { username: string }) => a.username === "nina-admin").lastSignInAt).toMatch(
      /^\d{4}-\d\d-\d\dT/,
    );
    expect(admins.some((a: { username: string }) => a.username === partner.username)).toBe(false);
  });

  it("takes a chosen password and answers no generated one", async () => {
    const created = await call(createAdminAction, "/api/admin/users", {
      json: { username: "omar-admin", name: "Omar", password: "chosen-pass-1" },
      cookie: adminCookie,
    });
    expect(created.status).toBe(201);
    expect((await created.json()).generatedPassword).toBeNull();
    expect((await signInApi("omar-admin", "chosen-pass-1")).status).toBe(200);
  });
});

describe("last sign-in", () => {
  it("is written by POST /api/login and by the web form", async () => {
    const someone = await makeAdmin(db);
    const before = Date.now();
    expect((await signInApi(someone.username)).status).toBe(200);
    const afterApi = await db
      .selectFrom("users")
      .select("lastSignInAt")
      .where("id", "=", someone.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(afterApi.lastSignInAt!)).toBeGreaterThanOrEqual(before - 1000);

    await db.updateTable("users").set({ lastSignInAt: null }).where("id", "=", someone.id).execute();
    const web = await call(authAction, "/auth", { form: { username: someone.username, password: TEST_PASSWORD } });
    expect(web.status).toBe(302);
    const afterWeb = await db
      .selectFrom("users")
      .select("lastSignInAt")
      .where("id", "=", someone.id)
      .executeTakeFirstOrThrow();
    expect(afterWeb.lastSignInAt).not.toBeNull();
  });

  it("is answered by the root loader for the avatar menu (every user): the sign-in before this session; not to a visitor", async () => {
    const { loader: rootLoader } = await import("#app/root.tsx");
    const host = await makePartner(db);
    await loginCookie(host.username);
    const row = await db.selectFrom("users").select("lastSignInAt").where("id", "=", host.id).executeTakeFirstOrThrow();
    // Sessions are rows: the menu shows the previous sign-in, so the current one is no longer it.
    const cookie = await loginCookie(host.username);
    const signedIn = await (await call(rootLoader, "/", { cookie })).json();
    expect(signedIn.lastSignInAt).toBe(row.lastSignInAt);
    expect(signedIn.lastSignInAt).not.toBeNull();
    expect((await (await call(rootLoader, "/auth")).json()).lastSignInAt).toBeNull();
  });

  it("is not written by a failed sign-in", async () => {
    const someone = await makeAdmin(db);
    expect((await signInApi(someone.username, "wrong-password")).status).toBe(401);
    const row = await db
      .selectFrom("users")
      .select("lastSignInAt")
      .where("id", "=", someone.id)
      .executeTakeFirstOrThrow();
    expect(row.lastSignInAt).toBeNull();
  });
});

describe("POST /api/users/{id}/disable and /enable", () => {
  it("answers 401 anonymous, 403 to a partner (even for their own account), 404 for an unknown id", async () => {
    const target = await makeAdmin(db);
    expect((await disable(target.id, null)).status).toBe(401);
    expect((await enable(target.id, null)).status).toBe(401);
    expect((await disable(target.id, partnerCookie)).status).toBe(403);
    expect((await disable(partner.id, partnerCookie)).status).toBe(403);
    expect((await enable(partner.id, partnerCookie)).status).toBe(403);
    const missing = await disable(999_999, adminCookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "User not found" });
    expect((await disable("abc", adminCookie)).status).toBe(404);
  });

  it("a disabled admin is refused at sign-in with the usual message, their session ends, and it is audited", async () => {
    const second = await makeAdmin(db);
    const secondCookie = await loginCookie(second.username);
    expect((await whoAmI(secondCookie)).status).toBe(200);

    const response = await disable(second.id, adminCookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      id: second.id,
      isAdmin: true,
      disabledAt: expect.stringMatching(/^\d{4}-/),
    });

    // The existing session is gone.
    expect((await whoAmI(secondCookie)).status).toBe(401);
    // The right password answers exactly as a wrong one does, on the API and the web form.
    for (const password of [TEST_PASSWORD, "wrong-password"]) {
      const refused = await signInApi(second.username, password);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: "Invalid username or password" });
    }
    const web = await call(authAction, "/auth", {
      form: { username: second.username, password: TEST_PASSWORD },
      address: "10.46.0.1",
    });
    expect(web.status).toBe(401);
    expect(await web.json()).toMatchObject({ error: "Invalid username or password" });

    expect(await auditRows(second.id, "disable")).toMatchObject([{ actorId: first.id }]);
    expect((await auditRows(second.id, "sign-in-refused")).length).toBe(2);

    // Disabling again changes nothing (no second audit entry).
    expect((await disable(second.id, adminCookie)).status).toBe(200);
    expect(await auditRows(second.id, "disable")).toHaveLength(1);

    // Enabled again: they sign in; the session cookie from before stays ended.
    const enabled = await enable(second.id, adminCookie);
    expect(enabled.status).toBe(200);
    expect((await enabled.json()).disabledAt).toBeNull();
    expect(await auditRows(second.id, "enable")).toMatchObject([{ actorId: first.id }]);
    expect((await whoAmI(secondCookie)).status).toBe(401);
    expect((await signInApi(second.username)).status).toBe(200);
  });

  it("an admin cannot disable themselves (409)", async () => {
    const response = await disable(first.id, adminCookie);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: CANNOT_DISABLE_SELF });
    expect((await whoAmI(adminCookie)).status).toBe(200);
  });

  it("the last active admin cannot be disabled (409 from the domain, as the CLI meets it)", async () => {
    const active = await db
      .selectFrom("users")
      .select("id")
      .where("isAdmin", "=", 1)
      .where("disabledAt", "is", null)
      .execute();
    for (const { id } of active.filter((a) => a.id !== first.id)) await disableAccount(db, id, first.id);
    await expect(disableAccount(db, first.id, null)).rejects.toMatchObject({
      status: 409,
      message: CANNOT_DISABLE_LAST_ADMIN,
    });
    const row = await db.selectFrom("users").select("disabledAt").where("id", "=", first.id).executeTakeFirstOrThrow();
    expect(row.disabledAt).toBeNull();
  });

  it("a partner can be disabled and enabled: no sign-in, sessions end, the history stays", async () => {
    const host = await makePartner(db);
    const hostCookie = await loginCookie(host.username);
    const response = await disable(host.id, adminCookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: host.id, isAdmin: false });
    expect((await whoAmI(hostCookie)).status).toBe(401);
    expect((await signInApi(host.username)).status).toBe(401);
    expect(await auditRows(host.id, "disable")).toMatchObject([{ partnerId: host.id }]);
    expect(await db.selectFrom("users").select("id").where("id", "=", host.id).executeTakeFirst()).toBeDefined();
    expect((await enable(host.id, adminCookie)).status).toBe(200);
    expect((await signInApi(host.username)).status).toBe(200);
  });
});

describe("/admin/users (page)", () => {
  it("sends partners to / and anonymous visitors to /auth; lists the admins for an admin", async () => {
    const { loader: pageLoader } = await import("#app/routes/admin.users.tsx");
    expect((await call(pageLoader, "/admin/users")).headers.get("location")).toBe("/auth");
    expect((await call(pageLoader, "/admin/users", { cookie: partnerCookie })).headers.get("location")).toBe("/");
    const page = await call(pageLoader, "/admin/users", { cookie: adminCookie });
    expect(page.status).toBe(200);
    const body = await page.json();
    expect(body.me).toBe(first.id);
    expect(body.admins.some((a: { id: number }) => a.id === first.id)).toBe(true);
    // A partner cannot post to it either.
    const { action: pageAction } = await import("#app/routes/admin.users.tsx");
    const posted = await call(pageAction, "/admin/users", {
      form: { intent: "account-enable", id: String(first.id) },
      cookie: partnerCookie,
    });
    expect(posted.headers.get("location")).toBe("/");
  });

  it("adds an admin with a generated password shown once, and answers a refused field", async () => {
    const { action: pageAction } = await import("#app/routes/admin.users.tsx");
    const added = await call(pageAction, "/admin/users", {
      form: { intent: "admin-create", username: "page-admin", name: "Page Admin", email: "", password: "" },
      cookie: adminCookie,
    });
    expect(added.status).toBe(200);
    const body = await added.json();
    expect(body).toMatchObject({
      intent: "admin-create",
      created: {
        username: "page-admin",
        name: "Page Admin",
        generatedPassword: expect.stringMatching(/^[A-Za-z0-9]{16}$/),
      },
    });
    expect((await signInApi("page-admin", body.created.generatedPassword)).status).toBe(200);

    const refused = await call(pageAction, "/admin/users", {
      form: { intent: "admin-create", username: "page-admin-2", name: "", password: "" },
      cookie: adminCookie,
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      title: "Could not add admin",
      error: "Name is required",
      fieldErrors: { name: "Name is required" },
    });
  });

  it("disables with the admin's own password (asked first without JavaScript), refuses a wrong one, and enables", async () => {
    const { action: pageAction } = await import("#app/routes/admin.users.tsx");
    const target = await makeAdmin(db);
    const targetCookie = await loginCookie(target.username);
    const question = await call(pageAction, "/admin/users", {
      form: { intent: "account-disable", id: String(target.id) },
      cookie: adminCookie,
    });
    expect(await question.json()).toMatchObject({
      intent: "account-disable",
      confirm: { confirmLabel: "Disable sign-in" },
    });
    expect((await whoAmI(targetCookie)).status).toBe(200);

    const wrong = await call(pageAction, "/admin/users", {
      form: { intent: "account-disable", id: String(target.id), confirmed: "yes", password: "not-my-password" },
      cookie: adminCookie,
      address: "10.46.1.1",
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({ title: "Could not disable sign-in", error: "Incorrect password" });
    expect((await whoAmI(targetCookie)).status).toBe(200);

    const confirmed = await call(pageAction, "/admin/users", {
      form: { intent: "account-disable", id: String(target.id), confirmed: "yes", password: TEST_PASSWORD },
      cookie: adminCookie,
    });
    expect(confirmed.status).toBe(302);
    expect((await whoAmI(targetCookie)).status).toBe(401);

    const self = await call(pageAction, "/admin/users", {
      form: { intent: "account-disable", id: String(first.id), confirmed: "yes", password: TEST_PASSWORD },
      cookie: adminCookie,
    });
    expect(self.status).toBe(409);
    expect(await self.json()).toMatchObject({ error: CANNOT_DISABLE_SELF });

    const enabled = await call(pageAction, "/admin/users", {
      form: { intent: "account-enable", id: String(target.id) },
      cookie: adminCookie,
    });
    expect(enabled.status).toBe(302);
    expect((await signInApi(target.username)).status).toBe(200);
  });
});

describe("a partner's sign-in from the partner page and the dashboard", () => {
  it("Disable sign-in (the admin's password) and Enable from /partners/{id}; the card and the partner page carry signInDisabledAt", async () => {
    const { action: partnerAction, loader: partnerLoader } = await import("#app/routes/partners.$partnerId.tsx");
    const { loader: dashboardLoader } = await import("#app/routes/admin._index.tsx");
    const host = await makePartner(db, { name: "Leaving Host" });
    const hostCookie = await loginCookie(host.username);
    const path = `/partners/${host.id}`;
    const disabled = await call(partnerAction, path, {
      form: { intent: "account-disable", id: String(host.id), confirmed: "yes", password: TEST_PASSWORD },
      cookie: adminCookie,
      params: { partnerId: String(host.id) },
    });
    expect(disabled.status).toBe(302);
    expect((await whoAmI(hostCookie)).status).toBe(401);

    const page = await (
      await call(partnerLoader, path, { cookie: adminCookie, params: { partnerId: String(host.id) } })
    ).json();
    expect(JSON.stringify(page)).toContain('"signInDisabledAt":"');
    const dashboard = await (await call(dashboardLoader, `/admin?q=${host.username}`, { cookie: adminCookie })).json();
    expect(JSON.stringify(dashboard)).toMatch(new RegExp(`"username":"${host.username}".*"signInDisabledAt":"\\d{4}-`));

    const enabled = await call(partnerAction, path, {
      form: { intent: "account-enable", id: String(host.id) },
      cookie: adminCookie,
      params: { partnerId: String(host.id) },
    });
    expect(enabled.status).toBe(302);
    expect((await signInApi(host.username)).status).toBe(200);
  });
});
