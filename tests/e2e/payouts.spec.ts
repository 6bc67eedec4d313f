/**
 * Commission payouts from selection to paid: the month before last (the demo leaves it
 * unpaid for Leeds and York, and no other spec pays it), the payment file downloaded and read back
 * row by row against the page's figures, the batch marked paid after its confirmation, the partners
 * leaving the eligible list, and each remittance in the demo's outbox (no SMTP_URL there).
 */
import fs from "node:fs";
import path from "node:path";
import type { Download, Page } from "@playwright/test";
import { ADMIN, expect, signIn, test, toast, withPayoutLock } from "./fixtures.ts";

const DB = path.resolve(process.env.E2E_DB ?? "test-results/e2e.db");
const OUTBOX = path.join(path.dirname(DB), "outbox");

function monthOffset(offset: number) {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return {
    ym: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`,
    label: d.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }),
  };
}
const MONTH = monthOffset(-2);

async function csvRows(download: Download): Promise<string[][]> {
  const file = await download.path();
  const text = fs.readFileSync(file, "utf8");
  expect(text.endsWith("\r\n")).toBe(true);
  return text
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
}

async function downloadFile(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download payment file" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`commission-payouts-${MONTH.ym}.csv`);
  return csvRows(download);
}

/** "£1,234.56" → "1234.56" as the bank file writes it. */
const plain = (money: string) => money.replace(/[£,]/g, "");

test.describe.configure({ mode: "serial" });

test("a payout batch from selection to paid: file read back, confirmation, remittances in the outbox", async ({
  page,
}) => {
  // The month's "every partner ready" is the demo's two: late-sales.spec.ts makes a partner ready in it only under this lock.
  await withPayoutLock(async () => {
    const started = Date.now();
    await signIn(page, ADMIN);
    await page.goto("/admin/commissions");
    await page.getByRole("link", { name: "Payouts" }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: "Commission Payouts" })).toBeVisible();
    await page.goto(`/admin/payouts?month=${MONTH.ym}`);
    await expect(page.getByRole("combobox", { name: "Month" })).toHaveText(MONTH.label);

    const table = page.getByRole("region", { name: "Partners to pay" });
    const leeds = table.getByRole("row", { name: /Leeds Station Retail/ });
    const york = table.getByRole("row", { name: /York Hospital Trust/ });
    await expect(leeds.getByRole("checkbox")).toBeChecked();
    await expect(york.getByRole("checkbox")).toBeChecked();
    await expect(leeds).toContainText("****4567");
    await expect(leeds).toContainText("05-01-23");
    const leedsAmount = (await leeds.getByRole("cell").last().textContent())!.trim();
    const yorkAmount = (await york.getByRole("cell").last().textContent())!.trim();
    expect(leedsAmount).toMatch(/^£[\d,]+\.\d\d$/);

    // Every partner chosen: the file has the header and a row each, to the penny of the page. The
    // references take the demo's trading name's initials (Vendboard Vending Ltd: VV).
    expect(await downloadFile(page)).toEqual([
      ["Payee name", "Sort code", "Account number", "Amount", "Reference"],
      ["LEEDS STATION RETA", "050123", "41234567", plain(leedsAmount), `VV COMM ${MONTH.ym}`],
      ["YORK HOSPITAL TRUS", "600214", "87654321", plain(yorkAmount), `VV COMM ${MONTH.ym}`],
    ]);

    // One left out of the selection: the total and the file follow.
    await york.getByRole("checkbox").uncheck();
    await expect(page.getByText("1 of 2 partners chosen")).toBeVisible();
    await expect(page.locator(".rt-Card", { hasText: "Selected total" })).toContainText(leedsAmount);
    expect((await downloadFile(page)).map((row) => row[0])).toEqual(["Payee name", "LEEDS STATION RETA"]);
    await york.getByRole("checkbox").check();
    await expect(page.getByText("2 of 2 partners chosen")).toBeVisible();

    // Mark the batch paid: the confirmation names the count and the total.
    const totalPence = Math.round(Number(plain(leedsAmount)) * 100) + Math.round(Number(plain(yorkAmount)) * 100);
    const total = `£${(totalPence / 100).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
    await page.getByRole("button", { name: "Mark batch as paid" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Mark 2 partners paid for ${MONTH.label}?`);
    await expect(confirm).toContainText(`${total} in all is recorded as paid today`);
    await confirm.getByRole("button", { name: "Mark batch as paid" }).click();
    await expect(toast(page)).toContainText("Batch marked as paid");
    await expect(toast(page)).toContainText(
      `2 partners paid ${total} for ${MONTH.label}. 2 remittances kept in the server's outbox`,
    );

    // The partners leave the eligible list and show as paid.
    await expect(page.getByText(`No partner can be paid for ${MONTH.label}`)).toBeVisible();
    const leftOut = page.getByRole("region", { name: "Partners left out" });
    await expect(leftOut.getByRole("row", { name: /Leeds Station Retail/ })).toContainText("Already paid on");
    await expect(leftOut.getByRole("row", { name: /York Hospital Trust/ })).toContainText("Already paid on");

    // Each remittance is in the outbox: the month, the amount, the reference, the report attached.
    const subject = `Subject: Remittance advice: your commission for ${MONTH.label}`;
    const mails = fs
      .readdirSync(OUTBOX)
      .map((name) => path.join(OUTBOX, name))
      .filter((file) => fs.statSync(file).mtimeMs >= started - 1000)
      .map((file) => fs.readFileSync(file, "utf8"))
      .filter((raw) => raw.includes(subject));
    const leedsMail = mails.find((raw) => /^To: accounts@leeds-station\.example\r?$/m.test(raw));
    expect(leedsMail, "the Leeds remittance in the outbox").toBeTruthy();
    expect(mails.some((raw) => /^To: estates@york-health\.example\r?$/m.test(raw))).toBe(true);
    expect(leedsMail).toContain(`consolidated-report-${MONTH.ym}.pdf`);
    expect(leedsMail).toContain(`VV COMM ${MONTH.ym}`);
    expect(leedsMail).toContain(leedsAmount.replace("£", ""));
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the page shows the month's partners and the payment file downloads from a plain form", async ({ page }) => {
    await signIn(page, ADMIN);
    const last = monthOffset(-1);
    await page.goto(`/admin/payouts?month=${last.ym}`);
    await expect(page.getByRole("heading", { level: 1, name: "Commission Payouts" })).toBeVisible();
    const table = page.getByRole("region", { name: "Partners to pay" });
    if (await table.count()) {
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download payment file" }).click(),
      ]);
      const rows = await csvRows(download);
      expect(rows[0]).toEqual(["Payee name", "Sort code", "Account number", "Amount", "Reference"]);
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows.slice(1)) expect(row[4]).toBe(`VV COMM ${last.ym}`);
    }
  });
});
