/** Attempt limits kept in the database: Retry-After, the wait that ends, hashed keys, and the admin's password confirmation. */
import { beforeAll, describe, expect, it } from "vitest";
import { action as apiLogin } from "#app/routes/api.login.ts";
import { action as partnerAction } from "#app/routes/api.partners.$id.ts";
import { db } from "#app/utils/db.server.ts";
import { attemptSucceeded, RateLimitedError, reserveAttempt } from "#domain/accounts/attempt-service.ts";
import { defaultLimits } from "#domain/accounts/attempt-rules.ts";
import { makeAdmin, makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

const L = defaultLimits();
const T0 = Date.UTC(2027, 0, 1, 12, 0, 0);

describe("reserveAttempt / attemptSucceeded", () => {
  it("counts each attempt, refuses with the wait, lets the right password in once the wait is over, and forgets on success", async () => {
    const attempt = (address: string) => ({ purpose: "test", username: "Alice", address });
    for (let i = 0; i < 5; i++) await reserveAttempt(db, attempt(`10.0.0.${i}`), L, "slow down", T0 + i);
    const refused = await reserveAttempt(db, attempt("10.0.1.1"), L, "slow down", T0 + 500).catch((e) => e);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused.retryAfterSeconds).toBe(1);
    // The refused attempt is not counted; after the 1 s wait another address gets its turn.
    const ok = await reserveAttempt(db, attempt("10.0.1.1"), L, "slow down", T0 + 1_010);
    await attemptSucceeded(db, ok);
    // Success forgets the username's failures: the next wrong guess is free again.
    await reserveAttempt(db, attempt("10.0.1.2"), L, "slow down", T0 + 1_020);
    await expect(reserveAttempt(db, attempt("10.0.1.3"), L, "slow down", T0 + 1_030)).resolves.toMatchObject({
      ids: expect.any(Array),
    });
  });

  it("stores hashes, never the username or the address", async () => {
    await reserveAttempt(db, { purpose: "test", username: "secret-name", address: "10.7.7.7" }, L, "x", T0);
    const rows = await db.selectFrom("authFailures").select(["keyHash"]).execute();
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.keyHash))).toBe(true);
  });
});

describe("POST /api/login", () => {
  it("answers 429 with a Retry-After header", async () => {
    const victim = (await makePartner(db)).username;
    for (let i = 0; i < 5; i++)
      await call(apiLogin, "/api/login", { json: { username: victim, password: "nope-nope" }, address: `10.3.0.${i}` });
    const blocked = await call(apiLogin, "/api/login", {
      json: { username: victim, password: TEST_PASSWORD },
      address: "10.3.1.1",
    });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(blocked.headers.get("retry-after"))).toBeLessThanOrEqual(60);
  });
});

describe("DELETE /api/partners/{id}: the admin's password confirmation is limited like sign-in", () => {
  let adminCookie: string;
  beforeAll(async () => {
    adminCookie = await loginCookie((await makeAdmin(db)).username);
  });

  it("five wrong confirmations from one address, then 429 with Retry-After even for the right one", async () => {
    const partner = await makePartner(db);
    const remove = (password: string) =>
      call(partnerAction, `/api/partners/${partner.id}`, {
        method: "DELETE",
        json: { password },
        cookie: adminCookie,
        params: { id: String(partner.id) },
        address: "10.4.0.1",
      });
    for (let i = 0; i < 5; i++) {
      const wrong = await remove(`wrong-${i}`);
      expect(wrong.status).toBe(403);
      expect(await wrong.json()).toEqual({ message: "Incorrect password" });
    }
    const limited = await remove(TEST_PASSWORD);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      message: "Too many wrong password confirmations. Please wait and try again.",
    });
    expect(limited.headers.get("retry-after")).toBeTruthy();
    // Sign-in is counted apart: the admin can still sign in.
    expect(await db.selectFrom("users").select("id").where("id", "=", partner.id).executeTakeFirst()).toBeDefined();
  });
});
