/**
 * Rows left out for their date: an export written as the telemetry system writes it
 * (a title with the month's range, headers with trailing spaces, amounts as text, month-first AM/PM
 * dates) with two rows whose date cannot be read. /admin/import names them, with their revenue, in a
 * red block beside Import and imports only once the admin confirms; the audit trail says what was
 * left out. Add Monthly Record asks the same on a machine's card, and asks the day/month order of a
 * file that does not decide it.
 *
 * Each test has a partner and a machine of its own (its location is the export's Machine Name) and
 * transaction ids no other spec uses: the e2e database is shared, and last month's figures of the
 * demo machines are other specs' to check.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import * as XLSX from "xlsx";
import { ADMIN, expect, signIn, test, toast } from "./fixtures.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** A fresh profit-sharing partner with one machine, named `Dates Kiosk <tag>`. */
async function freshMachine(page: Page) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const registered = await page.request.post("/api/register", {
    data: {
      username: `dates-${tag}`,
      password: "dates-test-1",
      name: `Dates Host ${tag}`,
      partnerType: "profit-sharing",
      email: `dates-${tag}@example.com`,
      billingAddress: "Leeds",
      commissionPercentage: "0.10",
    },
  });
  expect(registered.status()).toBe(201);
  const partner = (await registered.json()) as { id: number; name: string };
  const location = `Dates Kiosk ${tag}`;
  const created = await page.request.post("/api/machines", { data: { partnerId: partner.id, location } });
  expect(created.status()).toBe(201);
  return { partner, location, tag };
}

/** Ids of this spec's own range (import.spec.ts uses 9.4e9, agreements and summary-paging 9.6e9). */
const firstId = () => 9_800_000_000 + Math.floor(Math.random() * 1_000_000) * 20;

