/**
 * Late sales for a paid month: a month paid by batch on /admin/payouts, then an export
 * with new sales dated in it. /admin/import names the paid month and the difference and imports only
 * once the admin confirms; the difference is an adjustment on the partner's next open month, which
 * Commission Due and that month's payout both include.
 *
 * A fresh profit-sharing partner at 10% of net profit with one machine (its location is the export's
 * Machine Name), every item £2.00 at a cost of £0.50; card fee 2.99% of each record's revenue, rounded:
 *   the month before last, 10 items: £20.00 − £5.00 − £0.60 = £14.40 → £1.44 (paid by batch)
 *   with 5 late items, 15:          £30.00 − £7.50 − £0.90 = £21.60 → £2.16: +£0.72
 *   last month, 20 items:           £40.00 − £10.00 − £1.20 = £28.80 → £2.88, with the adjustment £3.60
 *
 * The partner has no bank details until just before its month is paid, and that payment holds the
 * payout lock (fixtures.ts): payouts.spec.ts pays the same month for the demo partners and expects
 * them alone to be ready to pay.
 */
import fs from "node:fs";
import type { Browser, Download, Page, TestInfo } from "@playwright/test";
import { ADMIN, expect, exportUpload, signIn, test, toast, withPayoutLock } from "./fixtures.ts";

