import { ADMIN, PARTNER, expect, signIn, test } from "./fixtures.ts";

const GUARDED = ["/", "/admin", "/admin/commissions", "/admin/invoices", "/admin/products", "/partners/2"];

test.describe("Route rules", () => {
  for (const path of GUARDED) {
    test(`an anonymous visitor of ${path} is sent to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    });
  }

  test("an unknown path shows the 404 card to anyone", async ({ page }) => {
    const response = await page.goto("/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    // A way home: / sends a visitor to sign in.
    await page.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("an admin at / is sent to /admin and reaches every admin page", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/");
    await expect(page).toHaveURL(/\/admin$/);
    for (const [path, title] of [
      ["/admin", "Admin Dashboard"],
      ["/admin/commissions", "Commission Summary"],
      ["/admin/invoices", "Invoice Management"],
      ["/admin/products", "Products Analytics"],
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    }
  });

  test("a partner at admin pages is sent to /", async ({ page }) => {
    await signIn(page, PARTNER);
    for (const path of ["/admin", "/admin/commissions", "/admin/products", "/partners/2"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
    }
  });

  test("a partner at /admin/invoices sees the Unauthorized card", async ({ page }) => {
    await signIn(page, PARTNER);
    await page.goto("/admin/invoices");
    await expect(page).toHaveURL(/\/admin\/invoices$/);
    await expect(page.getByRole("heading", { name: "Unauthorized" })).toBeVisible();
    await expect(page.getByText("You do not have permission to view this page.")).toBeVisible();
  });

  test("a signed-in user sees the 404 card with the header", async ({ page }) => {
    await signIn(page, PARTNER);
    await page.goto("/nowhere");
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Vendboard home" })).toBeVisible();
    await page.getByRole("main").getByRole("link", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toHaveCount(0);
  });

  test("the 404 card's link takes an admin home to /admin", async ({ page }) => {
    await signIn(page, ADMIN);
    await page.goto("/admin/nothing-here");
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
    await page.getByRole("link", { name: "Go to Dashboard" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
  });

  test("the icon: /favicon.ico answers an icon, pages link it and ask for no missing file", async ({
    page,
    request,
  }) => {
    for (const [path, type] of [
      ["/favicon.ico", "image/x-icon"],
      ["/favicon.svg", "image/svg+xml"],
      ["/apple-touch-icon.png", "image/png"],
    ]) {
      const answer = await request.get(path);
      expect(answer.status(), path).toBe(200);
      expect(answer.headers()["content-type"], path).toContain(type);
    }
    const missing: string[] = [];
    page.on("response", (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await signIn(page, PARTNER);
    await expect(page.locator('head link[rel="icon"][href="/favicon.svg"]')).toHaveCount(1);
    await page.waitForLoadState("networkidle");
    expect(missing).toEqual([]);
  });
});
