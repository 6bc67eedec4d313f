/**
 * The product cost list: a sheet uploaded by `vendboard products costs import` (an unknown name
 * listed and nothing saved until --yes; a dated change), then a CSV with no cost column and a status
 * column where only "Settled" rows count, mapped once through the API and recognised and imported by
 * `vendboard import`: each sale costed from the list on its date times its quantity, to the penny
 * against what the test works out itself; a sale with no cost left out, needing confirmation; a later
 * change never re-costing imported sales. Then the API (401, 403, 400, 409, 200) and the page's forms.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { action as createProfileAction } from "#app/routes/api.import-profiles.ts";
import { action as costsAction, loader as costsLoader } from "#app/routes/api.products.costs.ts";
import { action as pageAction, loader as pageLoader } from "#app/routes/admin.products.tsx";
import { db } from "#app/utils/db.server.ts";
import { productView } from "#domain/products/product-service.ts";
import { isoDay } from "#domain/shared/dates.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";
import { BASE, call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";
import { runCli } from "./cli-run.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-costs-"));
const today = isoDay(new Date());
let adminCookie: string;
let partnerCookie: string;

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  const partner = await makePartner(db);
  partnerCookie = await loginCookie(partner.username);
  for (const name of ["Quay Kiosk", "Pier Lobby"]) await makeMachine(db, partner.id, name);
  // Products the business already sells (a name differs only in case and spaces from the sheet's).
  await db
    .insertInto("products")
    .values(["Twix", "Mars"].map((name) => ({ name, currentPricePence: 0, currentCostPence: 0 })))
    .execute();
});

function csv(name: string, rows: unknown[][]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, rows.map((r) => r.join(",")).join("\r\n"));
  return file;
}

const costRows = () =>
  db
    .selectFrom("productCosts as c")
    .innerJoin("products as p", "p.id", "c.productId")
    .select(["p.name", "c.costPence", "c.effectiveFrom"])
    .orderBy("p.name")
    .orderBy("c.effectiveFrom")
    .execute();

describe("vendboard products costs import", () => {
  it("lists an unknown name and saves nothing (exit 1); with --yes adds it and saves every cost, audited", async () => {
    const sheet = csv("costs.csv", [
      ["Product Name", "Cost", "From"],
      [" twix ", "0.41", "2026-09-01"],
      ["TWIX", "£0.45", "15/10/2026"],
      ["Mars", "0.47", ""],
      ["Diet Coke 500ml", "0.58", "2026-09-01"],
    ]);
    const products = await db.selectFrom("products").select("name").execute();
    const first = await runCli(["products", "costs", "import", sheet]);
    expect(first.code).toBe(1);
    expect(first.err).toContain("No product is named 'Diet Coke 500ml'. Nothing was saved: run again with --yes");
    expect(await costRows()).toEqual([]);
    expect(await db.selectFrom("products").select("name").execute()).toEqual(products);

    const second = await runCli(["products", "costs", "import", sheet, "--yes", "--json"]);
    expect(second.code).toBe(0);
    expect(JSON.parse(second.out)).toMatchObject({
      written: true,
      unknown: ["Diet Coke 500ml"],
      added: ["Diet Coke 500ml"],
      costs: [
        { name: "twix", cost: 0.41, from: "2026-09-01" },
        { name: "TWIX", cost: 0.45, from: "2026-10-15" },
        { name: "Mars", cost: 0.47, from: today },
        { name: "Diet Coke 500ml", cost: 0.58, from: "2026-09-01" },
      ],
    });
    expect(await costRows()).toEqual([
      { name: "Diet Coke 500ml", costPence: 58, effectiveFrom: "2026-09-01" },
      { name: "Mars", costPence: 47, effectiveFrom: today },
      { name: "Twix", costPence: 41, effectiveFrom: "2026-09-01" },
      { name: "Twix", costPence: 45, effectiveFrom: "2026-10-15" },
    ]);
    const entry = await db
      .selectFrom("auditLog")
      .select(["action", "actorId", "details"])
      .where("action", "=", "product_costs_set")
      .executeTakeFirstOrThrow();
    expect(entry.actorId).toBeNull();
    expect(JSON.parse(entry.details!).reason).toContain("Set 4 product costs from costs.csv");
  });
});

/** One row of the generated export: pence throughout, so every expected figure is exact. */
interface Row {
  machine: string;
  id: string;
  day: number;
  product: string;
  pricePence: number;
  quantity: number;
  status: string;
}
const PRICES: Record<string, number> = { Twix: 110, "Diet Coke 500ml": 165, Mars: 125 };
const rows: Row[] = Array.from({ length: 40 }, (_, i) => {
  const product = ["Twix", "Diet Coke 500ml", "Twix", "Mars"][i % 4];
  return {
    machine: i % 2 ? "Pier Lobby" : "Quay Kiosk",
    id: `S${5000 + i}`,
    day: 1 + ((i * 3) % 28),
    product,
    pricePence: PRICES[product],
    quantity: 1 + (i % 3),
    status: ["Settled", "Settled", "Declined", "Settled", "Pending"][i % 5],
  };
});
const HEADERS = ["Site", "Ref", "Sold At", "Item", "Paid", "List Price", "Qty", "Status"];
const day = (d: number) => `2026-10-${String(d).padStart(2, "0")}`;

