/**
 * Issue 31, point 4 on the page: a change of a partner's bank details holds paying them ("Bank
 * details changed on …; payable from …"); the admin who made it is told another admin must confirm;
 * a second admin confirms with "How were they verified?" and the hold ends. Without JavaScript, and
 * with it the callout passes axe.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, test } from "./fixtures.ts";

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

/** A partner created with bank details (no change), then their account number changed by the demo admin. */
async function heldPartner(page: Page) {
  await signIn(page, ADMIN);
  const username = unique("bank");
  const registered = await page.request.post("/api/register", {
    data: {
      username,
      password: "bank-partner-1",
      name: `Bank ${username}`,
      partnerType: "profit-sharing",
      email: `${username}@example.com`,
      billingAddress: "Leeds",
      commissionPercentage: "0.10",
      accountHolderName: "Bank Test Ltd",
      sortCode: "05-01-23",
      accountNumber: "41234567",
    },
  });
  expect(registered.status()).toBe(201);
  const partner = (await registered.json()) as { id: number };
  // Given at creation: no hold.
  await page.goto(`/partners/${partner.id}`);
  await expect(page.getByText(/^Bank details changed on/)).toHaveCount(0);
  await expect(page.getByText("05-01-23")).toBeVisible();
  const changed = await page.request.patch(`/api/partners/${partner.id}`, { data: { accountNumber: "8765 4321" } });
  expect(changed.status()).toBe(200);
  return partner;
}

/** A second admin, signed in instead of the demo admin. */
async function asSecondAdmin(page: Page) {
  const second = unique("second-admin");
  const made = await page.request.post("/api/admin/users", {
    data: { username: second, name: "Second Admin", password: "second-admin-1" },
  });
  expect(made.status()).toBe(201);
  await page.context().clearCookies();
  await signIn(page, { username: second, password: "second-admin-1" });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a second admin confirms changed bank details on the partner page", async ({ page }) => {
    const partner = await heldPartner(page);
    await page.goto(`/partners/${partner.id}`);
    await expect(page.getByText(/^Bank details changed on .*; payable from /)).toBeVisible();
    await expect(page.getByText("You made this change")).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm bank details" })).toHaveCount(0);

    await asSecondAdmin(page);
    await page.goto(`/partners/${partner.id}`);
    await expect(page.getByText(/^Bank details changed on .*; payable from /)).toBeVisible();
    await page.getByLabel("How were they verified?").fill("called the site on its known number");
    await page.getByRole("button", { name: "Confirm bank details" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}$`));
    await expect(page.getByRole("status").filter({ hasText: "Bank details confirmed" })).toBeVisible();
    await expect(page.getByText(/^Bank details changed on/)).toHaveCount(0);
  });
});

test("the hold's callout and its form pass axe (WCAG 2.1 A and AA)", async ({ page }) => {
  const partner = await heldPartner(page);
  await asSecondAdmin(page);
  await page.goto(`/partners/${partner.id}`);
  await expect(page.getByRole("button", { name: "Confirm bank details" })).toBeVisible();
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`)).toEqual(
    [],
  );
});
