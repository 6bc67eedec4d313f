import { ADMIN, expect, signIn, test, toast } from "./fixtures.ts";

test.describe("Products Analytics", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/products");
    await expect(page.getByRole("heading", { level: 1, name: "Products Analytics" })).toBeVisible();
    await expect(page.getByRole("tab", { name: "All Products" })).toBeVisible();
  });

  test("All Products, search, and the empty text", async ({ page }) => {
    const table = page.getByRole("tabpanel");
    await expect(table.getByRole("columnheader", { name: "Product Name" })).toBeVisible();
    await expect(table.getByRole("row").nth(1)).toContainText("£");
    await page.getByRole("textbox", { name: "Search products" }).fill("COKE");
    await expect(table.getByRole("row", { name: /Diet Coke 330ml/ })).toBeVisible();
    await expect(table.getByRole("row", { name: /Twix Twin/ })).toHaveCount(0);
    await page.getByRole("textbox", { name: "Search products" }).fill("no such product");
    await expect(page.getByText("No products match your search criteria")).toBeVisible();
  });

  test("Top Performers shows two top-10 tables", async ({ page }) => {
    await page.getByRole("tab", { name: "Top Performers" }).click();
    for (const title of ["Top 10 by Sales", "Top 10 by Revenue"]) {
      await expect(page.getByRole("heading", { name: title })).toBeVisible();
      const rows = page.getByLabel(title, { exact: true }).getByRole("row");
      await expect(rows).toHaveCount(10);
      await expect(rows.first()).toContainText("1");
    }
  });

  test("Machine Distribution: up to nine products; choosing one shows its machines; tab or search clears it", async ({ page }) => {
    await page.getByRole("tab", { name: "Machine Distribution" }).click();
    await expect(page.getByText("Select a product from above to view its distribution across machines")).toBeVisible();
    const buttons = page.getByRole("tabpanel").getByRole("button");
    expect(await buttons.count()).toBeLessThanOrEqual(9);
    await buttons.first().click();
    await expect(page.getByText(/This product is sold in \d+ machine\(s\)/)).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "% of Total" })).toBeVisible();
    await expect(page.getByRole("tabpanel").getByRole("row").nth(1)).toContainText(/\d+\.\d%/);
    await page.getByRole("tab", { name: "All Products" }).click();
    await page.getByRole("tab", { name: "Machine Distribution" }).click();
    await expect(page.getByText("Select a product from above to view its distribution across machines")).toBeVisible();
    await buttons.first().click();
    await page.getByRole("textbox", { name: "Search products" }).fill("a");
    await expect(page.getByText("Select a product from above to view its distribution across machines")).toBeVisible();
  });

  test("Select Month then Generate Report downloads that month's workbook", async ({ page }) => {
    await page.getByRole("button", { name: "Select Month" }).click();
    await page.getByRole("combobox", { name: "Month of the year" }).click();
    await page.getByRole("option", { name: "September" }).click();
    await page.getByRole("combobox", { name: "Year", exact: true }).click();
    await expect(page.getByRole("option", { name: "2020" })).toBeVisible();
    await page.getByRole("option", { name: String(new Date().getUTCFullYear()) }).click();
    await page.getByRole("button", { name: "Apply" }).click();
    await page.getByRole("button", { name: "Generate Report" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate Product Sales Report" });
    await expect(dialog.getByLabel("Report period")).toHaveText(`September 1, ${new Date().getUTCFullYear()} - September 30, ${new Date().getUTCFullYear()}`);
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Generate Report" }).click();
    expect((await download).suggestedFilename()).toBe(`product-sales-${new Date().getUTCFullYear()}-09.xlsx`);
    await expect(toast(page)).toContainText("Report Generated");
    await expect(dialog).toBeHidden();
  });
});
