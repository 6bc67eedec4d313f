/**
 * Commission agreements on the partner page: an admin writes a per-item agreement with a
 * product rule from last month on, previews last month under the current and the new terms line by
 * line, saves, and sees Commission Due and the commission summary follow it.
 *
 * The partner is fresh (10% of net profit), with two machines whose last month is imported from a
 * made export (transaction ids no other sale uses):
 *   Kiosk A: 3 × Coca-Cola 330ml (cost £0.50, £1.40), 2 × Snickers (£0.40, £1.00), 1 × Still Water (£0.20, £0.90)
 *   Kiosk B: 2 × Coca-Cola 330ml, 3 × Snickers
 * Current terms, 10% of each record's net profit (card fee 2.99% rounded per record):
 *   A: £7.10 − £2.50 − £0.21 = £4.39 → £0.44;  B: £5.80 − £2.20 − £0.17 = £3.43 → £0.34;  £0.78
 * New terms, £0.05 per item sold, Coca-Cola 330ml at 12.5% of gross sales, each line half-up:
 *   A: £4.20 × 12.5% = £0.525 → £0.53, 3 other items × £0.05 = £0.15;
 *   B: £2.80 × 12.5% = £0.35, 3 other items × £0.05 = £0.15;  £1.18
 */
import AxeBuilder from "@axe-core/playwright";
import * as XLSX from "xlsx";
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, test, toast } from "./fixtures.ts";

const lastMonth = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
};
const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

type Sale = [product: string, cost: number, price: number, count: number];