/** The cost the test's own list gives a product on an October day (pence; null: none, as Mars before today). */
function costOn(product: string, d: number): number | null {
  if (product === "Twix") return day(d) >= "2026-10-15" ? 45 : 41;
  if (product === "Diet Coke 500ml") return 58;
  return null;
}

describe("a CSV with no cost column, only Settled rows counting", () => {
  const file = () =>
    csv("settled.csv", [
      HEADERS,
      ...rows.map((r) => [
        r.machine,
        r.id,
        `${day(r.day)} 12:00:00`,
        r.product,
        ((r.pricePence * r.quantity) / 100).toFixed(2),
        (r.pricePence / 100).toFixed(2),
        r.quantity,
        r.status,
      ]),
    ]);
  const settled = rows.filter((r) => r.status === "Settled");
  const costed = settled.filter((r) => costOn(r.product, r.day) !== null);
  const noCost = settled.filter((r) => costOn(r.product, r.day) === null);
  const expected = new Map<string, { units: number; revenuePence: number; cogsPence: number }>();
  for (const r of costed) {
    const f = expected.get(r.machine) ?? { units: 0, revenuePence: 0, cogsPence: 0 };
    f.units += r.quantity;
    f.revenuePence += r.pricePence * r.quantity;
    f.cogsPence += costOn(r.product, r.day)! * r.quantity;
    expected.set(r.machine, f);
  }
  const october = async () =>
    new Map(
      (
        await db
          .selectFrom("monthlyRecords as r")
          .innerJoin("machines as m", "m.id", "r.machineId")
          .select(["m.location", "r.totalSales", "r.revenuePence", "r.cogsPence"])
          .where("r.month", "=", "2026-10")
          .execute()
      ).map((r) => [r.location, { units: r.totalSales, revenuePence: r.revenuePence, cogsPence: r.cogsPence }]),
    );

  it("is mapped once through the API (no cost column), then recognised and imported by the CLI to the penny", async () => {
    expect(noCost.length).toBeGreaterThan(0);
    const saved = await call(createProfileAction, "/api/import-profiles", {
      cookie: adminCookie,
      json: {
        name: "Settled Only",
        headerRow: 1,
        headers: HEADERS,
        columns: {
          machineName: "Site",
          transactionId: "Ref",
          date: "Sold At",
          productName: "Item",
          settlementValue: "Paid",
          machinePrice: "List Price",
          costPrice: null,
          quantity: "Qty",
          status: "Status",
        },
        saleStatuses: ["Settled"],
        dateOrder: "dmy",
        timeZone: "UTC",
      },
    });
    expect(saved.status).toBe(201);
    const exported = file();

    const preview = await runCli(["import", exported, "--dry-run", "--json"]);
    expect(preview.code).toBe(0);
    const result = JSON.parse(preview.out).files[0].result;
    expect(result.profile).toEqual({ name: "Settled Only", version: 1 });
    expect(
      result.groups.map((g: { location: string; costFrom: string[]; cogsPence: number }) => [
        g.location,
        g.costFrom,
        g.cogsPence,
      ]),
    ).toEqual([
      ["Quay Kiosk", ["list"], expected.get("Quay Kiosk")!.cogsPence],
      ["Pier Lobby", ["list"], expected.get("Pier Lobby")!.cogsPence],
    ]);
    const noCostRevenue = noCost.reduce((n, r) => n + r.pricePence * r.quantity, 0);
    expect(result.leftOut).toContainEqual({
      reason: "with no cost price (none in the file or the product cost list)",
      count: noCost.length,
      revenue: noCostRevenue / 100,
      needsConfirmation: true,
    });
    const human = await runCli(["import", exported, "--dry-run"]);
    expect(human.out).toContain("(cost list)");
    expect(human.err).toContain('read with import profile "Settled Only" (version 1)');
    expect(human.err).toContain(
      `${noCost.length} rows with no cost price (none in the file or the product cost list): £${(noCostRevenue / 100).toFixed(2)} (importing needs --accept-exclusions)`,
    );

    // The rows with no cost carry revenue: nothing is written until that is confirmed.
    const refused = await runCli(["import", exported]);
    expect(refused.code).toBe(1);
    expect(refused.err).toContain("Nothing was imported from this file");
    expect(await db.selectFrom("sales").select("id").execute()).toEqual([]);

    const imported = await runCli(["import", exported, "--accept-exclusions"]);
    expect(imported.code).toBe(0);
    expect(await october()).toEqual(expected);
    const stored = await db.selectFrom("sales").select(["transactionId", "costPence", "costSource"]).execute();
    expect(stored).toHaveLength(costed.length);
    expect(new Set(stored.map((s) => s.costSource))).toEqual(new Set(["list"]));
  });

  it("a sale before the change takes the old cost, after it the new; a later change re-costs nothing", async () => {
    const twix = await db
      .selectFrom("sales as s")
      .innerJoin("products as p", "p.id", "s.productId")
      .select(["s.saleDate", "s.costPence"])
      .where("p.name", "=", "Twix")
      .execute();
    expect(twix.some((s) => s.saleDate < "2026-10-15") && twix.some((s) => s.saleDate >= "2026-10-15")).toBe(true);
    for (const s of twix) expect(s.costPence).toBe(s.saleDate < "2026-10-15" ? 41 : 45);

    const before = await october();
    const change = await call(costsAction, "/api/products/costs", {
      cookie: adminCookie,
      json: { costs: [{ name: "Twix", cost: 0.99, from: "2026-10-01" }] },
    });
    expect(change.status).toBe(200);
    expect(await october()).toEqual(before);
    const again = await db
      .selectFrom("sales as s")
      .innerJoin("products as p", "p.id", "s.productId")
      .select(["s.saleDate", "s.costPence"])
      .where("p.name", "=", "Twix")
      .execute();
    expect(again).toEqual(twix);
    // Re-importing the file adds nothing: every row is a duplicate.
    const repeat = await runCli(["import", path.join(dir, "settled.csv"), "--accept-exclusions", "--json"]);
    expect(JSON.parse(repeat.out).files[0].result.groups.every((g: { imported: number }) => g.imported === 0)).toBe(
      true,
    );

    // Products Analytics: the cost list's cost in force today (Twix: 45p from 15 October), else the latest sale's.
    const view = await productView(db, {
      query: "",
      tab: "all",
      product: null,
      page: { page: 1, size: 24 },
      machinePage: { page: 1, size: 24 },
    });
    expect(view.list!.rows.find((r) => r.name === "Twix")).toMatchObject({ costPence: 45, costFromList: true });
    expect(view.list!.rows.find((r) => r.name === "Diet Coke 500ml")).toMatchObject({
      costPence: 58,
      costFromList: true,
    });
  });

  it("the spec's own layout lacking Cost Price is still refused, whatever the cost list holds", async () => {
    const spec = csv("spec-no-cost.csv", [
      ["Dynamic Transactions Monitor"],
      [
        "Machine Name",
        "Product Name",
        "Machine Price",
        "Settlement Value (Vend Price)",
        "Authorization Date and Time (GMT)",
        "Transaction ID",
      ],
      ["Quay Kiosk", "Twix", "1.10", "1.10", "2026-10-03 10:00:00", "X1"],
      ["Quay Kiosk", "Twix", "1.10", "1.10", "2026-10-03 11:00:00", "X2"],
    ]);
    const run = await runCli(["import", spec, "--json"]);
    expect(run.code).toBe(1);
    expect(JSON.parse(run.out).files[0].error).toBe("Missing required headers: Cost Price");
  });
});

