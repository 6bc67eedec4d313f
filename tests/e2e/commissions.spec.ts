import { ADMIN, expect, signIn, test, toast, withPayoutLock } from "./fixtures.ts";
import type { Page } from "@playwright/test";

/**
 * Mark as Paid's question: the amount paid today, or, for a month paid and reset by an earlier test
 * here (the money paid stays recorded), both figures and what is paid now.
 */
const PAY_QUESTION =
  /£[\d,]+\.\d\d is recorded as paid today|already paid £[\d,]+\.\d\d on \d\d\/\d\d\/\d{4}, now £[\d,]+\.\d\d\. (Nothing more is paid|£[\d,]+\.\d\d more is recorded as paid today)/;

function monthLabel(offset: number) {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return d.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
}
const previousMonthLabel = () => monthLabel(-1);

/** The summary shows 24 partners a page (the run makes many): from the first page on until the partner's row shows. */
async function partnerRow(page: Page, name: string) {
  const url = new URL(page.url());
  url.searchParams.delete("page");
  await page.goto(`${url.pathname}${url.search}`);
  const row = page.getByRole("row", { name: new RegExp(name) });
  const next = page.getByRole("navigation", { name: "Partners pages" }).getByRole("link", { name: "Next page" });
  for (let n = 2; !(await row.count()) && (await next.count()); n++) {
    await next.click();
    await expect(page.getByRole("navigation", { name: "Partners pages" })).toContainText(`page ${n} of`);
  }
  return row;
}

// These tests pay and reset last month for demo partners: one at a time, so no reset undoes another's payment.
test.describe.configure({ mode: "serial" });

test.describe("Commission summary", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  // Both Reset Month tests hold the payout lock: it reopens last month for every partner, which
  // dashboard-money.spec.ts pays for its own partner and checks as paid.
  test("lists every partner for last month, marks one paid, and resets the month", async ({ page }) => {
    await withPayoutLock(async () => {
      await page.goto("/admin/commissions");
      await expect(page.getByRole("heading", { level: 1, name: "Commission Summary" })).toBeVisible();
      await expect(page.getByRole("combobox", { name: "Month" })).toHaveText(previousMonthLabel());
      await expect(page.getByText("Total Commissions Due")).toBeVisible();
      await expect(await partnerRow(page, "Harrogate Fitness Club")).toContainText("not applicable");
      await expect(await partnerRow(page, "Bradford Library")).toContainText("not applicable");
      const leeds = await partnerRow(page, "Leeds Station Retail");
      await expect(leeds).toContainText("12.5%");
      await expect(leeds).toContainText("2 of 2");

      await leeds.getByRole("button", { name: "Mark Leeds Station Retail paid" }).click();
      const confirm = page.getByRole("alertdialog");
      await expect(confirm).toContainText(`Mark Leeds Station Retail's ${previousMonthLabel()} commission paid?`);
      await expect(confirm).toContainText(PAY_QUESTION);
      await confirm.getByRole("button", { name: "Mark as Paid" }).click();
      await expect(toast(page)).toContainText("Payment status updated");
      await expect(leeds.getByRole("button", { name: "Mark Leeds Station Retail paid" })).toHaveCount(0);
      await expect(leeds).toContainText("Paid");

      await page.getByRole("button", { name: "Reset Month" }).click();
      await expect(page.getByRole("alertdialog")).toContainText("Leeds Station Retail £");
      await page.getByRole("alertdialog").getByRole("button", { name: "Reset Month" }).click();
      await expect(toast(page)).toContainText("Reset successful");
      await expect(leeds.getByRole("button", { name: "Mark Leeds Station Retail paid" })).toBeEnabled();
    });
  });

  test("the month in progress is month to date and cannot be paid", async ({ page }) => {
    await page.goto("/admin/commissions");
    await page.getByRole("combobox", { name: "Month" }).click();
    await page.getByRole("option", { name: `${monthLabel(0)} (month to date)` }).click();
    await expect(page.getByText(`${monthLabel(0)} is month to date: it ends on`)).toBeVisible();
    const leeds = await partnerRow(page, "Leeds Station Retail");
    await expect(leeds.getByRole("button", { name: "Mark Leeds Station Retail paid" })).toBeDisabled();
  });

  test("the month selector offers 12 months and each row links to its partner", async ({ page }) => {
    await page.goto("/admin/commissions");
    await page.getByRole("combobox", { name: "Month" }).click();
    await expect(page.getByRole("option")).toHaveCount(12);
    await page.keyboard.press("Escape");
    await (await partnerRow(page, "York Hospital Trust")).getByRole("link", { name: "York Hospital Trust" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "York Hospital Trust" })).toBeVisible();
  });
});

