/**
 * Visual checks: every page at 375 and 1280 px, and the main dialogs, get a
 * full-page screenshot in the test's attachments, no horizontal overflow, no text running out of its
 * box (layout-checks.ts) and 0 axe violations (WCAG 2.1 A and AA). Read only: no data changes, no
 * log out; one signed-in storage state per login and worker.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { ADMIN, FEE_PAYING, PARTNER, TIERED, expect, hydrated, test } from "./fixtures.ts";
import { cutOffControls, horizontalOverflow, outsideViewport, overflowingText } from "./layout-checks.ts";

type Login = { username: string; password: string };
const NON_PROFIT_SHARING: Login = { username: "bradford-library", password: "partner-demo-1" };
const WIDTHS = [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
];

type StorageState = Awaited<ReturnType<import("@playwright/test").APIRequestContext["storageState"]>>;
const states = new Map<string, Promise<StorageState>>();

const visual = test.extend<{ login: Login | null }>({
  login: [null, { option: true }],
  // Signs in once per login and worker through POST /api/login and reuses the cookie.
  storageState: async ({ login, playwright, baseURL }, provide) => {
    if (!login) return provide(undefined);
    let state = states.get(login.username);
    if (!state) {
      state = (async () => {
        const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { Origin: baseURL! } });
        const response = await request.post("/api/login", { data: login });
        expect(response.status(), `sign-in of ${login.username}`).toBe(200);
        const saved = await request.storageState();
        await request.dispose();
        return saved;
      })();
      states.set(login.username, state);
    }
    await provide(await state);
  },
});

/** A full-page screenshot, or the viewport's when a dialog is open (it is fixed to the viewport). */
async function screenshot(page: Page, testInfo: TestInfo, name: string, fullPage = true) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map((v) => `${v.id}: ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`);
}

/** The page's checks: a screenshot, then overflow, text and axe, all reported together. */
async function checkPage(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForLoadState("networkidle");
  await screenshot(page, testInfo, name);
  expect.soft(await horizontalOverflow(page), "document wider than the viewport by (px)").toBe(0);
  expect.soft(await overflowingText(page), "text running out of its box").toEqual([]);
  expect.soft(await cutOffControls(page), "controls cut off").toEqual([]);
  expect.soft(await axeViolations(page), "axe violations").toEqual([]);
}

const PAGES: { name: string; path: string; login: Login | null; status?: number }[] = [
  { name: "sign-in", path: "/auth", login: null },
  { name: "forgot password", path: "/auth/forgot", login: null },
  { name: "reset link expired", path: "/auth/reset/no-such-link", login: null },
  { name: "change password", path: "/account/password", login: PARTNER },
  { name: "dashboard profit-sharing", path: "/", login: PARTNER },
  { name: "dashboard tiered", path: "/", login: TIERED },
  { name: "dashboard fee-paying", path: "/", login: FEE_PAYING },
  { name: "dashboard non-profit-sharing", path: "/", login: NON_PROFIT_SHARING },
  { name: "admin dashboard", path: "/admin", login: ADMIN },
  { name: "admin invoices", path: "/admin/invoices", login: ADMIN },
  { name: "admin commissions", path: "/admin/commissions", login: ADMIN },
  { name: "admin payouts", path: "/admin/payouts", login: ADMIN },
  { name: "admin products", path: "/admin/products", login: ADMIN },
  { name: "admin import", path: "/admin/import", login: ADMIN },
  { name: "admin audit", path: "/admin/audit", login: ADMIN },
  { name: "admin settings", path: "/admin/settings", login: ADMIN },
  { name: "admin accounting", path: "/admin/accounting?format=xero&kind=bills", login: ADMIN },
  { name: "admin users", path: "/admin/users", login: ADMIN },
  { name: "partner page", path: "/partners/2", login: ADMIN },
  // harrogate-gym (the demo's fifth account): fee payments and the statement of account.
  { name: "partner page fee-paying", path: "/partners/5", login: ADMIN },
  { name: "404", path: "/no-such-page", login: ADMIN, status: 404 },
];

/** Checks still failing while their pages are being fixed (name@width → the overflow seen). */
const KNOWN: Record<string, string> = {};

for (const viewport of WIDTHS) {
  visual.describe(`Visual checks at ${viewport.width}px`, () => {
    visual.use({ viewport });

    for (const { name, path, login, status } of PAGES) {
      visual.describe(() => {
        visual.use({ login });
        visual(`${name} (${path})`, async ({ page }, testInfo) => {
          const known = KNOWN[`${name}@${viewport.width}`];
          visual.fixme(Boolean(known), known ?? "");
          const response = await page.goto(path);
          expect(response?.status()).toBe(status ?? 200);
          await checkPage(page, testInfo, `${name.replace(/\W+/g, "-")}-${viewport.width}`);
        });
      });
    }

    visual.describe(() => {
      visual.use({ login: ADMIN });
      visual("dialog: Add Partner (/admin)", async ({ page }, testInfo) => {
        const known = KNOWN[`Add Partner@${viewport.width}`];
        visual.fixme(Boolean(known), known ?? "");
        await page.goto("/admin");
        await page.getByRole("button", { name: "Add Partner" }).click();
        await checkDialog(page, testInfo, "Add Partner", viewport.width);
      });
    });

    visual.describe(() => {
      visual.use({ login: PARTNER });
      for (const [button, title] of [
        ["View Performance History", "Performance History"],
        ["Popular Items", "Popular Items"],
      ]) {
        visual(`dialog: ${title} (machine card on /)`, async ({ page }, testInfo) => {
          const known = KNOWN[`${title}@${viewport.width}`];
          visual.fixme(Boolean(known), known ?? "");
          await page.goto("/");
          await page.getByRole("article").first().getByRole("button", { name: button }).click();
          await checkDialog(page, testInfo, title, viewport.width);
        });
      }
    });
  });
}

async function checkDialog(page: Page, testInfo: TestInfo, title: string, width: number) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await page.waitForLoadState("networkidle");
  // Let the opening animation finish before measuring.
  await dialog.evaluate((el) =>
    Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
  );
  await hydrated(page);
  await screenshot(page, testInfo, `dialog-${title.replace(/\W+/g, "-")}-${width}`, false);
  expect.soft(await outsideViewport(page, dialog), "dialog outside the viewport").toBe("");
  expect.soft(await horizontalOverflow(page), "document wider than the viewport by (px)").toBe(0);
  expect.soft(await overflowingText(page, dialog), "text running out of its box").toEqual([]);
  expect.soft(await axeViolations(page), "axe violations").toEqual([]);
}