function monthOffset(offset: number) {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return {
    ym: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`,
    label: d.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }),
  };
}
/** The month paid by batch, and the partner's next open month, where the late sales' difference goes. */
const PAID = monthOffset(-2);
const NEXT = monthOffset(-1);

/** Today as the pages write a paid date (dd/mm/yyyy; the server's paid date is the UTC day). */
const today = () => new Date().toISOString().slice(0, 10).split("-").reverse().join("/");

/** Ids of this spec's own range (import 9.4e9, agreements and summary-paging 9.6e9, import-dates 9.8e9). */
const firstId = () => 9_900_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

/** An export of `count` items at £2.00 (cost £0.50) sold at `machineName` in `month`, from day `firstDay` on. */
function exportFile(name: string, machineName: string, month: string, count: number, firstDay = 1) {
  const base = firstId();
  const rows = Array.from({ length: count }, (_, i) => [
    machineName,
    base + i,
    "KitKat 4 Finger",
    0.5,
    2,
    2,
    `${month}-${String(firstDay + (i % 5)).padStart(2, "0")}T1${i % 10}:${String((i * 7) % 60).padStart(2, "0")}:00Z`,
  ]);
  return exportUpload(name, rows);
}

/** A fresh profit-sharing partner at 10% (no bank details yet) with one machine and its two months' records. */
async function partnerWithTwoMonths(page: Page) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const registered = await page.request.post("/api/register", {
    data: {
      username: `late-${tag}`,
      password: "late-sales-test-1",
      name: `Late Sales Host ${tag}`,
      partnerType: "profit-sharing",
      email: `late-${tag}@example.com`,
      billingAddress: "Leeds",
      commissionPercentage: "0.10",
    },
  });
  expect(registered.status()).toBe(201);
  const partner = (await registered.json()) as { id: number; name: string };
  const location = `Late Sales Kiosk ${tag}`;
  const created = await page.request.post("/api/machines", { data: { partnerId: partner.id, location } });
  expect(created.status()).toBe(201);
  const machine = (await created.json()) as { id: number };
  for (const [month, count] of [
    [PAID.ym, 10],
    [NEXT.ym, 20],
  ] as const) {
    const imported = await page.request.post(`/api/machines/${machine.id}/records`, {
      multipart: { month, reportFile: exportFile(`late-${tag}-${month}.xlsx`, location, month, count) },
    });
    expect(imported.status(), await imported.text()).toBe(201);
  }
  return { ...partner, machineId: machine.id, location, tag };
}

async function csvRows(download: Download): Promise<string[][]> {
  const text = fs.readFileSync(await download.path(), "utf8");
  return text
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));
}

/** The page at 1280px and 375px (not compared: for a person to look at), then back to 1280px. */
async function screenshots(page: Page, testInfo: TestInfo, name: string, part?: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 800 });
    const target = part ? page.getByLabel(part, { exact: true }) : page;
    await target.screenshot({ path: testInfo.outputPath(`${name}-${width}.png`), ...(part ? {} : { fullPage: true }) });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

/** A second admin, in a browser of their own, confirms the partner's new bank details (the demo admin made the change). */
async function confirmBankDetails(page: Page, browser: Browser, partnerId: number) {
  const username = `late-admin-${Date.now().toString(36)}`;
  const made = await page.request.post("/api/admin/users", {
    data: { username, name: "Second Admin", password: "second-admin-1" },
  });
  expect(made.status(), await made.text()).toBe(201);
  const context = await browser.newContext();
  const other = await context.newPage();
  await signIn(other, { username, password: "second-admin-1" });
  const confirmed = await other.request.post(`/api/partners/${partnerId}/bank-details/confirm`, {
    data: { verifiedBy: "called the site on its known number" },
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await context.close();
}

test("a month paid by batch takes late sales only once confirmed, and the difference is in the next month's Commission Due and payout", async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, ADMIN);
  const partner = await partnerWithTwoMonths(page);
  const paidOn = today();

  // Steps 1 and 2 hold the payout lock: payouts.spec.ts pays the same month for every partner ready.
  await withPayoutLock(async () => {
    // 1. Bank details now, so the partner is ready to pay only while this test pays it.
    const updated = await page.request.patch(`/api/partners/${partner.id}`, {
      data: {
        bankName: "Late Bank",
        accountHolderName: "Late Sales Ltd",
        sortCode: "40-12-34",
        accountNumber: "12345678",
      },
    });
    expect(updated.status(), await updated.text()).toBe(200);
    // A change of bank details holds payment for 72 hours unless another admin confirms them.
    await confirmBankDetails(page, browser, partner.id);

    // 2. The month before last, paid by batch for this partner alone.
    await page.goto(`/admin/payouts?month=${PAID.ym}`);
    await expect(page.getByRole("combobox", { name: "Month" })).toHaveText(PAID.label);
    const table = page.getByRole("region", { name: "Partners to pay" });
    const ours = table.getByRole("row", { name: new RegExp(partner.name) });
    await expect(ours).toContainText("40-12-34");
    await expect(ours).toContainText("****5678");
    await expect(ours.getByRole("cell").last()).toHaveText("£1.44");
    const boxes = table.getByRole("checkbox");
    const count = await boxes.count();
    for (let i = 0; i < count; i++) {
      const box = boxes.nth(i);
      if ((await box.getAttribute("value")) !== String(partner.id)) await box.uncheck();
    }
    await expect(ours.getByRole("checkbox")).toBeChecked();
    await expect(page.getByText(new RegExp(`^1 of ${count} partners? chosen$`))).toBeVisible();
    await expect(page.locator(".rt-Card", { hasText: "Selected total" })).toContainText("£1.44");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download payment file" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`commission-payouts-${PAID.ym}.csv`);
    expect(await csvRows(download)).toEqual([
      ["Payee name", "Sort code", "Account number", "Amount", "Reference"],
      ["LATE SALES LTD", "401234", "12345678", "1.44", `VV COMM ${PAID.ym}`],
    ]);

    await page.getByRole("button", { name: "Mark batch as paid" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Mark 1 partner paid for ${PAID.label}?`);
    await expect(confirm).toContainText("£1.44 in all is recorded as paid today");
    await confirm.getByRole("button", { name: "Mark batch as paid" }).click();
    await expect(toast(page)).toContainText("Batch marked as paid");
    await expect(toast(page)).toContainText(`1 partner paid £1.44 for ${PAID.label}.`);
    const leftOut = page.getByRole("region", { name: "Partners left out" });
    await expect(leftOut.getByRole("row", { name: new RegExp(partner.name) })).toContainText(
      `Already paid on ${paidOn} (£1.44)`,
    );
  });

  // 3. Late sales for the paid month: the machine's upload is refused until confirmed, naming the month and the difference.
  const change = `${partner.name}'s ${PAID.label} (paid £1.44 on ${paidOn}): +£0.72 to ${NEXT.label}`;
  const late = exportFile(`late-${partner.tag}.xlsx`, partner.location, PAID.ym, 5, 20);
  const refused = await page.request.post(`/api/machines/${partner.machineId}/records`, {
    multipart: { month: PAID.ym, reportFile: late },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toContain(
    `This import adds late sales to paid months, which keep what they paid: ${change}. Nothing was imported from this file`,
  );

  await page.goto("/admin/import");
  await page.getByLabel(/^Exports \(/).setInputFiles(late);
  await expect(page.getByText(late.name, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.getByRole("region", { name: `${late.name} preview` });
  await expect(preview.getByRole("row", { name: new RegExp(partner.location) })).toContainText(PAID.label);
  await expect(preview.getByRole("row", { name: new RegExp(partner.location) })).toContainText("£10.00");
  await expect(page.getByText("5 new rows would be added.")).toBeVisible();

  const block = page.getByRole("group", { name: "Late sales for paid months" });
  await expect(block).toContainText(
    "These are late sales for paid months, which keep what they paid. Each difference becomes an adjustment on the partner's next open month:",
  );
  await expect(block.getByRole("listitem")).toHaveText([change]);
  const adjust = block.getByRole("checkbox", { name: "Book the late sales and add the differences" });
  const importButton = page.getByRole("button", { name: "Import", exact: true });
  await expect(adjust).not.toBeChecked();
  await expect(importButton).toBeDisabled();
  await adjust.check();
  await expect(importButton).toBeEnabled();
  await importButton.click();
  await expect(toast(page)).toContainText("Exports imported");
  await expect(toast(page)).toContainText("5 new transactions booked.");
  await expect(
    page
      .getByRole("region", { name: `${late.name} imported` })
      .getByRole("row", { name: new RegExp(partner.location) }),
  ).toContainText("£10.00");
  await expect(page.getByRole("group", { name: "Late sales for paid months" })).toHaveCount(0);
  // The paid month keeps what it paid.
  await page.goto(`/admin/payouts?month=${PAID.ym}`);
  await expect(
    page.getByRole("region", { name: "Partners left out" }).getByRole("row", { name: new RegExp(partner.name) }),
  ).toContainText(`Already paid on ${paidOn} (£1.44)`);

  // 4. Commission Due for last month: its own £2.88 and the adjustment, named on the card.
  await page.goto(`/partners/${partner.id}`);
  const due = page.getByLabel("Commission Due", { exact: true });
  await expect(due).toContainText("£3.60");
  await expect(due).toContainText(`All machine reports are in for ${NEXT.label}`);
  await expect(
    due.getByRole("list", { name: `What ${NEXT.label} includes and what was paid` }).getByRole("listitem"),
  ).toHaveText([`Adjustment for ${PAID.label} (late sales): +£0.72`]);
  await due.getByText("How it's worked out").click();
  await expect(due.getByRole("list", { name: `Adjustments added to ${NEXT.label}` }).getByRole("listitem")).toHaveText([
    "Under the agreement: £2.88",
    `Adjustment for ${PAID.label} (late sales): +£0.72`,
  ]);
  await screenshots(page, testInfo, "late-sales-commission-due", "Commission Due");

  // 5. Last month's payout: the partner's amount includes the adjustment.
  await page.goto(`/admin/payouts?month=${NEXT.ym}`);
  await expect(page.getByRole("combobox", { name: "Month" })).toHaveText(NEXT.label);
  const next = page
    .getByRole("region", { name: "Partners to pay" })
    .getByRole("row", { name: new RegExp(partner.name) });
  await expect(next.getByRole("cell").last()).toHaveText("£3.60includes +£0.72 adjustment");
  await screenshots(page, testInfo, "late-sales-payouts");
});
