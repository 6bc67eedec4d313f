/**
 * Payments and credit notes on the partner page: a partial payment leaves the
 * rest due, paying the rest settles the invoice; a credit note is issued and its PDF downloaded.
 * The demo's business charges 20% VAT: a £75.00 fee is £90.00 to pay.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { ADMIN, expect, hydrated, signIn, test, toast } from "./fixtures.ts";

async function feePartner(page: Page) {
  const username = `pay-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
  const response = await page.request.post("/api/register", {
    data: {
      username,
      password: "fee-partner-1",
      name: `Payer ${username}`,
      partnerType: "fee-paying",
      email: `${username}@example.com`,
      billingAddress: "1 Fee Street, Leeds",
      monthlyFee: "75",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

const shots = process.env.E2E_SHOTS;

test.describe("Payments and credit notes", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("a partial payment leaves the rest due; paying the rest settles the invoice; a credit note is issued and its PDF downloaded", async ({
    page,
  }) => {
    test.slow();
    const partner = await feePartner(page);
    const invoice = await (
      await page.request.post(`/api/fee-payments/generate-invoice/${partner.id}`, {
        data: { requestedPaymentPeriod: "monthly" },
      })
    ).json();
    await page.goto(`/partners/${partner.id}`);

    // £40.00 of £90.00: the dialog says what it settles before saving.
    await page.getByRole("button", { name: "Record payment" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Record payment" });
    await expect(dialog.getByLabel("Amount (£)")).toHaveValue("90.00");
    await expect(dialog.getByLabel("Received on")).toHaveValue(new Date().toISOString().slice(0, 10));
    await dialog.getByLabel("Amount (£)").fill("40");
    await expect(dialog.getByTestId("payment-settles")).toHaveText(
      `Settles ${invoice.displayId} (£40.00 of £90.00 due).`,
    );
    await dialog.getByLabel("Reference (optional)").fill("BACS PART 1");
    if (shots) await page.screenshot({ path: `${shots}/record-payment-1280.png` });
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(toast(page)).toContainText("Payment recorded");

    const history = page.getByRole("region", { name: "Invoice history" });
    const row = history.getByRole("row", { name: new RegExp(invoice.displayId) });
    await expect(row.getByTestId("invoice-balance")).toHaveText("£50.00 of £90.00 due");
    await expect(row.getByRole("combobox")).toHaveText("Pending");
    const ledger = page.getByRole("region", { name: "Payments and credit notes" });
    await expect(ledger).toContainText("BACS PART 1");
    await expect(ledger).toContainText("£40.00");

    // Paying the rest: the amount defaults to the £50.00 left.
    await page.getByRole("button", { name: "Record payment" }).click();
    await expect(dialog.getByLabel("Amount (£)")).toHaveValue("50.00");
    await expect(dialog.getByTestId("payment-settles")).toHaveText(`Settles ${invoice.displayId} (£50.00, in full).`);
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(toast(page).last()).toContainText("Payment recorded");
    await expect(row.getByRole("combobox")).toHaveText("Paid");
    await expect(row.getByTestId("invoice-balance")).toHaveCount(0);
    // Settled: no credit note, and it cannot be deleted.
    await expect(row.getByRole("button", { name: `Credit note for ${invoice.displayId}` })).toHaveCount(0);
    await expect(row.getByRole("button", { name: `Delete ${invoice.displayId}` })).toHaveCount(0);

    // A credit note of £15.00 on the next invoice; its PDF downloads.
    const next = await (
      await page.request.post(`/api/fee-payments/generate-invoice/${partner.id}`, {
        data: { requestedPaymentPeriod: "monthly" },
      })
    ).json();
    await page.reload();
    await hydrated(page); // before it, the button is the form without JavaScript
    await page.getByRole("button", { name: `Credit note for ${next.displayId}` }).click();
    const credit = page.getByRole("alertdialog", { name: "Credit note" });
    await expect(credit).toContainText(`${next.displayId} (£90.00 left to pay)`);
    await expect(credit.getByLabel("Amount (£)")).toHaveValue("90.00");
    await credit.getByLabel("Amount (£)").fill("90.01");
    await expect(credit).toContainText("At most the £90.00 left to pay");
    await expect(credit.getByRole("button", { name: "Issue credit note" })).toBeDisabled();
    await credit.getByLabel("Amount (£)").fill("15");
    await credit.getByLabel("Reason").fill("Machine out of order for a week");
    await credit.getByRole("button", { name: "Issue credit note" }).click();
    await expect(toast(page).last()).toContainText(new RegExp(`CN-\\d{5} for £15\\.00 against ${next.displayId}`));
    const nextRow = history.getByRole("row", { name: new RegExp(next.displayId) });
    await expect(nextRow.getByTestId("invoice-balance")).toHaveText("£75.00 of £90.00 due");

    const link = page.getByRole("link", { name: /^Download CN-\d{5}$/ });
    const number = ((await link.getAttribute("aria-label")) ?? "").replace("Download ", "");
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    expect(download.suggestedFilename()).toBe(`${number}.pdf`);
    const bytes = fs.readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");
    if (shots) {
      await page.reload();
      const section = page
        .locator("div")
        .filter({ has: page.getByRole("heading", { name: "Fee Payments", exact: true }) })
        .filter({ has: ledger })
        .last();
      await section.screenshot({ path: `${shots}/fee-section-1280.png` });
      await page.setViewportSize({ width: 375, height: 800 });
      await section.screenshot({ path: `${shots}/fee-section-375.png` });
      await page.getByRole("button", { name: "Record payment" }).click();
      await page.screenshot({ path: `${shots}/record-payment-375.png` });
    }
  });
});

test.describe("Payments and credit notes without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Record payment and Credit note ask on a page with their fields, then record them", async ({ page }) => {
    await signIn(page, ADMIN);
    const partner = await feePartner(page);
    const invoice = await (
      await page.request.post(`/api/fee-payments/generate-invoice/${partner.id}`, {
        data: { requestedPaymentPeriod: "monthly" },
      })
    ).json();
    await page.goto(`/partners/${partner.id}`);

    await page.getByRole("button", { name: "Record payment" }).click();
    const question = page.getByRole("alertdialog", { name: "Record payment" });
    await expect(question).toContainText(`Due now: ${invoice.displayId} £90.00; £90.00 in all.`);
    await expect(question.getByLabel("Received on")).toHaveValue(new Date().toISOString().slice(0, 10));
    await question.getByLabel("Amount (£)").fill("40");
    await question.getByLabel("Method").selectOption("cheque");
    await question.getByLabel("Reference (optional)").fill("Chq 000123");
    await question.getByRole("button", { name: "Record payment" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}$`));
    await expect(page.getByRole("status")).toContainText(`£40.00 settles ${invoice.displayId} (£40.00 of £90.00 due).`);
    const row = page
      .getByRole("region", { name: "Invoice history" })
      .getByRole("row", { name: new RegExp(invoice.displayId) });
    await expect(row.getByTestId("invoice-balance")).toHaveText("£50.00 of £90.00 due");

    await row.getByRole("button", { name: `Credit note for ${invoice.displayId}` }).click();
    const credit = page.getByRole("alertdialog", { name: "Credit note" });
    await expect(credit).toContainText(`${invoice.displayId} (£50.00 left to pay)`);
    await credit.getByLabel("Amount (£)").fill("10");
    await credit.getByLabel("Reason").fill("Goodwill");
    await credit.getByRole("button", { name: "Issue credit note" }).click();
    await expect(page.getByRole("status")).toContainText(
      new RegExp(`CN-\\d{5} for £10\\.00 against ${invoice.displayId}`),
    );
    await expect(
      page
        .getByRole("region", { name: "Invoice history" })
        .getByRole("row", { name: new RegExp(invoice.displayId) })
        .getByTestId("invoice-balance"),
    ).toHaveText("£40.00 of £90.00 due");
    await expect(page.getByRole("region", { name: "Payments and credit notes" })).toContainText("Chq 000123");
  });
});
