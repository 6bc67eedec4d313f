import { beforeAll, describe, expect, it } from "vitest";
import { loader as listLoader } from "#app/routes/api.partners.ts";
import { action as partnerAction, loader as partnerLoader } from "#app/routes/api.partners.$id.ts";
import { action as registerAction } from "#app/routes/api.register.ts";
import { db } from "#app/utils/db.server.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord, TEST_PASSWORD } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

let adminCookie: string;
let adminId: number;
let partnerCookie: string;

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  partnerCookie = await loginCookie((await makePartner(db)).username);
});

const newPartner = (overrides: Record<string, unknown> = {}) => ({
  username: `new-${Math.random().toString(36).slice(2, 8)}`,
  password: "a-good-password",
  name: "Harbour Café",
  partnerType: "profit-sharing",
  email: "harbour@example.com",
  billingAddress: "2 Quay Street, Whitby",
  commissionPercentage: "0.15",
  ...overrides,
});

const register = (body: unknown, cookie: string | null = adminCookie) =>
  call(registerAction, "/api/register", { json: body, cookie });

describe("POST /api/register", () => {
  it("401 anonymous, 403 for a partner", async () => {
    expect((await register(newPartner(), null)).status).toBe(401);
    expect((await register(newPartner(), partnerCookie)).status).toBe(403);
  });

  it("creates a partner with the commission as a fraction, and leaves the admin's session alone", async () => {
    const response = await register(newPartner({ commissionPercentage: "0.125" }));
    expect(response.status).toBe(201);
    expect(response.headers.get("set-cookie")).toBeNull();
    const partner = await response.json();
    expect(partner).toMatchObject({
      isAdmin: false,
      partnerType: "profit-sharing",
      commissionPercentage: "0.1250",
      monthlyFee: null,
    });
    expect(JSON.stringify(partner)).not.toMatch(/scrypt|passwordHash/);
    const audit = await db.selectFrom("auditLog").selectAll().where("entityId", "=", String(partner.id)).execute();
    expect(audit).toMatchObject([{ action: "create", entity: "user", actorId: adminId }]);
  });

  it("non-profit-sharing gets commission 0; only fee-paying keeps a monthly fee", async () => {
    const nonProfit = await (await register(newPartner({ partnerType: "non-profit-sharing", monthlyFee: 20 }))).json();
    expect(nonProfit).toMatchObject({ commissionPercentage: "0.0000", monthlyFee: null });
    const tiered = await (
      await register(newPartner({ partnerType: "tiered-profit-sharing", monthlyFee: "15.00" }))
    ).json();
    expect(tiered).toMatchObject({ partnerType: "tiered-profit-sharing", monthlyFee: null });
    const fee = await (await register(newPartner({ partnerType: "fee-paying", monthlyFee: "49.99" }))).json();
    expect(fee).toMatchObject({
      partnerType: "fee-paying",
      monthlyFee: 49.99,
      commissionPercentage: "0.0000",
      paymentPeriod: "monthly",
    });
  });

  it.each([
    [{ email: "not-an-email" }, "Invalid email address"],
    [{ billingAddress: "" }, "Billing address is required"],
    [{ username: "" }, "Username is required"],
    [{ password: "short" }, "Password must be at least 8 characters"],
    [{ name: "" }, "Name is required"],
    [{ partnerType: "franchise" }, "Choose a partner type"],
    [{ commissionPercentage: "1.5" }, "Commission must be between 0 and 100"],
    [{ partnerType: "fee-paying", monthlyFee: -1 }, "Monthly fee must be a number of at least 0"],
  ])("400 for %o: %s", async (overrides, message) => {
    const response = await register(newPartner(overrides));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it("409 'Username already exists', whatever the case", async () => {
    const body = newPartner();
    expect((await register(body)).status).toBe(201);
    const again = await register({ ...body, username: body.username.toUpperCase() });
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Username already exists" });
  });
});

describe("GET /api/partners", () => {
  it("401 anonymous, 403 partner", async () => {
    expect((await call(listLoader, "/api/partners")).status).toBe(401);
    expect((await call(listLoader, "/api/partners", { cookie: partnerCookie })).status).toBe(403);
  });

  it("lists partners (never admins) with machine count, revenue, net profit and invoices", async () => {
    const partner = await makePartner(db, { name: "Aardvark Arcade" });
    const machine = await makeMachine(db, partner.id);
    await makeMachine(db, partner.id);
    await makeRecord(db, machine.id, "2026-09", { revenuePence: 10_000, cogsPence: 4_000 });
    await makeRecord(db, machine.id, "2026-10", { revenuePence: 3_000, cogsPence: 1_000 });
    const response = await call(listLoader, "/api/partners", { cookie: adminCookie });
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.every((p: { isAdmin: boolean }) => !p.isAdmin)).toBe(true);
    // 57.01 + 19.10 net profit; 130.00 revenue.
    expect(list.find((p: { id: number }) => p.id === partner.id)).toMatchObject({
      machineCount: 2,
      totalRevenue: 130,
      totalNetProfit: 76.11,
      feePayments: [],
    });
  });
});

describe("GET /api/partners/{id}", () => {
  it("401, 403, 404 'Partner not found' (also for an admin's id or a bad id)", async () => {
    expect((await call(partnerLoader, "/api/partners/1", { params: { id: "1" } })).status).toBe(401);
    expect((await call(partnerLoader, "/api/partners/1", { params: { id: "1" }, cookie: partnerCookie })).status).toBe(
      403,
    );
    for (const id of ["999999", String(adminId), "abc"]) {
      const response = await call(partnerLoader, `/api/partners/${id}`, { params: { id }, cookie: adminCookie });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Partner not found" });
    }
  });

  it("answers machines with their monthly records and the sales figures", async () => {
    const partner = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1000 });
    const machine = await makeMachine(db, partner.id, "Pier Kiosk");
    const now = new Date();
    const month = now.toISOString().slice(0, 7);
    await makeRecord(db, machine.id, month, { totalSales: 40, revenuePence: 10_000, cogsPence: 4_000 });
    await makeRecord(db, machine.id, "2020-01", { totalSales: 12, revenuePence: 3_000, cogsPence: 1_000 });
    const response = await call(partnerLoader, `/api/partners/${partner.id}`, {
      params: { id: String(partner.id) },
      cookie: adminCookie,
    });
    const detail = await response.json();
    expect(detail).toMatchObject({
      id: partner.id,
      machineCount: 1,
      currentMonthSales: 40,
      totalSales: 52,
      totalRevenue: 130,
    });
    expect(detail.machines).toHaveLength(1);
    expect(detail.machines[0].monthlyRecords[0]).toEqual({
      id: expect.any(Number),
      machineId: machine.id,
      month,
      totalSales: 40,
      revenue: 100,
      cogs: 40,
      cardFee: 2.99,
      netProfit: 57.01,
      profitShare: 5.7,
    });
  });
});

