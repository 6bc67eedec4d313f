import { describe, expect, it } from "vitest";
import { getStats } from "#domain/partners/partner-service.ts";
import { loader as statsLoader } from "#app/routes/api.stats.ts";
import { db } from "#app/utils/db.server.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

const NOW = new Date("2026-11-20T10:00:00Z");

describe("stats figures (hand-computed pence)", () => {
  it("totals this calendar month and all time, with commission by partner type", async () => {
    const flat = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1000 });
    const tiered = await makePartner(db, { partnerType: "tiered-profit-sharing" });
    const fee = await makePartner(db, { partnerType: "fee-paying", commissionBp: 0, monthlyFeePence: 5000 });
    const flatMachine = await makeMachine(db, flat.id);
    const tieredMachine = await makeMachine(db, tiered.id);
    const feeMachine = await makeMachine(db, fee.id);
    // Revenue 100.00, COGS 40.00: card fee 2.99 → net 57.01 → 10% = 5.70 (5.701 rounds down).
    await makeRecord(db, flatMachine.id, "2026-11", { revenuePence: 10_000, cogsPence: 4_000 });
    // Revenue 500.00, COGS 100.00: fee 14.95 → net 385.05 → 22.50 + 30.00 + 25.52 (25.515 rounds up) = 78.02.
    await makeRecord(db, tieredMachine.id, "2026-11", { revenuePence: 50_000, cogsPence: 10_000 });
    // Revenue 20.00, COGS 5.00: fee 0.60 (0.598) → net 14.40; fee-paying earns no commission.
    await makeRecord(db, feeMachine.id, "2026-11", { revenuePence: 2_000, cogsPence: 500 });
    // Last month: revenue 30.00, COGS 10.00, fee 0.90 (0.897) → net 19.10, only in the all-time figures.
    await makeRecord(db, flatMachine.id, "2026-10", { revenuePence: 3_000, cogsPence: 1_000 });

    expect(await getStats(db, NOW)).toEqual({
      totalPartners: 3,
      currentMonth: "2026-11",
      currentMonthRevenuePence: 62_000,
      currentMonthNetProfitPence: 45_646,
      currentMonthCommissionPence: 8_372,
      allTimeRevenuePence: 65_000,
      allTimeNetProfitPence: 47_556,
    });
  });
});

describe("GET /api/stats", () => {
  it("is for admins only: 401 anonymous, 403 partner, 200 admin", async () => {
    expect((await call(statsLoader, "/api/stats")).status).toBe(401);
    const partner = await makePartner(db);
    expect((await call(statsLoader, "/api/stats", { cookie: await loginCookie(partner.username) })).status).toBe(403);
    const admin = await makeAdmin(db);
    const response = await call(statsLoader, "/api/stats", { cookie: await loginCookie(admin.username) });
    expect(response.status).toBe(200);
    expect(Object.keys(await response.json()).sort()).toEqual([
      "allTimeNetProfit",
      "allTimeRevenue",
      "currentMonth",
      "currentMonthCommission",
      "currentMonthNetProfit",
      "currentMonthRevenue",
      "totalPartners",
    ]);
  });
});