test.describe("Commission summary without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("the month selector is a form, and Mark as Paid and Reset Month ask on a page first", async ({ page }) => {
    await withPayoutLock(async () => {
      await page.goto("/admin/commissions");
      const month = page.getByRole("combobox", { name: "Month" });
      await month.selectOption({ label: `${monthLabel(0)} (month to date)` });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page).toHaveURL(/\?month=\d{4}-\d{2}$/);
      await expect(page.getByText(`${monthLabel(0)} is month to date: it ends on`)).toBeVisible();
      await month.selectOption({ label: previousMonthLabel() });
      await page.getByRole("button", { name: "Show" }).click();
      await expect(page.getByText(`showing ${previousMonthLabel()}`)).toBeVisible();
      const leeds = await partnerRow(page, "Leeds Station Retail");
      const url = page.url();

      await leeds.getByRole("button", { name: "Mark Leeds Station Retail paid" }).click();
      const question = page.getByRole("alertdialog", {
        name: `Mark Leeds Station Retail's ${previousMonthLabel()} commission paid?`,
      });
      await expect(question).toContainText(PAY_QUESTION);
      await expect(leeds).toContainText("Pending"); // nothing has happened yet
      await question.getByRole("button", { name: "Mark as Paid" }).click();
      await expect(page).toHaveURL(url);
      await expect(page.getByRole("status")).toContainText("Payment status updated");
      await expect(leeds).toContainText("Paid");

      await page.getByRole("button", { name: "Reset Month" }).click();
      const reset = page.getByRole("alertdialog", { name: `Reset ${previousMonthLabel()}?` });
      await expect(reset).toContainText("Leeds Station Retail £");
      await reset.getByRole("button", { name: "Reset Month" }).click();
      await expect(page.getByRole("status")).toContainText("Reset successful");
      await expect(leeds.getByRole("button", { name: "Mark Leeds Station Retail paid" })).toBeEnabled();
    });
  });
});

test.describe("Partner detail: commission cards", () => {
  test("Commission Due, Download Report, Send Report and payment status", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin?q=york-health"); // the dashboard shows 24 partners a page: found by its username
    await page
      .getByRole("article", { name: "York Hospital Trust" })
      .getByRole("link", { name: "View Details" })
      .click();
    const due = page.getByLabel("Commission Due");
    await expect(due).toContainText("All machine reports are in");
    await expect(page.getByRole("heading", { name: "Monthly Commission Report" })).toBeVisible();
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Report" }).click();
    expect((await download).suggestedFilename()).toBe("consolidated-report.pdf");
    await page.getByRole("button", { name: "Send Report" }).click();
    await expect(page.getByRole("alertdialog")).toContainText(
      `Send York Hospital Trust the ${previousMonthLabel()} report?`,
    );
    await page.getByRole("alertdialog").getByRole("button", { name: "Send Report" }).click();
    await expect(toast(page)).toContainText("Monthly report has been sent successfully");
    await expect(page.getByRole("heading", { name: "Commission Payment Status" })).toBeVisible();

    // Paying closes the month: the card says Paid with the date and amount, until Reset Month reopens it.
    await page.getByRole("button", { name: "Mark as Paid" }).click();
    await expect(page.getByRole("alertdialog")).toContainText(
      `Mark York Hospital Trust's ${previousMonthLabel()} commission paid?`,
    );
    await page.getByRole("alertdialog").getByRole("button", { name: "Mark as Paid" }).click();
    await expect(toast(page)).toContainText("Payment status updated");
    await expect(due).toContainText(
      new RegExp(`Paid on \\d\\d/\\d\\d/\\d{4}: £[\\d,]+\\.\\d\\d for ${previousMonthLabel()}`),
    );
    await page.getByRole("button", { name: "Reset Month" }).click();
    await expect(page.getByRole("alertdialog")).toContainText(`Reopen York Hospital Trust's ${previousMonthLabel()}?`);
    await page.getByRole("alertdialog").getByRole("button", { name: "Reset Month" }).click();
    await expect(toast(page)).toContainText("Reset successful");
    await expect(page.getByRole("button", { name: "Mark as Paid" })).toBeEnabled();
  });
});

test.describe("Partner detail: commission cards without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Download Report is a link, and Send Report, Mark as Paid and Reset Month ask on a page first", async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin?q=york-health"); // the dashboard shows 24 partners a page: found by its username
    await page
      .getByRole("article", { name: "York Hospital Trust" })
      .getByRole("link", { name: "View Details" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "York Hospital Trust" })).toBeVisible();
    const url = page.url();
    await expect(page.getByRole("link", { name: "Download Report" })).toHaveAttribute(
      "href",
      /\/resources\/partners\/\d+\/report\?month=\d{4}-\d{2}$/,
    );

    await page.getByRole("button", { name: "Send Report" }).click();
    const send = page.getByRole("alertdialog", {
      name: `Send York Hospital Trust the ${previousMonthLabel()} report?`,
    });
    await expect(send).toContainText("is emailed to the partner");
    await send.getByRole("button", { name: "Send Report" }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("status")).toContainText("Monthly report has been sent successfully");

    await page.getByRole("button", { name: "Mark as Paid" }).click();
    const pay = page.getByRole("alertdialog", {
      name: `Mark York Hospital Trust's ${previousMonthLabel()} commission paid?`,
    });
    await expect(pay).toContainText(PAY_QUESTION);
    await expect(page.getByLabel("Commission Due")).not.toContainText("Paid on"); // nothing has happened yet
    await pay.getByRole("button", { name: "Mark as Paid" }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("status")).toContainText("Payment status updated");
    await expect(page.getByLabel("Commission Due")).toContainText(
      new RegExp(`Paid on \\d\\d/\\d\\d/\\d{4}: £[\\d,]+\\.\\d\\d for ${previousMonthLabel()}`),
    );

    await page.getByRole("button", { name: "Reset Month" }).click();
    const reset = page.getByRole("alertdialog", { name: `Reopen York Hospital Trust's ${previousMonthLabel()}?` });
    await reset.getByRole("button", { name: "Reset Month" }).click();
    await expect(page.getByRole("status")).toContainText("Reset successful");
    await expect(page.getByRole("button", { name: "Mark as Paid" })).toBeEnabled();
  });
});
