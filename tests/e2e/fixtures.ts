/** Shared e2e helpers: the demo logins and a sign-in through the real form. */
import fs from "node:fs";
import path from "node:path";
import { expect, test as base, type Page } from "@playwright/test";
import * as XLSX from "xlsx";

export const ADMIN = { username: "admin", password: "admin-demo-1", initials: "AM" };
export const PARTNER = { username: "leeds-station", password: "partner-demo-1", initials: "LR" };
export const TIERED = { username: "york-health", password: "partner-demo-1" };
export const FEE_PAYING = { username: "harrogate-gym", password: "partner-demo-1" };

export async function signIn(page: Page, who: { username: string; password: string }) {
  await page.goto("/auth");
  await hydrated(page);
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Login" }).click();
  await page.waitForURL((url) => url.pathname !== "/auth");
  await hydrated(page);
}

/**
 * Waits until the page's scripts have taken over (root.tsx marks <html data-hydrated>), so a click
 * lands on a handler; a page without JavaScript is ready as soon as it has loaded.
 */
export async function hydrated(page: Page) {
  const scripted = await page.evaluate(() => "__remixContext" in window);
  if (scripted) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/** The visible toast (Radix also keeps an off-screen live-region copy for screen readers). */
export const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");

/** Playwright's test, whose page.goto also waits for the page's scripts (see `hydrated`). */
export const test = base.extend({
  page: async ({ page }, provide) => {
    const goto = page.goto.bind(page);
    page.goto = async (...args: Parameters<Page["goto"]>) => {
      const response = await goto(...args);
      await hydrated(page);
      return response;
    };
    await provide(page);
  },
});
export { expect };

/**
 * One spec at a time in a section that pays a month by batch for "every partner ready": a lock
 * directory beside the e2e database (mkdir is atomic), waited for, taken over when older than 90 s
 * (a run cut off), removed after. payouts.spec.ts pays the month before last for the demo partners
 * and expects them alone to be ready; late-sales.spec.ts makes its own partner ready in that month.
 */
export async function withPayoutLock<T>(fn: () => Promise<T>): Promise<T> {
  const dir = path.join(path.dirname(process.env.E2E_DB ?? "test-results/e2e.db"), "payout-month.lock");
  const deadline = Date.now() + 120_000;
  for (;;) {
    try {
      fs.mkdirSync(dir, { recursive: false });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > 90_000) fs.rmSync(dir, { recursive: true, force: true });
      else if (Date.now() > deadline) throw new Error("The payout month lock was held for more than two minutes");
      else await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const EXPORT_HEADERS = [
  "Machine Name",
  "Transaction ID",
  "Product Name",
  "Cost Price",
  "Machine Price",
  "Settlement Value (Vend Price)",
  "Authorization Date and Time (GMT)",
];

/** An upload of a telemetry export in the spec's layout (title row, the seven headers, then `rows`). */
export function exportUpload(name: string, rows: unknown[][]) {
  const sheet = XLSX.utils.aoa_to_sheet([["Dynamic Transactions Monitor Mega"], EXPORT_HEADERS, ...rows]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Transactions");
  return {
    name,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from(XLSX.write(book, { type: "buffer", bookType: "xlsx" }) as Uint8Array),
  };
}
