/**
 * Money on a phone: at 375px each row of the money tables (the commission summary,
 * Invoice Management, payouts, a fee-paying partner's invoice history and the partner's own My Fee
 * Payments) is a card with its partner, amount, status and actions all on the screen, no sideways
 * scrolling; no amount, invoice id or date breaks across lines; every action has a visible word.
 * At 1280px the same tables are still tables. Both widths are screenshotted. Read only.
 */
import type { Locator, Page, TestInfo } from "@playwright/test";
import { ADMIN, FEE_PAYING, expect, signIn, test, toast } from "./fixtures.ts";
import { horizontalOverflow, outsideViewport } from "./layout-checks.ts";

type Login = { username: string; password: string };
const PAGES: { name: string; path: string; login: Login; tables: string[] }[] = [
  { name: "commissions", path: "/admin/commissions", login: ADMIN, tables: ["Commissions by partner"] },
  { name: "invoices", path: "/admin/invoices", login: ADMIN, tables: ["Invoices"] },
  { name: "payouts", path: "/admin/payouts", login: ADMIN, tables: ["Partners to pay", "Partners left out"] },
  // harrogate-gym (the demo's fifth account) pays a fee.
  {
    name: "partner-fee-paying",
    path: "/partners/5",
    login: ADMIN,
    tables: ["Invoice history", "Payments and credit notes"],
  },
  { name: "my-fee-payments", path: "/", login: FEE_PAYING, tables: ["My fee payments"] },
];

/** Money figures, invoice ids and dates as the tables write them. */
const FIGURE = /-?£[\d,]+\.\d{2}|\b[\d,]+\.\d{2}\b|INV-\d{5}|\d{2}\/\d{2}\/\d{4}/g;

/** Each figure inside `within` that the browser lays out on more than one line. */
async function brokenFigures(within: Locator): Promise<string[]> {
  return within.evaluate((root, source) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of (node.textContent ?? "").matchAll(new RegExp(source, "g"))) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set(Array.from(range.getClientRects(), (r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(`"${match[0]}" on ${tops.size} lines`);
      }
    }
    return broken;
  }, FIGURE.source);
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** The visible tables among `names` (payouts shows one or both, by the month's data). */
async function presentTables(page: Page, names: string[]): Promise<Locator[]> {
  const found: Locator[] = [];
  for (const name of names) {
    const region = page.getByRole("region", { name, exact: true });
    if (await region.count()) found.push(region);
  }
  expect(found.length, `one of ${names.join(", ")} is on the page`).toBeGreaterThan(0);
  return found;
}

test.describe("money tables at 375px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const { name, path, login, tables } of PAGES) {
    test(`${name} (${path}): every row's money, status and actions are on the screen`, async ({ page }, testInfo) => {
      await signIn(page, login);
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await shoot(page, testInfo, `${name}-375`);
      expect(await horizontalOverflow(page), "document wider than the viewport by (px)").toBe(0);

      for (const region of await presentTables(page, tables)) {
        const scroll = await region.evaluate((el) => el.scrollWidth - el.clientWidth);
        expect(scroll, "the table does not scroll sideways").toBeLessThanOrEqual(0);
        // The header row is there for screen readers, hidden from sight (each cell names itself).
        expect((await region.locator("thead").boundingBox())?.height ?? 0).toBeLessThanOrEqual(1);
        const rows = region.locator("tbody tr");
        expect(await rows.count()).toBeGreaterThan(0);

        for (const row of await rows.all()) {
          const label = (await row.locator("th").first().innerText()).trim();
          for (const cell of await row.locator("th, td").all()) {
            // Not clipped by a box around it, and not off to a side.
            await cell.scrollIntoViewIfNeeded();
            await expect(cell, `a cell of ${label}`).toBeInViewport();
            expect(await outsideViewport(page, cell), `a cell of ${label}`).toBe("");
          }
          // Each value is named: every cell but the row header and the actions carries its column's name.
          for (const cell of await row.locator("td").all()) {
            const controls = await cell.locator("button, a.rt-BaseButton, a.rt-IconButton").count();
            if (!controls) expect(await cell.getAttribute("data-label"), `a cell of ${label}`).toBeTruthy();
          }
          for (const control of await row.locator("button, a.rt-BaseButton, a.rt-IconButton").all()) {
            const name = (await control.getAttribute("aria-label")) ?? (await control.innerText());
            expect(await outsideViewport(page, control), `${name} in ${label}`).toBe("");
            expect((await control.innerText()).trim(), `${name} in ${label} has a visible word`).not.toBe("");
          }
        }
        expect(await brokenFigures(region), "figures broken across lines").toEqual([]);
      }
    });
  }
});

test.describe("money tables at 1280px", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const { name, path, login, tables } of PAGES) {
    test(`${name} (${path}): still a table`, async ({ page }, testInfo) => {
      await signIn(page, login);
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      await shoot(page, testInfo, `${name}-1280`);
      expect(await horizontalOverflow(page), "document wider than the viewport by (px)").toBe(0);
      for (const region of await presentTables(page, tables)) {
        await expect(region.locator("thead")).toBeVisible();
        const row = region.locator("tbody tr").first();
        expect(await row.evaluate((el) => getComputedStyle(el).display)).toBe("table-row");
        expect(await brokenFigures(region), "figures broken across lines").toEqual([]);
      }
    });
  }
});

test.describe("toasts on a phone", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  // Check Due Invoices changes nothing in the demo (no invoice is past its due date unpaid but pending).
  test("a dialog opened under a toast moves down out of its way", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/invoices");
    await page.getByRole("button", { name: "Check Due Invoices" }).click();
    const shown = toast(page);
    await expect(shown).toBeVisible();
    await page
      .getByRole("button", { name: /^Mark INV-\d{5} paid$/ })
      .first()
      .click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toBeVisible();
    await expect(shown).toBeVisible();
    // The toast's height is measured for the dialog's top padding.
    expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--vb-toast-room"))).toMatch(
      /^\d+(\.\d+)?px$/,
    );
    await expect
      .poll(async () => {
        const [top, bottom] = [(await dialog.boundingBox())!, (await shown.boundingBox())!];
        return top.y - (bottom.y + bottom.height);
      }, "room between the toast and the dialog (px)")
      .toBeGreaterThanOrEqual(0);
  });
});

test.describe("toasts on a wide screen", () => {
  // Narrow enough that the toast at the bottom right reaches under the centred dialog, and short
  // enough that the dialog would reach down to it.
  test.use({ viewport: { width: 960, height: 500 } });

  test("a dialog keeps room below it for the toast at the bottom right", async ({ page }, testInfo) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/invoices");
    await page.getByRole("button", { name: "Check Due Invoices" }).click();
    const shown = toast(page);
    await expect(shown).toBeVisible();
    await page
      .getByRole("button", { name: /^Mark INV-\d{5} paid$/ })
      .first()
      .click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toBeVisible();
    await expect(shown).toBeVisible();
    await expect
      .poll(async () => {
        const [box, over] = [(await dialog.boundingBox())!, (await shown.boundingBox())!];
        const apart = box.x + box.width <= over.x || box.y + box.height <= over.y;
        return apart ? 0 : box.y + box.height - over.y;
      }, "how far the dialog runs under the toast (px)")
      .toBe(0);
    await shoot(page, testInfo, "dialog-under-toast-960");
  });
});
