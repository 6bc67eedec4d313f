/** Shared e2e helpers: the demo logins and a sign-in through the real form. */
import { expect, test as base, type Page } from "@playwright/test";

export const ADMIN = { username: "admin", password: "admin-demo-1", initials: "AM" };
export const PARTNER = { username: "leeds-station", password: "partner-demo-1", initials: "LR" };
export const TIERED = { username: "york-health", password: "partner-demo-1" };
export const FEE_PAYING = { username: "harrogate-gym", password: "partner-demo-1" };

export async function signIn(page: Page, who: { username: string; password: string }) {
  await page.goto("/auth");
  await hydrated(page);
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname !== "/auth");
  await hydrated(page);
}

/**
 * Waits until the page's scripts have taken over (root.tsx marks <html data-hydrated>), so a click
 * lands on a handler; a page without JavaScript is ready as soon as it has loaded.
 */
export async function hydrated(page: Page) {
  const scripted = await page.evaluate(() => "__remixContext" in window);
  if (scripted) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The visible toast (Radix also keeps an off-screen live-region copy for screen readers). */
export const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");

/** Playwright's test, whose page.goto also waits for the page's scripts (see `hydrated`). */
export const test = base.extend({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      await hydrated(page);
      return response;
    };
    await provide(page);
  },
});
export { expect };