describe("GET/POST /api/products/costs", () => {
  it("401 anonymous, 403 for a partner", async () => {
    for (const [cookie, status] of [
      [null, 401],
      [partnerCookie, 403],
    ] as const) {
      expect((await call(costsLoader, "/api/products/costs", { cookie })).status).toBe(status);
      expect((await call(costsAction, "/api/products/costs", { cookie, json: { costs: [] } })).status).toBe(status);
    }
  });

  it("400 naming a bad cost; 409 naming an unknown product until addUnknown; lists the costs in force", async () => {
    const post = (json: unknown) => call(costsAction, "/api/products/costs", { cookie: adminCookie, json });
    const bad = await post({
      costs: [
        { name: "Mars", cost: "0.47" },
        { name: "Mars", cost: "lots" },
      ],
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe("costs[1]: The cost is an amount in pounds from 0 to 10,000, such as 0.43");
    const unknown = await post({ costs: [{ name: "Lion Bar", cost: 0.39, from: "2026-11-01" }] });
    expect(unknown.status).toBe(409);
    expect(await unknown.json()).toMatchObject({ written: false, unknown: ["Lion Bar"] });
    const added = await post({ costs: [{ name: "Lion Bar", cost: 0.39, from: "2026-11-01" }], addUnknown: true });
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({
      written: true,
      costs: [{ name: "Lion Bar", cost: 0.39, from: "2026-11-01" }],
      unknown: ["Lion Bar"],
      added: ["Lion Bar"],
    });
    const list = (await (await call(costsLoader, "/api/products/costs", { cookie: adminCookie })).json()).costs;
    expect(list.find((c: { name: string }) => c.name === "Lion Bar")).toEqual({
      name: "Lion Bar",
      cost: 0.39,
      from: "2026-11-01",
      next: null,
    });
  });
});

describe("the cost list on /admin/products", () => {
  it("sets one product's cost; a new name is asked about first, then added by the confirmation's post", async () => {
    const asked = await call(pageAction, "/admin/products", {
      cookie: adminCookie,
      form: { intent: "cost-set", name: "Boost Bar", cost: "0.52", from: "2026-11-02" },
    });
    expect(asked.status).toBe(200);
    const question = await asked.json();
    expect(question).toEqual({
      intent: "cost-set",
      unknown: ["Boost Bar"],
      costs: [{ name: "Boost Bar", cost: 0.52, from: "2026-11-02" }],
    });
    expect((await costRows()).some((r) => r.name === "Boost Bar")).toBe(false);
    const confirmed = await call(pageAction, "/admin/products", {
      cookie: adminCookie,
      form: { intent: "cost-confirm", costs: JSON.stringify(question.costs) },
    });
    expect(confirmed.status).toBe(302);
    expect(await flashedToast(confirmed)).toMatchObject({ title: "Product costs saved" });
    expect(await costRows()).toContainEqual({ name: "Boost Bar", costPence: 52, effectiveFrom: "2026-11-02" });
  });

  it("uploads a sheet (multipart); a bad row refuses it whole, naming the row", async () => {
    const upload = async (name: string, text: string) => {
      const form = new FormData();
      form.set("intent", "cost-upload");
      form.set("costSheet", new File([text], name));
      const request = new Request(`${BASE}/admin/products`, {
        method: "POST",
        body: form,
        headers: { cookie: adminCookie },
      });
      const result = await pageAction({ request, params: {}, context: {} });
      return result instanceof Response
        ? result
        : Response.json((result as { data: unknown }).data, (result as { init?: ResponseInit }).init);
    };
    const bad = await upload("bad.csv", "Product Name,Cost\r\nMars,0.48\r\nTwix,free\r\n");
    expect(bad.status).toBe(400);
    expect((await bad.json()).error).toBe(
      "bad.csv: Nothing was saved: row 3 (Twix): the cost is not an amount from 0 to 10,000",
    );
    const good = await upload("mars.csv", "product,cost price,from\r\nmars,0.48,01/12/2099\r\n");
    expect(good.status).toBe(302);
    expect(await costRows()).toContainEqual({ name: "Mars", costPence: 48, effectiveFrom: "2099-12-01" });
    const page = await (await call(pageLoader, "/admin/products", { cookie: adminCookie })).json();
    expect(page.costList.rows.find((r: { name: string }) => r.name === "Mars")).toMatchObject({
      name: "Mars",
      next: { costPence: 48, effectiveFrom: "2099-12-01" },
    });
  });
});
