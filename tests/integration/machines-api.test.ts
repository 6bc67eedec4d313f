/**
 * Machines and their records over the API: guards (401/403/404), validation messages and the
 * happy paths, with hand-computed figures for the partner stats.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as machinesAction, loader as machinesLoader } from "#app/routes/api.machines.ts";
import { action as machineAction } from "#app/routes/api.machines.$id.ts";
import { loader as statsLoader } from "#app/routes/api.machines.stats.ts";
import { loader as popularLoader } from "#app/routes/api.machines.$id.popular-products.ts";
import { action as uploadAction, loader as recordsLoader } from "#app/routes/api.machines.$id.records.ts";
import { action as recordAction } from "#app/routes/api.records.$id.ts";
import { db } from "#app/utils/db.server.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { BASE, call } from "./http.ts";
import { loginCookie } from "./session.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures");
const expected = JSON.parse(fs.readFileSync(path.join(FIXTURES, "expected.json"), "utf8"));

interface ProductCount {
  name: string;
  count: number;
}
const ranked = (list: ProductCount[]) => [...list].sort((a, b) => b.count - a.count || a.name.localeCompare(b.name));

/** The previous calendar month (UTC) and the current one, as YYYY-MM. */
const now = new Date();
const ym = (d: Date) => d.toISOString().slice(0, 7);
const PRIOR = ym(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)));
const CURRENT = ym(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)));
const OLDER = ym(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 5, 1)));

let adminId: number;
let adminCookie: string;
let ownerId: number;
let ownerCookie: string;
let otherId: number;
let otherCookie: string;

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  const owner = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1000 });
  ownerId = owner.id;
  ownerCookie = await loginCookie(owner.username);
  const other = await makePartner(db);
  otherId = other.id;
  otherCookie = await loginCookie(other.username);
});

const idParams = (id: number | string) => ({ params: { id: String(id) } });

/** Imports a fixture through the web route, as an admin. */
async function importFixture(machineId: number, name: string, month: string) {
  const form = new FormData();
  form.set("month", month);
  form.set("reportFile", new File([new Uint8Array(fs.readFileSync(path.join(FIXTURES, name)))], name));
  const request = new Request(`${BASE}/api/machines/${machineId}/records`, {
    method: "POST",
    body: form,
    headers: { cookie: adminCookie },
  });
  const response = await uploadAction({ request, params: { id: String(machineId) }, context: {} });
  expect(response.status).toBe(201);
  return response.json();
}

async function countWhere(
  table: "monthlyRecords" | "sales" | "productSalesMonthly",
  column: "machineId" | "recordId",
  value: number,
): Promise<number> {
  const rows =
    table === "sales"
      ? await db.selectFrom("sales").select("id").where(column, "=", value).execute()
      : table === "monthlyRecords"
        ? await db.selectFrom("monthlyRecords").select("id").where("machineId", "=", value).execute()
        : await db.selectFrom("productSalesMonthly").select("productId").where("machineId", "=", value).execute();
  return rows.length;
}