/** One machine's export for a month: a title row, the headers, a row per item sold. */
function exportFile(month: string, firstId: number, sales: Sale[]) {
  let id = firstId;
  const rows = sales.flatMap(([product, cost, price, count]) =>
    Array.from({ length: count }, (_, i) => [
      id++,
      product,
      cost,
      price,
      price,
      `${month}-0${1 + (i % 9)}T10:${String(id % 60).padStart(2, "0")}:00Z`,
    ]),
  );
  const sheet = XLSX.utils.aoa_to_sheet([
    ["Dynamic Transactions Monitor Mega"],
    [
      "Transaction ID",
      "Product Name",
      "Cost Price",
      "Machine Price",
      "Settlement Value (Vend Price)",
      "Authorization Date and Time (GMT)",
    ],
    ...rows,
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Transactions");
  return {
    name: "export.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(XLSX.write(book, { type: "buffer", bookType: "xlsx" })),
  };
}

/** A fresh profit-sharing partner at 10% with the two kiosks' last month imported. */
async function partnerWithSales(page: Page) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const registered = await page.request.post("/api/register", {
    data: {
      username: `agr-${tag}`,
      password: "agreement-test-1",
      name: `Agreement Host ${tag}`,
      partnerType: "profit-sharing",
      email: `agr-${tag}@example.com`,
      billingAddress: "Leeds",
      commissionPercentage: "0.10",
    },
  });
  expect(registered.status()).toBe(201);
  const partner = (await registered.json()) as { id: number; name: string };
  const month = lastMonth();
  const base = 9_600_000_000 + Math.floor(Math.random() * 1_000_000) * 20;
  const kiosks: [string, Sale[]][] = [
    [
      "Agreement Kiosk A",
      [
        ["Coca-Cola 330ml", 0.5, 1.4, 3],
        ["Snickers", 0.4, 1.0, 2],
        ["Still Water 500ml", 0.2, 0.9, 1],
      ],
    ],
    [
      "Agreement Kiosk B",
      [
        ["Coca-Cola 330ml", 0.5, 1.4, 2],
        ["Snickers", 0.4, 1.0, 3],
      ],
    ],
  ];
  for (const [i, [location, sales]] of kiosks.entries()) {
    const machine = (await (
      await page.request.post("/api/machines", { data: { partnerId: partner.id, location: `${location} ${tag}` } })
    ).json()) as { id: number };
    const imported = await page.request.post(`/api/machines/${machine.id}/records`, {
      multipart: { month, reportFile: exportFile(month, base + i * 10, sales) },
    });
    expect(imported.status()).toBe(201);
  }
  return { ...partner, tag, month };
}

/** The partner's row of the commission summary (24 partners a page: from the first page on until it shows). */
async function summaryRow(page: Page, name: string) {
  await page.goto("/admin/commissions");
  const row = page.getByRole("row", { name: new RegExp(name) });
  const next = page.getByRole("navigation", { name: "Partners pages" }).getByRole("link", { name: "Next page" });
  for (let n = 2; !(await row.count()) && (await next.count()); n++) {
    await next.click();
    await expect(page.getByRole("navigation", { name: "Partners pages" })).toContainText(`page ${n} of`);
  }
  return row;
}

test("an admin writes a per-item agreement with a product rule, previews last month line by line, saves, and the figures follow it", async ({
  page,
}) => {
  test.slow(); // a partner and two imports made, a preview, a save and the summary
  await signIn(page, ADMIN);
  const partner = await partnerWithSales(page);
  const { tag, month } = partner;
  await expect(await summaryRow(page, partner.name)).toContainText("£0.78");

  await page.goto(`/partners/${partner.id}`);
  const due = page.getByLabel("Commission Due");
  await expect(due).toContainText("£0.78");
  const card = page.getByRole("region", { name: "Commission Agreement" });
  await expect(card).toContainText("In force since the start");
  await expect(card.getByRole("list", { name: "Terms in force" }).getByRole("listitem")).toHaveText([
    "10% of net profit",
  ]);

  await card.getByRole("button", { name: "Edit agreement" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit agreement" });
  // The form starts from the terms in force, effective this month; the change is dated last month.
  await expect(dialog.getByLabel("Rate (%)")).toHaveValue("10");
  await dialog.getByLabel("Effective month").fill(month);
  await dialog.getByRole("combobox", { name: "Basis" }).click();
  await page.getByRole("option", { name: "Per item sold" }).click();
  await dialog.getByLabel("Amount per item (£)").fill("0.05");
  await dialog.getByRole("button", { name: "Add product rule" }).click();
  const rule = dialog.getByRole("group", { name: "Product rule 1" });
  await rule.getByLabel("Rate (%)").fill("12.5");
  await expect(dialog.getByRole("button", { name: "Save agreement" })).toBeDisabled();

  // The server's checks speak in the dialog.
  await dialog.getByRole("button", { name: "Preview" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Product rule 1 needs a product name or pattern");
  await rule.getByLabel("Product or pattern").fill("Coca-Cola 330ml");
  await dialog.getByRole("button", { name: "Preview" }).click();

  const preview = dialog.getByRole("region", { name: "Preview" });
  await expect(preview.getByRole("heading")).toHaveText(`${monthLabel(month)} under each agreement`);
  const current = preview.getByRole("region", { name: "Current terms" });
  const proposed = preview.getByRole("region", { name: "New terms" });
  await expect(current).toContainText("£0.78");
  await expect(current.getByRole("listitem")).toHaveText([
    `Agreement Kiosk A ${tag}: Net profit: £4.39 × 10% = £0.44`,
    `Agreement Kiosk B ${tag}: Net profit: £3.43 × 10% = £0.34`,
  ]);
  await expect(proposed).toContainText("£1.18+£0.40");
  await expect(proposed).toContainText("£0.05 per item sold; Coca-Cola 330ml: 12.5% of gross sales");
  await expect(proposed.getByRole("listitem")).toHaveText([
    `Agreement Kiosk A ${tag}: Coca-Cola 330ml, gross sales: £4.20 × 12.5% = £0.53`,
    `Agreement Kiosk A ${tag}: Per item sold: 3 items × £0.05 = £0.15`,
    `Agreement Kiosk B ${tag}: Coca-Cola 330ml, gross sales: £2.80 × 12.5% = £0.35`,
    `Agreement Kiosk B ${tag}: Per item sold: 3 items × £0.05 = £0.15`,
  ]);
  // Last month is not paid: no paid month to confirm.
  await expect(dialog.getByText("Add these differences to the next open month")).toHaveCount(0);
  const axe = await new AxeBuilder({ page })
    .include('[role="dialog"]')
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`)).toEqual([]);

  await dialog.getByRole("button", { name: "Save agreement" }).click();
  await expect(toast(page)).toContainText("Agreement saved");
  await expect(dialog).toBeHidden();
  await expect(due).toContainText("£1.18");
  await due.getByText("How it's worked out").click();
  await expect(
    due.getByRole("list", { name: `Commission lines for ${monthLabel(month)}` }).getByRole("listitem"),
  ).toHaveText([
    `Agreement Kiosk A ${tag}: Coca-Cola 330ml, gross sales: £4.20 × 12.5% = £0.53`,
    `Agreement Kiosk A ${tag}: Per item sold: 3 items × £0.05 = £0.15`,
    `Agreement Kiosk B ${tag}: Coca-Cola 330ml, gross sales: £2.80 × 12.5% = £0.35`,
    `Agreement Kiosk B ${tag}: Per item sold: 3 items × £0.05 = £0.15`,
  ]);
  await expect(card).toContainText(`In force since ${monthLabel(month)}`);
  await expect(card.getByRole("list", { name: "Terms in force" }).getByRole("listitem")).toHaveText([
    "£0.05 per item sold",
    "Coca-Cola 330ml: 12.5% of gross sales",
  ]);
  await expect(card.getByRole("list", { name: "Agreement history" }).getByRole("listitem")).toHaveCount(2);

  await expect(await summaryRow(page, partner.name)).toContainText("£1.18");
});
