/**
 * The header's Menu on phones (375px): where the spec hides the nav buttons, a sheet lists every page
 * of the role with the current one marked; keyboard, no-JavaScript and axe checks. Wide screens keep
 * the spec's bar and no Menu.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN, PARTNER, expect, signIn, test } from "./fixtures.ts";

const PHONE = { width: 375, height: 740 };
const ADMIN_PAGES = [
  ["Dashboard", "/admin", "Admin Dashboard"],
  ["Commissions", "/admin/commissions", "Commission Summary"],
  ["Invoices", "/admin/invoices", "Invoice Management"],
  ["Payouts", "/admin/payouts", "Commission Payouts"],
  ["Product Analytics", "/admin/products", "Products Analytics"],
  ["Import Exports", "/admin/import", "Import Exports"],
  ["Audit Trail", "/admin/audit", "Audit Trail"],
  ["Admins", "/admin/users", "Admins"],
  ["Settings", "/admin/settings", "Settings"],
] as const;

const menuButton = (page: Page) => page.locator("header summary", { hasText: "Menu" });
const sheet = (page: Page) => page.getByRole("navigation", { name: "Site menu", exact: true });

test.describe("Phone menu", () => {
  test.use({ viewport: PHONE });

  test("admin: the Menu lists every admin page, marks the current one, and goes to each", async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(sheet(page)).toBeHidden();
    for (const [label, path, title] of ADMIN_PAGES) {
      await menuButton(page).click();
      await expect(sheet(page).getByRole("link")).toHaveText(ADMIN_PAGES.map(([l]) => l));
      await sheet(page).getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
      // The sheet closes on the way; opened again, it marks this page, in more than colour.
      await expect(sheet(page)).toBeHidden();
      await menuButton(page).click();
      const current = sheet(page).locator('[aria-current="page"]');
      await expect(current).toHaveCount(1);
      await expect(current).toHaveText(label);
      await expect(current).toHaveCSS("font-weight", "700");
      await expect(
        sheet(page).getByRole("link", { name: label === "Dashboard" ? "Audit Trail" : "Dashboard" }),
      ).toHaveCSS("font-weight", "400");
      await page.keyboard.press("Escape");
      await expect(sheet(page)).toBeHidden();
    }
  });

  test("partner: the Menu holds their Dashboard, marked as the current page", async ({ page }) => {
    await signIn(page, PARTNER);
    await menuButton(page).click();
    await expect(sheet(page).getByRole("link")).toHaveText(["Dashboard"]);
    await expect(sheet(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/");
    await expect(sheet(page).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    expect(await axeViolations(page)).toEqual([]);
  });

  test("by keyboard: Enter opens it, Tab reaches the pages, Escape closes it and returns focus", async ({ page }) => {
    await signIn(page, ADMIN);
    await menuButton(page).focus();
    await page.keyboard.press("Enter");
    await expect(sheet(page)).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(sheet(page).getByRole("link", { name: "Dashboard" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(sheet(page).getByRole("link", { name: "Commissions" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(sheet(page)).toBeHidden();
    await expect(menuButton(page)).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Tab");
    await expect(sheet(page).getByRole("link", { name: "Invoices" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin\/invoices$/);
    await expect(sheet(page)).toBeHidden();
  });

  test("a tap outside the open sheet closes it", async ({ page }) => {
    await signIn(page, ADMIN);
    await menuButton(page).click();
    await expect(sheet(page)).toBeVisible();
    await page.mouse.click(180, 700);
    await expect(sheet(page)).toBeHidden();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("axe finds nothing with the sheet open", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/commissions");
    await menuButton(page).click();
    await expect(sheet(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the Menu opens and its links go to the page", async ({ page }) => {
      await signIn(page, ADMIN);
      await menuButton(page).click();
      await sheet(page).getByRole("link", { name: "Product Analytics" }).click();
      await expect(page).toHaveURL(/\/admin\/products$/);
      await menuButton(page).click();
      await expect(sheet(page).getByRole("link", { name: "Product Analytics" })).toHaveAttribute(
        "aria-current",
        "page",
      );
    });
  });
});

test("at 1280px there is no Menu: the spec's nav buttons show", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, ADMIN);
  await expect(menuButton(page)).toBeHidden();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText([
    "Dashboard",
    "Commissions",
    "Invoices",
  ]);
});

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`);
}
