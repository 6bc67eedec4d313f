/**
 * Lists cut in pages on the server: /admin's partners and Invoice Management's tabs, 24 to
 * a page, with and without JavaScript. Each test makes its own partners or invoices through the API
 * (the demo has only a few), so its pages are its own whatever else the run creates.
 */
import { ADMIN, expect, signIn, test } from "./fixtures.ts";
import type { Page } from "@playwright/test";

/** 26 partners whose names and usernames share `stamp` (so one search finds them all), "Zz…" to sort last. */
async function partnersSharing(page: Page, stamp: string) {
  for (let n = 1; n <= 26; n++) {
    const two = String(n).padStart(2, "0");
    const username = `pager-${stamp}-${two}`;
    const response = await page.request.post("/api/register", {
      data: {
        username,
        password: "pager-partner-1",
        name: `Zz Pager ${stamp} ${two}`,
        partnerType: "non-profit-sharing",
        email: `${username}@example.com`,
        billingAddress: "1 Page Row, Leeds",
      },
    });
    expect(response.status()).toBe(201);
  }
}

/** A fee-paying partner with `count` pending invoices of its own (consecutive monthly periods). */
async function pendingInvoices(page: Page, stamp: string, count: number) {
  const username = `pager-fee-${stamp}`;
  const created = await page.request.post("/api/register", {
    data: {
      username,
      password: "pager-partner-1",
      name: `Pager Gym ${stamp}`,
      partnerType: "fee-paying",
      email: `${username}@example.com`,
      billingAddress: "2 Page Row, Leeds",
      monthlyFee: "20",
    },
  });
  expect(created.status()).toBe(201);
  const partner = (await created.json()) as { id: number };
  for (let n = 0; n < count; n++) {
    expect(
      (
        await page.request.post(`/api/fee-payments/generate-invoice/${partner.id}`, {
          data: { requestedPaymentPeriod: "monthly" },
        })
      ).status(),
    ).toBe(201);
  }
}

const stampOf = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const cards = (page: Page) => page.getByRole("article");
const pager = (page: Page, label: string) => page.getByRole("navigation", { name: `${label} pages` });