describe("PATCH /api/partners/{id}", () => {
  const patch = async (id: number, json: unknown, cookie: string | null = adminCookie) =>
    call(partnerAction, `/api/partners/${id}`, { method: "PATCH", json, cookie, params: { id: String(id) } });

  it("401, 403, 404", async () => {
    const partner = await makePartner(db);
    expect((await patch(partner.id, { name: "X" }, null)).status).toBe(401);
    expect((await patch(partner.id, { name: "X" }, partnerCookie)).status).toBe(403);
    expect((await patch(999_999, { name: "X" })).status).toBe(404);
  });

  it("changes one field at a time and audits it", async () => {
    const partner = await makePartner(db);
    const response = await patch(partner.id, { email: "new@example.com" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      email: "new@example.com",
      name: partner.name,
      username: partner.username,
    });
    const entries = await db
      .selectFrom("auditLog")
      .select(["action", "details"])
      .where("entityId", "=", String(partner.id))
      .execute();
    expect(entries.at(-1)).toEqual({ action: "update", details: JSON.stringify({ changed: ["email"] }) });
  });

  it("a blank password keeps the current one; a new one replaces it", async () => {
    const partner = await makePartner(db);
    expect((await patch(partner.id, { password: "" })).status).toBe(200);
    await expect(loginCookie(partner.username)).resolves.toBeTruthy();
    expect((await patch(partner.id, { password: "brand-new-secret" })).status).toBe(200);
    await expect(loginCookie(partner.username, "brand-new-secret")).resolves.toBeTruthy();
    await expect(loginCookie(partner.username, TEST_PASSWORD)).rejects.toThrow();
  });

  it("takes the commission as a fraction and records the rate from this month", async () => {
    const partner = await makePartner(db);
    const response = await patch(partner.id, { commissionPercentage: "0.0750", partnerType: "profit-sharing" });
    expect(await response.json()).toMatchObject({ commissionPercentage: "0.0750" });
    const rates = await db
      .selectFrom("commissionRates")
      .select(["rateBp", "effectiveMonth"])
      .where("partnerId", "=", partner.id)
      .orderBy("effectiveMonth")
      .execute();
    expect(rates).toEqual([
      { rateBp: 1000, effectiveMonth: "0000-01" },
      { rateBp: 750, effectiveMonth: new Date().toISOString().slice(0, 7) },
    ]);
  });

  it.each([
    [{ username: "" }, "Username is required"],
    [{ email: "nope" }, "Invalid email address"],
    [{ billingAddress: " " }, "Billing address is required"],
    [{ commissionPercentage: "12" }, "Commission must be between 0 and 100"],
  ])("400 for %o: %s", async (body, message) => {
    const partner = await makePartner(db);
    const response = await patch(partner.id, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it("refuses fields that cannot be set, such as isAdmin", async () => {
    const partner = await makePartner(db);
    expect((await patch(partner.id, { isAdmin: true })).status).toBe(400);
  });

  it("409 when the new username is taken", async () => {
    const [a, b] = [await makePartner(db), await makePartner(db)];
    const response = await patch(a.id, { username: b.username });
    expect(response.status).toBe(409);
  });
});

describe("DELETE /api/partners/{id}", () => {
  const remove = (id: number, json: unknown, cookie: string | null = adminCookie) =>
    call(partnerAction, `/api/partners/${id}`, { method: "DELETE", json, cookie, params: { id: String(id) } });

  it("401, 403, 400 without a password", async () => {
    const partner = await makePartner(db);
    expect((await remove(partner.id, { password: TEST_PASSWORD }, null)).status).toBe(401);
    expect((await remove(partner.id, { password: TEST_PASSWORD }, partnerCookie)).status).toBe(403);
    const missing = await remove(partner.id, {});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "Password is required" });
  });

  it("refuses a wrong password and keeps everything, then deletes it all with the right one", async () => {
    const partner = await makePartner(db);
    const machine = await makeMachine(db, partner.id);
    await makeRecord(db, machine.id, "2026-10", { revenuePence: 1_000, cogsPence: 100 });
    await db
      .insertInto("feePayments")
      .values({
        partnerId: partner.id,
        amountPence: 100,
        paymentPeriod: "monthly",
        periodStart: "2026-10-01",
        periodEnd: "2026-10-31",
        dueDate: "2026-10-15",
      })
      .execute();
    await db.insertInto("commissionPayments").values({ partnerId: partner.id, month: "2026-10" }).execute();

    const wrong = await remove(partner.id, { password: "not-my-password" });
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toEqual({ message: "Incorrect password" });
    expect(await db.selectFrom("machines").select("id").where("partnerId", "=", partner.id).execute()).toHaveLength(1);

    const right = await remove(partner.id, { password: TEST_PASSWORD });
    expect(right.status).toBe(200);
    for (const table of ["machines", "feePayments", "commissionPayments", "commissionRates"] as const) {
      expect(await db.selectFrom(table).select("partnerId").where("partnerId", "=", partner.id).execute()).toEqual([]);
    }
    expect(await db.selectFrom("monthlyRecords").select("id").where("machineId", "=", machine.id).execute()).toEqual(
      [],
    );
    const audit = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("entityId", "=", String(partner.id))
      .where("action", "=", "delete")
      .execute();
    expect(audit).toHaveLength(1);
  });
});