/** An export as the telemetry system writes it: `rows` are [date text, settlement text]. */
function exportFile(name: string, title: string, machineName: string, rows: [string, string][]) {
  const base = firstId();
  const sheet = XLSX.utils.aoa_to_sheet([
    [title],
    [
      "Machine Name ",
      "Transaction ID ",
      "Product Name ",
      "Cost Price ",
      "Machine Price ",
      "Settlement Value (Vend Price) ",
      "Authorization Date and Time (GMT) ",
    ],
    ...rows.map(([date, settlement], i) => [
      machineName,
      base + i,
      "KitKat 4 Finger",
      "0.35",
      settlement,
      settlement,
      date,
    ]),
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Transactions");
  return { name, mimeType: XLSX_TYPE, buffer: Buffer.from(XLSX.write(book, { type: "buffer", bookType: "xlsx" })) };
}

/** October 2026, month-first: three good rows (£3.30) and two whose date reads no way (£3.30). */
const withUnreadableDates = (name: string, machineName: string) =>
  exportFile(name, "Dynamic Transactions Monitor - 01/10/2026 - 31/10/2026", machineName, [
    ["10/1/2026 7:40:26 AM", "1.10"],
    ["10/2/2026 12:05:10 PM", "1.10"],
    ["10/3/2026 6:15:00 PM", "1.10"],
    ["32/10/2026 10:00", "1.10"],
    ["not a date", "2.20"],
  ]);

test("an admin previews an export with unreadable dates, confirms the rows left out, imports the rest, and the audit trail names them", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  const { partner, location, tag } = await freshMachine(page);
  const fileName = `dates-${tag}.xlsx`;
  await page.goto("/admin/import");
  await page.getByLabel(/^Exports \(/).setInputFiles(withUnreadableDates(fileName, location));
  await expect(page.getByText(fileName, { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Preview" }).click();

  const preview = page.getByRole("region", { name: `${fileName} preview` });
  await expect(preview.getByRole("row", { name: new RegExp(location) })).toContainText("October 2026");
  await expect(preview.getByRole("row", { name: new RegExp(location) })).toContainText("£3.30");
  // The title's range decided the order: 10/1/2026 is 1 October, not 10 January.
  await expect(preview).toContainText("5 rows read. Dates read month/day (from the date range in its title).");

  const block = page.getByRole("group", { name: "Rows left out" });
  await expect(block).toContainText("These rows carry money and will not be imported:");
  await expect(block.getByRole("listitem")).toHaveText(["2 rows without a readable date: £3.30"]);
  const confirm = block.getByRole("checkbox", { name: "Leave these rows out and import the rest" });
  await expect(confirm).not.toBeChecked();
  const importButton = page.getByRole("button", { name: "Import", exact: true });
  await expect(importButton).toBeDisabled();
  await expect(page.getByText("3 new rows would be added.")).toBeVisible();

  // The page with the red block passes the same WCAG 2.1 AA checks as the rest.
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`)).toEqual([]);

  await confirm.check();
  await expect(importButton).toBeEnabled();
  await confirm.uncheck();
  await expect(importButton).toBeDisabled();
  await confirm.check();
  await importButton.click();
  await expect(toast(page)).toContainText("Exports imported");
  await expect(toast(page)).toContainText("3 new transactions booked.");
  const done = page.getByRole("region", { name: `${fileName} imported` });
  await expect(done.getByText("Imported", { exact: true })).toBeVisible();
  await expect(done.getByRole("row", { name: new RegExp(location) })).toContainText("£3.30");
  // Imported: nothing is left to confirm, and Import waits for the next preview.
  await expect(page.getByRole("group", { name: "Rows left out" })).toHaveCount(0);
  await expect(importButton).toBeDisabled();

  await page.goto(`/admin/audit?partnerId=${partner.id}`);
  await expect(page.getByRole("row", { name: new RegExp(`Imported 3 rows from ${fileName}`) })).toContainText(
    `Imported 3 rows from ${fileName} to ${location} (left out: 2 rows without a readable date: £3.30; confirmed by the importer)`,
  );
});

test.describe("Add Monthly Record", () => {
  test("rows without a readable date wait for the admin's confirmation before Save Record", async ({ page }) => {
    await signIn(page, ADMIN);
    const { partner, location, tag } = await freshMachine(page);
    await page.goto(`/partners/${partner.id}`);
    await page.getByRole("article", { name: location }).getByRole("button", { name: "Add Monthly Record" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Monthly Record" });
    await dialog.getByLabel("Month").fill("2026-10");
    await dialog.getByLabel("Sales report file").setInputFiles(withUnreadableDates(`record-${tag}.xlsx`, location));

    const block = dialog.getByRole("group", { name: "Rows left out" });
    await expect(block).toContainText(
      "These rows carry money and will not be imported: 2 rows without a readable date: £3.30.",
    );
    await expect(dialog.getByLabel("File contents")).toContainText("3 new");
    const confirm = block.getByRole("checkbox", { name: "Leave these rows out and save the rest" });
    const save = dialog.getByRole("button", { name: "Save Record" });
    await expect(save).toBeDisabled();
    await confirm.check();
    await expect(save).toBeEnabled();
    await save.click();
    await expect(toast(page)).toContainText("Monthly record added");
    await expect(dialog).toBeHidden();

    await page.goto(`/admin/audit?partnerId=${partner.id}`);
    await expect(page.getByRole("row", { name: new RegExp(`Imported 3 rows from record-${tag}.xlsx`) })).toContainText(
      "(left out: 2 rows without a readable date: £3.30; confirmed by the importer)",
    );
  });

  test("a file whose dates read either way asks for their order, and the answer reads them", async ({ page }) => {
    await signIn(page, ADMIN);
    const { partner, location, tag } = await freshMachine(page);
    await page.goto(`/partners/${partner.id}`);
    await page.getByRole("article", { name: location }).getByRole("button", { name: "Add Monthly Record" }).click();
    const dialog = page.getByRole("dialog", { name: "Add Monthly Record" });
    await dialog.getByLabel("Month").fill("2026-10");
    await dialog.getByLabel("Sales report file").setInputFiles(
      exportFile(`ambiguous-${tag}.xlsx`, "Dynamic Transactions Monitor Mega", location, [
        ["05/10/2026 10:00", "1.10"],
        ["06/10/2026 11:00", "1.10"],
      ]),
    );
    const question = dialog.getByRole("group", { name: "Date order" });
    await expect(question).toContainText("Dates in this file are:");
    await expect(dialog.getByRole("button", { name: "Save Record" })).toBeDisabled();
    await question.getByRole("button", { name: "day/month" }).click();
    // 5 and 6 October: both in the month asked for.
    await expect(dialog.getByLabel("File contents")).toContainText("2 new");
    await expect(dialog.getByLabel("File contents")).toContainText("£2.20");
    await expect(dialog.getByRole("group", { name: "Date order" })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Save Record" })).toBeEnabled();
  });
});
