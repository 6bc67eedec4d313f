/**
 * The accounting export from the admin dashboard: choose last month, Xero and the commission bills,
 * preview the rows, download the file and read it back against the preview; then the sales in Sage's
 * layout. Screenshots at 1280 and 375 px wide (the page never runs wider than the phone).
 */
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { ADMIN, expect, signIn, test } from "./fixtures.ts";

function lastMonth(back = 1) {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  return {
    ym: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`,
    label: d.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }),
  };
}

test("choose month, package and kind, preview the rows, download the file", async ({ page }, testInfo) => {
  const month = lastMonth();
  await signIn(page, ADMIN);
  await page.goto("/admin");
  await page.getByRole("link", { name: "Accounting Export" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Accounting Export" })).toBeVisible();

  await page.getByLabel("Month").selectOption(month.ym);
  await page.getByLabel("Accounting package").selectOption("xero");
  await page.getByLabel("What to export").selectOption("bills");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL(new RegExp(`month=${month.ym}&format=xero&kind=bills`));
  await expect(page.getByText("Amounts are tax exclusive")).toBeVisible();

  const table = page.getByRole("region", { name: "Rows of the file" });
  await expect(table.getByRole("columnheader", { name: "ContactName" })).toBeVisible();
  const previewRows = await table
    .locator("tbody tr")
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll("td")].map((td) => td.textContent ?? "")));
  expect(previewRows.length).toBeGreaterThan(0);
  // Every bill is the month's statement number, dated the month's last day.
  for (const row of previewRows) expect(row[10]).toMatch(new RegExp(`^ST-${month.ym.replace("-", "")}-\\d+`));

  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`)).toEqual([]);
  await page.screenshot({ path: testInfo.outputPath("accounting-1280.png"), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: testInfo.outputPath("accounting-375.png"), fullPage: true });
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 900 });

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: /^Download xero-bills-/ }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`xero-bills-${month.ym}.csv`);
  const text = fs.readFileSync(await download.path(), "utf8");
  const lines = text.trimEnd().split("\r\n");
  expect(lines[0]).toBe(
    "ContactName,EmailAddress,POAddressLine1,POAddressLine2,POAddressLine3,POAddressLine4,POCity,PORegion,POPostalCode,POCountry,InvoiceNumber,Reference,InvoiceDate,DueDate,Description,Quantity,UnitAmount,Discount,AccountCode,TaxType,TaxAmount,TrackingName1,TrackingOption1,Currency",
  );
  expect(lines).toHaveLength(previewRows.length + 1);

  // Downloaded once, the month has nothing new to import.
  await page.getByLabel("Only what was not exported before").check();
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL(/&new=1/);
  await expect(page.getByText("Nothing to export for this month.")).toBeVisible();
  await page.getByLabel("Only what was not exported before").uncheck();

  // The sales in Sage's quick-entry layout.
  await page.getByLabel("Accounting package").selectOption("sage");
  await page.getByLabel("What to export").selectOption("sales");
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page.getByRole("columnheader", { name: "Customer Reference" })).toBeVisible();
});

test("the Settings page's accounting form saves a package's accounts", async ({ page }, testInfo) => {
  await signIn(page, ADMIN);
  await page.goto("/admin/settings");
  const form = page.getByRole("form", { name: "Accounting settings" });
  await expect(form.getByLabel("Fee income account").first()).toHaveValue("200");
  const section = page.getByRole("region", { name: "Accounting exports" });
  await section.screenshot({ path: testInfo.outputPath("accounting-settings-1280.png") });
  await page.setViewportSize({ width: 375, height: 800 });
  await section.screenshot({ path: testInfo.outputPath("accounting-settings-375.png") });
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)).toBe(false);
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByLabel("Tracking category (optional)").first().fill("Region");
  await form.getByLabel("Tracking option (optional)").first().fill("North");
  await form.getByRole("button", { name: "Save accounting settings" }).click();
  await expect(page.getByText("Accounting settings saved").first()).toBeVisible();
  await page.reload();
  await expect(form.getByLabel("Tracking category (optional)").first()).toHaveValue("Region");
});

test.describe("Accounting Export without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the choice is a plain GET form, QuickBooks' bills say why there is no file, the payments download", async ({
    page,
  }) => {
    const month = lastMonth();
    await signIn(page, ADMIN);
    await page.goto("/admin/accounting");
    await page.getByLabel("Month").selectOption(month.ym);
    await page.getByLabel("Accounting package").selectOption("quickbooks");
    await page.getByLabel("What to export").selectOption("bills");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page).toHaveURL(new RegExp(`month=${month.ym}&format=quickbooks&kind=bills`));
    await expect(page.getByText("takes invoices but no bills")).toBeVisible();
    await expect(page.getByRole("link", { name: /^Download/ })).toHaveCount(0);

    // The demo pays each month's commission on the 10th of the next: the month before last has payments.
    const paid = lastMonth(2);
    await page.getByLabel("Month").selectOption(paid.ym);
    await page.getByLabel("What to export").selectOption("payments");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("columnheader", { name: "Direction" })).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: `Download quickbooks-payments-${paid.ym}.csv` }).click(),
    ]);
    const text = fs.readFileSync(await download.path(), "utf8");
    const [header, ...rows] = text.trimEnd().split("\r\n");
    expect(header).toBe("Date,Direction,Payee,Amount,Reference,Document");
    expect(rows.some((r) => r.includes(",Paid,") && r.includes(" COMM "))).toBe(true);
  });
});
