/**
 * /admin/users: an admin adds another admin (a password generated and shown
 * once), the new admin signs in, the first disables them with their own password, and the new
 * admin's session is gone and their sign-in refused with the usual message. The demo admin is never
 * disabled, so other tests keep signing in. Screenshots at 375 and 1280 px.
 */
import AxeBuilder from "@axe-core/playwright";
import { ADMIN, PARTNER, expect, signIn, test, toast } from "./fixtures.ts";

test.describe("Admins", () => {
  test("add an admin, sign in as them, disable them: their session ends and sign-in is refused", async ({
    page,
    browser,
  }, testInfo) => {
    // The menu shows the sign-in before this one: make sure the demo admin has one, whatever ran first.
    const earlier = await browser.newContext();
    await signIn(await earlier.newPage(), ADMIN);
    await earlier.close();
    await signIn(page, ADMIN);
    await page.getByRole("button", { name: "Account menu" }).click();
    await expect(page.getByRole("menu")).toContainText(/Last signed in \d\d\/\d\d\/\d{4} \d\d:\d\d UTC/);
    await page.screenshot({ path: testInfo.outputPath("avatar-menu-1280.png") });
    await page.getByRole("menuitem", { name: "Admins" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admins" })).toBeVisible();
    await expect(page.getByTestId("admin-row-admin")).toContainText("(you)");

    const username = `e2e-admin-${Date.now().toString(36)}${testInfo.workerIndex}`;
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Name", { exact: true }).fill("Erin Tester");
    await page.getByRole("button", { name: "Add admin" }).click();
    const shown = page.getByTestId("generated-password");
    await expect(shown).toHaveText(/^[A-Za-z0-9]{16}$/);
    const password = (await shown.textContent())!;
    const row = page.getByTestId(`admin-row-${username}`);
    await expect(row).toContainText("Never");
    await expect(row).toContainText("Active");
    await page.screenshot({ path: testInfo.outputPath("admin-users-1280.png"), fullPage: true });

    // The new admin signs in, in a browser of their own.
    const other = await browser.newContext();
    const theirs = await other.newPage();
    await signIn(theirs, { username, password });
    await expect(theirs).toHaveURL(/\/admin$/);

    // Signed in: the list shows when.
    await page.reload();
    await expect(row).not.toContainText("Never");

    await row.getByRole("button", { name: "Disable Erin Tester" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Disable sign-in for Erin Tester?");
    await dialog.getByLabel("Your password").fill("not-the-password");
    await dialog.getByRole("button", { name: "Disable sign-in" }).click();
    await expect(toast(page).filter({ hasText: "Incorrect password" })).toBeVisible();
    await dialog.getByLabel("Your password").fill(ADMIN.password);
    await dialog.getByRole("button", { name: "Disable sign-in" }).click();
    await expect(toast(page).filter({ hasText: "Sign-in disabled" })).toBeVisible();
    await expect(row).toContainText("Disabled since");
    await expect(row.getByRole("button", { name: "Enable Erin Tester" })).toBeVisible();

    // Their session is gone, and their password answers like a wrong one.
    await theirs.goto("/admin");
    await expect(theirs).toHaveURL(/\/auth$/);
    await theirs.getByLabel("Username").fill(username);
    await theirs.getByLabel("Password").fill(password);
    await theirs.getByRole("button", { name: "Login" }).click();
    await expect(theirs.getByText("Invalid username or password").first()).toBeVisible();
    await other.close();

    // Enabled again.
    await row.getByRole("button", { name: "Enable Erin Tester" }).click();
    await expect(row).toContainText("Active");

    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  test("on a phone the page fits, and a partner is sent home", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await signIn(page, ADMIN);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "Admins" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: testInfo.outputPath("admin-users-375.png"), fullPage: true });
  });

  test("a partner asking for /admin/users is sent to /", async ({ page }) => {
    await signIn(page, PARTNER);
    await page.goto("/admin/users");
    await expect(page).toHaveURL(/\/$/);
  });

  test("a partner's sign-in is disabled from their edit dialog: the card shows it, their session ends", async ({
    page,
    browser,
  }, testInfo) => {
    await signIn(page, ADMIN);
    const username = `e2e-host-${Date.now().toString(36)}${testInfo.workerIndex}`;
    const created = await page.request.post("/api/register", {
      data: {
        username,
        password: "leaving-host-1",
        name: `Leaving ${username}`,
        partnerType: "profit-sharing",
        email: `${username}@example.com`,
        billingAddress: "1 Exit Road, Leeds",
        commissionPercentage: "0.10",
      },
    });
    expect(created.status()).toBe(201);
    const other = await browser.newContext();
    const theirs = await other.newPage();
    await signIn(theirs, { username, password: "leaving-host-1" });

    await page.goto(`/admin?q=${username}`);
    const card = page.getByRole("article", { name: `Leaving ${username}` });
    await card.getByRole("button", { name: "Edit" }).click();
    const dialog = page.getByRole("dialog", { name: `Edit Leaving ${username}` });
    await dialog.getByRole("button", { name: "Disable sign-in" }).click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByLabel("Your password").fill(ADMIN.password);
    await confirm.getByRole("button", { name: "Disable sign-in" }).click();
    await expect(toast(page).filter({ hasText: "Sign-in disabled" })).toBeVisible();
    await expect(dialog).toContainText("Sign-in disabled since");
    await page.screenshot({ path: testInfo.outputPath("partner-dialog-1280.png") });
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(card.getByText("Sign-in disabled")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath("partner-card-1280.png") });

    await theirs.goto("/");
    await expect(theirs).toHaveURL(/\/auth$/);
    await other.close();
  });
});
