/**
 * Self-billing on the partner page: an admin starts a partner's agreement from the Self-billing
 * (VAT) card (with JavaScript and without), sees it in force, then lapsed once its review date has
 * passed; the card is checked at 375 and 1280px for overflow and text running out of its box.
 * Each test makes its own partner: the demo's partners keep their figures for the other specs.
 */
import type { Page, TestInfo } from "@playwright/test";
import { ADMIN, expect, signIn, test, toast } from "./fixtures.ts";
import { horizontalOverflow, overflowingText } from "./layout-checks.ts";

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

async function newPartner(page: Page) {
  const username = unique("selfbill");
  const registered = await page.request.post("/api/register", {
    data: {
      username,
      password: "selfbill-partner-1",
      name: `Self Billed ${username}`,
      partnerType: "profit-sharing",
      email: `${username}@example.com`,
      billingAddress: "1 High Street\nLeeds",
      commissionPercentage: "0.10",
    },
  });
  expect(registered.status()).toBe(201);
  return (await registered.json()) as { id: number };
}

const card = (page: Page) => page.locator("section[aria-labelledby='self-billing-heading']");

async function layoutChecks(page: Page, testInfo: TestInfo, name: string) {
  // The toast would cover the card on a phone.
  const close = toast(page).getByRole("button", { name: "Close" });
  if (await close.count())
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  await expect(toast(page)).toHaveCount(0);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await card(page).scrollIntoViewIfNeeded();
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await card(page).screenshot({ path });
    await testInfo.attach(`${name} ${width}px`, { path, contentType: "image/png" });
    expect.soft(await horizontalOverflow(page), `${name} at ${width}px: wider than the viewport (px)`).toBe(0);
    expect.soft(await overflowingText(page, card(page)), `${name} at ${width}px: text out of its box`).toEqual([]);
  }
}

test.describe("Self-billing (VAT) card", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("starts an agreement (review 12 months on by default), then shows it lapsed past its review", async ({
    page,
  }, testInfo) => {
    const partner = await newPartner(page);
    await page.goto(`/partners/${partner.id}`);
    await expect(card(page).getByTestId("self-billing-state")).toHaveText(
      "No self-billing agreement: commission is paid without VAT.",
    );
    // The form is drawn when asked for: a link, the same with and without JavaScript.
    await expect(card(page).getByLabel("Start date")).toHaveCount(0);
    await card(page).getByRole("link", { name: "Start self-billing" }).click();
    await card(page).getByLabel("Start date").fill("2026-11-01");
    await card(page).getByLabel("Partner's VAT number").fill("GB123456789");
    // The rate is never assumed: the field is required (and the server refuses a form without it).
    await expect(card(page).getByLabel("VAT rate (%)")).toHaveAttribute("required", "");
    await expect(card(page).getByLabel("VAT rate (%)")).toHaveValue("");
    await card(page).getByLabel("VAT rate (%)").fill("20");
    await card(page).getByRole("button", { name: "Start self-billing" }).click();
    await expect(toast(page).filter({ hasText: "Self-billing saved" })).toBeVisible();
    await expect(card(page).getByTestId("self-billing-state")).toContainText("In force until its review on 01/11/2027");
    await expect(card(page).getByText("GB123456789")).toBeVisible();
    // Saved, the card is back without its form.
    await expect(card(page).getByLabel("Start date")).toHaveCount(0);
    await layoutChecks(page, testInfo, "self-billing-in-force");

    await card(page).getByRole("link", { name: "Change or renew" }).click();
    await card(page).getByLabel("Start date").fill("2025-01-01");
    await card(page).getByLabel("Review date").fill("2025-12-31");
    await card(page).getByRole("button", { name: "Save self-billing" }).click();
    await expect(toast(page).filter({ hasText: "Lapsed: the review date 31/12/2025" })).toBeVisible();
    await expect(card(page).getByTestId("self-billing-state")).toContainText(
      "Lapsed: the review date 31/12/2025 passed without renewal",
    );
    await layoutChecks(page, testInfo, "self-billing-lapsed");
  });
});

test.describe("Self-billing without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the card's form saves the agreement and End self-billing asks first", async ({ page }) => {
    await signIn(page, ADMIN);
    const partner = await newPartner(page);
    await page.goto(`/partners/${partner.id}`);
    await card(page).getByRole("link", { name: "Start self-billing" }).click();
    // A refused save draws the form again with its message.
    await card(page).getByLabel("Start date").fill("2026-11-01");
    await card(page).getByLabel("Partner's VAT number").fill("GB123456789");
    await card(page).getByLabel("VAT rate (%)").fill("abc");
    await card(page).getByRole("button", { name: "Start self-billing" }).click();
    await expect(card(page).getByLabel("VAT rate (%)")).toHaveAttribute("aria-invalid", "true");
    await card(page).getByLabel("VAT rate (%)").fill("17.5");
    await card(page).getByRole("button", { name: "Start self-billing" }).click();
    await expect(page.getByRole("status").first()).toContainText("Self-billing saved");
    await expect(card(page).getByText("17.5%")).toBeVisible();
    await card(page).getByRole("button", { name: "End self-billing" }).click();
    // Without scripts the action asks its question as a page; its button performs it.
    await page.getByRole("alertdialog", { name: "End self-billing" }).getByRole("button").click();
    await expect(page.getByRole("status").first()).toContainText("Self-billing ended");
    await expect(card(page).getByTestId("self-billing-state")).toHaveText(
      "No self-billing agreement: commission is paid without VAT.",
    );
  });
});
