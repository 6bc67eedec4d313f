/**
 * /partners/:id at a partner's size: the machines a page at a time (24, by location, `?page=`), each
 * with its records' count and revenue read for the page's machines only; the cards' figures summed in
 * SQL equal to what GET /api/partners/{id} (getPartnerDetail) works out from every record; the
 * commission cards' month from the summary's SQL equal to partnerMonth's.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "#app/routes/partners.$partnerId.tsx";
import { db } from "#app/utils/db.server.ts";
import { partnerMonth } from "#domain/commissions/commission-service.ts";
import { currentMonth, previousMonth, recentMonths } from "#domain/shared/dates.ts";
import { machinePageOfPartner, partnerMachineTotals, recordTotalsOf } from "#domain/machines/machine-service.ts";
import { getPartnerDetail } from "#domain/partners/partner-service.ts";
import { partnerDetailPage } from "#domain/partners/partner-page.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

let adminCookie: string;
let big: { id: number };
let small: { id: number };
const MONTHS = recentMonths(currentMonth(), 12);

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  big = await makePartner(db, { name: "Hundred Machines", partnerType: "tiered-profit-sharing" });
  small = await makePartner(db, { name: "Three Machines", partnerType: "profit-sharing", commissionBp: 1_250 });
  for (let m = 0; m < 100; m++) {
    // Locations out of order, and two machines sharing one: the page's order is location, then id.
    const machine = await makeMachine(db, big.id, `Site ${String((m * 37) % 100).padStart(3, "0")}`);
    if (m % 10 === 3)
      await db.updateTable("machines").set({ status: "inactive" }).where("id", "=", machine.id).execute();
    for (const [i, month] of MONTHS.entries()) {
      if ((m + i) % 11 === 0) continue; // a month not reported
      await makeRecord(db, machine.id, month, {
        totalSales: 10 + ((m * 7 + i) % 50),
        revenuePence: 5_000 + ((m * 131 + i * 17) % 20_000),
        cogsPence: 2_000 + ((m * 53 + i) % 9_000),
      });
    }
  }
  await makeMachine(db, big.id, "Site 000");
  for (let m = 0; m < 3; m++) await makeMachine(db, small.id, `Small ${m}`);
});

describe("machinePageOfPartner", () => {
  it("cuts the machines by location (then id), 24 a page; page 2, the last page, a page past the end", async () => {
    const all = await db
      .selectFrom("machines")
      .select(["id", "location"])
      .where("partnerId", "=", big.id)
      .orderBy("location")
      .orderBy("id")
      .execute();
    expect(all.length).toBe(101);
    const first = await machinePageOfPartner(db, big.id, { page: 1, size: 24 });
    const second = await machinePageOfPartner(db, big.id, { page: 2, size: 24 });
    expect(first.page).toEqual({ page: 1, size: 24, total: 101, pageCount: 5 });
    expect(first.machines.map((m) => m.id)).toEqual(all.slice(0, 24).map((m) => m.id));
    expect(second.machines.map((m) => m.id)).toEqual(all.slice(24, 48).map((m) => m.id));
    const last = await machinePageOfPartner(db, big.id, { page: 5, size: 24 });
    expect(last.machines.map((m) => m.id)).toEqual(all.slice(96).map((m) => m.id));
    const past = await machinePageOfPartner(db, big.id, { page: 9, size: 24 });
    expect(past.page.page).toBe(5);
    expect(past.machines).toEqual(last.machines);
  });

  it("gives each machine of the page its records' count and revenue, as its records add up", async () => {
    const detail = await getPartnerDetail(db, big.id);
    const { machines } = await machinePageOfPartner(db, big.id, { page: 3, size: 24 });
    for (const machine of machines) {
      const records = detail.machines.find((m) => m.id === machine.id)!.monthlyRecords;
      expect(machine.records.count).toBe(records.length);
      expect(machine.records.revenuePence).toBe(records.reduce((s, r) => s + r.revenuePence, 0));
    }
    // The second "Site 000" has no records yet: nothing, rather than no figures.
    const [, unreported] = (await machinePageOfPartner(db, big.id, { page: 1, size: 24 })).machines;
    expect(unreported).toMatchObject({ location: "Site 000", records: { count: 0, revenuePence: 0 } });
    expect(await recordTotalsOf(db, [])).toEqual(new Map());
  });

  it("a partner with no machines has one empty page", async () => {
    const none = await makePartner(db);
    expect(await machinePageOfPartner(db, none.id, { page: 2, size: 24 })).toEqual({
      machines: [],
      page: { page: 1, size: 24, total: 0, pageCount: 1 },
    });
  });
});

describe("partnerMachineTotals", () => {
  it("are getPartnerDetail's figures: machines, revenue, this month's and all-time units", async () => {
    for (const partner of [big, small]) {
      const detail = await getPartnerDetail(db, partner.id);
      expect(await partnerMachineTotals(db, partner.id)).toEqual({
        machineCount: detail.machineCount,
        totalRevenuePence: detail.totalRevenuePence,
        currentMonthSales: detail.currentMonthSales,
        totalSales: detail.totalSales,
      });
    }
    expect((await partnerMachineTotals(db, small.id)).totalRevenuePence).toBe(0);
  });
});

describe("GET /partners/:id", () => {
  const page = (id: number, query = "") =>
    call(loader, `/partners/${id}${query}`, { cookie: adminCookie, params: { partnerId: String(id) } });

  it("answers the page's machines only, with the page, and the cards' figures of every machine", async () => {
    const response = await page(big.id, "?page=2");
    expect(response.status).toBe(200);
    const { partner, commission } = await response.json();
    expect(partner.machines).toHaveLength(24);
    expect(partner.machinesPage).toEqual({ page: 2, size: 24, total: 101, pageCount: 5 });
    expect(partner.machines[0]).not.toHaveProperty("monthlyRecords");
    expect(partner.machineCount).toBe(101);
    expect(partner).toMatchObject(await partnerMachineTotals(db, big.id));
    // The commission cards: the summary's SQL, as partnerMonth works it out from every record.
    const pure = await partnerMonth(db, big.id, previousMonth());
    expect(commission).toEqual({
      month: previousMonth(),
      commissionPence: pure.totals.commissionPence,
      complete: pure.complete,
      submittedReports: pure.submittedReports,
      activeMachines: pure.activeMachines,
      payment: { status: "pending", paidDate: null, amountPence: null },
      notes: [],
      moneyPaid: null,
    });
    expect(commission.commissionPence).toBeGreaterThan(0);
  });

  it("a partner with 24 machines or fewer has one page; an unknown page is the last", async () => {
    const { partner } = await (await page(small.id, "?page=7")).json();
    expect(partner.machines).toHaveLength(3);
    expect(partner.machinesPage).toEqual({ page: 1, size: 24, total: 3, pageCount: 1 });
    const { partner: detail } = await (await page(big.id, "?page=x")).json();
    expect(detail.machinesPage.page).toBe(1);
    expect(await partnerDetailPage(db, big.id, { page: 5, size: 24 })).toMatchObject({
      machinesPage: { page: 5 },
      machineCount: 101,
    });
  });

  it("an unknown partner is 404", async () => {
    expect((await page(999_999)).status).toBe(404);
  });
});
