/**
 * Products Analytics' view cut in SQL (productView) shows what the pure rules make of every
 * product's all-time figures (productAnalytics with searchProducts, topBy, distributionChoices,
 * distribution): All Products 24 a page, the top tens, the nine buttons, the chosen product's
 * machines 24 a page with their shares; a page past the end shows the last.
 */
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { importExports } from "#domain/imports/import-service.ts";
import {
  distribution,
  distributionChoices,
  searchProducts,
  topBy,
  type ProductAnalyticsRecord,
} from "#domain/products/product-rules.ts";
import {
  productAnalytics,
  productView,
  type ProductRow,
  type ProductViewRequest,
} from "#domain/products/product-service.ts";
import { makeMachine, makePartner } from "#tests/factories.ts";

const FIRST = { page: 1, size: 24 };
const request = (changes: Partial<ProductViewRequest>): ProductViewRequest => ({
  query: "",
  tab: "all",
  product: null,
  page: FIRST,
  machinePage: FIRST,
  ...changes,
});
const row = (p: ProductAnalyticsRecord): ProductRow => ({
  name: p.name,
  totalSales: p.totalSales,
  totalRevenuePence: p.totalRevenuePence,
  machines: p.machines.length,
  // The cost shown (the latest sale's here: no cost list) is checked in product-costs.test.ts.
  costPence: expect.any(Number) as number,
  costFromList: false,
});

let all: ProductAnalyticsRecord[];
let popular: ProductAnalyticsRecord;

beforeAll(async () => {
  const partner = await makePartner(db);
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
  // More products than a page, and one product in more machines than a page: written as the import's rollup.
  const machines = [];
  for (let m = 0; m < 30; m++) machines.push(await makeMachine(db, partner.id, `Extra ${String(m).padStart(2, "0")}`));
  for (let p = 0; p < 40; p++) {
    const product = await db
      .insertInto("products")
      .values({ name: `Extra product ${String(p).padStart(2, "0")}`, currentPricePence: 100, currentCostPence: 40 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const spread = p === 0 ? machines : machines.slice(0, 1 + (p % 3));
    for (const [i, machine] of spread.entries()) {
      await db
        .insertInto("productSalesMonthly")
        .values({
          productId: product.id,
          machineId: machine.id,
          month: "2026-08",
          units: 1 + ((p + i) % 7),
          revenuePence: 150 * (1 + ((p * i) % 5)),
        })
        .execute();
    }
  }
  all = await productAnalytics(db);
  popular = all.find((p) => p.name === "Extra product 00")!;
});

describe("productView", () => {
  it("All Products: the products best first, 24 a page; page 2; a page past the end is the last", async () => {
    expect(all.length).toBeGreaterThan(48);
    const first = await productView(db, request({}));
    expect(first).toMatchObject({ productCount: all.length, matching: all.length, top: null, distribution: null });
    expect(first.list!.rows).toEqual(all.slice(0, 24).map(row));
    const second = await productView(db, request({ page: { page: 2, size: 24 } }));
    expect(second.list!.rows).toEqual(all.slice(24, 48).map(row));
    const lastPage = Math.ceil(all.length / 24);
    const past = await productView(db, request({ page: { page: 50, size: 24 } }));
    expect(past.list!.page).toEqual({ page: lastPage, size: 24, total: all.length, pageCount: lastPage });
    expect(past.list!.rows).toEqual(all.slice((lastPage - 1) * 24).map(row));
  });

  it("searches as searchProducts does: any case, the matching count beside every product's", async () => {
    for (const query of ["COKE", "extra PRODUCT 1", "330", "  ", "nothing at all"]) {
      const shown = searchProducts(all, query);
      const view = await productView(db, request({ query }));
      expect(view.matching, query).toBe(shown.length);
      expect(view.productCount).toBe(all.length);
      expect(view.list!.rows, query).toEqual(shown.slice(0, 24).map(row));
    }
  });

  it("Top Performers: topBy's ten by units and by revenue, of the search's products", async () => {
    for (const query of ["", "extra", "o"]) {
      const shown = searchProducts(all, query);
      const view = await productView(db, request({ query, tab: "top" }));
      expect(view.list).toBeNull();
      expect(view.top).toEqual({
        bySales: topBy(shown, (p) => p.totalSales).map(row),
        byRevenue: topBy(shown, (p) => p.totalRevenuePence).map(row),
      });
    }
  });

  it("Machine Distribution: nine buttons; the chosen product's machines as distribution() gives them, 24 a page", async () => {
    const none = await productView(db, request({ tab: "distribution" }));
    expect(none.distribution).toEqual({ choices: distributionChoices(all).map(row), chosen: null });
    const rows = distribution(popular);
    expect(rows.length).toBe(30);
    const chosen = await productView(db, request({ tab: "distribution", product: popular.name }));
    expect(chosen.distribution!.chosen).toEqual({
      product: row(popular),
      machines: rows.slice(0, 24),
      page: { page: 1, size: 24, total: 30, pageCount: 2 },
    });
    const second = await productView(
      db,
      request({ tab: "distribution", product: popular.name, machinePage: { page: 2, size: 24 } }),
    );
    expect(second.distribution!.chosen!.machines).toEqual(rows.slice(24));
    const past = await productView(
      db,
      request({ tab: "distribution", product: popular.name, machinePage: { page: 9, size: 24 } }),
    );
    expect(past.distribution!.chosen!.page.page).toBe(2);
    // A product of the fixtures, in the three machines.
    const twix = all.find((p) => p.name === "Twix Twin")!;
    expect(
      (await productView(db, request({ tab: "distribution", product: "Twix Twin" }))).distribution!.chosen!.machines,
    ).toEqual(distribution(twix));
  });

  it("a product the search leaves out, or none by that name, is not chosen", async () => {
    expect(
      (await productView(db, request({ tab: "distribution", query: "coke", product: popular.name }))).distribution!
        .chosen,
    ).toBeNull();
    expect(
      (await productView(db, request({ tab: "distribution", product: "No Such Product" }))).distribution!.chosen,
    ).toBeNull();
  });
});
