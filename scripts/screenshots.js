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
  { who: ["admin", "admin-demo-1"], path: "/admin/invoices", name: "invoices" },
  { who: ["admin", "admin-demo-1"], path: "/admin/payouts", name: "payouts" },
  { who: ["admin", "admin-demo-1"], path: "/partners/5", name: "fee-partner-detail" },
  { who: ["admin", "admin-demo-1"], path: "/partners/3", name: "tiered-partner-detail" },
  { who: ["harrogate-gym", "partner-demo-1"], path: "/", name: "fee-home" },
  { who: ["admin", "admin-demo-1"], path: "/admin/products", name: "products" },
  { who: ["admin", "admin-demo-1"], path: "/admin/audit", name: "audit" },
];

const DIALOGS = [
  {
    who: ["admin", "admin-demo-1"],
    path: "/admin",
    name: "edit-dialog",
    open: async (page) => {
      await page.getByRole("article", { name: "Leeds Station Retail" }).getByRole("button", { name: "Edit" }).click();
      await page.getByRole("dialog").waitFor();
      await page.waitForTimeout(600);
    },
  },
  {
    who: ["admin", "admin-demo-1"],
    path: "/admin/products",
    name: "products-distribution",
    open: async (page) => {
      await page.getByRole("tab", { name: "Machine Distribution" }).click();
      await page.getByRole("tabpanel").getByRole("link").first().click();
      await page.waitForTimeout(300);
    },
  },
  {
    who: ["leeds-station", "partner-demo-1"],
    path: "/",
    name: "performance-dialog",
    open: async (page) => {
      await page.getByRole("button", { name: "View Performance History" }).first().click();
      await page.getByRole("dialog").getByRole("table").waitFor();
      await page.waitForTimeout(600);
    },
  },
  {
    who: ["admin", "admin-demo-1"],
    path: "/admin",
    name: "add-dialog",
    open: async (page) => {
      await page.getByRole("button", { name: "Add Partner" }).click();
      await page.getByRole("dialog").waitFor();
      await page.waitForTimeout(600);
    },
  },
];
const EXTRA_PARTNERS = [
  "Whitby Harbour Café",
  "Scarborough Spa",
  "Ripon Cathedral Shop",
  "Halifax Piece Hall",
  "Wakefield Hepworth",
  "Hull Marina",
  "Doncaster Dome",
  "Sheffield Winter Garden",
];

fs.mkdirSync("screenshots", { recursive: true });
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
});
for (const width of [1280, 375]) {
  for (const shot of [...shots, ...DIALOGS]) {
    const context = await browser.newContext({ viewport: { width, height: width > 500 ? 800 : 740 } });
    const page = await context.newPage();
    if (shot.who) {
      await page.goto(`${base}/auth`);
      await page.getByLabel("Username").fill(shot.who[0]);
      await page.getByLabel("Password").fill(shot.who[1]);
      await page.getByRole("button", { name: "Login" }).click();
      await page.waitForURL((url) => url.pathname !== "/auth");
    }
    if (shot.name === "admin" && width === 1280) {
      // A dozen partners, as an operator a few months in would have.
      for (const [i, name] of EXTRA_PARTNERS.entries()) {
        await page.request.post(`${base}/api/register`, {
          data: {
            name,
            username: `extra-${i}`,
            password: "extra-partner-1",
            partnerType: ["profit-sharing", "tiered-profit-sharing", "non-profit-sharing", "fee-paying"][i % 4],
            email: `extra${i}@example.com`,
            billingAddress: "Yorkshire",
            commissionPercentage: "0.10",
            monthlyFee: 30,
          },
        });
      }
    }
    await page.goto(`${base}${shot.path}`);
    await page.waitForLoadState("networkidle");
    if (shot.name === "products") await page.getByRole("tab", { name: "All Products" }).waitFor();
    if (shot.open) await shot.open(page);
    await page.screenshot({ path: `screenshots/${shot.name}-${width}.png`, fullPage: !shot.open });
    await context.close();
  }
}
await browser.close();
console.log("Screenshots written to screenshots/");