describe("GET /api/machines", () => {
  it("401 anonymous", async () => {
    const response = await call(machinesLoader, "/api/machines");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Not authenticated" });
  });

  it("a partner gets only their own machines, each with its monthly records", async () => {
    const partner = await makePartner(db);
    const cookie = await loginCookie(partner.username);
    const b = await makeMachine(db, partner.id, "B Bus Depot");
    const a = await makeMachine(db, partner.id, "A Arcade");
    const foreign = await makeMachine(db, ownerId, "Someone Else's");
    await makeRecord(db, a.id, "2026-09", { totalSales: 30, revenuePence: 10_000, cogsPence: 4_000 });
    await makeRecord(db, foreign.id, "2026-09", { revenuePence: 999, cogsPence: 1 });

    const response = await call(machinesLoader, "/api/machines", { cookie });
    expect(response.status).toBe(200);
    const list = await response.json();
    expect(list.map((m: { id: number }) => m.id)).toEqual([a.id, b.id]);
    expect(list.every((m: { partnerId: number }) => m.partnerId === partner.id)).toBe(true);
    expect(list[0]).toMatchObject({ location: "A Arcade", status: "active", imageUrl: null });
    expect(list[0].monthlyRecords).toEqual([
      expect.objectContaining({
        machineId: a.id,
        month: "2026-09",
        totalSales: 30,
        revenue: 100,
        cogs: 40,
        cardFee: 2.99,
        netProfit: 57.01,
      }),
    ]);
    expect(list[1].monthlyRecords).toEqual([]);
    // ?partnerId is for admins only: a partner still gets their own list.
    const sneaky = await call(machinesLoader, `/api/machines?partnerId=${ownerId}`, { cookie });
    expect((await sneaky.json()).map((m: { id: number }) => m.id)).toEqual([a.id, b.id]);
  });

  it("an admin names the partner: ?partnerId=, else 400 'partnerId is required'", async () => {
    const missing = await call(machinesLoader, "/api/machines", { cookie: adminCookie });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ message: "partnerId is required" });
    const partner = await makePartner(db);
    const machine = await makeMachine(db, partner.id);
    const response = await call(machinesLoader, `/api/machines?partnerId=${partner.id}`, { cookie: adminCookie });
    expect(response.status).toBe(200);
    expect((await response.json()).map((m: { id: number }) => m.id)).toEqual([machine.id]);
  });

  it("an unknown partner or an admin's id answers 404 'Partner not found' (machines and stats)", async () => {
    for (const id of [999_999, adminId]) {
      for (const [loader, path] of [
        [machinesLoader, "/api/machines"],
        [statsLoader, "/api/machines/stats"],
      ] as const) {
        const response = await call(loader, `${path}?partnerId=${id}`, { cookie: adminCookie });
        expect(response.status, `${path} ${id}`).toBe(404);
        expect(await response.json()).toEqual({ message: "Partner not found" });
      }
    }
  });
});

