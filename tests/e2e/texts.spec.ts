/**
 * Texts a person expects, on the page: a partner with no active machine reads "No active machines"
 * beside the spec's 'Waiting for all machine reports' (red border kept), on the partner page and on
 * the partner's own dashboard; Add Monthly Record says what the chosen month already has on the
 * machine before what the file adds. Screenshots at 375 px and 1280 px for a person to look at.
 */
import type { Page, TestInfo } from "@playwright/test";
import { ADMIN, expect, exportUpload, signIn, test } from "./fixtures.ts";

const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** Three months ago: a month no other spec pays or sums. */
const d = new Date();
const MONTH = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 3, 1));
const YM = MONTH.toISOString().slice(0, 7);
const LABEL = MONTH.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** Ids of this spec's own range (import 9.4e9, agreements and summary-paging 9.6e9, import-dates 9.8e9, late sales 9.9e9). */
const BASE_ID = 9_300_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

/** An export of `count` items at £2.00 (cost £0.50) sold at `machineName` in MONTH, ids from BASE_ID. */
function exportFile(name: string, machineName: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => [
    machineName,
    BASE_ID + i,
    "KitKat 4 Finger",
    0.5,
    2,
    2,
    `${YM}-${String(1 + (i % 5)).padStart(2, "0")}T1${i % 10}:00:00Z`,
  ]);
  return exportUpload(name, rows);
}

async function newPartner(page: Page, prefix: string) {
  const t = tag();
  const username = `${prefix}-${t}`;
  const registered = await page.request.post("/api/register", {
    data: {
      username,
      password: "texts-partner-1",
      name: `Texts Host ${t}`,
      partnerType: "profit-sharing",
      email: `${username}@example.com`,
      billingAddress: "Leeds",
      commissionPercentage: "0.10",
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  return { ...((await registered.json()) as { id: number; name: string }), username, tag: t };
}

async function shoot(page: Page, testInfo: TestInfo, name: string) {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach(`${name}-${width}`, { path, contentType: "image/png" });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a partner with no active machine: 'No active machines' beside 'Waiting for all machine reports'", async ({
  page,
  browser,
}, testInfo) => {
  await signIn(page, ADMIN);
  const partner = await newPartner(page, "no-machines");
  await page.goto(`/partners/${partner.id}`);
  const due = page.getByLabel("Commission Due", { exact: true });
  await expect(due).toContainText("Waiting for all machine reports");
  await expect(due.getByText("No active machines", { exact: true })).toBeVisible();
  await expect(due).not.toContainText("0 of 0");
  expect(await due.evaluate((el) => getComputedStyle(el).boxShadow)).toMatch(/inset/);
  await shoot(page, testInfo, "partner-page-no-machines");

  // The partner's own dashboard says the same.
  const context = await browser.newContext();
  const own = await context.newPage();
  await signIn(own, { username: partner.username, password: "texts-partner-1" });
  await own.goto("/");
  const card = own.getByLabel("Commission Due", { exact: true });
  await expect(card).toContainText("Waiting for all machine reports");
  await expect(card.getByText("No active machines", { exact: true })).toBeVisible();
  await expect(card).not.toContainText("there is no active machine");
  await shoot(own, testInfo, "dashboard-no-machines");
  await context.close();
});

test("Add Monthly Record says what the month already has on the machine, from the database", async ({
  page,
}, testInfo) => {
  await signIn(page, ADMIN);
  const partner = await newPartner(page, "month-has");
  const location = `Texts Kiosk ${partner.tag}`;
  const created = await page.request.post("/api/machines", { data: { partnerId: partner.id, location } });
  expect(created.status()).toBe(201);
  const machine = (await created.json()) as { id: number };
  // 10 items at £2.00: £20.00 already in the month.
  const imported = await page.request.post(`/api/machines/${machine.id}/records`, {
    multipart: { month: YM, reportFile: exportFile(`first-${partner.tag}.xlsx`, location, 10) },
  });
  expect(imported.status(), await imported.text()).toBe(201);

  await page.goto(`/partners/${partner.id}`);
  await page.getByRole("article", { name: location }).getByRole("button", { name: "Add Monthly Record" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Monthly Record" });
  await dialog.getByLabel("Month").fill(YM);
  // The same 10 rows and 2 more.
  await dialog.getByLabel("Sales report file").setInputFiles(exportFile(`second-${partner.tag}.xlsx`, location, 12));
  const contents = dialog.getByLabel("File contents");
  await expect(contents).toContainText(
    `${LABEL} already has 10 transactions (£20.00) on this machine; the file adds only what is new`,
  );
  await expect(contents).toContainText("2 new");
  await expect(contents).toContainText("10 already imported");
  await shoot(page, testInfo, "add-record-month-has");
});
