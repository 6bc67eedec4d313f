/**
 * /admin/settings: the business profile as the demo seeded it, a refused field and its
 * message, a save with its toast, the logo's preview, the page without JavaScript, a partner kept
 * out, axe. Every save here sends the demo's own values again, so other tests see the same business.
 */
import AxeBuilder from "@axe-core/playwright";
import { ADMIN, PARTNER, expect, signIn, test, toast } from "./fixtures.ts";

test.describe("Settings", () => {
  test("an admin reaches Settings from the dashboard and sees the demo business", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.getByRole("link", { name: "Settings" }).first().click();
    await expect(page).toHaveURL(/\/admin\/settings$/);
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
    await expect(page.getByLabel("Trading name")).toHaveValue("Vendboard Vending Ltd");
    await expect(page.getByLabel("Address")).toHaveValue("Unit 4, Aire Street Works\nAire Street\nLeeds LS1 4PR");
    await expect(page.getByLabel("VAT rate (%)")).toHaveValue("20");
    await expect(page.getByLabel("Sort code")).toHaveValue("40-11-62");
    await expect(page.getByRole("img", { name: "The current logo" })).toBeVisible();
    // The preview is the stored PNG, not a broken image.
    expect(
      await page.getByRole("img", { name: "The current logo" }).evaluate((img: HTMLImageElement) => img.naturalWidth),
    ).toBeGreaterThan(0);
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test("a wrong sort code is refused beside the field; corrected, the settings are saved with a toast", async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/settings");
    const sortCode = page.getByLabel("Sort code");
    await sortCode.fill("12-34");
    await page.getByRole("button", { name: "Save settings" }).click();
    const form = page.getByRole("form", { name: "Business settings" });
    await expect(form.getByText("Sort code must be 6 digits, like 12-34-56")).toBeVisible();
    await expect(sortCode).toHaveAttribute("aria-invalid", "true");
    // The keyboard is taken to the field to correct.
    await expect(sortCode).toBeFocused();
    await expect(toast(page)).toContainText("Failed to save settings");
    // What was typed is still there.
    await expect(page.getByLabel("Trading name")).toHaveValue("Vendboard Vending Ltd");
    await sortCode.fill("40 11 62");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page).filter({ hasText: "Settings saved" })).toBeVisible();
    await expect(sortCode).toHaveValue("40-11-62");
    await expect(form.getByText("Sort code must be 6 digits")).toHaveCount(0);
  });

  test("choosing a logo shows it before saving; a file that is not an image is refused at once", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/settings");
    const logo = await page.request.get("/resources/business-logo");
    expect(logo.headers()["content-type"]).toBe("image/png");
    const bytes = await logo.body();
    await page
      .getByLabel("Replace the logo")
      .setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") });
    await expect(page.getByText("The logo must be a PNG or JPEG image")).toBeVisible();
    await page.getByLabel("Replace the logo").setInputFiles({ name: "mark.png", mimeType: "image/png", buffer: bytes });
    await expect(page.getByRole("img", { name: "The chosen logo" })).toBeVisible();
    await expect(page.getByText("mark.png")).toBeVisible();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(toast(page).filter({ hasText: "Settings saved" })).toBeVisible();
    await expect(page.getByRole("img", { name: "The current logo" })).toBeVisible();
  });

  test("a partner is sent home", async ({ page }) => {
    await signIn(page, PARTNER);
    await page.goto("/admin/settings");
    await expect(page).toHaveURL(/\/$/);
    expect((await page.request.get("/resources/business-logo", { maxRedirects: 0 })).status()).toBe(302);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the form posts, shows a refused field with what was typed, then saves", async ({ page }) => {
      await signIn(page, ADMIN);
      await page.goto("/admin/settings");
      await page.getByLabel("Contact email").fill("accounts@");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page.getByRole("alert")).toContainText("Failed to save settings");
      await expect(
        page.getByRole("form", { name: "Business settings" }).getByText("Invalid email address"),
      ).toBeVisible();
      await expect(page.getByLabel("Contact email")).toHaveValue("accounts@");
      await page.getByLabel("Contact email").fill("accounts@vendboard.example");
      await page.getByRole("button", { name: "Save settings" }).click();
      await expect(page).toHaveURL(/\/admin\/settings$/);
      await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible();
      await expect(page.getByLabel("Contact email")).toHaveValue("accounts@vendboard.example");
    });
  });
});
