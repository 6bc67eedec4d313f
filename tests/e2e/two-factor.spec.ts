/**
 * Two-factor sign-in: a new admin turns it on from the avatar menu (QR code and
 * key, first code, recovery codes shown once), then signs in with password and code, and with a
 * recovery code. Codes come from otpauth's generator, as an authenticator app makes them.
 * Screenshots of each new screen at 375 and 1280 px.
 */
import AxeBuilder from "@axe-core/playwright";
import { Secret, TOTP } from "otpauth";
import type { Page } from "@playwright/test";
import { ADMIN, expect, hydrated, signIn, test } from "./fixtures.ts";

const codeAt = (secret: string, atMs: number) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: "SHA1", digits: 6, period: 30 }).generate({
    timestamp: atMs,
  });

async function both(page: Page, name: string, outputPath: (name: string) => string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: outputPath(`${name}-1280.png`), fullPage: true });
  await page.setViewportSize({ width: 375, height: 800 });
  await page.screenshot({ path: outputPath(`${name}-375.png`), fullPage: true });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name} overflows at 375 px`).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function logOut(page: Page) {
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Log out", exact: true }).click();
  await page.waitForURL(/\/auth$/);
}

async function passwordStep(page: Page, who: { username: string; password: string }) {
  await page.goto("/auth");
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL(/\/auth\/two-factor$/);
  await hydrated(page);
}

test.describe("Two-factor sign-in", () => {
  test("a new admin turns it on, then signs in with a code and with a recovery code", async ({
    page,
    browser,
  }, testInfo) => {
    test.slow();
    // The demo admin adds an admin, so the demo login stays a password-only one for other tests.
    await signIn(page, ADMIN);
    await page.goto("/admin/users");
    const username = `e2e-2fa-${Date.now().toString(36)}${testInfo.workerIndex}`;
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Name", { exact: true }).fill("Tess Factor");
    await page.getByRole("button", { name: "Add admin" }).click();
    const shown = page.getByTestId("generated-password");
    await expect(shown).toHaveText(/^[A-Za-z0-9]{16}$/);
    const who = { username, password: (await shown.textContent())! };

    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const theirs = await context.newPage();
    await signIn(theirs, who);
    await theirs.getByRole("button", { name: "Account menu" }).click();
    await theirs.getByRole("menuitem", { name: "Two-factor sign-in" }).click();
    await expect(theirs.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
    await hydrated(theirs);
    await both(theirs, "two-factor-off", testInfo.outputPath.bind(testInfo));
    await theirs.getByRole("button", { name: "Set up two-factor sign-in" }).click();
    await expect(theirs.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
    const secret = (await theirs.getByTestId("totp-secret").textContent())!.replace(/\s/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect((await new AxeBuilder({ page: theirs }).analyze()).violations).toEqual([]);
    await both(theirs, "two-factor-enrol", testInfo.outputPath.bind(testInfo));

    await theirs.getByLabel("Authentication code").fill("000000");
    await theirs.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(theirs.getByRole("alert")).toHaveText("Invalid authentication code");
    await theirs.getByLabel("Authentication code").fill(codeAt(secret, Date.now()));
    await theirs.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
    await expect(theirs.getByRole("heading", { level: 1, name: "Save your recovery codes" })).toBeVisible();
    const codes = await theirs.getByTestId("recovery-code").allTextContents();
    expect(codes).toHaveLength(10);
    await both(theirs, "two-factor-recovery-codes", testInfo.outputPath.bind(testInfo));
    await theirs.getByRole("link", { name: "Done" }).click();
    await expect(theirs.getByText("On", { exact: true })).toBeVisible();
    await expect(theirs.getByText("10 recovery codes left")).toBeVisible();
    await both(theirs, "two-factor-on", testInfo.outputPath.bind(testInfo));

    // Next sign-in: the password, then the code (the next 30-second step: the enrolment spent this one).
    await logOut(theirs);
    await passwordStep(theirs, who);
    await expect(theirs.getByRole("heading", { level: 1, name: "Two-factor sign-in" })).toBeVisible();
    expect((await new AxeBuilder({ page: theirs }).analyze()).violations).toEqual([]);
    await both(theirs, "two-factor-sign-in", testInfo.outputPath.bind(testInfo));
    await theirs.getByLabel("Authentication code").fill("123 456");
    await theirs.getByRole("button", { name: "Verify" }).click();
    await expect(theirs.getByRole("alert")).toHaveText("Invalid authentication code");
    await theirs.getByLabel("Authentication code").fill(codeAt(secret, Date.now() + 30_000));
    await theirs.getByRole("button", { name: "Verify" }).click();
    await theirs.waitForURL(/\/admin$/);

    // A lost phone: a recovery code, once.
    await logOut(theirs);
    await passwordStep(theirs, who);
    await theirs.getByLabel("Authentication code").fill(codes[0]);
    await theirs.getByRole("button", { name: "Verify" }).click();
    await theirs.waitForURL(/\/admin$/);
    await theirs.goto("/account/two-factor");
    await expect(theirs.getByText("9 recovery codes left")).toBeVisible();

    // The demo admin's list shows it on.
    await page.reload();
    await expect(page.getByTestId(`admin-row-${username}`)).toContainText("On");
    await context.close();
  });

  test("the second step cannot be reached without the password", async ({ page }) => {
    await page.goto("/auth/two-factor");
    await expect(page).toHaveURL(/\/auth$/);
  });
});
