/**
 * Wide tables on a phone: at 375px a table scrolls sideways inside its card (ScrollTable,
 * app/components/scroll-table.tsx). Its last column can be scrolled into view, by keyboard too; its
 * first column stays where it is; the page itself never scrolls sideways; axe finds nothing.
 * Read only: no data changes.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { ADMIN, expect, signIn, test } from "./fixtures.ts";

test.use({ viewport: { width: 375, height: 812 } });

async function checkScrollTable(page: Page, region: Locator) {
  await expect(region).toBeVisible();
  await region.scrollIntoViewIfNeeded();
  const first = region.locator("thead th").first();
  const last = region.locator("thead th").last();
  const viewport = page.viewportSize()!;

  // The table is wider than the phone: its last column starts cut off, inside the region.
  const { scrollWidth, clientWidth } = await region.evaluate((el) => ({
    scrollWidth: el.scrollWidth,
    clientWidth: el.clientWidth,
  }));
  expect(scrollWidth, "the table is wider than its region").toBeGreaterThan(clientWidth);
  const lastBefore = (await last.boundingBox())!;
  expect(lastBefore.x + lastBefore.width).toBeGreaterThan(viewport.width);
  const firstBefore = (await first.boundingBox())!;

  // The region takes the keyboard focus, and the arrow keys scroll it.
  await region.focus();
  await expect(region).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect.poll(() => region.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);

  // Scrolled to its end, the last column is on the screen and the first has not moved.
  await region.evaluate((el) => el.scrollTo({ left: el.scrollWidth, behavior: "instant" }));
  await expect
    .poll(async () => {
      const box = (await last.boundingBox())!;
      return box.x >= 0 && box.x + box.width <= viewport.width;
    })
    .toBe(true);
  const firstAfter = (await first.boundingBox())!;
  expect(firstAfter.x).toBeCloseTo(firstBefore.x, 0);
  // The last body cell is on screen too (the status or the actions of the first row).
  const lastCell = (await region.locator("tbody tr").first().locator("th, td").last().boundingBox())!;
  expect(lastCell.x + lastCell.width).toBeLessThanOrEqual(viewport.width);

  const pageWidth = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: window.innerWidth,
  }));
  expect(pageWidth.scroll, "no horizontal overflow of the page").toBeLessThanOrEqual(pageWidth.inner);

  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
}

// My Fee Payments and the invoice list are cards on a phone instead (money-phone.spec.ts).
test("the statement of account scrolls sideways inside its card at 375px", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/partners/5");
  await checkScrollTable(page, page.getByRole("region", { name: "Statement of account", exact: true }));
});

test("the audit log scrolls sideways inside its card at 375px", async ({ page }) => {
  await signIn(page, ADMIN);
  await page.goto("/admin/audit");
  await checkScrollTable(page, page.getByRole("region", { name: "Audit log", exact: true }));
});
