/**
 * The summary pages a page at a time: a partner's machines on its page, the commission
 * summary's partners, and Products Analytics' tables, 24 to a page, with and without JavaScript.
 * Each test makes its own partners, machines and sales through the API, so its pages are its own
 * whatever else the run creates.
 */
import * as XLSX from "xlsx";
import { ADMIN, expect, signIn, test, toast } from "./fixtures.ts";
import type { Page } from "@playwright/test";

const stampOf = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function newPartner(page: Page, name: string, partnerType = "profit-sharing") {
  const username = `sp-${stampOf()}`;
  const response = await page.request.post("/api/register", {
    data: {
      username,
      password: "summary-pager-1",
      name,
      partnerType,
      email: `${username}@example.com`,
      billingAddress: "3 Page Row, Leeds",
      commissionPercentage: "0.10",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

async function newMachines(page: Page, partnerId: number, locations: string[]) {
  const machines = [];
  for (const location of locations) {
    const response = await page.request.post("/api/machines", { data: { partnerId, location } });
    expect(response.status()).toBe(201);
    machines.push((await response.json()) as { id: number; location: string });
  }
  return machines;
}

/** A one-machine export of the month in progress (never closed): one row per product, transaction ids no other test uses. */
function exportOf(machine: string, products: string[]) {
  const month = new Date().toISOString().slice(0, 7);
  const base = 9_600_000_000 + Math.floor(Math.random() * 1_000_000) * 100;
  const sheet = XLSX.utils.aoa_to_sheet([
    ["Dynamic Transactions Monitor Mega"],
    [
      "Machine Name",
      "Transaction ID",
      "Product Name",
      "Cost Price",
      "Machine Price",
      "Settlement Value (Vend Price)",
      "Authorization Date and Time (GMT)",
    ],
    ...products.map((product, i) => [
      machine,
      base + i,
      product,
      0.4,
      1.2,
      1.2,
      `${month}-01T10:${String(i % 60).padStart(2, "0")}:00Z`,
    ]),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Transactions");
  return {
    month,
    file: {
      name: `${machine}.xlsx`,
      mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      buffer: Buffer.from(XLSX.write(book, { type: "buffer", bookType: "xlsx" })),
    },
  };
}

async function upload(page: Page, machine: { id: number; location: string }, products: string[]) {
  const { month, file } = exportOf(machine.location, products);
  const response = await page.request.post(`/api/machines/${machine.id}/records`, {
    multipart: { month, reportFile: file },
  });
  expect(response.status(), await response.text()).toBe(201);
}

const locations = (count: number) =>
  Array.from({ length: count }, (_, i) => `Pager Kiosk ${String(i + 1).padStart(2, "0")}`);
const cards = (page: Page) => page.getByRole("article");
/** A summary card's text (StatCard: label, figure, note). */
const statCard = (page: Page, label: string) => page.getByText(label, { exact: true }).locator("../..");

test.describe("A partner's machines, 24 to a page", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("26 machines: two pages, the cards' figures for every machine, an action on page 2 comes back to page 2", async ({
    page,
  }) => {
    test.slow(); // its partners, machines or products made first: past 30 s on a busy machine
    const partner = await newPartner(page, `Zz Machine Pager ${stampOf()}`);
    const machines = await newMachines(page, partner.id, locations(26));
    await upload(page, machines[25], ["KitKat 4 Finger", "Twix Twin"]);

    await page.goto(`/partners/${partner.id}`);
    await expect(statCard(page, "Total Machines")).toContainText("26");
    await expect(cards(page)).toHaveCount(24);
    const pager = page.getByRole("navigation", { name: "Machines pages" });
    await expect(pager).toContainText("1–24 of 26 · page 1 of 2");
    await expect(pager.getByRole("button", { name: "Previous page" })).toBeDisabled();
    await expect(page.getByRole("article", { name: "Pager Kiosk 01" })).toBeVisible();

    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(cards(page)).toHaveCount(2);
    await expect(pager).toContainText("25–26 of 26 · page 2 of 2");
    const last = page.getByRole("article", { name: "Pager Kiosk 26" });
    // Its delete question names its records, read for the page's machines only.
    await last.getByRole("button", { name: "Delete Pager Kiosk 26" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("with its 1 monthly record (£2.40 revenue)");
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();

    await last.getByRole("switch", { name: "Pager Kiosk 26 active" }).click();
    await expect(toast(page)).toContainText("Status updated");
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(last.getByText("Inactive")).toBeVisible();

    await pager.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}\\??$`));
    await expect(cards(page)).toHaveCount(24);
    // A page past the end shows the last.
    await page.goto(`/partners/${partner.id}?page=9`);
    await expect(page.getByRole("navigation", { name: "Machines pages" })).toContainText("page 2 of 2");
  });

  test("24 machines or fewer: no pager", async ({ page }) => {
    const partner = await newPartner(page, `Zz Machine Pager ${stampOf()}`);
    await newMachines(page, partner.id, locations(24));
    await page.goto(`/partners/${partner.id}`);
    await expect(cards(page)).toHaveCount(24);
    await expect(page.getByRole("navigation", { name: "Machines pages" })).toHaveCount(0);
  });
});

test.describe("A partner's machines without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the pages are links", async ({ page }) => {
    await signIn(page, ADMIN);
    const partner = await newPartner(page, `Zz Machine Pager ${stampOf()}`);
    await newMachines(page, partner.id, locations(25));
    await page.goto(`/partners/${partner.id}`);
    await page.getByRole("navigation", { name: "Machines pages" }).getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\?page=2$/);
    await expect(cards(page)).toHaveCount(1);
    await expect(page.getByRole("article", { name: "Pager Kiosk 25" })).toBeVisible();
  });
});

test.describe("Commission summary, 24 partners to a page", () => {
  /**
   * The page's Total Commissions Due is the API's total over every partner (its X-Total-Commission-Due),
   * read beside it: other tests pay and reset the month meanwhile, so until the two agree.
   */
  async function expectEveryPartnersTotal(page: Page, path: string) {
    const now = new Date();
    const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
    await expect
      .poll(async () => {
        await page.goto(path);
        const card = await statCard(page, "Total Commissions Due").innerText();
        const answer = await page.request.get(`/api/partners/commissions?month=${month}`);
        const due = Number(answer.headers()["x-total-commission-due"]).toLocaleString("en-GB", {
          style: "currency",
          currency: "GBP",
        });
        return card.includes(due) ? "the API's total" : `${card} / API ${due}`;
      })
      .toBe("the API's total");
  }

  test("the totals are every partner's on every page; the rows are the page's; the month keeps the page", async ({
    page,
  }) => {
    test.slow(); // its partners, machines or products made first: past 30 s on a busy machine
    await signIn(page, ADMIN);
    // 25 partners more, sorting last: the summary has at least two pages whatever else the run made.
    const stamp = stampOf();
    for (let n = 1; n <= 25; n++)
      await newPartner(page, `Zz Commission ${stamp} ${String(n).padStart(2, "0")}`, "non-profit-sharing");
    await page.goto("/admin/commissions");
    const pager = page.getByRole("navigation", { name: "Partners pages" });
    await expect(pager).toContainText(/1–24 of \d+ · page 1 of \d+/);
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(25); // the header and 24 partners
    const pages = Number(/page 1 of (\d+)/.exec(await pager.innerText())![1]);
    await expectEveryPartnersTotal(page, "/admin/commissions");
    await expectEveryPartnersTotal(page, `/admin/commissions?page=${pages}`);

    // The last of the 25 is on the page its name sorts to: partners other tests make may sort after it.
    const last = page.getByRole("row", { name: new RegExp(`Zz Commission ${stamp} 25`) });
    let found = 0;
    for (let n = pages; n >= 2 && !found; n--) {
      await page.goto(`/admin/commissions?page=${n}`);
      if (await last.count()) found = n;
    }
    expect(found, "the page holding the 25th partner").toBeGreaterThan(1);
    await expect(last).toContainText("not applicable");
    await page.goto(`/admin/commissions?page=${pages}`);
    await expect(pager.getByRole("button", { name: "Next page" })).toBeDisabled();
    await pager.getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(pages - 1 === 1 ? /\/admin\/commissions\??$/ : new RegExp(`\\?page=${pages - 1}$`));
    // Another month keeps the page it is on.
    await page.goto(`/admin/commissions?page=${found}`);
    await page.getByRole("combobox", { name: "Month" }).click();
    await page.getByRole("option").nth(2).click();
    await expect(page).toHaveURL(new RegExp(`page=${found}.*month=|month=.*page=${found}`));
    await expect(last).toBeVisible();
  });
});

test.describe("Products Analytics, 24 rows to a page", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("All Products: a search with 30 products has two pages; a new search starts again at page 1", async ({
    page,
  }) => {
    test.slow(); // its partners, machines or products made first: past 30 s on a busy machine
    const stamp = stampOf();
    const partner = await newPartner(page, `Zz Product Pager ${stamp}`);
    const [machine] = await newMachines(page, partner.id, [`Product Pager Kiosk ${stamp}`]);
    await upload(
      page,
      machine,
      Array.from({ length: 30 }, (_, i) => `Pager Snack ${stamp} ${String(i + 1).padStart(2, "0")}`),
    );

    await page.goto(`/admin/products?q=${stamp}`);
    const table = page.getByRole("tabpanel", { name: "All Products" }).getByRole("table");
    await expect(table.getByRole("row")).toHaveCount(25);
    const pager = page.getByRole("navigation", { name: "Products pages" });
    await expect(pager).toContainText("1–24 of 30 · page 1 of 2");
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(new RegExp(`q=${stamp}&page=2$`));
    await expect(table.getByRole("row")).toHaveCount(7);
    await expect(pager).toContainText("25–30 of 30 · page 2 of 2");

    await page.getByRole("textbox", { name: "Search products" }).fill(`${stamp} 0`);
    await expect(page).toHaveURL(new RegExp(`q=${stamp}\\+0$`));
    await expect(table.getByRole("row")).toHaveCount(10); // the header and snacks 01 to 09
    await expect(page.getByRole("navigation", { name: "Products pages" })).toHaveCount(0);
  });

  test("Machine Distribution: a product in 25 machines pages its machines; another product starts at page 1", async ({
    page,
  }) => {
    test.slow(); // its partners, machines or products made first: past 30 s on a busy machine
    const stamp = stampOf();
    const partner = await newPartner(page, `Zz Product Pager ${stamp}`);
    const machines = await newMachines(
      page,
      partner.id,
      Array.from({ length: 25 }, (_, i) => `Spread ${stamp} ${String(i + 1).padStart(2, "0")}`),
    );
    const product = `Spread Bar ${stamp}`;
    for (const [i, machine] of machines.entries())
      await upload(
        page,
        machine,
        Array<string>(i === 0 ? 3 : 1)
          .fill(product)
          .concat(`Other Bar ${stamp}`),
      );

    await page.goto(`/admin/products?q=${stamp}&tab=distribution`);
    await page.getByRole("link", { name: `${product} (27)` }).click();
    await expect(page.getByText("This product is sold in 25 machine(s)")).toBeVisible();
    const card = page.getByRole("tabpanel", { name: "Machine Distribution" });
    await expect(card.getByRole("table").getByRole("row")).toHaveCount(25);
    await expect(card.getByRole("row").nth(1)).toContainText(`Spread ${stamp} 01`);
    await expect(card.getByRole("row").nth(1)).toContainText("11.1%");
    const pager = page.getByRole("navigation", { name: `${product} machines pages` });
    await expect(pager).toContainText("1–24 of 25 · page 1 of 2");
    await pager.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/machinePage=2$/);
    await expect(card.getByRole("table").getByRole("row")).toHaveCount(2);
    await expect(card.getByRole("row").nth(1)).toContainText("3.7%");

    await page.getByRole("link", { name: `Other Bar ${stamp} (25)` }).click();
    await expect(page).not.toHaveURL(/machinePage/);
    await expect(page.getByText("This product is sold in 25 machine(s)")).toBeVisible();
    await expect(page.getByRole("navigation", { name: `Other Bar ${stamp} machines pages` })).toContainText(
      "page 1 of 2",
    );
  });
});