describe("POST /api/machines", () => {
  const post = (json: unknown, cookie: string | null = adminCookie) =>
    call(machinesAction, "/api/machines", { json, cookie });

  it("401 anonymous, 403 partner", async () => {
    expect((await post({ location: "Nope", partnerId: ownerId }, null)).status).toBe(401);
    const partner = await post({ location: "Nope", partnerId: ownerId }, ownerCookie);
    expect(partner.status).toBe(403);
    expect(await partner.json()).toEqual({ message: "Forbidden" });
    expect(await db.selectFrom("machines").select("id").where("location", "=", "Nope").execute()).toEqual([]);
  });

  it.each([
    [{ partnerId: "OWNER" }, "Location is required"],
    [{ location: "", partnerId: "OWNER" }, "Location is required"],
    [{ location: "   ", partnerId: "OWNER" }, "Location is required"],
    [{ location: "Kiosk" }, "partnerId is required"],
    [{ location: "Kiosk", partnerId: "OWNER", status: "broken" }, "Status must be active or inactive"],
    [{ location: "Kiosk", partnerId: "OWNER", imageUrl: "not a url" }, "Image URL must be a web address"],
  ])("400 for %o: %s", async (body, message) => {
    const json = { ...body, ...("partnerId" in body ? { partnerId: ownerId } : {}) };
    const before = (await db.selectFrom("machines").select("id").execute()).length;
    const response = await post(json);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect((await db.selectFrom("machines").select("id").execute()).length).toBe(before);
  });

  it("404 'Partner not found' for a missing partner or an admin's id", async () => {
    for (const partnerId of [999999, adminId]) {
      const response = await post({ location: "Kiosk", partnerId });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Partner not found" });
    }
  });

  it("a foreign Origin is refused", async () => {
    const response = await call(machinesAction, "/api/machines", {
      json: { location: "Kiosk", partnerId: ownerId },
      cookie: adminCookie,
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
  });

  it("201 with the machine; the partner then sees it in their list", async () => {
    const partner = await makePartner(db);
    const response = await post({
      location: "  Harbour Kiosk ",
      partnerId: String(partner.id),
      imageUrl: "https://example.com/kiosk.png",
    });
    expect(response.status).toBe(201);
    const machine = await response.json();
    expect(machine).toMatchObject({
      id: expect.any(Number),
      partnerId: partner.id,
      location: "Harbour Kiosk",
      imageUrl: "https://example.com/kiosk.png",
      status: "active",
    });

    const inactive = await post({ location: "Store Room", partnerId: partner.id, status: "inactive", imageUrl: "" });
    expect(inactive.status).toBe(201);
    expect(await inactive.json()).toMatchObject({ status: "inactive", imageUrl: null });

    const list = await (
      await call(machinesLoader, "/api/machines", { cookie: await loginCookie(partner.username) })
    ).json();
    expect(list.map((m: { location: string }) => m.location)).toEqual(["Harbour Kiosk", "Store Room"]);
  });
});

describe("GET /api/machines/stats", () => {
  it("401 anonymous; an admin must name the partner (400 'partnerId is required')", async () => {
    expect((await call(statsLoader, "/api/machines/stats")).status).toBe(401);
    const response = await call(statsLoader, "/api/machines/stats", { cookie: adminCookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: "partnerId is required" });
  });

  it("profit-sharing at 10%: last month's and all-time figures, hand-computed", async () => {
    const partner = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1000 });
    const cookie = await loginCookie(partner.username);
    const one = await makeMachine(db, partner.id);
    const two = await makeMachine(db, partner.id);
    // Revenue 100.00, COGS 40.00: card fee 2.99 → net 57.01 → 10% = 5.70 (5.701).
    await makeRecord(db, one.id, PRIOR, { totalSales: 40, revenuePence: 10_000, cogsPence: 4_000 });
    // Revenue 30.00, COGS 10.00: card fee 0.90 (0.897) → net 19.10 → 10% = 1.91.
    await makeRecord(db, two.id, PRIOR, { totalSales: 12, revenuePence: 3_000, cogsPence: 1_000 });
    // Other months count only in totalSales.
    await makeRecord(db, one.id, CURRENT, { totalSales: 5, revenuePence: 2_000, cogsPence: 500 });
    await makeRecord(db, two.id, OLDER, { totalSales: 7, revenuePence: 1_500, cogsPence: 600 });
    // Someone else's machine never counts.
    await makeRecord(db, (await makeMachine(db, otherId)).id, PRIOR, {
      totalSales: 99,
      revenuePence: 50_000,
      cogsPence: 0,
    });

    const response = await call(statsLoader, "/api/machines/stats", { cookie });
    expect(response.status).toBe(200);
    const figures = { priorMonthSales: 52, totalSales: 64, priorMonthProfitShare: 7.61, priorMonthRevenue: 130 };
    expect(await response.json()).toMatchObject({ ...figures, month: PRIOR, allReportsSubmitted: true });

    // An admin asks for the same partner.
    const asAdmin = await call(statsLoader, `/api/machines/stats?partnerId=${partner.id}`, { cookie: adminCookie });
    expect(await asAdmin.json()).toMatchObject(figures);
  });

  it("one record: revenue 100.00, COGS 40.00 at 1000 bp → priorMonthProfitShare 5.7", async () => {
    const partner = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1000 });
    const machine = await makeMachine(db, partner.id);
    await makeMachine(db, partner.id); // no record yet: not all reports submitted
    await makeRecord(db, machine.id, PRIOR, { totalSales: 40, revenuePence: 10_000, cogsPence: 4_000 });
    const response = await call(statsLoader, "/api/machines/stats", { cookie: await loginCookie(partner.username) });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      priorMonthSales: 40,
      totalSales: 40,
      priorMonthProfitShare: 5.7,
      priorMonthRevenue: 100,
      allReportsSubmitted: false,
      month: PRIOR,
    });
  });

  it("tiered: 15% of a 57.01 net profit = 8.55; non-profit-sharing: 0", async () => {
    const tiered = await makePartner(db, { partnerType: "tiered-profit-sharing" });
    await makeRecord(db, (await makeMachine(db, tiered.id)).id, PRIOR, {
      totalSales: 3,
      revenuePence: 10_000,
      cogsPence: 4_000,
    });
    const tieredStats = await (
      await call(statsLoader, "/api/machines/stats", { cookie: await loginCookie(tiered.username) })
    ).json();
    expect(tieredStats).toMatchObject({ priorMonthSales: 3, priorMonthProfitShare: 8.55, priorMonthRevenue: 100 });

    const none = await makePartner(db, { partnerType: "non-profit-sharing", commissionBp: 0 });
    await makeRecord(db, (await makeMachine(db, none.id)).id, PRIOR, {
      totalSales: 3,
      revenuePence: 10_000,
      cogsPence: 4_000,
    });
    const noneStats = await (
      await call(statsLoader, "/api/machines/stats", { cookie: await loginCookie(none.username) })
    ).json();
    expect(noneStats).toMatchObject({ priorMonthSales: 3, priorMonthProfitShare: 0, priorMonthRevenue: 100 });
  });

  it("a partner without records gets zeros", async () => {
    const partner = await makePartner(db);
    const response = await call(statsLoader, "/api/machines/stats", { cookie: await loginCookie(partner.username) });
    expect(await response.json()).toMatchObject({
      priorMonthSales: 0,
      totalSales: 0,
      priorMonthProfitShare: 0,
      priorMonthRevenue: 0,
      allReportsSubmitted: false,
    });
  });
});

