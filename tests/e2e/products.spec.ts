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

  test("Machine Distribution: up to nine products; choosing one shows its machines; tab or search clears it", async ({
    page,
  }) => {
    await page.getByRole("tab", { name: "Machine Distribution" }).click();
    await expect(page.getByText("Select a product from above to view its distribution across machines")).toBeVisible();
    const buttons = page.getByRole("tabpanel").getByRole("link");
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
    await expect(dialog.getByLabel("Report period")).toHaveText(
      `September 1, ${new Date().getUTCFullYear()} - September 30, ${new Date().getUTCFullYear()}`,
    );
    const download = page.waitForEvent("download");
    await dialog.getByRole("link", { name: "Generate Report" }).click();
    expect((await download).suggestedFilename()).toBe(`product-sales-${new Date().getUTCFullYear()}-09.xlsx`);
    await expect(toast(page)).toContainText("Report Generated");
    await expect(dialog).toBeHidden();
  });
});

const YEAR = new Date().getUTCFullYear();
/** A browser that is not a bot: the server streams the page with the loading text first (entry.server.tsx). */
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36";

test.describe("Products Analytics: the view in the URL", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("search, tab, product and month live in the URL and survive a reload", async ({ page }) => {
    await page.goto("/admin/products");
    await page.getByRole("textbox", { name: "Search products" }).fill("coke");
    await expect(page).toHaveURL(/[?&]q=coke/);
    await page.getByRole("tab", { name: "Machine Distribution" }).click();
    await expect(page).toHaveURL(/[?&]tab=distribution/);
    await page.getByRole("tabpanel").getByRole("link").first().click();
    await expect(page).toHaveURL(/[?&]product=/);
    await expect(page.getByText(/This product is sold in \d+ machine\(s\)/)).toBeVisible();

    await page.getByRole("button", { name: "Select Month" }).click();
    await page.getByRole("combobox", { name: "Month of the year" }).click();
    await page.getByRole("option", { name: "March" }).click();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]month=${YEAR}-03`));
    await expect(page.getByText(`Report month: March ${YEAR} (March 1, ${YEAR} - March 31, ${YEAR})`)).toBeVisible();

    await page.reload();
    await expect(page.getByRole("textbox", { name: "Search products" })).toHaveValue("coke");
    await expect(page.getByRole("tab", { name: "Machine Distribution" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText(/This product is sold in \d+ machine\(s\)/)).toBeVisible();
    await expect(page.getByText(`Report month: March ${YEAR}`)).toBeVisible();
    await page.goBack();
    await expect(page).not.toHaveURL(/month=/);
  });

  test("'Loading data...' shows while a new month loads", async ({ page }) => {
    await page.goto("/admin/products");
    // The month's data (Remix's single fetch) answers late.
    await page.route(
      (url) => url.pathname.endsWith("/admin/products.data"),
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
    );
    await page.getByRole("button", { name: "Select Month" }).click();
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("Loading data...")).toBeVisible();
    await expect(page.getByText("Loading data...")).toBeHidden();
    await expect(page.getByRole("tabpanel").getByRole("columnheader", { name: "Product Name" })).toBeVisible();
  });

  test("the page is streamed: 'Loading product data...' first, the tables after", async ({ page }) => {
    const response = await page.request.get("/admin/products", { headers: { "user-agent": BROWSER_UA } });
    const html = await response.text();
    const loading = html.indexOf("Loading product data...");
    expect(loading).toBeGreaterThan(0);
    expect(html.indexOf("Product Name")).toBeGreaterThan(loading);
  });
});

test.describe("Products Analytics without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("the month picker, search, tabs and product choices are forms and links; Generate Report is the workbook's link", async ({
    page,
  }) => {
    await page.goto("/admin/products");
    await page.getByRole("combobox", { name: "Month of the year" }).selectOption({ label: "September" });
    await page.getByRole("combobox", { name: "Year", exact: true }).selectOption(String(YEAR));
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/products\\?month=${YEAR}-09$`));
    await expect(
      page.getByText(`Report month: September ${YEAR} (September 1, ${YEAR} - September 30, ${YEAR})`),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Generate Report" })).toHaveAttribute(
      "href",
      `/api/products/report?month=${YEAR}-09`,
    );

    const search = page.getByRole("textbox", { name: "Search products" });
    await search.fill("COKE");
    await search.press("Enter");
    await expect(page).toHaveURL(/q=COKE/);
    await expect(page).toHaveURL(new RegExp(`month=${YEAR}-09`));
    const table = page.getByRole("tabpanel");
    await expect(table.getByRole("row", { name: /Diet Coke 330ml/ })).toBeVisible();
    await expect(table.getByRole("row", { name: /Twix Twin/ })).toHaveCount(0);

    await page.getByRole("tab", { name: "Top Performers" }).click();
    await expect(page.getByRole("heading", { name: "Top 10 by Sales" })).toBeVisible();
    await page.getByRole("tab", { name: "Machine Distribution" }).click();
    await expect(page.getByText("Select a product from above to view its distribution across machines")).toBeVisible();
    await page
      .getByRole("tabpanel")
      .getByRole("link", { name: /Diet Coke 330ml/ })
      .click();
    await expect(page.getByText(/This product is sold in \d+ machine\(s\)/)).toBeVisible();
    await expect(page).toHaveURL(/q=COKE/);
  });

  test("a browser without JavaScript sees the streamed tables, not the loading text", async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false, userAgent: BROWSER_UA });
    const page = await context.newPage();
    await signIn(page, ADMIN);
    await page.goto("/admin/products?tab=top");
    await expect(page.getByRole("heading", { name: "Top 10 by Sales" })).toBeVisible();
    await expect(page.getByText("Loading product data...")).toBeHidden();
    await context.close();
  });
});
