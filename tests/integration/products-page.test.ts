/**
 * /admin/products reads in its loader: the report month from `?month=` (the month picker's form
 * without JavaScript sends `monthOfYear` and `year`, redirected to `?month=`), and the analytics
 * what the view's URL shows (productView) handed over unawaited (streamed to the page's <Await>).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader } from "#app/routes/admin.products.tsx";
import { db } from "#app/utils/db.server.ts";
import { currentMonth } from "#domain/shared/dates.ts";
import { productView } from "#domain/products/product-service.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call, makeRequest } from "./http.ts";
import { loginCookie } from "./session.ts";

let adminCookie: string;
let partnerCookie: string;
const YEAR = new Date().getUTCFullYear();

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  partnerCookie = await loginCookie((await makePartner(db)).username);
});

/** The loader's answer as the page gets it (its analytics still a promise). */
async function load(path: string) {
  const result = await loader({ request: makeRequest(path, { cookie: adminCookie }), params: {}, context: {} });
  return result;
}

describe("GET /admin/products (loader)", () => {
  it("sends the anonymous to /auth and a partner home", async () => {
    const anonymous = await call(loader, "/admin/products");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
    const asPartner = await call(loader, "/admin/products", { cookie: partnerCookie });
    expect(asPartner.status).toBe(302);
    expect(asPartner.headers.get("location")).toBe("/");
  });

  it("defaults to this month, the range one month before today up to today", async () => {
    const page = await load("/admin/products");
    expect(page.month).toBe(currentMonth());
    const today = new Date();
    const before = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, today.getUTCDate()));
    expect(page.range).toEqual({ from: before.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) });
  });

  it("?month= is the report month, its range first to last day (February of a leap year included)", async () => {
    expect(await load(`/admin/products?month=${YEAR}-09`)).toMatchObject({
      month: `${YEAR}-09`,
      range: { from: `${YEAR}-09-01`, to: `${YEAR}-09-30` },
    });
    expect(await load("/admin/products?month=2024-02&q=coke")).toMatchObject({
      month: "2024-02",
      range: { from: "2024-02-01", to: "2024-02-29" },
    });
  });

  it("a month the picker does not offer is ignored: this month and the default range", async () => {
    for (const month of ["2019-12", "2024-13", "soon", `${YEAR + 1}-01`]) {
      const page = await load(`/admin/products?month=${month}`);
      expect(page.month).toBe(currentMonth());
      expect(page.range.to).toBe(new Date().toISOString().slice(0, 10));
    }
  });

  it("the picker's form without JavaScript is redirected to ?month=, keeping the search and tab", async () => {
    const picked = await call(loader, "/admin/products?q=coke&tab=top&month=2024-01&monthOfYear=9&year=2025", {
      cookie: adminCookie,
    });
    expect(picked.status).toBe(302);
    expect(picked.headers.get("location")).toBe("/admin/products?q=coke&tab=top&month=2025-09");
    // A month or year the picker does not offer is not redirected.
    const odd = await load("/admin/products?monthOfYear=13&year=2025");
    expect(odd.month).toBe(currentMonth());
  });

  it("the view arrives unawaited: what the URL's search, tab, product and pages show", async () => {
    const page = await load("/admin/products");
    expect(page.products).toBeInstanceOf(Promise);
    const first = { page: 1, size: 24 };
    expect(await page.products).toEqual(
      await productView(db, { query: "", tab: "all", product: null, page: first, machinePage: first }),
    );
    const chosen = await load("/admin/products?q=co&tab=distribution&product=Diet+Coke&page=3&machinePage=2");
    expect(await chosen.products).toEqual(
      await productView(db, {
        query: "co",
        tab: "distribution",
        product: "Diet Coke",
        page: { page: 3, size: 24 },
        machinePage: { page: 2, size: 24 },
      }),
    );
    // A product is chosen in Machine Distribution only.
    const top = await load("/admin/products?tab=top&product=Diet+Coke");
    expect(await top.products).toEqual(
      await productView(db, { query: "", tab: "top", product: null, page: first, machinePage: first }),
    );
  });
});