describe("PATCH /api/machines/{id}", () => {
  const patch = (id: number | string, json: unknown, cookie: string | null = adminCookie) =>
    call(machineAction, `/api/machines/${id}`, { method: "PATCH", json, cookie, ...idParams(id) });

  it("401 anonymous, 403 for a partner (even the owner)", async () => {
    const machine = await makeMachine(db, ownerId, "Guarded");
    expect((await patch(machine.id, { location: "Hacked" }, null)).status).toBe(401);
    expect((await patch(machine.id, { location: "Hacked" }, ownerCookie)).status).toBe(403);
    expect((await patch(machine.id, { location: "Hacked" }, otherCookie)).status).toBe(403);
    expect(
      (await db.selectFrom("machines").select("location").where("id", "=", machine.id).executeTakeFirstOrThrow())
        .location,
    ).toBe("Guarded");
  });

  it("404 'Machine not found' for a missing or malformed id", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const response = await patch(id, { location: "Anywhere" });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ message: "Machine not found" });
    }
  });

  it.each([
    [{ location: "" }, "Location is required"],
    [{ location: "  " }, "Location is required"],
    [{ status: "broken" }, "Status must be active or inactive"],
    [{ imageUrl: "ftp-ish nonsense" }, "Image URL must be a web address"],
  ])("400 for %o: %s", async (body, message) => {
    const machine = await makeMachine(db, ownerId, "Unchanged");
    const response = await patch(machine.id, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(
      await db
        .selectFrom("machines")
        .select(["location", "status", "imageUrl"])
        .where("id", "=", machine.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      location: "Unchanged",
      status: "active",
      imageUrl: null,
    });
  });

  it("400 for a field that is not the machine's (partnerId cannot move a machine)", async () => {
    const machine = await makeMachine(db, ownerId);
    const response = await patch(machine.id, { partnerId: otherId });
    expect(response.status).toBe(400);
    expect(
      (await db.selectFrom("machines").select("partnerId").where("id", "=", machine.id).executeTakeFirstOrThrow())
        .partnerId,
    ).toBe(ownerId);
  });

  it("changes only the fields sent", async () => {
    const machine = await makeMachine(db, ownerId, "Old Place");
    const first = await patch(machine.id, { status: "inactive", imageUrl: "https://example.com/m.png" });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({
      id: machine.id,
      location: "Old Place",
      status: "inactive",
      imageUrl: "https://example.com/m.png",
    });

    // Renaming keeps the status and the image.
    const second = await patch(machine.id, { location: "New Place" });
    expect(second.status).toBe(200);
    expect(await second.json()).toMatchObject({
      id: machine.id,
      partnerId: ownerId,
      location: "New Place",
      status: "inactive",
      imageUrl: "https://example.com/m.png",
    });
    expect(
      await db
        .selectFrom("machines")
        .select(["location", "status", "imageUrl"])
        .where("id", "=", machine.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      location: "New Place",
      status: "inactive",
      imageUrl: "https://example.com/m.png",
    });

    // An empty imageUrl clears the image.
    const third = await patch(machine.id, { imageUrl: "" });
    expect(await third.json()).toMatchObject({ location: "New Place", status: "inactive", imageUrl: null });
  });

  it("an empty body changes nothing (and is not a server error)", async () => {
    const machine = await makeMachine(db, ownerId, "Quiet Corner");
    await db.updateTable("machines").set({ status: "inactive" }).where("id", "=", machine.id).execute();
    const response = await patch(machine.id, {});
    expect([200, 400]).toContain(response.status);
    expect(
      await db
        .selectFrom("machines")
        .select(["location", "status"])
        .where("id", "=", machine.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({
      location: "Quiet Corner",
      status: "inactive",
    });
  });
});

describe("DELETE /api/machines/{id}", () => {
  // A transaction is booked once in the business: each test imports the fixtures afresh.
  beforeEach(async () => {
    await db.deleteFrom("sales").execute();
  });

  const remove = (id: number | string, cookie: string | null = adminCookie) =>
    call(machineAction, `/api/machines/${id}`, { method: "DELETE", cookie, ...idParams(id) });

  it("401 anonymous, 403 for a partner (even the owner), 404 for a missing machine", async () => {
    const machine = await makeMachine(db, ownerId);
    expect((await remove(machine.id, null)).status).toBe(401);
    expect((await remove(machine.id, ownerCookie)).status).toBe(403);
    expect((await remove(machine.id, otherCookie)).status).toBe(403);
    expect(await db.selectFrom("machines").select("id").where("id", "=", machine.id).executeTakeFirst()).toBeDefined();
    const missing = await remove(999999);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Machine not found" });
  });

  it("deletes the machine with its records, sales, receipts and product rollup; other machines keep theirs", async () => {
    const machine = await makeMachine(db, ownerId, "Leeds Station Concourse");
    const keeper = await makeMachine(db, ownerId, "Leeds Station Concourse");
    const imported = await importFixture(machine.id, "single-machine-2026-10.xlsx", "2026-10");
    await makeRecord(db, machine.id, "2026-09", { revenuePence: 500, cogsPence: 100 });
    await importFixture(keeper.id, "messy-headers-2026-10.xlsx", "2026-10");
    expect(await countWhere("sales", "machineId", machine.id)).toBe(44);

    const response = await remove(machine.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: machine.id });

    expect(
      await db.selectFrom("machines").select("id").where("id", "=", machine.id).executeTakeFirst(),
    ).toBeUndefined();
    expect(await countWhere("monthlyRecords", "machineId", machine.id)).toBe(0);
    expect(await countWhere("sales", "machineId", machine.id)).toBe(0);
    expect(await countWhere("productSalesMonthly", "machineId", machine.id)).toBe(0);
    expect(
      await db.selectFrom("importReceipts").select("id").where("recordId", "=", imported.recordId).execute(),
    ).toEqual([]);
    expect(await countWhere("sales", "machineId", keeper.id)).toBe(18);
    expect(await countWhere("monthlyRecords", "machineId", keeper.id)).toBe(1);

    const list = await (await call(machinesLoader, "/api/machines", { cookie: ownerCookie })).json();
    expect(list.map((m: { id: number }) => m.id)).not.toContain(machine.id);
    expect((await remove(machine.id)).status).toBe(404);
  });
});

