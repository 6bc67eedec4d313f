// Takes screenshots of pages at 375 px and 1280 px for a look by eye: node scripts/screenshots.js [BASE_URL]
// Start the demo first (npm run demo). Files land in screenshots/ (git-ignored).
import fs from "node:fs";
import { chromium } from "@playwright/test";

const base = process.argv[2] ?? "http://localhost:3000";
const shots = [
  { who: null, path: "/auth", name: "auth" },
  { who: ["admin", "admin-demo-1"], path: "/admin", name: "admin" },
  { who: ["admin", "admin-demo-1"], path: "/partners/2", name: "partner-detail" },
  { who: ["admin", "admin-demo-1"], path: "/admin/commissions", name: "commissions" },
  { who: ["leeds-station", "partner-demo-1"], path: "/", name: "partner-home" },
  { who: ["york-health", "partner-demo-1"], path: "/", name: "tiered-home" },
  { who: ["leeds-station", "partner-demo-1"], path: "/admin/invoices", name: "unauthorized" },
  { who: null, path: "/missing", name: "not-found" },
];

fs.mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
});
for (const width of [1280, 375]) {
  for (const shot of shots) {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 740 } });
    const page = await context.newPage();
    if (shot.who) {
      await page.goto(`${base}/auth`);
      await page.getByLabel("Username").fill(shot.who[0]);
      await page.getByLabel("Password").fill(shot.who[1]);
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL((url) => url.pathname !== "/auth");
    }
    await page.goto(`${base}${shot.path}`);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: `screenshots/${shot.name}-${width}.png`, fullPage: true });
    await context.close();
  }
}
await browser.close();
console.log("Screenshots written to screenshots/");
