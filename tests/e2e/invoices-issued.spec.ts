import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, test, toast } from "./fixtures.ts";

/** Invoices a bookkeeper accepts: a chosen first day, its due date, and a sent invoice never deleted. */

const gb = (iso: string) => iso.split("-").reverse().join("/");
const isoIn = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function feePartner(page: Page) {
  const username = `issued-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
  const response = await page.request.post("/api/register", {
    data: {
      username,
      password: "fee-partner-1",
      name: `Issued ${username}`,
      partnerType: "fee-paying",
      email: `${username}@example.com`,
      billingAddress: "1 Fee Street, Leeds",
      monthlyFee: "50",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

/**
 * The partner's row for the period starting `first` (dd/mm/yyyy) on Invoice Management, on
 * whichever page lists it: the list is 24 to a page, latest period first, so a backdated invoice
 * sits behind every later one other tests made (and Check Due Invoices, clicked by other tests at
 * any time, may add this partner's later terms). Leaves the browser on that page.
 */
async function invoiceRow(page: Page, partnerName: string, first: string) {
  for (let n = 1; n <= 100; n++) {
    await page.goto(`/admin/invoices?page=${n}`);
    const row = page
      .getByRole("tabpanel")
      .getByRole("row", { name: new RegExp(partnerName) })
      .filter({ hasText: first });
    if ((await row.count()) > 0) return row;
    if ((await page.getByRole("link", { name: "Next page" }).count()) === 0) break;
  }
  throw new Error(`No invoice of ${partnerName} for the period from ${first} on any page of /admin/invoices`);
}

test.describe("Invoices as issued", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("a backdated first day is due 14 days after issue; downloaded, Delete is gone with the reason; a never-sent one is deleted", async ({
    page,
  }, testInfo) => {
    test.slow(); // two pages, two widths, screenshots
    const partner = await feePartner(page);
    await page.goto(`/partners/${partner.id}`);
    await page.getByRole("button", { name: "Generate Invoice" }).click();
    const dialog = page.getByRole("dialog", { name: "Generate Invoice" });
    const start = dialog.getByLabel("Period starts");
    // The field shows the default first day: today, for a partner's first invoice.
    await expect(start).toHaveValue(isoIn(0));
    await start.fill("2025-03-01");
    const preview = dialog.getByLabel("Invoice preview");
    await expect(preview).toContainText("01/03/2025 - 31/03/2025");
    // Backdated: due 14 days after it is issued (today), not 15/03/2025.
    await expect(preview).toContainText(gb(isoIn(14)));
    await page.screenshot({ path: testInfo.outputPath("generate-invoice-dialog-1280.png") });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: testInfo.outputPath("generate-invoice-dialog-375.png") });
    await page.setViewportSize({ width: 1280, height: 800 });
    await dialog.getByRole("button", { name: "Generate Invoice" }).click();
    await expect(toast(page)).toContainText("Invoice generated");

    // A second invoice overlapping the first is refused in the dialog, with the reason.
    await page.getByRole("button", { name: "Generate Invoice" }).click();
    await dialog.getByLabel("Period starts").fill("2025-03-15");
    await expect(dialog.getByRole("alert")).toContainText("overlaps INV-");
    await dialog.getByLabel("Period starts").fill("2025-04-01");
    await expect(dialog.getByLabel("Invoice preview")).toContainText("01/04/2025 - 30/04/2025");
    await dialog.getByRole("button", { name: "Generate Invoice" }).click();
    await expect(toast(page)).toContainText("Invoice generated");

    const march = await invoiceRow(page, partner.name, "01/03/2025");
    await expect(march).toHaveCount(1);
    await expect(march).toContainText(gb(isoIn(14)));
    await expect(march.getByRole("button", { name: /^Delete INV-/ })).toHaveCount(1);

    // Downloaded (by the admin here): it has left the business.
    const download = page.waitForEvent("download");
    await march.getByRole("link", { name: /^Download INV-\d{5}$/ }).click();
    expect((await download).suggestedFilename()).toMatch(/^INV-\d{5}\.pdf$/);
    await page.reload();
    await expect(march.getByRole("button", { name: /^Delete INV-/ })).toHaveCount(0);
    await expect(march.getByTestId("not-deletable")).toHaveText(
      `Sent (downloaded on ${gb(isoIn(0))}): cancel it instead, which issues a credit note`,
    );
    await page.screenshot({ path: testInfo.outputPath("invoice-management-1280.png"), fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(march.getByTestId("not-deletable")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("invoice-management-375.png"), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    // The partner page's history says the same.
    await page.goto(`/partners/${partner.id}`);
    await expect(page.getByTestId("not-deletable")).toHaveText(
      `Sent (downloaded on ${gb(isoIn(0))}): cancel it instead, which issues a credit note`,
    );

    // Never sent: still deleted, after confirming.
    const april = await invoiceRow(page, partner.name, "01/04/2025");
    await april.getByRole("button", { name: /^Delete INV-/ }).click();
    const confirm = page.getByRole("alertdialog", { name: /^Delete INV-\d{5}\?$/ });
    await expect(confirm).toContainText("its number stays in the audit trail");
    await confirm.getByRole("button", { name: "Delete Invoice" }).click();
    await expect(toast(page)).toContainText("Invoice deleted");
    await expect(april).toHaveCount(0);
    await expect(await invoiceRow(page, partner.name, "01/03/2025")).toHaveCount(1);
  });
});
