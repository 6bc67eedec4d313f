import AxeBuilder from "@axe-core/playwright";
import { ADMIN, FEE_PAYING, PARTNER, expect, signIn, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

/** WCAG 2.1 A and AA rules, as ARCHITECTURE.md names them. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  return results.violations.map(
    (v) => `${v.id}: ${v.help}: ${v.nodes.map((n) => `${n.target.join(" ")} [${n.any[0]?.message ?? ""}]`).join("; ")}`,
  );
}

test.describe("Accessibility (axe, WCAG 2.1 AA)", () => {
  test("the sign-in page", async ({ page }) => {
    await page.goto("/auth");
    expect(await violations(page)).toEqual([]);
  });

  for (const path of [
    "/admin",
    "/admin/commissions",
    "/admin/invoices",
    "/admin/products",
    "/admin/audit",
    "/admin/import",
    "/partners/3",
    "/partners/5",
  ]) {
    test(`admin page ${path}`, async ({ page }) => {
      await signIn(page, ADMIN);
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await violations(page)).toEqual([]);
    });
  }

  for (const who of [PARTNER, FEE_PAYING]) {
    test(`partner dashboard of ${who.username}`, async ({ page }) => {
      await signIn(page, who);
      await page.waitForLoadState("networkidle");
      expect(await violations(page)).toEqual([]);
    });
  }
});
