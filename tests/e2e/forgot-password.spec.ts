/**
 * A partner of its own asks for a link on /auth/forgot, the link is read
 * from the demo's outbox (no SMTP_URL there), opened, a new password set (signed in), the link
 * refused a second time, and the new password signs in; then the password changed again from the
 * avatar menu.
 */
import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { ADMIN, expect, signIn, test, toast } from "./fixtures.ts";

const DB = path.resolve(process.env.E2E_DB ?? "test-results/e2e.db");
const OUTBOX = path.join(path.dirname(DB), "outbox");

async function newPartner(page: Page) {
  await signIn(page, ADMIN);
  const username = `reset-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
  const email = `${username}@example.com`;
  const response = await page.request.post("/api/register", {
    data: {
      username,
      password: "reset-partner-1",
      name: `Reset ${username}`,
      partnerType: "profit-sharing",
      commissionPercentage: "0.10",
      email,
      billingAddress: "1 Reset Row, Leeds",
    },
  });
  expect(response.status()).toBe(201);
  await page.context().clearCookies();
  return { username, email };
}

/** The reset link's path from the newest .eml written to `to`. */
function resetPathFor(to: string): string | null {
  if (!fs.existsSync(OUTBOX)) return null;
  const mails = fs
    .readdirSync(OUTBOX)
    .filter((name) => name.endsWith(".eml"))
    .map((name) =>
      fs
        .readFileSync(path.join(OUTBOX, name), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    )
    .filter((raw) => raw.includes(`To: ${to}`));
  const match = mails.map((raw) => /\/auth\/reset\/[A-Za-z0-9_-]{43}/.exec(raw)?.[0]).find(Boolean);
  return match ?? null;
}

test("forgot password: a link from the outbox sets a new password once; then a change from the avatar menu", async ({
  page,
}) => {
  const partner = await newPartner(page);

  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/auth\/forgot$/);
  await page.getByLabel("Username or email").fill(partner.email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(
    page.getByText("If an account matches, we have sent a link to reset its password. It works once, for 30 minutes."),
  ).toBeVisible();

  let link: string | null = null;
  await expect.poll(() => (link = resetPathFor(partner.email)), { timeout: 10_000 }).not.toBeNull();
  await page.goto(link!);
  await page.getByLabel("New password", { exact: true }).fill("reset-new-pass-1");
  await page.getByLabel("New password again").fill("reset-new-pass-1");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("Password changed");

  // The link works once.
  await page.context().clearCookies();
  await page.goto(link!);
  await expect(page.getByText("This link has expired or was already used")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toHaveAttribute("href", "/auth/forgot");

  // The new password signs in; then it is changed from the avatar menu.
  await signIn(page, { username: partner.username, password: "reset-new-pass-1" });
  await page.getByRole("button", { name: "Account menu" }).click();
  await page.getByRole("menuitem", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/account\/password$/);
  await page.getByLabel("Current password").fill("wrong-password-1");
  await page.getByLabel("New password", { exact: true }).fill("changed-pass-22");
  await page.getByLabel("New password again").fill("changed-pass-22");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Current password is incorrect")).toBeVisible();
  await page.getByLabel("Current password").fill("reset-new-pass-1");
  await page.getByLabel("New password", { exact: true }).fill("changed-pass-22");
  await page.getByLabel("New password again").fill("changed-pass-22");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(toast(page)).toContainText("Password changed");

  await page.context().clearCookies();
  await signIn(page, { username: partner.username, password: "changed-pass-22" });
  await expect(page).toHaveURL(/\/$/);
});
