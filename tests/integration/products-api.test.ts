import fs from "node:fs";
import * as XLSX from "xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as analyticsLoader } from "#app/routes/api.products.analytics.ts";
import { loader as reportLoader } from "#app/routes/api.products.report.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { importExports } from "#domain/imports/import-service.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

const expected = JSON.parse(fs.readFileSync("fixtures/expected.json", "utf8"));
let adminCookie: string;
let partnerCookie: string;

/** Products' counts summed over every machine of the given fixtures, as expected.json states them. */
function expectedCounts(names: string[]) {
  const counts = new Map<string, number>();
  for (const name of names) {
    for (const machine of Object.values<any>(expected[name].machines)) {
      for (const p of machine.topProducts) counts.set(p.name, (counts.get(p.name) ?? 0) + p.count);
    }
  }
  return counts;
}

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  const partner = await makePartner(db);
  partnerCookie = await loginCookie(partner.username);
  for (const location of ["Leeds Station Concourse", "Bradford Library", "York Hospital Atrium"])
    await makeMachine(db, partner.id, location);
  for (const file of ["three-machines-2026-09.xlsx", "single-machine-2026-10.xlsx"]) {
    await importExports(
      db,
      [{ name: file, bytes: new Uint8Array(fs.readFileSync(`fixtures/${file}`)) }],
      {},
      { actorId: null, dataDir: DATA_DIR },
    );
  }
});

describe("GET /api/products/analytics", () => {
  it("401 anonymous, 403 partner, 400 bad dates", async () => {
    expect((await call(analyticsLoader, "/api/products/analytics")).status).toBe(401);
    expect((await call(analyticsLoader, "/api/products/analytics", { cookie: partnerCookie })).status).toBe(403);
    const bad = await call(analyticsLoader, "/api/products/analytics?from=2026-13-01", { cookie: adminCookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "from and to must be dates as YYYY-MM-DD" });
  });

  it("all time: units and revenue per product over every machine match the imported files", async () => {
    const records = await (await call(analyticsLoader, "/api/products/analytics", { cookie: adminCookie })).json();
    const units = records.reduce((s: number, r: { totalSales: number }) => s + r.totalSales, 0);
    expect(units).toBe(98 + 44);
    const revenue = records.reduce((s: number, r: { totalRevenue: number }) => s + Math.round(r.totalRevenue * 100), 0);
    expect(revenue).toBe(4660 + 4310 + 4780 + 6150);
    // Every product of each machine's top ten appears with at least that count.
    const counts = expectedCounts(["three-machines-2026-09", "single-machine-2026-10"]);
    for (const [name, count] of counts) {
      const record = records.find((r: { name: string }) => r.name === name);
      expect(record.totalSales).toBeGreaterThanOrEqual(count);
    }
    const twix = records.find((r: { name: string }) => r.name === "Twix Twin");
    expect(twix.machines.map((m: { location: string }) => m.location).sort()).toEqual([
      "Bradford Library",
      "Leeds Station Concourse",
      "York Hospital Atrium",
    ]);
    expect(twix.machines.reduce((s: number, m: { unitsSold: number }) => s + m.unitsSold, 0)).toBe(twix.totalSales);
  });

  it("a month's range reads that month only; a range cutting months reads the sales", async () => {
    const september = await (
      await call(analyticsLoader, "/api/products/analytics?from=2026-09-01&to=2026-09-30", { cookie: adminCookie })
    ).json();
    expect(september.reduce((s: number, r: { totalSales: number }) => s + r.totalSales, 0)).toBe(98);
    const cut = await (
      await call(analyticsLoader, "/api/products/analytics?from=2026-09-01&to=2026-10-31", { cookie: adminCookie })
    ).json();
    expect(cut.reduce((s: number, r: { totalSales: number }) => s + r.totalSales, 0)).toBe(142);
    const partOfOctober = await (
      await call(analyticsLoader, "/api/products/analytics?from=2026-10-05&to=2026-10-20", { cookie: adminCookie })
    ).json();
    const partUnits = partOfOctober.reduce((s: number, r: { totalSales: number }) => s + r.totalSales, 0);
    expect(partUnits).toBeGreaterThan(0);
    expect(partUnits).toBeLessThan(44);
  });
});

describe("GET /api/products/report", () => {
  it("401, 403, and a workbook of the month's product sales per product and per machine", async () => {
    expect((await call(reportLoader, "/api/products/report?month=2026-09")).status).toBe(401);
    expect((await call(reportLoader, "/api/products/report?month=2026-09", { cookie: partnerCookie })).status).toBe(
      403,
    );
    const response = await call(reportLoader, "/api/products/report?month=2026-09", { cookie: adminCookie });
    expect(response.headers.get("content-disposition")).toContain("product-sales-2026-09.xlsx");
    const book = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array", cellNF: true });
    expect(book.SheetNames).toEqual(["Products", "By machine"]);
    const products = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets.Products, { header: 1 });
    expect(products[0]).toEqual(["Product sales report: September 2026"]);
    expect(products[1]).toEqual(["Product Name", "Units Sold", "Revenue (£)", "Machines"]);
    const total = products.at(-1)!;
    expect(total.slice(0, 3)).toEqual(["Total", 98, 137.5]);
    const byMachine = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets["By machine"], { header: 1 }).slice(2);
    expect(byMachine.reduce((s, r) => s + Number(r[2]), 0)).toBe(98);
    // The figures stay numbers, shown as the screens show them: units 1,270, money 1,234.50.
    const sheet = book.Sheets.Products;
    const last = products.length;
    expect([sheet[`B${last}`]?.z, sheet[`C${last}`]?.z, sheet.D3?.z]).toEqual(["#,##0", "#,##0.00", "#,##0"]);
    expect(book.Sheets["By machine"].D3?.z).toBe("#,##0.00");
  });
});