describe("GET /api/machines/{id}/popular-products", () => {
  // A transaction is booked once in the business: each test imports the fixtures afresh.
  beforeEach(async () => {
    await db.deleteFrom("sales").execute();
  });

  const popular = (id: number | string, cookie: string | null = ownerCookie) =>
    call(popularLoader, `/api/machines/${id}/popular-products`, { cookie, ...idParams(id) });

  it("401 anonymous, 403 another partner's machine, 404 missing", async () => {
    const machine = await makeMachine(db, ownerId);
    expect((await popular(machine.id, null)).status).toBe(401);
    expect((await popular(machine.id, otherCookie)).status).toBe(403);
    const missing = await popular(999999, adminCookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Machine not found" });
  });

  it("after a web import of single-machine-2026-10.xlsx: expected.json's top 10, for the owner and an admin", async () => {
    const machine = await makeMachine(db, ownerId, "Leeds Station Concourse");
    expect(await (await popular(machine.id)).json()).toEqual([]);
    await importFixture(machine.id, "single-machine-2026-10.xlsx", "2026-10");
    const top: ProductCount[] = expected["single-machine-2026-10"].machines["Leeds Station Concourse"].topProducts;
    for (const cookie of [ownerCookie, adminCookie]) {
      const response = await popular(machine.id, cookie);
      expect(response.status).toBe(200);
      const list = await response.json();
      expect(list).toHaveLength(10);
      expect(list[0]).toEqual({
        product: { id: expect.any(Number), name: expect.any(String), currentPrice: expect.any(Number) },
        totalSales: 8,
      });
      const counts = list.map((p: { product: { name: string }; totalSales: number }) => ({
        name: p.product.name,
        count: p.totalSales,
      }));
      expect(ranked(counts)).toEqual(ranked(top));
      // Ranked by count, most sold first.
      expect(counts.map((c: ProductCount) => c.count)).toEqual(
        [...counts.map((c: ProductCount) => c.count)].sort((a, b) => b - a),
      );
    }
  });

  it("deleting the record takes its sales out of the ranking", async () => {
    const machine = await makeMachine(db, ownerId, "Leeds Station Concourse");
    const { recordId } = await importFixture(machine.id, "single-machine-2026-10.xlsx", "2026-10");
    expect(await (await popular(machine.id)).json()).toHaveLength(10);
    expect(
      (
        await call(recordAction, `/api/records/${recordId}`, {
          method: "DELETE",
          cookie: adminCookie,
          ...idParams(recordId),
        })
      ).status,
    ).toBe(200);
    expect(await (await popular(machine.id)).json()).toEqual([]);
  });
});

describe("GET /api/machines/{id}/records", () => {
  // A transaction is booked once in the business: each test imports the fixtures afresh.
  beforeEach(async () => {
    await db.deleteFrom("sales").execute();
  });

  const records = (id: number | string, cookie: string | null = ownerCookie) =>
    call(recordsLoader, `/api/machines/${id}/records`, { cookie, ...idParams(id) });

  it("401 anonymous, 403 another partner's machine, 404 missing", async () => {
    const machine = await makeMachine(db, ownerId);
    expect((await records(machine.id, null)).status).toBe(401);
    const forbidden = await records(machine.id, otherCookie);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: "Forbidden" });
    const missing = await records(999999, adminCookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Machine not found" });
  });

  it("the machine's records, newest month first, with figures in pounds (owner and admin)", async () => {
    const machine = await makeMachine(db, ownerId);
    const other = await makeMachine(db, ownerId);
    const september = await makeRecord(db, machine.id, "2026-09", {
      totalSales: 12,
      revenuePence: 3_000,
      cogsPence: 1_000,
    });
    const october = await makeRecord(db, machine.id, "2026-10", {
      totalSales: 40,
      revenuePence: 10_000,
      cogsPence: 4_000,
    });
    await makeRecord(db, other.id, "2026-10", { revenuePence: 1, cogsPence: 0 });
    for (const cookie of [ownerCookie, adminCookie]) {
      const response = await records(machine.id, cookie);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual([
        expect.objectContaining({
          id: october.id,
          machineId: machine.id,
          month: "2026-10",
          totalSales: 40,
          revenue: 100,
          cogs: 40,
          cardFee: 2.99,
          netProfit: 57.01,
          profitShare: 5.7,
          receipts: [],
        }),
        expect.objectContaining({
          id: september.id,
          machineId: machine.id,
          month: "2026-09",
          totalSales: 12,
          revenue: 30,
          cogs: 10,
          cardFee: 0.9,
          netProfit: 19.1,
          profitShare: 1.91,
          receipts: [],
        }),
      ]);
    }
  });
});

