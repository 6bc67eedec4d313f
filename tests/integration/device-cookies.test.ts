/**
 * Device cookies (docs/decisions/065-*.md): a browser that completed a sign-in of a username
 * skips that username's back-off, so an attacker who keeps it backed off cannot keep its owner out;
 * unknown browsers, other usernames' cookies and forged cookies are still backed off; a known
 * browser has a per-device limit of its own; the admin's password confirmation works the same way.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { action as apiLogin } from "#app/routes/api.login.ts";
import { action as authAction } from "#app/routes/auth.tsx";
import { action as partnerAction } from "#app/routes/api.partners.$id.ts";
import { db } from "#app/utils/db.server.ts";
import { makeAdmin, makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { BASE, call } from "./http.ts";

const cookiesOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]);
const named = (response: Response, name: string) => cookiesOf(response).find((c) => c.startsWith(`${name}=`)) ?? null;

let attackerHost = 0;
/** One wrong password from a fresh address (so neither the pair nor the address limit is what stops it). */
const attack = (username: string) =>
  call(apiLogin, "/api/login", {
    json: { username, password: "wrong-password" },
    address: `203.0.113.${++attackerHost}`,
  });

const login = (username: string, options: { cookie?: string; address: string; password?: string }) =>
  call(apiLogin, "/api/login", {
    json: { username, password: options.password ?? TEST_PASSWORD },
    cookie: options.cookie,
    address: options.address,
  });

/** Signs `username` in once (a clean slate) and answers the browser's device cookie. */
async function knownBrowser(username: string): Promise<string> {
  const first = await login(username, { address: "198.51.100.1" });
  expect(first.status).toBe(200);
  const device = named(first, "__vendboard_device");
  expect(device).toBeTruthy();
  return device!;
}

/** Backs `username` off: its free failures spent, every further one waits. */
async function backOff(username: string) {
  for (let i = 0; i < 6; i++) await attack(username);
  expect((await attack(username)).status).toBe(429);
}

beforeEach(async () => {
  await db.deleteFrom("authFailures").execute();
});

describe("sign-in from a browser that signed in before", () => {
  it("lets the real user in on the first try while an attacker keeps the username backed off; an unknown browser still gets 429", async () => {
    const { username } = await makePartner(db);
    const device = await knownBrowser(username);
    await backOff(username);

    const known = await login(username, { cookie: device, address: "198.51.100.7" });
    expect(known.status).toBe(200);
    expect(named(known, "__vendboard_session")).toBeTruthy();
    // The user's success does not wipe the wait the attacker built up for unknown browsers.
    const unknown = await login(username, { address: "198.51.100.8" });
    expect(unknown.status).toBe(429);
    expect(Number(unknown.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect((await attack(username)).status).toBe(429);
  });

  it("does the same on the /auth page", async () => {
    const { username } = await makePartner(db);
    const device = await knownBrowser(username);
    await backOff(username);
    const page = await call(authAction, "/auth", {
      form: { username, password: TEST_PASSWORD },
      cookie: device,
      origin: BASE,
      address: "198.51.100.9",
    });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/");
  });

  it("ignores a device cookie made for another username", async () => {
    const victim = await makePartner(db);
    const other = await makePartner(db);
    const othersDevice = await knownBrowser(other.username);
    await backOff(victim.username);
    expect((await login(victim.username, { cookie: othersDevice, address: "198.51.100.10" })).status).toBe(429);
  });

  it("ignores a forged device cookie: a changed value, or the right shape unsigned", async () => {
    const { username } = await makePartner(db);
    const device = await knownBrowser(username);
    await backOff(username);
    const [name, value] = [device.slice(0, device.indexOf("=")), device.slice(device.indexOf("=") + 1)];
    const decoded = decodeURIComponent(value);
    const dot = decoded.lastIndexOf(".");
    // Same payload, another signature; and a payload naming the username with no signature at all.
    const resigned = `${name}=${encodeURIComponent(`${decoded.slice(0, dot)}.${"A".repeat(43)}`)}`;
    const unsigned = `${name}=${encodeURIComponent(btoa(JSON.stringify([{ u: username, n: "x".repeat(43) }])))}`;
    for (const cookie of [resigned, unsigned])
      expect((await login(username, { cookie, address: "198.51.100.11" })).status).toBe(429);
  });

  it("stops a known browser after its own 5 failures in the window, even with the right password", async () => {
    const { username } = await makePartner(db);
    const device = await knownBrowser(username);
    for (let i = 0; i < 5; i++) {
      const wrong = await login(username, { cookie: device, address: `198.51.100.${20 + i}`, password: "wrong" });
      expect(wrong.status).toBe(401);
    }
    const stopped = await login(username, { cookie: device, address: "198.51.100.30" });
    expect(stopped.status).toBe(429);
    const scopes = await db.selectFrom("authFailures").select("scope").where("scope", "=", "device").execute();
    expect(scopes).toHaveLength(5);
  });

  it("keeps the per-address limit for a known browser", async () => {
    const { username } = await makePartner(db);
    const device = await knownBrowser(username);
    // 20 failures from one address, each for another username.
    const address = "192.0.2.99";
    for (let i = 0; i < 20; i++)
      await call(apiLogin, "/api/login", { json: { username: `ghost-${i}`, password: "x" }, address });
    expect((await login(username, { cookie: device, address })).status).toBe(429);
  });
});

describe("the admin's password confirmation from a browser that signed in before", () => {
  it("is not held up by the admin's back-off; without the device cookie it is", async () => {
    const admin = await makeAdmin(db);
    const first = await login(admin.username, { address: "198.51.100.40" });
    const session = named(first, "__vendboard_session")!;
    const device = named(first, "__vendboard_device")!;
    const remove = (id: number, password: string, cookie: string, address: string) =>
      call(partnerAction, `/api/partners/${id}`, {
        method: "DELETE",
        json: { password },
        cookie,
        params: { id: String(id) },
        address,
      });
    const partner = await makePartner(db);
    // Wrong confirmations from several addresses, with the session but without the device cookie.
    for (let i = 0; i < 6; i++) await remove(partner.id, "wrong-one", session, `198.51.100.${50 + i}`);
    expect((await remove(partner.id, TEST_PASSWORD, session, "198.51.100.60")).status).toBe(429);
    const confirmed = await remove(partner.id, TEST_PASSWORD, `${session}; ${device}`, "198.51.100.61");
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ deleted: partner.id });
  });
});
