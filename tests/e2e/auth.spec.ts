import { ADMIN, PARTNER, expect, signIn, test, toast } from "./fixtures.ts";

test.describe("Sign-in page", () => {
  test("welcomes the user and describes the product", async ({ page }) => {
    await page.goto("/auth");
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();
    await expect(page.getByText("manage vending machines, track sales and monitor performance")).toBeVisible();
    await expect(page.getByLabel("Username")).toBeVisible();
    await expect(page.getByLabel("Password")).toBeVisible();
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
  });

  test("an admin lands on /admin", async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
  });

  test("a partner lands on /", async ({ page }) => {
    await signIn(page, PARTNER);
    await expect(page).toHaveURL(/\/$/);
  });

  test("a wrong password shows 'Login failed' / 'Invalid username or password'", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Username").fill("bradford-library");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(toast(page)).toBeVisible();
    await expect(toast(page)).toContainText("Login failed");
    await expect(toast(page)).toContainText("Invalid username or password");
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("an unknown user gets the same message", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Username").fill("no-such-user");
    await page.getByLabel("Password").fill("whatever-123");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(toast(page)).toContainText("Invalid username or password");
  });

  test("Log out returns to /auth and the pages are closed again", async ({ page }) => {
    // A partner of its own, so the test stands alone (since sessions are rows, Log out ends only this device's session).
    await signIn(page, ADMIN);
    const username = `logout-${Date.now().toString(36)}`;
    const created = await page.request.post("/api/register", {
      data: {
        username,
        password: "logout-partner-1",
        name: "Logout Test",
        partnerType: "profit-sharing",
        email: `${username}@example.com`,
        billingAddress: "1 Exit Road, Leeds",
        commissionPercentage: "0.10",
      },
    });
    expect(created.status()).toBe(201);
    await page.context().clearCookies();
    await signIn(page, { username, password: "logout-partner-1" });
    await page.getByRole("button", { name: "Account menu" }).click();
    await page.getByRole("menuitem", { name: "Log out", exact: true }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto("/");
    await expect(page).toHaveURL(/\/auth$/);
  });
});

test.describe("Sign-in without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("an admin lands on /admin and a partner on /", async ({ page }) => {
    await signIn(page, ADMIN);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.context().clearCookies();
    await signIn(page, PARTNER);
    await expect(page).toHaveURL(/\/$/);
  });

  test("a wrong password shows 'Login failed: Invalid username or password' in the page", async ({ page }) => {
    await page.goto("/auth");
    await page.getByLabel("Username").fill("bradford-library");
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole("alert")).toContainText("Login failed: Invalid username or password");
    await expect(page.getByLabel("Username")).toBeVisible();
  });
});
