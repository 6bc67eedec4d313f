import { ADMIN, PARTNER, expect, signIn, test } from "./fixtures.ts";

const WIDE = { width: 1280, height: 800 };
const NARROW = { width: 375, height: 740 };

test.describe("Shared header", () => {
  test("is absent when signed out", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("link", { name: "Vendboard home" })).toHaveCount(0);
  });

  test("admin at 1280px: logo, three nav buttons with the active one highlighted, account menu", async ({ page }) => {
    await page.setViewportSize(WIDE);
    await signIn(page, ADMIN);
    const header = page.locator("header");
    await expect(header).toHaveCSS("position", "fixed");
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Commissions", "Invoices"]);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
    await nav.getByRole("link", { name: "Commissions" }).click();
    await expect(page).toHaveURL(/\/admin\/commissions$/);
    await expect(nav.getByRole("link", { name: "Commissions" })).toHaveAttribute("aria-current", "page");
    await expect(nav.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveText(ADMIN.initials);
    await page.getByRole("button", { name: "Account menu" }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByText("My Account")).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: ADMIN.username, exact: true })).toHaveAttribute(
      "aria-disabled",
      "true",
    );
    await expect(menu.getByRole("menuitem", { name: "Admins" })).toHaveAttribute("href", "/admin/users");
    await expect(menu.getByRole("menuitem", { name: "Change password" })).toHaveAttribute("href", "/account/password");
    await expect(menu.getByRole("menuitem", { name: "Log out", exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Log out everywhere" })).toBeVisible();
  });

  test("partner at 1280px: one Dashboard button to /", async ({ page }) => {
    await page.setViewportSize(WIDE);
    await signIn(page, PARTNER);
    const nav = page.getByRole("navigation", { name: "Main" });
    await expect(nav.getByRole("link")).toHaveText(["Dashboard"]);
    await expect(nav.getByRole("link", { name: "Dashboard" })).toHaveAttribute("href", "/");
    await expect(page.getByRole("button", { name: "Account menu" })).toHaveText(PARTNER.initials);
  });

  for (const who of [ADMIN, PARTNER]) {
    test(`${who.username} at 375px: nav hidden, logo and account menu kept`, async ({ page }) => {
      await page.setViewportSize(NARROW);
      await signIn(page, who);
      await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
      await expect(page.getByRole("link", { name: "Vendboard home" })).toBeVisible();
      await page.getByRole("button", { name: "Account menu" }).click();
      // Not clicked here: tests/e2e/auth.spec.ts and sessions.spec.ts log out; this one only checks the menu.
      await expect(page.getByRole("menuitem", { name: "Log out", exact: true })).toBeVisible();
    });
  }

  test("the logo links to / (and so an admin back to /admin)", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/invoices");
    await page.getByRole("link", { name: "Vendboard home" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});