describe("DELETE /api/records/{id}", () => {
  // A transaction is booked once in the business: each test imports the fixtures afresh.
  beforeEach(async () => {
    await db.deleteFrom("sales").execute();
  });

  const remove = (id: number | string, cookie: string | null = adminCookie) =>
    call(recordAction, `/api/records/${id}`, { method: "DELETE", cookie, ...idParams(id) });

  it("401 anonymous, 403 for a partner (even the owner), 404 for a missing record", async () => {
    const machine = await makeMachine(db, ownerId);
    const record = await makeRecord(db, machine.id, "2026-10", { revenuePence: 100, cogsPence: 10 });
    expect((await remove(record.id, null)).status).toBe(401);
    expect((await remove(record.id, ownerCookie)).status).toBe(403);
    expect((await remove(record.id, otherCookie)).status).toBe(403);
    expect(
      await db.selectFrom("monthlyRecords").select("id").where("id", "=", record.id).executeTakeFirst(),
    ).toBeDefined();
    for (const id of ["999999", "abc"]) {
      const missing = await remove(id);
      expect(missing.status).toBe(404);
      expect(await missing.json()).toEqual({ message: "Record not found" });
    }
  });

  it("deletes the record with its sales and receipts; other months stay", async () => {
    const machine = await makeMachine(db, ownerId, "Leeds Station Concourse");
    const { recordId } = await importFixture(machine.id, "single-machine-2026-10.xlsx", "2026-10");
    const september = await makeRecord(db, machine.id, "2026-09", {
      totalSales: 12,
      revenuePence: 3_000,
      cogsPence: 1_000,
    });
    expect(await countWhere("sales", "recordId", recordId)).toBe(44);

    const response = await remove(recordId);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: recordId });
    expect(
      await db.selectFrom("monthlyRecords").select("id").where("id", "=", recordId).executeTakeFirst(),
    ).toBeUndefined();
    expect(await countWhere("sales", "recordId", recordId)).toBe(0);
    expect(await countWhere("sales", "machineId", machine.id)).toBe(0);
    expect(await db.selectFrom("importReceipts").select("id").where("recordId", "=", recordId).execute()).toEqual([]);

    const list = await (
      await call(recordsLoader, `/api/machines/${machine.id}/records`, { cookie: ownerCookie, ...idParams(machine.id) })
    ).json();
    expect(list.map((r: { id: number }) => r.id)).toEqual([september.id]);
    expect((await remove(recordId)).status).toBe(404);

    // The month can be imported again afterwards: its transactions are new again.
    const again = await importFixture(machine.id, "single-machine-2026-10.xlsx", "2026-10");
    expect(again).toMatchObject({ imported: 44, duplicates: 0 });
  });

  it("answers 405 to other methods", async () => {
    const response = await call(recordAction, "/api/records/1", {
      method: "PATCH",
      json: {},
      cookie: adminCookie,
      ...idParams(1),
    });
    expect(response.status).toBe(405);
  });
});
