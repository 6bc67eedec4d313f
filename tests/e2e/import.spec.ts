/**
 * The business-wide import (/admin/import): a three-machine export with one unknown Machine Name,
 * previewed, mapped in the page and imported; then an overdue invoice marked paid with a
 * reference; the audit trail shows both.
 */
import AxeBuilder from "@axe-core/playwright";
import { ADMIN, expect, exportUpload, signIn, test, toast } from "./fixtures.ts";

function exportFile(unknownName = "Harrogate Gym Front Desk"): { name: string; mimeType: string; buffer: Buffer } {
  // Dated in the month in progress (never closed), with transaction ids no demo sale uses.
  const month = new Date().toISOString().slice(0, 7);
  const base = 9_400_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  const names = ["Leeds Station Concourse", "York Hospital Atrium", unknownName];
  const rows = names.flatMap((name, m) =>
    [0, 1, 2].map((i) => [name, base + m * 3 + i, "KitKat 4 Finger", 0.35, 1.1, 1.1, `${month}-01T0${i}:1${m}:00Z`]),
  );
  return exportUpload("three-sites.xlsx", rows);
}

test("an admin imports a three-machine export, maps the unknown name in the page, marks an overdue invoice paid, and the audit trail shows both", async ({
  page,
}) => {
  await signIn(page, ADMIN);
  await page.getByRole("link", { name: "Import Exports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import Exports" })).toBeVisible();
  await page.getByLabel("Exports (.xlsx, .xls or .csv, one or more)").setInputFiles(exportFile());
  await expect(page.getByText("three-sites.xlsx", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Preview" }).click();

  const preview = page.getByRole("region", { name: "three-sites.xlsx preview" });
  await expect(preview.getByRole("row", { name: /Leeds Station Concourse/ })).toContainText("£3.30");
  await expect(preview.getByRole("row", { name: /York Hospital Atrium/ })).toBeVisible();
  await expect(preview).toContainText(
    "3 rows naming 'Harrogate Gym Front Desk', which no machine answers to yet: £3.30",
  );
  await expect(page.getByRole("button", { name: "Import", exact: true })).toBeDisabled();
  await expect(page.getByText("6 new rows would be added; 3 rows without a machine yet.")).toBeVisible();
  // The preview (tables, the mapping callout) passes the same WCAG 2.1 AA checks as the empty page.
  const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`)).toEqual([]);

  // The machines are listed under their partner.
  const mapping = page.getByRole("combobox", { name: "Machine for Harrogate Gym Front Desk" });
  await mapping.click();
  await expect(
    page
      .getByRole("group", { name: "Harrogate Fitness Club" })
      .getByRole("option", { name: "Harrogate Gym Reception", exact: true }),
  ).toBeVisible();
  await page.getByRole("option", { name: "Harrogate Gym Reception", exact: true }).click();
  // Preview again: the choice stays, and the name's rows go to the chosen machine.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(preview.getByRole("row", { name: /Harrogate Gym Reception/ })).toContainText("£3.30");
  await expect(mapping).toContainText("Harrogate Gym Reception");
  await expect(page.getByText("9 new rows would be added.")).toBeVisible();
  await page.getByRole("button", { name: "Import", exact: true }).click();
  await expect(toast(page)).toContainText("Exports imported");
  const done = page.getByRole("region", { name: "three-sites.xlsx imported" });
  await expect(done.getByRole("row", { name: /Harrogate Gym Reception/ })).toContainText("3");
  await expect(done.getByRole("row")).toHaveCount(4);
  await expect(
    page.getByText("Remembered for the web and the CLI: ‘Harrogate Gym Front Desk’ is Harrogate Gym Reception."),
  ).toBeVisible();

  // An overdue invoice of its own, marked paid with a reference on Invoice Management.
  const username = `audit-fee-${Date.now().toString(36)}`;
  const created = await page.request.post("/api/register", {
    data: {
      username,
      password: "fee-partner-1",
      name: `Audit Gym ${username}`,
      partnerType: "fee-paying",
      email: `${username}@example.com`,
      billingAddress: "2 Fee Street, York",
      monthlyFee: "40",
    },
  });
  const partner = (await created.json()) as { id: number; name: string };
  const invoice = (await (
    await page.request.post(`/api/fee-payments/generate-invoice/${partner.id}`, {
      data: { requestedPaymentPeriod: "monthly" },
    })
  ).json()) as { id: number; displayId: string };
  expect(
    (await page.request.post(`/api/fee-payments/${invoice.id}/status`, { data: { status: "overdue" } })).status(),
  ).toBe(200);
  await page.goto("/admin/invoices");
  await page.getByRole("tab", { name: "Overdue" }).click();
  const row = page.getByRole("tabpanel").getByRole("row", { name: new RegExp(invoice.displayId) });
  await row.getByRole("button", { name: new RegExp(`^Mark ${invoice.displayId}`) }).click();
  const dialog = page.getByRole("alertdialog");
  await dialog.getByLabel(/reference/i).fill("BACS AUDIT-77");
  await dialog.getByRole("button", { name: "Mark as Paid" }).click();
  await expect(toast(page)).toContainText("Payment status updated");

  await page.goto("/admin/audit");
  await expect(
    page.getByRole("row", { name: /Mapped telemetry name .Harrogate Gym Front Desk. to Harrogate Gym Reception/ }),
  ).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(`${invoice.displayId}`) }).first()).toContainText(
    "BACS AUDIT-77",
  );
});

test.describe("Import Exports without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the browser's own file input posts the form and the preview comes back", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/import");
    // A name of its own: the other test maps its unknown name, in parallel, on the same database.
    await page
      .getByLabel("Exports (.xlsx, .xls or .csv, one or more)")
      .setInputFiles(exportFile("Scarborough Spa Kiosk"));
    await page.getByRole("button", { name: "Preview" }).click();
    const preview = page.getByRole("region", { name: "three-sites.xlsx preview" });
    await expect(preview.getByRole("row", { name: /Leeds Station Concourse/ })).toContainText("£3.30");
    await expect(page.getByText("6 new rows would be added; 3 rows without a machine yet.")).toBeVisible();
    await expect(preview).toContainText(
      "3 rows naming 'Scarborough Spa Kiosk', which no machine answers to yet: £3.30",
    );
  });
});
