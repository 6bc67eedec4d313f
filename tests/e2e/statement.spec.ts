/**
 * Statement of account on the demo: the fee-paying partner harrogate-gym sees the
 * Balance due card with the overdue part and downloads the statement PDF; the admin sees the aging
 * on the partner's page and filters the statement by dates (kept in the URL). Both views are
 * checked at 375 and 1280px for overflow, text running out of its box and axe.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import { ADMIN, FEE_PAYING, expect, signIn, test } from "./fixtures.ts";
import { horizontalOverflow, overflowingText } from "./layout-checks.ts";

const WIDTHS = [375, 1280];

async function layoutChecks(page: Page, testInfo: TestInfo, name: string) {
  const selector = name === "balance card" ? "[aria-label='Balance due']" : "#statement";
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const section = page.locator(selector);
    await section.scrollIntoViewIfNeeded();
    const path = testInfo.outputPath(`${name}-${width}.png`);
    await section.screenshot({ path });
    await testInfo.attach(`${name} ${width}px`, { path, contentType: "image/png" });
    expect
      .soft(await horizontalOverflow(page), `${name} at ${width}px: document wider than the viewport by (px)`)
      .toBe(0);
    expect.soft(await overflowingText(page, section), `${name} at ${width}px: text running out of its box`).toEqual([]);
  }
  // This section's own (the whole page's are visual.spec.ts's).
  const axe = await new AxeBuilder({ page })
    .include(selector)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect.soft(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`)).toEqual([]);
}

const isoOf = (enGB: string) => `${enGB.slice(6, 10)}-${enGB.slice(3, 5)}-${enGB.slice(0, 2)}`;

test("the fee-paying partner sees the balance due with the overdue part and downloads the statement", async ({
  page,
}, testInfo) => {
  await signIn(page, FEE_PAYING);
  const card = page.getByLabel("Balance due", { exact: true });
  // The demo: £40.00 left of an invoice about three weeks past due (how many days follows the
  // lengths of the last months: counted here from its due date), and this month's £90.00 not due yet.
  const invoices = (await (await page.request.get("/api/fee-payments")).json()) as {
    status: string;
    dueDate: string;
  }[];
  const overdue = invoices.find((i) => i.status === "overdue")!;
  const today = new Date().toISOString().slice(0, 10);
  const days = Math.round((Date.parse(today) - Date.parse(overdue.dueDate)) / 86_400_000);
  await expect(card).toContainText("£130.00");
  await expect(card).toContainText(`£40.00 overdue, ${days} days`);

  const download = page.waitForEvent("download");
  await card.getByRole("link", { name: "Download statement" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statement-of-account-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.pdf$/);
  const path = testInfo.outputPath("statement.pdf");
  await file.saveAs(path);
  expect(fs.readFileSync(path).subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const text = execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" }).replace(/[ \t]+/g, " ");
  for (const expected of [
    "Statement of account",
    "Harrogate Fitness Club",
    "Payment, card, CARD 4417",
    "Closing balance £130.00",
    "Balance due: £130.00. £40.00 of it is overdue",
  ]) {
    expect(text).toContain(expected);
  }
  await layoutChecks(page, testInfo, "balance card");
});

test("the admin sees the aging on the partner page and filters the statement by dates", async ({ page }, testInfo) => {
  test.slow(); // a partner page with machines, loaded five times, and two widths of checks
  await signIn(page, ADMIN);
  const partners = (await (await page.request.get("/api/partners")).json()) as { id: number; username: string }[];
  const id = partners.find((p) => p.username === FEE_PAYING.username)!.id;
  await page.goto(`/partners/${id}`);

  const section = page.locator("#statement");
  await expect(section.getByRole("heading", { name: "Statement of account" })).toBeVisible();
  const aging = section.getByLabel("Aging of the balance due");
  await expect(aging).toContainText("£40.00 overdue");
  await expect(aging.locator("dd").nth(0)).toHaveText("£90.00"); // current: this month's invoice
  await expect(aging.locator("dd").nth(1)).toHaveText("£40.00"); // 1–30 days
  await expect(aging.locator("dd").nth(4)).toHaveText("£0.00"); // over 90 days

  const table = section.getByRole("region", { name: "Statement of account" });
  const payment = table.getByRole("row").filter({ hasText: "Payment, card, CARD 4417" });
  await expect(payment).toContainText("£50.00");
  const day = isoOf((await payment.getByRole("rowheader").innerText()).trim());
  await expect(table.getByRole("row").last()).toContainText("£130.00");

  // Only the day of the partial payment: brought forward, the payment, the closing balance.
  await section.getByLabel("From").fill(day);
  await section.getByLabel("To").fill(day);
  await section.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${day}&to=${day}`));
  await expect(table.getByRole("row")).toHaveCount(4);
  await expect(table.getByRole("row").nth(1)).toContainText("Balance brought forward");
  await expect(table.getByRole("row").nth(2)).toContainText("Payment, card, CARD 4417");
  await expect(section.getByRole("link", { name: "Download PDF" })).toHaveAttribute(
    "href",
    `/api/partners/${id}/statement?from=${day}&to=${day}`,
  );

  // The filter is in the URL: a reload keeps it; All entries clears it.
  await page.reload();
  await expect(table.getByRole("row")).toHaveCount(4);
  await layoutChecks(page, testInfo, "statement section");
  await page.setViewportSize({ width: 1280, height: 800 });
  await section.getByRole("link", { name: "All entries" }).click();
  await expect(page).not.toHaveURL(/from=/);
  await expect(table.getByRole("row").filter({ hasText: "Payment, card, CARD 4417" })).toBeVisible();
  await expect(table.getByRole("row")).not.toHaveCount(4);

  // A period that runs backwards shows the whole account and says why.
  await page.goto(`/partners/${id}?from=${day}&to=2000-01-01`);
  await expect(section.getByRole("alert")).toHaveText("The statement's from date must not be after its to date");
});
