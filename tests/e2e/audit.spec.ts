import { ADMIN, PARTNER, expect, signIn, test, toast } from "./fixtures.ts";
import type { Page } from "@playwright/test";

/** A profit-sharing partner of its own at 10%, so this test's changes are the only ones about it. */
async function newPartner(page: Page) {
  const username = `audit-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
  const response = await page.request.post("/api/register", {
    data: {
      username,
      password: "audit-partner-1",
      name: `Audit ${username}`,
      partnerType: "profit-sharing",
      commissionPercentage: "0.10",
      email: `${username}@example.com`,
      billingAddress: "1 Audit Row, Leeds",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

const thisMonth = () =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date());
const isoMonth = () => new Date().toISOString().slice(0, 7);
const tomorrow = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

test.describe("Audit Trail", () => {
  test("a commission rate changed on the partner page shows in the trail, filtered by that partner, with before and after", async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    const partner = await newPartner(page);
    await page.goto(`/partners/${partner.id}`);
    await page.getByRole("button", { name: "Edit commission rate" }).click();
    await page.getByLabel("Commission rate (%)", { exact: true }).fill("12.5");
    await page.getByRole("button", { name: "Save commission rate" }).click();
    await expect(toast(page)).toContainText("Partner updated");

    await page.goto("/admin");
    await page.getByRole("link", { name: "Audit Trail" }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByRole("heading", { level: 1, name: "Audit Trail" })).toBeVisible();

    await page.getByLabel("Partner").selectOption({ label: partner.name });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(new RegExp(`partnerId=${partner.id}`));
    await expect(page.getByText("3 changes match these filters.")).toBeVisible();
    const rows = page.getByRole("table").getByRole("row");
    // Newest first: the rate change, the update that carried it, then the partner's creation.
    await expect(rows.nth(1)).toContainText(`Changed commission rate 10% → 12.5% from ${thisMonth()}`);
    await expect(rows.nth(1)).toContainText("Alex Morgan");
    await expect(rows.nth(1)).toContainText("rate: 10% → 12.5%");
    await expect(rows.nth(1).getByRole("link", { name: partner.name })).toHaveAttribute(
      "href",
      `/partners/${partner.id}`,
    );
    await expect(rows.nth(2)).toContainText("Updated partner details: commission rate");
    await expect(rows.nth(2)).toContainText("commission rate: 10% → 12.5%");
    await expect(rows.nth(3)).toContainText(`Added partner ${partner.name}`);

    // The business month the change affects, then a date of change after it: nothing.
    await page.getByLabel("Business month").fill(isoMonth());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("1 change matches these filters.")).toBeVisible();
    await page.getByLabel("Changed since").fill(tomorrow());
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page.getByText("No changes match these filters.")).toBeVisible();
    await expect(page.getByText("Page 1 of 1")).toBeVisible();

    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(page.getByLabel("Partner")).toHaveValue("");
  });

  test("newest first, a page at a time, with Previous and Next", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/audit");
    const pages = page.getByRole("navigation", { name: "Audit trail pages" });
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
    // 25 a page (and the header row); other tests may add entries meanwhile, so only the shape is checked.
    await expect(page.getByRole("table").getByRole("row")).toHaveCount(26);
    await expect(pages.getByRole("button", { name: "Previous" })).toBeDisabled();
    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/admin\/audit\?page=2$/);
    await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/admin\/audit$/);
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
  });

  test("a bad filter in the URL names the problem", async ({ page }) => {
    await signIn(page, ADMIN);
    const response = await page.goto("/admin/audit?month=2026-13");
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert").filter({ hasText: "Month must be YYYY-MM" })).toBeVisible();
  });

  test("a partner is sent to their dashboard", async ({ page }) => {
    await signIn(page, PARTNER);
    await page.goto("/admin/audit");
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("Audit Trail without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the filter form is a plain GET form", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/audit");
    await page.getByLabel("Partner").selectOption({ label: "Leeds Station Retail" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/\/admin\/audit\?partnerId=2&month=&since=$/);
    await expect(page.getByLabel("Partner")).toHaveValue("2");
    await expect(page.getByText(/\d+ changes? match(es)? these filters\./)).toBeVisible();
  });
});
