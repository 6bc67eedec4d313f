/**
 * Map columns (/admin/import/profile): an export with unknown headers on row 4 is refused with the
 * spec's words and Map columns beside them; mapped on the page, saved as a profile, previewed through
 * it and imported; a second file of the same layout is then recognised without mapping. The same
 * again without JavaScript. Each run's headers carry a tag of their own, so earlier runs' profiles
 * never match.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import * as XLSX from "xlsx";
import { ADMIN, expect, signIn, test, toast } from "./fixtures.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A Cantaloupe-like export for the month in progress: Leeds's sales at £1.10 (cost 43p), the second declined. */
function layoutFile(name: string, tag: string, count: number) {
  const month = new Date().toISOString().slice(0, 7);
  const base = 9_600_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  const rows = Array.from({ length: count }, (_, i) => [
    "Leeds Station Concourse",
    String(base + i),
    `${month}-01 0${i}:15:00`,
    "Twix",
    1.1,
    1.1,
    0.43,
    i === 1 ? "Declined" : "Success",
  ]);
  const sheet = XLSX.utils.aoa_to_sheet([
    ["Cantaloupe Seed transactions"],
    ["Operator: Harbour Vending"],
    [`Export ${tag}`],
    [
      `Device ${tag}`,
      "Txn",
      "Machine Authorization Time",
      "Product Selection Info",
      "Amount",
      "Item Price",
      "Unit Cost",
      "Status",
    ],
    ...rows,
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Transactions");
  return { name, mimeType: XLSX_TYPE, buffer: Buffer.from(XLSX.write(book, { type: "buffer", bookType: "xlsx" })) };
}

const tagOf = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

async function previewFile(page: Page, file: ReturnType<typeof layoutFile>) {
  await page.goto("/admin/import");
  await page.getByLabel("Exports (.xlsx, .xls or .csv, one or more)").setInputFiles(file);
  await page.getByRole("button", { name: "Preview" }).click();
}

/** The refusal, the mapping page (its first rows and guesses), the answer saved: back on the preview. */
async function mapColumns(
  page: Page,
  fileName: string,
  tag: string,
  profile: string,
  shots?: (name: string) => string,
) {
  const refusal = page.getByRole("alert").filter({ hasText: fileName });
  await expect(refusal).toContainText(`${fileName}: Missing required headers: `);
  await expect(refusal).toContainText("Cost Price");
  await refusal.getByRole("link", { name: "Map columns" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Map Columns" })).toBeVisible();
  const firstRows = page.getByRole("region", { name: `First rows of ${fileName}` });
  await expect(firstRows.getByRole("row", { name: /Headers/ })).toContainText(`Device ${tag}`);
  // The first guess: the headers' row and each column from its name.
  await expect(page.getByLabel("Machine name", { exact: true })).toHaveValue(`Device ${tag}`);
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue("Machine Authorization Time");
  await expect(page.getByLabel("Product name", { exact: true })).toHaveValue("Product Selection Info");
  await expect(page.getByLabel("Status (optional)")).toHaveValue("Status");
  await expect(page.getByText("Values in the status column: Success, Declined.")).toBeVisible();
  await page.getByLabel("Settlement value", { exact: true }).selectOption("Amount");
  await page.getByLabel("Machine price", { exact: true }).selectOption("Item Price");
  await page.getByLabel("Cost price per unit").selectOption("Unit Cost");
  await page.getByLabel("Time zone").selectOption("Europe/London");
  await page.getByLabel("Status values that count as a sale (comma-separated)").fill("Success");
  // Saved without a name: the message stands under the field.
  await page.getByRole("button", { name: "Save profile and preview" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Name the profile" }).first()).toBeVisible();
  if (shots) {
    await page.screenshot({ path: shots("map-columns-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: shots("map-columns-375.png"), fullPage: true });
    const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
    expect(wide).toBe(false);
    await page.setViewportSize({ width: 1280, height: 900 });
  }
  await page.getByLabel("Profile name").fill(profile);
  await page.getByRole("button", { name: "Save profile and preview" }).click();
  await page.waitForURL(/\/admin\/import\?/);
}

async function expectProfilePreview(page: Page, fileName: string, profile: string) {
  const preview = page.getByRole("region", { name: `${fileName} preview` });
  await expect(preview).toContainText(new RegExp(`Read with import profile "${profile}" \\(version \\d+\\)`));
  // Two of the three rows are sales: 2 × £1.10.
  await expect(preview.getByRole("row", { name: /Leeds Station Concourse/ })).toContainText("£2.20");
  await expect(preview).toContainText("status not counted as a sale");
}

test("a file with unknown headers is mapped on the page, previewed and imported; the next file of its layout is recognised", async ({
  page,
}, testInfo) => {
  const tag = tagOf();
  await signIn(page, ADMIN);
  await previewFile(page, layoutFile("seed-first.xlsx", tag, 3));
  await mapColumns(page, "seed-first.xlsx", tag, `Cantaloupe Seed ${tag}`, (n) => testInfo.outputPath(n));
  await expectProfilePreview(page, "seed-first.xlsx", `Cantaloupe Seed ${tag}`);
  await expect(page.getByText("Kept from before: seed-first.xlsx.", { exact: false })).toBeVisible();
  await expect(page.getByText("2 new rows would be added.")).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(toast(page)).toContainText("Exports imported");
  await expect(page.getByRole("region", { name: "seed-first.xlsx imported" })).toBeVisible();

  // The next export of the layout: recognised by its headers, previewed with no mapping.
  await previewFile(page, layoutFile("seed-second.xlsx", tag, 3));
  await expectProfilePreview(page, "seed-second.xlsx", `Cantaloupe Seed ${tag}`);
  await expect(page.getByRole("link", { name: "Map columns" })).toHaveCount(0);
  await expect(page.getByText("2 new rows would be added.")).toBeVisible();
});

test("the mapping page passes the accessibility checks", async ({ page }) => {
  const tag = tagOf();
  await signIn(page, ADMIN);
  await previewFile(page, layoutFile("seed-axe.xlsx", tag, 3));
  await page.getByRole("link", { name: "Map columns" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Map Columns" })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`)).toEqual([]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the same: refused, mapped, previewed through the profile and imported from the kept file", async ({ page }) => {
    const tag = tagOf();
    await signIn(page, ADMIN);
    await previewFile(page, layoutFile("seed-nojs.xlsx", tag, 3));
    await mapColumns(page, "seed-nojs.xlsx", tag, `Seed No Script ${tag}`);
    await expectProfilePreview(page, "seed-nojs.xlsx", `Seed No Script ${tag}`);
    await page.getByRole("button", { name: "Import", exact: true }).click();
    await expect(page.getByRole("region", { name: "seed-nojs.xlsx imported" })).toBeVisible();
  });
});
