/**
 * Sessions are rows, in two browsers signed in as the same partner:
 * Log out on one leaves the other signed in; Log out everywhere on one signs both out. Screenshots
 * of the avatar menu at 375 and 1280 px.
 */
import type { Browser, Page } from "@playwright/test";
import { ADMIN, expect, signIn, test, toast } from "./fixtures.ts";

async function partnerOfItsOwn(page: Page, workerIndex: number) {
  await signIn(page, ADMIN);
  const username = `sessions-${Date.now().toString(36)}${workerIndex}`;
  const created = await page.request.post("/api/register", {
    data: {
      username,
      password: "sessions-partner-1",
      name: "Sessions Test",
      partnerType: "profit-sharing",
      email: `${username}@example.com`,
      billingAddress: "2 Device Row, York",
      commissionPercentage: "0.10",
    },
  });
  expect(created.status()).toBe(201);
  await page.context().clearCookies();
  return { username, password: "sessions-partner-1" };
}

async function secondBrowser(browser: Browser, who: { username: string; password: string }) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, who);
  return { context, page };
}

test.describe("Sessions", () => {
  test("Log out ends this browser's session only; Log out everywhere ends both", async ({
    page,
    browser,
  }, testInfo) => {
    const partner = await partnerOfItsOwn(page, testInfo.workerIndex);
    await signIn(page, partner);
    const other = await secondBrowser(browser, partner);

    // Log out here: the other browser stays signed in.
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out", exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await other.page.goto("/");
    await expect(other.page).toHaveURL(/\/$/);
    await expect(other.page.getByRole("button", { name: "Account menu" })).toBeVisible();

    // Signed in again here, then Log out everywhere from the other browser: both are signed out.
    await signIn(page, partner);
    await other.page.getByRole("button", { name: "Account menu" }).click();
    const menu = other.page.getByRole("menu");
    await expect(menu).toContainText(/Last signed in \d\d\/\d\d\/\d{4} \d\d:\d\d UTC/);
    await expect(menu.getByRole("menuitem", { name: "Log out everywhere" })).toBeVisible();
    // Past the menu's fade-in, so the screenshots show it.
    await expect(menu).toHaveCSS("opacity", "1");
    await other.page.screenshot({ path: testInfo.outputPath("avatar-menu-sessions-1280.png") });
    await other.page.keyboard.press("Escape");
    await other.page.setViewportSize({ width: 375, height: 740 });
    await other.page.getByRole("button", { name: "Account menu" }).click();
    await expect(menu.getByRole("menuitem", { name: "Log out everywhere" })).toBeVisible();
    // Past the menu's fade-in, so the screenshots show it.
    await expect(menu).toHaveCSS("opacity", "1");
    await other.page.screenshot({ path: testInfo.outputPath("avatar-menu-sessions-375.png") });
    await menu.getByRole("menuitem", { name: "Log out everywhere" }).click();
    await expect(other.page).toHaveURL(/\/auth$/);
    await expect(toast(other.page)).toContainText("Logged out everywhere");

    await page.goto("/");
    await expect(page).toHaveURL(/\/auth$/);
    await other.page.goto("/");
    await expect(other.page).toHaveURL(/\/auth$/);
    await other.context.close();
  });
});
