/**
 * Forgot password by emailed single-use link (received over a real SMTP
 * server on 127.0.0.1), the same answer for known and unknown accounts, 30 minutes by an injected
 * clock, the limits per address and per account, every other session ended; and changing one's own
 * password (page and API).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as forgotApi } from "#app/routes/api.auth.forgot-password.ts";
import { action as resetApi } from "#app/routes/api.auth.reset-password.ts";
import { action as changeApi } from "#app/routes/api.account.password.ts";
import { loader as userApi } from "#app/routes/api.user.ts";
import { action as forgotPage } from "#app/routes/auth_.forgot.tsx";
import { action as resetAction, loader as resetLoader } from "#app/routes/auth_.reset.$token.tsx";
import { action as changePage, loader as changePageLoader } from "#app/routes/account.password.tsx";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { settlePasswordResets } from "#app/utils/password-reset.server.ts";
import { FORGOT_ANSWER, LINK_EXPIRED } from "#domain/accounts/reset-rules.ts";
import { hashResetToken } from "#domain/accounts/reset-token.ts";
import { requestPasswordReset, resetPasswordWithToken } from "#domain/accounts/reset-service.ts";
import { makeAdmin, makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";
import { startMailServer, stopMailServer, subjectOf, type ReceivedMail } from "./mail.ts";

const FROM = "Vendboard <test@vendboard.local>";
const OUTBOX = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-reset-")), "outbox");
const received: ReceivedMail[] = [];
let server: SMTPServer;
let port: number;
let savedSmtp: string | undefined;
let n = 0;
const email = () => `reset${++n}.${Math.random().toString(36).slice(2, 6)}@example.com`;
const address = () => `10.16.0.${++n}`;

beforeAll(async () => {
  ({ server, port } = await startMailServer((mail) => received.push(mail)));
  savedSmtp = MAIL_CONFIG.smtpUrl;
  MAIL_CONFIG.smtpUrl = `smtp://127.0.0.1:${port}`;
});

afterAll(async () => {
  MAIL_CONFIG.smtpUrl = savedSmtp;
  await stopMailServer(server);
});

const smtpConfig = () => ({
  smtpUrl: `smtp://127.0.0.1:${port}`,
  from: FROM,
  outboxDir: OUTBOX,
  appUrl: "https://vendboard.example.com",
});

/** The plain text of a received message with quoted-printable soft breaks undone. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
const mailsTo = (to: string) => received.filter((m) => m.to.some((t) => t.toLowerCase() === to.toLowerCase()));
function tokenIn(mail: ReceivedMail): string {
  const match = /\/auth\/reset\/([A-Za-z0-9_-]{43})/.exec(decoded(mail.raw));
  if (!match) throw new Error(`no reset link in:\n${mail.raw.slice(0, 2000)}`);
  return match[1];
}

async function forgot(identifier: string, from = address()) {
  const response = await call(forgotApi, "/api/auth/forgot-password", { json: { identifier }, address: from });
  await settlePasswordResets();
  return response;
}

const signedIn = async (cookie: string) => (await call(userApi, "/api/user", { cookie })).status === 200;

describe("forgot password: the link by email", () => {
  it("mails a single-use link built from APP_URL; using it sets the password, ends other sessions and signs in", async () => {
    const to = email();
    const partner = await makePartner(db, { email: to, name: "Reset Partner" });
    const otherSession = await loginCookie(partner.username);

    const response = await forgot(partner.username);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ message: FORGOT_ANSWER });

    const [mail] = mailsTo(to);
    expect(mail).toBeDefined();
    expect(subjectOf(mail.raw)).toMatch(/^Reset your .* password$/);
    const token = tokenIn(mail);
    expect(decoded(mail.raw)).toContain(`${MAIL_CONFIG.appUrl}/auth/reset/${token}`);
    expect(decoded(mail.raw)).toContain("works once, for 30 minutes");

    // Only the hash is stored.
    const rows = await db.selectFrom("passwordResets").selectAll().where("userId", "=", partner.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].tokenHash).toBe(hashResetToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0].expiresAtMs - rows[0].createdAtMs).toBe(30 * 60_000);

    expect(await (await call(resetLoader, `/auth/reset/${token}`, { params: { token } })).json()).toEqual({
      usable: true,
    });
    const used = await call(resetAction, `/auth/reset/${token}`, {
      params: { token },
      form: { newPassword: "new-secret-16", repeatPassword: "new-secret-16" },
    });
    expect(used.status).toBe(302);
    expect(used.headers.get("location")).toBe("/");
    expect((await flashedToast(used))?.title).toBe("Password changed");
    const newSession = used.headers
      .getSetCookie()
      .find((c) => c.startsWith("__vendboard_session="))!
      .split(";")[0];
    expect(await signedIn(newSession)).toBe(true);
    expect(await signedIn(otherSession)).toBe(false);

    // The new password signs in, the old one no longer does.
    await expect(loginCookie(partner.username, "new-secret-16")).resolves.toContain("__vendboard_session=");
    await expect(loginCookie(partner.username, TEST_PASSWORD)).rejects.toThrow(/401/);

    // The second use is refused, and the page says so.
    const again = await call(resetAction, `/auth/reset/${token}`, {
      params: { token },
      form: { newPassword: "another-secret", repeatPassword: "another-secret" },
    });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ error: LINK_EXPIRED, expired: true });
    expect(await (await call(resetLoader, `/auth/reset/${token}`, { params: { token } })).json()).toEqual({
      usable: false,
    });

    const audited = await db
      .selectFrom("auditLog")
      .select(["action", "actorId"])
      .where("entity", "=", "user")
      .where("entityId", "=", String(partner.id))
      .execute();
    expect(audited.map((a) => a.action)).toEqual(
      expect.arrayContaining(["password_reset_requested", "password_reset"]),
    );
  });

  it("answers known and unknown accounts alike (status and body); only a known one gets mail", async () => {
    const to = email();
    const partner = await makePartner(db, { email: to });
    const before = received.length;
    const known = await forgot(partner.username);
    const afterKnown = received.length;
    const unknown = await forgot("nobody-by-this-name");
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.text()).toBe(await known.text());
    expect(afterKnown - before).toBe(1);
    expect(received.length).toBe(afterKnown);

    // The page: the same text either way, without JavaScript.
    const page = async (identifier: string) => {
      const response = await call(forgotPage, "/auth/forgot", { form: { identifier }, address: address() });
      await settlePasswordResets();
      return { status: response.status, body: await response.json() };
    };
    expect(await page("nobody-at-all@example.com")).toEqual(await page(to));
    expect((await page(to)).body).toEqual({ error: null, message: FORGOT_ANSWER });
    expect((await call(forgotPage, "/auth/forgot", { form: { identifier: " " } })).status).toBe(400);
  });

  it("by email: each account with that address gets its own link; an account without an address none", async () => {
    const shared = email();
    const first = await makePartner(db, { email: shared });
    const second = await makeAdmin(db, { email: shared.toUpperCase() });
    const before = mailsTo(shared).length;
    await forgot(` ${shared} `);
    const mails = mailsTo(shared).slice(before);
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map(tokenIn)).size).toBe(2);
    const owners = await db
      .selectFrom("passwordResets")
      .select("userId")
      .where(
        "tokenHash",
        "in",
        mails.map((m) => hashResetToken(tokenIn(m))),
      )
      .execute();
    expect(owners.map((o) => o.userId).sort()).toEqual([first.id, second.id].sort());

    const noAddress = await makeAdmin(db, { email: null });
    const count = received.length;
    await forgot(noAddress.username);
    expect(received.length).toBe(count);
  });

  it("a link works for 30 minutes by the clock, and using one spends the user's other links", async () => {
    const to = email();
    const partner = await makePartner(db, { email: to });
    const t0 = Date.UTC(2026, 10, 27, 9, 0, 0);
    await requestPasswordReset(db, smtpConfig(), { identifier: partner.username, address: address() }, t0);
    const late = tokenIn(mailsTo(to).at(-1)!);
    expect(decoded(mailsTo(to).at(-1)!.raw)).toContain(`https://vendboard.example.com/auth/reset/${late}`);
    await expect(resetPasswordWithToken(db, late, "new-secret-30", t0 + 30 * 60_000)).rejects.toThrow(LINK_EXPIRED);

    await requestPasswordReset(db, smtpConfig(), { identifier: partner.username, address: address() }, t0 + 1);
    const inTime = tokenIn(mailsTo(to).at(-1)!);
    await requestPasswordReset(db, smtpConfig(), { identifier: partner.username, address: address() }, t0 + 2);
    const other = tokenIn(mailsTo(to).at(-1)!);
    await resetPasswordWithToken(db, inTime, "new-secret-30", t0 + 1 + 30 * 60_000 - 1);
    await expect(resetPasswordWithToken(db, other, "new-secret-31", t0 + 3)).rejects.toThrow(LINK_EXPIRED);
    await expect(loginCookie(partner.username, "new-secret-30")).resolves.toContain("__vendboard_session=");
  });

  it("a disabled account gets no link, and a link sent before it was disabled no longer works", async () => {
    const to = email();
    const partner = await makePartner(db, { email: to });
    const t0 = Date.UTC(2026, 10, 27, 10, 0, 0);
    await requestPasswordReset(db, smtpConfig(), { identifier: partner.username, address: address() }, t0);
    const before = tokenIn(mailsTo(to).at(-1)!);
    const sent = mailsTo(to).length;
    await db
      .updateTable("users")
      .set({ disabledAt: new Date(t0 + 1).toISOString() })
      .where("id", "=", partner.id)
      .execute();
    await requestPasswordReset(db, smtpConfig(), { identifier: partner.username, address: address() }, t0 + 2);
    expect(mailsTo(to).length).toBe(sent);
    await expect(resetPasswordWithToken(db, before, "new-secret-40", t0 + 3)).rejects.toThrow(LINK_EXPIRED);
    const row = await db
      .selectFrom("users")
      .select("passwordHash")
      .where("id", "=", partner.id)
      .executeTakeFirstOrThrow();
    expect(row.passwordHash).toBe(partner.passwordHash);
  });

  it("limits requests per address (5 in 15 minutes) and per account (3 in an hour): the same answer, nothing sent, audited", async () => {
    const to = email();
    const partner = await makePartner(db, { email: to });
    const from = address();
    const t0 = Date.UTC(2026, 10, 28, 9, 0, 0);
    const outcomes = [];
    for (let i = 0; i < 6; i++)
      outcomes.push(
        await requestPasswordReset(
          db,
          smtpConfig(),
          { identifier: i < 5 ? `unknown-${i}` : partner.username, address: from },
          t0 + i,
        ),
      );
    expect(outcomes.at(-1)).toEqual({ sent: 0, noEmail: 0, limited: "address" });
    expect(mailsTo(to)).toHaveLength(0);
    // 15 minutes later the address may ask again.
    expect(
      (
        await requestPasswordReset(
          db,
          smtpConfig(),
          { identifier: partner.username, address: from },
          t0 + 15 * 60_000 + 1,
        )
      ).sent,
    ).toBe(1);

    // Per account, from any address: 3 in the hour (the one above counts).
    const sent = [];
    for (let i = 0; i < 3; i++)
      sent.push(
        (await requestPasswordReset(db, smtpConfig(), { identifier: to, address: address() }, t0 + 16 * 60_000 + i))
          .sent,
      );
    expect(sent).toEqual([1, 1, 0]);
    expect(mailsTo(to)).toHaveLength(3);
    expect(
      (await requestPasswordReset(db, smtpConfig(), { identifier: to, address: address() }, t0 + 75 * 60_000 + 2)).sent,
    ).toBe(1);

    const limited = await db
      .selectFrom("auditLog")
      .select(["details", "entityId"])
      .where("action", "=", "password_reset_limited")
      .execute();
    expect(limited.some((a) => a.entityId === String(partner.id) && JSON.parse(a.details!).limit === "account")).toBe(
      true,
    );
    expect(
      limited.some((a) => JSON.parse(a.details!).limit === "address" && JSON.parse(a.details!).address === from),
    ).toBe(true);

    // Through the API the answer over the limit is the same.
    const api = address();
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await forgot(partner.username + (i < 5 ? "-x" : ""), api));
    const bodies = await Promise.all(answers.map((a) => a.text()));
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([202]));
    expect(new Set(bodies).size).toBe(1);
  });
});

describe("API: POST /api/auth/forgot-password and /api/auth/reset-password", () => {
  it("400 with a message for bad input; 202 otherwise", async () => {
    const missing = await call(forgotApi, "/api/auth/forgot-password", { json: {} });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "Username or email is required" });
    expect((await call(forgotApi, "/api/auth/forgot-password", { method: "GET" })).status).toBe(405);
  });

  it("resets with a token once: 200, then 400; short passwords and unknown tokens 400", async () => {
    const to = email();
    const admin = await makeAdmin(db, { email: to });
    await forgot(to);
    const token = tokenIn(mailsTo(to).at(-1)!);
    const short = await call(resetApi, "/api/auth/reset-password", { json: { token, password: "short" } });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: "Password must be at least 8 characters" });
    const unknown = await call(resetApi, "/api/auth/reset-password", {
      json: { token: "x".repeat(43), password: "long-enough-1" },
    });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ message: LINK_EXPIRED });
    const ok = await call(resetApi, "/api/auth/reset-password", { json: { token, password: "long-enough-1" } });
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toMatch(/Password changed/);
    const twice = await call(resetApi, "/api/auth/reset-password", { json: { token, password: "long-enough-2" } });
    expect(twice.status).toBe(400);
    expect(await twice.json()).toEqual({ message: LINK_EXPIRED });
    await expect(loginCookie(admin.username, "long-enough-1")).resolves.toContain("__vendboard_session=");
  });
});

describe("change own password", () => {
  it("API: 401 anonymous, 400 bad input, 403 wrong current password, 200 ends every other session", async () => {
    const partner = await makePartner(db, { email: email() });
    const cookie = await loginCookie(partner.username);
    const other = await loginCookie(partner.username);
    const anonymous = await call(changeApi, "/api/account/password", {
      json: { currentPassword: TEST_PASSWORD, newPassword: "brand-new-pass" },
    });
    expect(anonymous.status).toBe(401);
    const short = await call(changeApi, "/api/account/password", {
      cookie,
      json: { currentPassword: TEST_PASSWORD, newPassword: "short" },
    });
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: "Password must be at least 8 characters" });
    const wrong = await call(changeApi, "/api/account/password", {
      cookie,
      json: { currentPassword: "not-my-password", newPassword: "brand-new-pass" },
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ message: "Current password is incorrect" });

    const ok = await call(changeApi, "/api/account/password", {
      cookie,
      json: { currentPassword: TEST_PASSWORD, newPassword: "brand-new-pass" },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ message: "Password changed" });
    const fresh = ok.headers.get("set-cookie")!.split(";")[0];
    expect(await signedIn(fresh)).toBe(true);
    expect(await signedIn(other)).toBe(false);
    expect(await signedIn(cookie)).toBe(false);
    await expect(loginCookie(partner.username, "brand-new-pass")).resolves.toContain("__vendboard_session=");
    const audited = await db
      .selectFrom("auditLog")
      .select("actorId")
      .where("action", "=", "password_change")
      .where("entityId", "=", String(partner.id))
      .execute();
    expect(audited).toEqual([{ actorId: partner.id }]);
  });

  it("the current password is attempt-limited: 429 after 5 wrong ones from an address", async () => {
    const partner = await makePartner(db, { email: email() });
    const cookie = await loginCookie(partner.username);
    const from = address();
    const statuses = [];
    for (let i = 0; i < 6; i++)
      statuses.push(
        (
          await call(changeApi, "/api/account/password", {
            cookie,
            address: from,
            json: { currentPassword: `wrong-${i}`, newPassword: "brand-new-pass" },
          })
        ).status,
      );
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
  });

  it("page: signed-out visitors go to /auth; mismatched passwords 400; success redirects with the toast and a fresh cookie", async () => {
    const admin = await makeAdmin(db);
    expect((await call(changePageLoader, "/account/password")).headers.get("location")).toBe("/auth");
    const cookie = await loginCookie(admin.username);
    const other = await loginCookie(admin.username);
    const differ = await call(changePage, "/account/password", {
      cookie,
      form: { currentPassword: TEST_PASSWORD, newPassword: "brand-new-pass", repeatPassword: "brand-new-pasS" },
    });
    expect(differ.status).toBe(400);
    expect(await differ.json()).toEqual({ field: "new", error: "The two passwords are not the same" });
    const wrong = await call(changePage, "/account/password", {
      cookie,
      form: { currentPassword: "nope-nope", newPassword: "brand-new-pass", repeatPassword: "brand-new-pass" },
    });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ field: "current", error: "Current password is incorrect" });
    const ok = await call(changePage, "/account/password", {
      cookie,
      form: { currentPassword: TEST_PASSWORD, newPassword: "brand-new-pass", repeatPassword: "brand-new-pass" },
    });
    expect(ok.status).toBe(302);
    expect(ok.headers.get("location")).toBe("/admin");
    expect((await flashedToast(ok))?.title).toBe("Password changed");
    const fresh = ok.headers
      .getSetCookie()
      .find((c) => c.startsWith("__vendboard_session="))!
      .split(";")[0];
    expect(await signedIn(fresh)).toBe(true);
    expect(await signedIn(other)).toBe(false);
  });
});

describe("links an admin sends: a new admin's set-password link, and a reset link for any account", () => {
  it("creates an admin who chooses their own password through an emailed link valid 72 hours", async () => {
    const { action: createAdminApi } = await import("#app/routes/api.admin.users.ts");
    const admin = await makeAdmin(db);
    const cookie = await loginCookie(admin.username);
    const to = email();
    const response = await call(createAdminApi, "/api/admin/users", {
      json: { username: `invited-${++n}`, name: "Ivy Invited", email: to, sendSetPasswordLink: true },
      cookie,
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ generatedPassword: null, setPasswordLinkSentTo: to });
    const [mail] = mailsTo(to);
    expect(subjectOf(mail.raw)).toMatch(/admin account$/);
    expect(decoded(mail.raw)).toContain("for 72 hours");
    const token = tokenIn(mail);
    const row = await db
      .selectFrom("passwordResets")
      .selectAll()
      .where("tokenHash", "=", hashResetToken(token))
      .executeTakeFirstOrThrow();
    expect(row.expiresAtMs - row.createdAtMs).toBe(72 * 3_600_000);
    const user = await resetPasswordWithToken(db, token, "my-own-choice-1", row.createdAtMs + 71 * 3_600_000);
    expect(user.email).toBe(to);
    expect(await loginCookie(user.username, "my-own-choice-1")).toBeTruthy();
    const audited = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "password_link_sent")
      .where("entityId", "=", String(user.id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(audited.details!)).toMatchObject({ kind: "invite", to });
  });

  it("refuses a set-password link without an email, or with a password typed as well (400)", async () => {
    const { action: createAdminApi } = await import("#app/routes/api.admin.users.ts");
    const cookie = await loginCookie((await makeAdmin(db)).username);
    const noEmail = await call(createAdminApi, "/api/admin/users", {
      json: { username: `nolink-${n++}`, name: "No Email", sendSetPasswordLink: true },
      cookie,
    });
    expect(noEmail.status).toBe(400);
    expect((await noEmail.json()).message).toBe("An email address is needed to send a set-password link");
    const both = await call(createAdminApi, "/api/admin/users", {
      json: {
        username: `nolink-${n++}`,
        name: "Both",
        email: email(),
        password: "typed-password-1",
        sendSetPasswordLink: true,
      },
      cookie,
    });
    expect(both.status).toBe(400);
    expect((await both.json()).message).toBe("Leave the password empty to email a link");
  });

  it("POST /api/users/{id}/send-reset-link: 401, 403, 404, 400 without email, 409 disabled, else the link by mail", async () => {
    const { action: sendLinkApi } = await import("#app/routes/api.users.$id.send-reset-link.ts");
    const { disableAccount } = await import("#domain/accounts/admin-service.ts");
    const admin = await makeAdmin(db);
    const cookie = await loginCookie(admin.username);
    const to = email();
    const partner = await makePartner(db, { email: to });
    const path = (id: number) => `/api/users/${id}/send-reset-link`;
    const send = (id: number, who: string | null) =>
      call(sendLinkApi, path(id), { method: "POST", cookie: who, params: { id: String(id) } });
    expect((await send(partner.id, null)).status).toBe(401);
    expect((await send(partner.id, await loginCookie(partner.username))).status).toBe(403);
    expect((await send(999_999, cookie)).status).toBe(404);
    const noEmail = await makePartner(db, { email: null });
    const refused = await send(noEmail.id, cookie);
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toBe("This account has no email address");

    const sent = await send(partner.id, cookie);
    expect(sent.status).toBe(200);
    expect(await sent.json()).toMatchObject({ sentTo: to });
    const token = tokenIn(mailsTo(to)[0]);
    const row = await db
      .selectFrom("passwordResets")
      .selectAll()
      .where("tokenHash", "=", hashResetToken(token))
      .executeTakeFirstOrThrow();
    expect(row.expiresAtMs - row.createdAtMs).toBe(30 * 60_000);
    expect(row.requestedFrom).toBe(`admin #${admin.id}`);

    await disableAccount(db, partner.id, admin.id);
    const disabled = await send(partner.id, cookie);
    expect(disabled.status).toBe(409);
    expect((await disabled.json()).message).toBe("A disabled account gets no link");
  });

  it("/admin/users: Send reset link flashes where it went", async () => {
    const { action: usersPage } = await import("#app/routes/admin.users.tsx");
    const admin = await makeAdmin(db);
    const other = await makeAdmin(db, { email: email() });
    const response = await call(usersPage, "/admin/users", {
      form: { intent: "account-send-link", id: String(other.id) },
      cookie: await loginCookie(admin.username),
      origin: "http://localhost:3000",
    });
    expect(await flashedToast(response)).toMatchObject({ title: "Reset link sent" });
    expect(mailsTo(other.email!)).toHaveLength(1);
  });
});