test.describe("Pages of partners and invoices", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("/admin: a search over every partner, 24 cards a page, Next and Previous in the URL; a new search starts at page 1", async ({
    page,
  }) => {
    test.slow(); // 26 partners through the API
    const stamp = stampOf();
    await partnersSharing(page, stamp);
    await page.goto(`/admin?q=${stamp}`);
    await expect(page.getByRole("heading", { name: /^Partners \(26 of \d+\)$/ })).toBeVisible();
    await expect(cards(page)).toHaveCount(24);
    await expect(cards(page).first()).toHaveAccessibleName(`Zz Pager ${stamp} 01`);
    const nav = pager(page, "Partners");
    await expect(nav).toContainText("1–24 of 26 · page 1 of 2");
    await expect(nav.getByRole("button", { name: "Previous page" })).toBeDisabled();

    await nav.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?q=${stamp}&page=2#partners$`));
    await expect(nav).toContainText("25–26 of 26 · page 2 of 2");
    // The new page opens at its start: the list's heading, below the fixed header.
    await expect(page.locator("#partners")).toBeInViewport();
    await expect(cards(page)).toHaveCount(2);
    await expect(cards(page).last()).toHaveAccessibleName(`Zz Pager ${stamp} 26`);
    await expect(nav.getByRole("button", { name: "Next page" })).toBeDisabled();
    // The count is of every match, not of the page.
    await expect(page.getByRole("heading", { name: /^Partners \(26 of \d+\)$/ })).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/admin\\?q=${stamp}$`));
    await expect(cards(page)).toHaveCount(24);
    await page.goForward();
    await expect(nav).toContainText("page 2 of 2");

    // Typing a new search goes back to page 1: "<stamp> 2" finds 20–26.
    await page.getByRole("searchbox", { name: "Search partners" }).fill(`${stamp} 2`);
    await expect(page).toHaveURL(new RegExp(`/admin\\?q=${stamp}\\+2$`));
    await expect(cards(page)).toHaveCount(7);
    await expect(page.getByRole("heading", { name: /^Partners \(7 of \d+\)$/ })).toBeVisible();
    await expect(pager(page, "Partners")).toHaveCount(0); // one page: no pager

    // A page past the end (the list shrank) shows the last page.
    await page.goto(`/admin?q=${stamp}&page=9`);
    await expect(pager(page, "Partners")).toContainText("25–26 of 26 · page 2 of 2");
  });

  test("/admin without a search: every partner in pages, the stats unchanged", async ({ page }) => {
    test.slow();
    await partnersSharing(page, stampOf()); // at least 26 partners besides the demo's
    await page.goto("/admin");
    const heading = page.getByRole("heading", { name: /^Partners \(\d+\)$/ });
    const total = Number((await heading.innerText()).match(/\((\d+)\)/)![1]);
    expect(total).toBeGreaterThan(24);
    await expect(cards(page)).toHaveCount(24);
    const nav = pager(page, "Partners");
    await expect(nav).toContainText(`1–24 of ${total} · page 1 of ${Math.ceil(total / 24)}`);
    const firstPage = await cards(page).evaluateAll((all) => all.map((card) => card.getAttribute("aria-label")));
    await nav.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/admin\?page=2#partners$/);
    // Other workers may add partners meanwhile: the total on page 2 is read again, and the pages are
    // compared only when nothing was added in between (an added partner may sort into page 1).
    await expect(nav).toContainText(/25–\d+ of \d+ · page 2 of/);
    const totalNow = Number(/ of (\d+) ·/.exec(await nav.innerText())![1]);
    await expect(nav).toContainText(`25–${Math.min(48, totalNow)} of ${totalNow} · page 2 of`);
    const secondPage = await cards(page).evaluateAll((all) => all.map((card) => card.getAttribute("aria-label")));
    if (totalNow === total) expect(secondPage.filter((name) => firstPage.includes(name))).toEqual([]);
    await expect(page.getByText("Total Partners", { exact: true })).toBeVisible();
  });

  test("/admin/invoices: a tab's pages, its count beside it; another tab starts at its page 1", async ({ page }) => {
    test.slow(); // 25 invoices through the API
    await pendingInvoices(page, stampOf(), 25);
    await page.goto("/admin/invoices?status=pending");
    const pending = page.getByRole("tab", { name: /^Pending/ });
    await expect(pending).toHaveAttribute("aria-selected", "true");
    const count = Number(/\d[\d,]*/.exec(await pending.innerText())![0].replace(/,/g, ""));
    expect(count).toBeGreaterThanOrEqual(25);
    const rows = page.getByRole("tabpanel").getByRole("row");
    await expect(rows).toHaveCount(1 + 24); // the header and a page
    const nav = pager(page, "Invoices");
    await expect(nav).toContainText(`1–24 of ${count} · page 1 of ${Math.ceil(count / 24)}`);
    await nav.getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\?status=pending&page=2#invoices$/);
    await expect(nav).toContainText(`page 2 of ${Math.ceil(count / 24)}`);
    await expect(pending).toBeInViewport();
    for (const text of (await rows.allInnerTexts()).slice(1)) expect(text).toContain("Pending");
    await page.getByRole("tab", { name: /^Paid/ }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\?status=paid$/);
    await expect(page.getByRole("tab", { name: /^All Invoices/ })).toContainText(/All Invoices\s*\d+/);
  });
});

test.describe("Pages without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the pager's links and the tabs work as plain links", async ({ page }) => {
    test.slow();
    await signIn(page, ADMIN);
    const stamp = stampOf();
    await partnersSharing(page, stamp);
    await page.goto(`/admin?q=${stamp}`);
    await expect(cards(page)).toHaveCount(24);
    await pager(page, "Partners").getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?q=${stamp}&page=2#partners$`));
    await expect(cards(page)).toHaveCount(2);
    await pager(page, "Partners").getByRole("link", { name: "Previous page" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?q=${stamp}#partners$`));
    // A new search (the Search button) starts at page 1.
    await page.goto(`/admin?q=${stamp}&page=2`);
    await page.getByRole("searchbox", { name: "Search partners" }).fill(`${stamp} 0`);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin\\?q=${stamp}\\+0$`));
    await expect(cards(page)).toHaveCount(9);

    await pendingInvoices(page, stamp, 25);
    await page.goto("/admin/invoices");
    await page.getByRole("tab", { name: /^Pending/ }).click();
    await pager(page, "Invoices").getByRole("link", { name: "Next page" }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\?status=pending&page=2#invoices$/);
    await page.getByRole("tab", { name: /^Overdue/ }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\?status=overdue$/);
  });
});
