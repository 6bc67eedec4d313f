import { ADMIN, expect, signIn, test, toast } from "./fixtures.ts";
import type { Page } from "@playwright/test";

const TYPES = [
  { type: "Profit Sharing", commission: true, fee: false },
  { type: "Tiered Profit Sharing", commission: true, fee: false },
  { type: "Non-Profit Sharing", commission: false, fee: false },
  { type: "Fee Paying", commission: false, fee: true },
];

async function openAddPartner(page: Page) {
  await page.getByRole("button", { name: "Add Partner" }).click();
  return page.getByRole("dialog", { name: "Add Partner" });
}

test.describe("Partner management", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("shows six summary cards and the dashboard buttons", async ({ page }) => {
    for (const label of [
      "Total Partners",
      "Revenue",
      "Net Profit",
      "Commission",
      "All-time Revenue",
      "All-time Net Profit",
    ]) {
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "View Commission Summary" })).toHaveAttribute(
      "href",
      "/admin/commissions",
    );
    await expect(page.getByRole("link", { name: "Product Analytics" })).toHaveAttribute("href", "/admin/products");
  });

  test("creates one partner of each type through the dialog, with the form's type rules", async ({ page }) => {
    test.slow(); // four partners through the dialog: about 20 s on a busy two-core machine
    const stamp = Date.now().toString(36);
    // The dashboard shows 24 partners a page: this test's own, by the search its names share (kept after each create).
    await page.goto(`/admin?q=${stamp}`);
    for (const [index, { type, commission, fee }] of TYPES.entries()) {
      const dialog = await openAddPartner(page);
      const username = `e2e-${stamp}-${index}`;
      await dialog.getByLabel("Name", { exact: true }).fill(`E2E ${type} ${stamp}`);
      await dialog.getByLabel("Username", { exact: true }).fill(username);
      await dialog.getByLabel("Password", { exact: true }).fill("e2e-password-1");
      await dialog.getByRole("combobox", { name: "Partner type" }).click();
      await page.getByRole("option", { name: type, exact: true }).click();
      await expect(dialog.getByLabel("Commission (%)", { exact: true })).toHaveCount(commission ? 1 : 0);
      await expect(dialog.getByLabel("Monthly fee (£)", { exact: true })).toHaveCount(fee ? 1 : 0);
      if (commission) await expect(dialog.getByLabel("Commission (%)", { exact: true })).toHaveValue("10");
      if (fee) await dialog.getByLabel("Monthly fee (£)", { exact: true }).fill("45.50");
      await dialog.getByLabel("Email", { exact: true }).fill(`${username}@example.com`);
      await dialog.getByLabel("Billing address", { exact: true }).fill("1 Test Street, Leeds");
      await dialog.getByRole("button", { name: "Create Partner" }).click();
      await expect(toast(page)).toContainText("Partner created");
      await expect(dialog).toBeHidden();
      const card = page.getByRole("article", { name: `E2E ${type} ${stamp}` });
      await expect(card).toBeVisible();
      await expect(card.getByText(type, { exact: true })).toBeVisible();
      if (fee) await expect(card.getByText("Awaiting invoice")).toBeVisible();
    }
  });

  test("shows the create form's messages and keeps the dialog open", async ({ page }) => {
    const dialog = await openAddPartner(page);
    await dialog.getByLabel("Name", { exact: true }).fill("Broken Partner");
    await dialog.getByLabel("Username", { exact: true }).fill(`broken-${Date.now()}`);
    await dialog.getByLabel("Password", { exact: true }).fill("e2e-password-1");
    await dialog.getByLabel("Email", { exact: true }).fill("not-an-email");
    await dialog.getByRole("button", { name: "Create Partner" }).click();
    await expect(dialog.getByText("Invalid email address")).toBeVisible();
    await expect(dialog.getByText("Billing address is required")).toBeVisible();
    await expect(dialog).toBeVisible();
  });

  test("an existing username gets 'Error creating partner' with the server's message", async ({ page }) => {
    const dialog = await openAddPartner(page);
    await dialog.getByLabel("Name", { exact: true }).fill("Duplicate");
    await dialog.getByLabel("Username", { exact: true }).fill("leeds-station");
    await dialog.getByLabel("Password", { exact: true }).fill("e2e-password-1");
    await dialog.getByLabel("Email", { exact: true }).fill("dup@example.com");
    await dialog.getByLabel("Billing address", { exact: true }).fill("Somewhere");
    await dialog.getByRole("button", { name: "Create Partner" }).click();
    await expect(toast(page)).toContainText("Error creating partner");
    await expect(toast(page)).toContainText("Username already exists");
  });

  test("finds a partner by part of a name or username, ignoring case", async ({ page }) => {
    const search = page.getByRole("searchbox", { name: "Search partners" });
    await search.fill("YORK");
    await expect(page.getByRole("article", { name: "York Hospital Trust" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Leeds Station Retail" })).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\?q=YORK$/);
    await search.fill("gym");
    await expect(page.getByRole("article", { name: "Harrogate Fitness Club" })).toBeVisible();
    await expect(page.getByRole("article", { name: "York Hospital Trust" })).toHaveCount(0);
    // The search lives in the URL: a reload shows the same view.
    await expect(page).toHaveURL(/\/admin\?q=gym$/);
    await page.reload();
    await expect(search).toHaveValue("gym");
    await expect(page.getByRole("article", { name: "Harrogate Fitness Club" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Leeds Station Retail" })).toHaveCount(0);
  });

  test("edits a partner's email on its own, with the field's message first", async ({ page }) => {
    await page.goto("/admin?q=bradford");
    const card = page.getByRole("article", { name: "Bradford Library" });
    await card.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Bradford Library" });
    for (const section of [
      "Basic Information",
      "Contact Information",
      "Banking Details",
      "Account Settings",
      "Danger Zone",
    ]) {
      await expect(dialog.getByRole("heading", { name: section })).toBeVisible();
    }
    await dialog.getByRole("button", { name: "Edit Email" }).click();
    await dialog.getByLabel("Email", { exact: true }).fill("broken");
    await dialog.getByRole("button", { name: "Save Email" }).click();
    await expect(dialog.getByText("Invalid email address")).toBeVisible();
    await dialog.getByLabel("Email", { exact: true }).fill("library@bradford.example");
    await dialog.getByRole("button", { name: "Save Email" }).click();
    await expect(toast(page)).toContainText("Partner updated");
    await expect(dialog.getByText("library@bradford.example")).toBeVisible();
    await dialog.getByRole("button", { name: "Edit Username" }).click();
    await dialog.getByLabel("Username", { exact: true }).fill("");
    await dialog.getByRole("button", { name: "Save Username" }).click();
    await expect(dialog.getByText("Username is required")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel Username" }).click();
    await expect(dialog.getByText("bradford-library", { exact: true })).toBeVisible();
  });

  test("deletes a partner after a wrong, then the right, admin password", async ({ page }) => {
    const name = `Doomed ${Date.now().toString(36)}`;
    await page.goto(`/admin?q=${encodeURIComponent(name)}`); // its card after the create, whatever page it would be on
    const dialog = await openAddPartner(page);
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("Username", { exact: true }).fill(name.toLowerCase().replace(" ", "-"));
    await dialog.getByLabel("Password", { exact: true }).fill("e2e-password-1");
    await dialog.getByLabel("Email", { exact: true }).fill("doomed@example.com");
    await dialog.getByLabel("Billing address", { exact: true }).fill("Nowhere");
    await dialog.getByRole("button", { name: "Create Partner" }).click();
    const card = page.getByRole("article", { name });
    await card.getByRole("button", { name: "Edit" }).click();
    await page.getByRole("button", { name: "Delete Partner" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByLabel("Your password", { exact: true }).fill("wrong-password");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Deletion failed");
    await expect(toast(page)).toContainText("Incorrect password");
    // The refused password is cleared by the dialog: typing before that lands would be wiped (and Delete stay disabled).
    await expect(confirm.getByLabel("Your password", { exact: true })).toHaveValue("");
    await confirm.getByLabel("Your password", { exact: true }).fill(ADMIN.password);
    await expect(confirm.getByRole("button", { name: "Delete" })).toBeEnabled();
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Partner deleted");
    await expect(page.getByRole("article", { name })).toHaveCount(0);
  });

  test("partner detail: profile, back button, inline commission rate with its messages", async ({ page }) => {
    await page.goto("/admin?q=leeds-station");
    await page
      .getByRole("article", { name: "Leeds Station Retail" })
      .getByRole("link", { name: "View Details" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Leeds Station Retail" })).toBeVisible();
    for (const label of ["Total Machines", "Total Revenue", "Sales This Month", "Total Sales"]) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }
    await expect(page.getByText("accounts@leeds-station.example")).toBeVisible();
    await expect(page.getByText("Yorkshire Bank")).toBeVisible();
    await page.getByRole("button", { name: "Edit commission rate" }).click();
    const input = page.getByLabel("Commission rate (%)", { exact: true });
    await input.fill("150");
    await page.getByRole("button", { name: "Save commission rate" }).click();
    await expect(page.getByText("Commission must be between 0 and 100")).toBeVisible();
    await input.fill("");
    await page.getByRole("button", { name: "Save commission rate" }).click();
    await expect(page.getByText("Invalid commission")).toBeVisible();
    await input.fill("12.5");
    await page.getByRole("button", { name: "Save commission rate" }).click();
    await expect(toast(page)).toContainText("Partner updated");
    await expect(page.getByText("12.5%", { exact: true })).toBeVisible();
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("deleting from the partner's page goes back to the dashboard with the toast", async ({ page }) => {
    test.slow(); // a partner created, its page, the delete: slow on a busy machine
    const name = `Gone ${Date.now().toString(36)}`;
    await page.goto(`/admin?q=${encodeURIComponent(name)}`);
    const dialog = await openAddPartner(page);
    await dialog.getByLabel("Name", { exact: true }).fill(name);
    await dialog.getByLabel("Username", { exact: true }).fill(name.toLowerCase().replace(" ", "-"));
    await dialog.getByLabel("Password", { exact: true }).fill("e2e-password-1");
    await dialog.getByLabel("Email", { exact: true }).fill("gone@example.com");
    await dialog.getByLabel("Billing address", { exact: true }).fill("Nowhere");
    await dialog.getByRole("button", { name: "Create Partner" }).click();
    await page.getByRole("article", { name }).getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(/\/partners\/\d+$/, { timeout: 15_000 });
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible({ timeout: 15_000 });
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByRole("button", { name: "Delete Partner" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByLabel("Your password", { exact: true }).fill(ADMIN.password);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(toast(page)).toContainText("Partner deleted");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("article", { name })).toHaveCount(0);
  });

  test("the partner's terms card is headed for their type: a fee-paying partner pays a fee, no profit share", async ({
    page,
  }) => {
    for (const [username, heading, value] of [
      ["leeds-station", "Profit Share", null],
      ["york-health", "Profit Share", "Tiered Commission on the month's total net profit:"],
      ["harrogate-gym", "Monthly Fee", "Paid by the partner each month, invoiced; no profit share."],
      ["bradford-library", "Commission", "Non-profit-sharing partners earn no commission and pay no fee."],
    ] as const) {
      await page.goto(`/admin?q=${username}`);
      await page.getByRole("link", { name: "View Details" }).click();
      await expect(page).toHaveURL(/\/partners\/\d+$/);
      await expect(page.getByRole("heading", { level: 2, name: heading, exact: true })).toBeVisible();
      if (heading !== "Profit Share")
        await expect(page.getByRole("heading", { name: "Profit Share", exact: true })).toHaveCount(0);
      if (value) await expect(page.getByText(value)).toBeVisible();
    }
  });

  test("a missing partner shows 'Partner not found'", async ({ page }) => {
    const response = await page.goto("/partners/99999");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Partner not found" })).toBeVisible();
  });
});

test.describe("Partner search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("is a GET form: ?q= filters on the server, the count and the empty text follow, the back button works", async ({
    page,
  }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin");
    const search = page.getByRole("searchbox", { name: "Search partners" });
    await search.fill("YORK");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/admin\?q=YORK$/);
    await expect(page.getByRole("article", { name: "York Hospital Trust" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Leeds Station Retail" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: /^Partners \(1 of \d+\)$/ })).toBeVisible();
    await expect(search).toHaveValue("YORK");

    await search.fill("no such partner");
    await search.press("Enter");
    await expect(page).toHaveURL(/\?q=no\+such\+partner$/);
    await expect(page.getByText("No partners match “no such partner”.")).toBeVisible();

    await page.goBack();
    await expect(page).toHaveURL(/\?q=YORK$/);
    await expect(page.getByRole("article", { name: "York Hospital Trust" })).toBeVisible();
    await page.goto("/admin?q=gym");
    await expect(page.getByRole("article", { name: "Harrogate Fitness Club" })).toBeVisible();
    await expect(page.getByRole("article", { name: "York Hospital Trust" })).toHaveCount(0);
  });
});
