/**
 * Every change an admin makes in a dialog works without JavaScript: the dialog's trigger is a link
 * to the form's own page, whose native post is redirected with the toast flashed (a status line on
 * a page without scripts). Each test makes its own partner so that runs don't collide.
 */
import path from "node:path";
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, test } from "./fixtures.ts";

test.use({ javaScriptEnabled: false });

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;

/** A partner of its own, made through the API. */
async function newPartner(page: Page, partnerType = "profit-sharing") {
  const username = unique("nojs");
  const registered = await page.request.post("/api/register", {
    data: {
      username,
      password: "nojs-partner-1",
      name: `No Script ${username}`,
      partnerType,
      email: `${username}@example.com`,
      billingAddress: "Leeds",
      commissionPercentage: partnerType === "profit-sharing" ? "0.10" : "0",
    },
  });
  expect(registered.status()).toBe(201);
  return (await registered.json()) as { id: number; name: string; username: string };
}

/** The flashed toast, shown as a status line on a page without scripts. */
const flashed = (page: Page) => page.getByRole("status").first();

test.describe("Changes without JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("Add Partner is a page whose form creates the partner, back on the dashboard", async ({ page }) => {
    const username = unique("added");
    await page.goto("/admin");
    await page.getByRole("link", { name: "Add Partner" }).click();
    await expect(page).toHaveURL(/\/admin\/partners\/new$/);
    await expect(page.getByRole("heading", { name: "Add Partner" })).toBeVisible();
    // A refused form comes back with its message and what was sent (but the password).
    await page.getByLabel("Name", { exact: true }).fill(`Added ${username}`);
    await page.getByRole("button", { name: "Create Partner" }).click();
    await expect(page).toHaveURL(/\/admin\/partners\/new$/);
    await expect(page.getByRole("alert").first()).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(`Added ${username}`);

    await page.getByLabel("Username", { exact: true }).fill(username);
    await page.getByLabel("Password", { exact: true }).fill("added-partner-1");
    await page.getByLabel("Partner type").selectOption("fee-paying");
    await page.getByLabel("Monthly fee (£)").fill("55");
    await page.getByLabel("Email", { exact: true }).fill(`${username}@example.com`);
    await page.getByLabel("Billing address", { exact: true }).fill("York");
    await page.getByRole("button", { name: "Create Partner" }).click();

    await expect(page).toHaveURL(/\/admin$/);
    await expect(flashed(page)).toContainText("Partner created");
    await page.goto(`/admin?q=${username}`);
    const card = page.getByRole("article", { name: `Added ${username}` });
    await expect(card).toBeVisible();
    await expect(card).toContainText("Fee Paying");
  });

  test("Edit Partner is a page of fields, each saved by its own form", async ({ page }) => {
    const partner = await newPartner(page);
    await page.goto(`/partners/${partner.id}`);
    await page.getByRole("link", { name: "Edit", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}/edit$`));
    await expect(page.getByRole("heading", { name: `Edit ${partner.name}` })).toBeVisible();
    for (const section of ["Basic Information", "Contact Information", "Banking Details", "Account Settings"])
      await expect(page.getByRole("heading", { name: section })).toBeVisible();

    await page.getByLabel("Email", { exact: true }).fill("broken");
    await page.getByRole("button", { name: "Save Email" }).click();
    await expect(page.getByText("Invalid email address").first()).toBeVisible();
    await page.getByLabel("Email", { exact: true }).fill(`edited-${partner.username}@example.com`);
    await page.getByRole("button", { name: "Save Email" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}/edit$`));
    await expect(flashed(page)).toContainText("Partner updated");
    await expect(page.getByLabel("Email", { exact: true })).toHaveValue(`edited-${partner.username}@example.com`);

    await page.getByLabel("Bank Name", { exact: true }).fill("Northern Bank");
    await page.getByRole("button", { name: "Save Bank Name" }).click();
    await expect(flashed(page)).toContainText("Partner updated");
    await page.getByRole("link", { name: "Back to partner" }).click();
    await expect(page.getByText(`edited-${partner.username}@example.com`)).toBeVisible();
    await expect(page.getByText("Northern Bank")).toBeVisible();
  });

  test("Delete Partner is a page asking the admin's password", async ({ page }) => {
    const partner = await newPartner(page);
    await page.goto(`/partners/${partner.id}/edit`);
    await page.getByRole("link", { name: "Delete Partner" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}/delete$`));
    await expect(page.getByRole("heading", { name: `Delete ${partner.name}?` })).toBeVisible();
    await page.getByLabel("Your password").fill("wrong-password");
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Incorrect password" }).first()).toBeVisible();

    await page.getByLabel("Your password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Delete" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(flashed(page)).toContainText("Partner deleted");
    await page.goto(`/partners/${partner.id}`);
    await expect(page.getByText("Partner not found").first()).toBeVisible();
  });

  test("Add Machine, Edit Machine and the status switch post forms", async ({ page }) => {
    const partner = await newPartner(page);
    const location = unique("Kiosk");
    await page.goto(`/partners/${partner.id}`);
    await page.getByRole("link", { name: "Add New Machine" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}/machines/new$`));
    await page.getByRole("button", { name: "Add Machine" }).click();
    await expect(page.getByText("Location is required").first()).toBeVisible();
    await page.getByLabel("Location").fill(location);
    await page.getByRole("button", { name: "Add Machine" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}$`));
    await expect(flashed(page)).toContainText("Machine added");
    const card = page.getByRole("article", { name: location });
    await expect(card).toBeVisible();

    // The switch is a form's button: it sets the other status.
    await expect(card.getByRole("switch", { name: `${location} active` })).toHaveAttribute("aria-checked", "true");
    await card.getByRole("switch", { name: `${location} active` }).click();
    await expect(flashed(page)).toContainText(`${location} is now inactive.`);
    await expect(card.getByRole("switch", { name: `${location} active` })).toHaveAttribute("aria-checked", "false");
    await expect(card).toContainText("Inactive");

    await card.getByRole("link", { name: `Edit ${location}` }).click();
    await expect(page).toHaveURL(/\/machines\/\d+\/edit$/);
    await expect(page.getByLabel("Location")).toHaveValue(location);
    await page.getByLabel("Location").fill(`${location} Moved`);
    await page.getByLabel("Status").selectOption("active");
    await page.getByRole("button", { name: "Save Machine" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}$`));
    await expect(flashed(page)).toContainText("Machine updated");
    const moved = page.getByRole("article", { name: `${location} Moved` });
    await expect(moved).toBeVisible();
    await expect(moved.getByRole("switch", { name: `${location} Moved active` })).toHaveAttribute(
      "aria-checked",
      "true",
    );
  });

  test("Add Monthly Record is a page whose multipart form previews, then saves the export", async ({ page }) => {
    const partner = await newPartner(page);
    const machine = (await (
      await page.request.post("/api/machines", { data: { partnerId: partner.id, location: "Leeds Station Concourse" } })
    ).json()) as { id: number };
    const file = path.resolve("fixtures", "single-machine-2026-10.xlsx");
    await page.goto(`/partners/${partner.id}`);
    await page.getByRole("link", { name: "Add Monthly Record" }).click();
    await expect(page).toHaveURL(new RegExp(`/machines/${machine.id}/records/new$`));

    await page.getByLabel("Month", { exact: true }).fill("2026-10");
    await page.getByLabel("Sales report file").setInputFiles(file);
    await page.getByRole("button", { name: "Preview" }).click();
    const contents = page.getByLabel("File contents");
    await expect(contents).toContainText("44");
    await expect(contents).toContainText("£61.50");
    await expect(page.getByText("Monthly record added")).toHaveCount(0); // nothing saved yet

    await page.getByLabel("Month", { exact: true }).fill("2026-10");
    await page.getByLabel("Sales report file").setInputFiles(file);
    await page.getByRole("button", { name: "Save Record" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}$`));
    await expect(flashed(page)).toContainText("Monthly record added");
    await expect(flashed(page)).toContainText("October 2026: 44 new transactions");
  });

  test("Edit agreement is a page whose form saves the new terms", async ({ page }) => {
    const partner = await newPartner(page);
    await page.goto(`/partners/${partner.id}`);
    await page.getByRole("link", { name: "Edit agreement" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}/agreement$`));
    await expect(page.getByLabel("Rate (%)")).toHaveValue("10");
    await page.getByLabel("Basis", { exact: true }).selectOption("gross-sales");
    await page.getByLabel("Rate (%)").fill("12.5");
    await page.getByLabel("Minimum (£)").fill("5");
    await page.getByRole("button", { name: "Save agreement" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${partner.id}$`));
    await expect(flashed(page)).toContainText("Agreement saved");
    const card = page.getByRole("region", { name: "Commission Agreement" });
    await expect(card).toContainText("12.5%");
    await expect(card).toContainText("£5.00");
  });
});
