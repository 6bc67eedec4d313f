/**
 * The product cost list on Products Analytics (/admin/products): one product's cost set from a day; a
 * sheet uploaded with a name no product has, listed and added only once confirmed; the list shows
 * the cost in force and a later change. With and without JavaScript. Each run's names carry a tag of
 * their own, so earlier runs' products never match.
 */
import { expect, ADMIN, signIn, test, toast } from "./fixtures.ts";

const tagOf = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const csv = (name: string, rows: string[][]) => ({
  name,
  mimeType: "text/csv",
  buffer: Buffer.from(rows.map((r) => r.join(",")).join("\r\n")),
});

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the cost list ${javaScriptEnabled ? "with" : "without"} JavaScript`, () => {
    test.use({ javaScriptEnabled });

    test("sets one cost, uploads a sheet with a new name confirmed, and lists the costs", async ({
      page,
    }, testInfo) => {
      const tag = tagOf();
      await signIn(page, ADMIN);
      await page.goto("/admin/products");
      const section = page.getByRole("region", { name: "Cost list", exact: true });
      await expect(section.getByRole("heading", { name: "Cost list" })).toBeVisible();

      // A name no product has is asked about first, nothing saved.
      await section.getByLabel("Product name").fill(`Lion Bar ${tag}`);
      await section.getByLabel("Cost per unit, ex VAT (£)").fill("0.39");
      await section.getByLabel("From").fill("2026-09-01");
      await section.getByRole("button", { name: "Save cost" }).click();
      await expect(section.getByText(`No product is named 'Lion Bar ${tag}'. Nothing was saved`)).toBeVisible();
      await section.getByRole("button", { name: "Add 1 product and save" }).click();
      if (javaScriptEnabled) await expect(toast(page)).toContainText("Product costs saved");
      const row = (name: string) => section.getByRole("row", { name: new RegExp(name) });

      // A sheet: one new name, one dated change after today.
      await section.getByLabel("Cost sheet (.xlsx, .xls or .csv)").setInputFiles(
        csv("costs.csv", [
          ["Product Name", "Cost", "From"],
          [`Boost ${tag}`, "0.52", "2026-10-01"],
          [`lion bar ${tag} `, "0.45", "01/01/2099"],
        ]),
      );
      await section.getByRole("button", { name: "Upload costs" }).click();
      await expect(section.getByText(`No product is named 'Boost ${tag}'. Nothing was saved`)).toBeVisible();
      if (javaScriptEnabled) {
        await page.setViewportSize({ width: 375, height: 900 });
        await section.getByRole("alert").scrollIntoViewIfNeeded();
        await page.screenshot({ path: testInfo.outputPath("cost-question-375.png") });
        await page.setViewportSize({ width: 1280, height: 900 });
      }
      await section.getByRole("button", { name: "Add 1 product and save" }).click();
      if (javaScriptEnabled) await expect(toast(page)).toContainText("Product costs saved");
      await expect(row(`Boost ${tag}`)).toContainText("£0.52");
      await expect(row(`Lion Bar ${tag}`)).toContainText("£0.39");
      await expect(row(`Lion Bar ${tag}`)).toContainText("£0.45 from 01/01/2099");

      // All Products shows a product's cost list cost where it has one (a demo product with sales).
      if (javaScriptEnabled) {
        await section.getByLabel("Product name").fill("Twix Twin");
        await section.getByLabel("Cost per unit, ex VAT (£)").fill("0.50");
        await section.getByLabel("From").fill("2026-01-01");
        // The sheet's toast may still be up: closed first, so the toast waited for is this save's.
        for (const close of await toast(page).getByRole("button", { name: "Close" }).all())
          await close.click({ timeout: 2_000 }).catch(() => undefined);
        await expect(toast(page)).toHaveCount(0);
        await section.getByRole("button", { name: "Save cost" }).click();
        await expect(toast(page)).toContainText("Product costs saved");
        await page.goto("/admin/products?q=Twix%20Twin");
        await expect(page.getByRole("tabpanel").getByRole("row", { name: /Twix Twin/ })).toContainText(
          "£0.50cost list",
        );
        for (const width of [1280, 375]) {
          await page.setViewportSize({ width, height: 900 });
          await section.scrollIntoViewIfNeeded();
          await section.screenshot({ path: testInfo.outputPath(`cost-list-${width}.png`) });
          await page.getByRole("tabpanel").screenshot({ path: testInfo.outputPath(`all-products-cost-${width}.png`) });
        }
      }
    });
  });
}
