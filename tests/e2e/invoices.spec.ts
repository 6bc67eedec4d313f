import { ADMIN, FEE_PAYING, expect, signIn, test, toast } from "./fixtures.ts";
import type { Page } from "@playwright/test";

/** A fee-paying partner of its own, so invoice numbers and periods are this test's alone. */
async function feePartner(page: Page, fee = "50") {
  const username = `fee-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
  const response = await page.request.post("/api/register", {
    data: {
      username,
      password: "fee-partner-1",
      name: `Fee ${username}`,
      partnerType: "fee-paying",
      email: `${username}@example.com`,
      billingAddress: "1 Fee Street, Leeds",
      monthlyFee: fee,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

test.describe("Fee invoices", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("generate a six-month invoice with its discount, pay it, then generate and cancel the next", async ({
    page,
  }) => {
    test.slow(); // many steps across three pages: past 30 s on a busy machine
    const partner = await feePartner(page);
    await page.goto(`/partners/${partner.id}`);
    await expect(page.getByText("Awaiting invoice")).toBeVisible();
    await page.getByRole("button", { name: "Generate Invoice" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate Invoice" });
    await dialog.getByRole("combobox", { name: "Payment period" }).click();
    await page.getByRole("option", { name: "6 Months" }).click();
    const preview = dialog.getByLabel("Invoice preview");
    await expect(preview).toContainText("£50.00 × 6 = £300.00");
    await expect(preview).toContainText("10% (£30.00)");
    await expect(preview).toContainText("£270.00");
    await dialog.getByRole("button", { name: "Generate Invoice" }).click();
    await expect(toast(page)).toContainText("Invoice generated");
    await expect(dialog).toBeHidden();
    await expect(page.getByText("6 Months").first()).toBeVisible();

    const history = page.getByRole("table").filter({ hasText: "Invoice" }).last();
    const first = history.getByRole("row").nth(1);
    // Lists and questions name what the partner pays: the demo's business charges 20% VAT.
    await expect(first).toContainText("£324.00incl. VAT £54.00");
    await first.getByRole("combobox").click();
    await page.getByRole("option", { name: "Paid" }).click();
    // Marking paid asks first, naming the invoice, the partner and the amount; today is the paid date.
    const markPaid = page.getByRole("alertdialog", { name: /^Mark INV-\d{5} as paid\?$/ });
    await expect(markPaid).toContainText(`for ${partner.name} (£324.00) is recorded as paid`);
    await markPaid.getByRole("button", { name: "Mark as Paid" }).click();
    await expect(toast(page)).toContainText("Payment status updated");
    await expect(first).toContainText(new Date().toLocaleDateString("en-GB", { timeZone: "UTC" }));

    await page.goto("/admin/invoices");
    await expect(page.getByRole("tab", { name: "All Invoices" })).toBeVisible();
    await page.getByRole("button", { name: "Check Due Invoices" }).click();
    await expect(toast(page)).toContainText("Due invoices checked");

    await page.goto(`/partners/${partner.id}`);
    await page.getByRole("button", { name: "Generate Invoice" }).click();
    await expect(page.getByRole("dialog", { name: "Generate Invoice" }).getByLabel("Invoice preview")).toContainText(
      "£270.00",
    );
    await page
      .getByRole("dialog", { name: "Generate Invoice" })
      .getByRole("button", { name: "Generate Invoice" })
      .click();
    await expect(toast(page)).toContainText("Invoice generated");

    await page.goto("/admin/invoices");
    await page.getByRole("tab", { name: "Pending" }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\?status=pending$/);
    const pendingRow = page.getByRole("tabpanel").getByRole("row", { name: new RegExp(partner.name) });
    await expect(pendingRow).toHaveCount(1);
    const cancel = pendingRow.getByRole("button", { name: /^Cancel INV-/ });
    await cancel.click();
    const confirmCancel = page.getByRole("alertdialog", { name: /^Cancel INV-\d{5}\?$/ });
    await expect(confirmCancel).toContainText(`for ${partner.name} (£324.00)`);
    await confirmCancel.getByRole("button", { name: "Cancel Invoice" }).click();
    await expect(toast(page)).toContainText("Payment status updated");
    await page.getByRole("tab", { name: "Cancelled" }).click();
    await expect(page).toHaveURL(/\?status=cancelled$/);
    await expect(page.getByRole("tabpanel").getByRole("row", { name: new RegExp(partner.name) })).toHaveCount(1);
    await page.getByRole("tab", { name: "Paid" }).click();
    await expect(page).toHaveURL(/\?status=paid$/);
    const paidRow = page.getByRole("tabpanel").getByRole("row", { name: new RegExp(partner.name) });
    await expect(paidRow).toHaveCount(1);
    await expect(paidRow.getByRole("button", { name: /^Delete INV-/ })).toHaveCount(0);
  });

  test("an overdue invoice is marked paid on Invoice Management with a reference, after confirming; every screen agrees", async ({
    page,
  }) => {
    const partner = await feePartner(page, "75");
    const invoice = await (
      await page.request.post(`/api/fee-payments/generate-invoice/${partner.id}`, {
        data: { requestedPaymentPeriod: "monthly" },
      })
    ).json();
    expect(
      (await page.request.post(`/api/fee-payments/${invoice.id}/status`, { data: { status: "overdue" } })).status(),
    ).toBe(200);

    // Every screen shows the partner as Overdue, due on the invoice's due date.
    const due = new Date(`${invoice.dueDate}T00:00:00Z`).toLocaleDateString("en-GB", { timeZone: "UTC" });
    await page.goto(`/admin?q=${encodeURIComponent(partner.name)}`); // 24 partners a page: found by name
    const card = page.getByRole("article", { name: partner.name });
    await expect(card).toContainText("Overdue");
    await expect(card).toContainText(due);
    await page.goto(`/partners/${partner.id}`);
    await expect(page.getByText("Next Payment Due").locator("..").locator("..")).toContainText(due);

    await page.goto("/admin/invoices");
    await page.getByRole("tab", { name: "Overdue" }).click();
    await expect(page).toHaveURL(/\?status=overdue$/);
    await expect(page.getByRole("tab", { name: "Overdue" })).toHaveAttribute("aria-selected", "true");
    const row = page.getByRole("tabpanel").getByRole("row", { name: new RegExp(partner.name) });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(invoice.displayId);
    await row.getByRole("button", { name: `Mark ${invoice.displayId} paid` }).click();
    const dialog = page.getByRole("alertdialog", { name: `Mark ${invoice.displayId} as paid?` });
    await expect(dialog).toContainText(`${invoice.displayId} for ${partner.name} (£90.00) is recorded as paid.`);
    // A paid date in the future is not accepted.
    const paidDate = dialog.getByLabel("Paid date");
    const today = new Date().toISOString().slice(0, 10);
    await expect(paidDate).toHaveValue(today);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await paidDate.fill(tomorrow);
    await expect(dialog).toContainText("Paid date cannot be in the future");
    await expect(dialog.getByRole("button", { name: "Mark as Paid" })).toBeDisabled();
    await paidDate.fill(today);
    await dialog.getByLabel("Payment reference (optional)").fill("  BACS E2E 0042 ");
    await dialog.getByRole("button", { name: "Mark as Paid" }).click();
    await expect(toast(page)).toContainText("Payment status updated");

    await expect(page).toHaveURL(/\?status=overdue$/); // back to the tab it was on
    await page.getByRole("tab", { name: "Paid" }).click();
    await expect(page).toHaveURL(/\?status=paid$/);
    const paidRow = page.getByRole("tabpanel").getByRole("row", { name: new RegExp(partner.name) });
    await expect(paidRow).toContainText("Paid");
    await expect(paidRow).toContainText("Ref: BACS E2E 0042");
    await expect(paidRow.getByRole("button", { name: `Mark ${invoice.displayId} paid` })).toHaveCount(0);

    await page.goto(`/partners/${partner.id}`);
    const history = page.getByRole("table").filter({ hasText: "Invoice" }).last();
    await expect(history.getByRole("row", { name: new RegExp(invoice.displayId) })).toContainText("Ref: BACS E2E 0042");
    await page.goto(`/admin?q=${encodeURIComponent(partner.name)}`);
    await expect(page.getByRole("article", { name: partner.name })).toContainText("Up to date");
  });

  test("Generate Invoice for a partner without a monthly fee says why in the dialog, and the page stays", async ({
    page,
  }) => {
    const partner = await feePartner(page, "0");
    await page.goto(`/partners/${partner.id}`);
    await page.getByRole("button", { name: "Generate Invoice" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate Invoice" });
    await expect(dialog.getByRole("alert")).toHaveText("The partner has no monthly fee");
    await expect(dialog.getByRole("button", { name: "Generate Invoice" })).toBeDisabled();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: "Fee Payments" })).toBeVisible();
  });

  test("a fee-paying partner sees and downloads only their own invoices", async ({ page, browser }) => {
    const context = await browser.newContext();
    const partnerPage = await context.newPage();
    await signIn(partnerPage, FEE_PAYING);
    await expect(partnerPage.getByRole("heading", { name: "My Fee Payments" })).toBeVisible();
    for (const tab of ["All", "Pending", "Paid", "Overdue"])
      await expect(partnerPage.getByRole("tab", { name: tab, exact: true })).toBeVisible();
    // The tabs live in the URL, filtered by the page's loader.
    await partnerPage.getByRole("tab", { name: "Paid", exact: true }).click();
    await expect(partnerPage).toHaveURL(/\/\?status=paid#fee-payments$/);
    const paidRows = partnerPage.getByRole("tabpanel").getByRole("row");
    await expect(paidRows.nth(1)).toContainText("Paid");
    for (const status of await partnerPage.getByRole("tabpanel").getByRole("row").allInnerTexts())
      expect(status).not.toMatch(/Pending|Overdue/);
    await partnerPage.getByRole("tab", { name: "All", exact: true }).click();
    await expect(partnerPage).toHaveURL(/\/#fee-payments$/);
    const own = await (await partnerPage.request.get("/api/fee-payments")).json();
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((i: { partnerName: string }) => i.partnerName === "Harrogate Fitness Club")).toBe(true);
    const download = partnerPage.waitForEvent("download");
    await partnerPage
      .getByRole("link", { name: /^Download invoice INV-\d{5}$/ })
      .first()
      .click();
    expect((await download).suggestedFilename()).toMatch(/^INV-\d{5}\.pdf$/);

    const other = await feePartner(page);
    const invoice = await (
      await page.request.post(`/api/fee-payments/generate-invoice/${other.id}`, {
        data: { requestedPaymentPeriod: "monthly" },
      })
    ).json();
    expect((await partnerPage.request.get(`/api/fee-payments/${invoice.id}/download`)).status()).toBe(403);
    await context.close();
  });
});

test.describe("Fee invoices without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("status tabs are links: the list is filtered by the URL, bookmarkable, and the back button works", async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/invoices");
    await expect(page.getByRole("tab", { name: "All Invoices" })).toHaveAttribute("aria-selected", "true");
    await page.getByRole("tab", { name: "Paid" }).click();
    await expect(page).toHaveURL(/\/admin\/invoices\?status=paid$/);
    await expect(page.getByRole("tab", { name: "Paid" })).toHaveAttribute("aria-selected", "true");
    const rows = page.getByRole("tabpanel").getByRole("row");
    await expect(rows.nth(1)).toBeVisible();
    for (const text of (await rows.allInnerTexts()).slice(1)) expect(text).toContain("Paid");
    await page.getByRole("tab", { name: "Cancelled" }).click();
    await expect(page).toHaveURL(/\?status=cancelled$/);
    await page.goBack();
    await expect(page).toHaveURL(/\?status=paid$/);
    await expect(page.getByRole("tab", { name: "Paid" })).toHaveAttribute("aria-selected", "true");
  });

  test("a fee-paying partner's My Fee Payments tabs work as links", async ({ page }) => {
    await signIn(page, FEE_PAYING);
    await page.getByRole("tab", { name: "Pending", exact: true }).click();
    await expect(page).toHaveURL(/\/\?status=pending#fee-payments$/);
    await expect(page.getByRole("tab", { name: "Pending", exact: true })).toHaveAttribute("aria-selected", "true");
    const panel = page.getByRole("tabpanel");
    for (const text of (await panel.getByRole("row").allInnerTexts()).slice(1)) expect(text).toContain("Pending");
    await page.getByRole("tab", { name: "Paid", exact: true }).click();
    await expect(page).toHaveURL(/\/\?status=paid#fee-payments$/);
    await expect(panel.getByRole("row").nth(1)).toContainText("Paid");
    // Numbered as on the PDF, with what is left to pay beside the amount (nothing, once paid).
    await expect(panel.getByRole("columnheader", { name: "Left to pay" })).toBeVisible();
    await expect(panel.getByRole("rowheader").first()).toHaveText(/^INV-\d{5}$/);
    await expect(panel.getByTestId("left-to-pay").first()).toHaveText("£0.00");
  });

  test("Mark as Paid asks on a page, with the paid date and a reference, then records them", async ({ page }) => {
    await signIn(page, ADMIN);
    const partner = await feePartner(page, "65");
    const invoice = await (
      await page.request.post(`/api/fee-payments/generate-invoice/${partner.id}`, {
        data: { requestedPaymentPeriod: "monthly" },
      })
    ).json();
    expect(
      (await page.request.post(`/api/fee-payments/${invoice.id}/status`, { data: { status: "overdue" } })).status(),
    ).toBe(200);

    await page.goto("/admin/invoices");
    await page.getByRole("tab", { name: "Overdue" }).click();
    await expect(page).toHaveURL(/\?status=overdue$/);
    const row = page.getByRole("tabpanel").getByRole("row", { name: new RegExp(invoice.displayId) });
    await row.getByRole("button", { name: `Mark ${invoice.displayId} paid` }).click();

    const question = page.getByRole("alertdialog", { name: `Mark ${invoice.displayId} as paid?` });
    await expect(question).toContainText(`${invoice.displayId} for ${partner.name} (£78.00) is recorded as paid.`);
    await expect(row).toContainText("Overdue"); // nothing has happened yet
    const today = new Date().toISOString().slice(0, 10);
    await expect(question.getByLabel("Paid date")).toHaveValue(today);
    await question.getByLabel("Payment reference (optional)").fill("BACS NOJS 5");
    await question.getByRole("button", { name: "Mark as Paid" }).click();

    await expect(page).toHaveURL(/\/admin\/invoices\?status=overdue$/);
    await expect(page.getByRole("status")).toContainText("Payment status updated");
    await expect(page.getByRole("tabpanel").getByRole("row", { name: new RegExp(invoice.displayId) })).toHaveCount(0);
    await page.getByRole("tab", { name: "Paid" }).click();
    const paid = page.getByRole("tabpanel").getByRole("row", { name: new RegExp(invoice.displayId) });
    await expect(paid).toContainText("Ref: BACS NOJS 5");
    await expect(paid).toContainText(new Date().toLocaleDateString("en-GB", { timeZone: "UTC" }));
  });

  test("on the partner page a status is chosen in the browser's select and an invoice generated, each asked on a page first", async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    const partner = await feePartner(page, "40");
    const invoice = await (
      await page.request.post(`/api/fee-payments/generate-invoice/${partner.id}`, {
        data: { requestedPaymentPeriod: "monthly" },
      })
    ).json();
    await page.goto(`/partners/${partner.id}`);
    const status = page.getByRole("combobox", { name: `Status of ${invoice.displayId}` });
    await status.selectOption("overdue");
    await page.getByRole("button", { name: "Set" }).click();
    const question = page.getByRole("alertdialog", { name: `Set ${invoice.displayId} to Overdue?` });
    await expect(question).toContainText(
      `${invoice.displayId} for ${partner.name} (£48.00) goes from Pending to Overdue.`,
    );
    await question.getByRole("button", { name: "Set to Overdue" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}$`));
    await expect(page.getByRole("status")).toContainText("Payment status updated");
    await expect(page.getByRole("combobox", { name: `Status of ${invoice.displayId}` })).toHaveValue("overdue");

    // Generate Invoice: the term in the browser's select; the quote is the question.
    await page.getByRole("combobox", { name: "Payment period" }).selectOption("6-months");
    await page.getByRole("button", { name: "Generate Invoice" }).click();
    const generate = page.getByRole("alertdialog", { name: `Generate an invoice for ${partner.name}?` });
    await expect(generate).toContainText("£40.00 × 6 = £240.00, 10% discount (£24.00), £216.00 due");
    await generate.getByRole("button", { name: "Generate Invoice" }).click();
    await expect(page.getByRole("status")).toContainText("Invoice generated");
    await expect(page.getByRole("table").filter({ hasText: "Invoice" }).last()).toContainText("£259.20");
  });
});
