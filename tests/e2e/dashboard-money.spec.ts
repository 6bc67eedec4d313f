/**
 * The partner dashboard says where the money is: a fresh profit-sharing partner at 15%
 * with two machines, last month paid by a payout batch (the admin's API). Signed in as the partner,
 * Commission Due says "Paid £… on dd/mm/yyyy, reference …" (the reference the batch answered), the
 * month's consolidated report and its remittance download as PDFs, the working opens from a
 * <details> (also without JavaScript; an earlier month's is fetched when opened, or asked for with
 * `?working=` without JavaScript), and at 375 px nothing runs wider than the screen.
 *
 * Each machine sold 10 items at £2.00 (cost £0.50) last month: £20.00 − £5.00 − £0.60 card fee =
 * £14.40 net profit, 15% = £2.16 a machine, £4.32 in all. The month before, one of the two reported.
 */
import fs from "node:fs";
import type { Browser, Download, Page } from "@playwright/test";
import { ADMIN, expect, exportUpload, signIn, test, withPayoutLock } from "./fixtures.ts";
import { horizontalOverflow, overflowingText } from "./layout-checks.ts";

const SHOTS = "test-results/screenshots";

function monthOffset(offset: number) {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + offset, 1));
  return {
    ym: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, "0")}`,
    label: d.toLocaleDateString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" }),
  };
}
const LAST = monthOffset(-1);
const BEFORE = monthOffset(-2);
const today = () => new Date().toISOString().slice(0, 10).split("-").reverse().join("/");

/** Ids of this spec's own range (import 9.4e9, agreements 9.6e9, import-dates 9.8e9, late-sales 9.9e9). */
const firstId = () => 9_700_000_000 + Math.floor(Math.random() * 1_000_000) * 100;

function exportFile(name: string, machineName: string, month: string, count: number) {
  const base = firstId();
  const rows = Array.from({ length: count }, (_, i) => [
    machineName,
    base + i,
    "KitKat 4 Finger",
    0.5,
    2,
    2,
    `${month}-${String(1 + (i % 5)).padStart(2, "0")}T1${i % 10}:00:00Z`,
  ]);
  return exportUpload(name, rows);
}

/** As the admin: a partner with bank details, two machines, last month reported by both, the month before by one. */
async function paidPartner(page: Page) {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  const login = { username: `money-${tag}`, password: "money-dash-test-1" };
  const registered = await page.request.post("/api/register", {
    data: {
      ...login,
      name: `Money Host ${tag}`,
      partnerType: "profit-sharing",
      email: `money-${tag}@example.com`,
      billingAddress: "Leeds",
      commissionPercentage: "0.15",
      bankName: "Money Bank",
      accountHolderName: "Money Host Ltd",
      sortCode: "40-12-34",
      accountNumber: "12345678",
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const partner = (await registered.json()) as { id: number; name: string };
  for (const [i, months] of [
    [1, [LAST.ym, BEFORE.ym]],
    [2, [LAST.ym]],
  ] as const) {
    const location = `Money Kiosk ${i} ${tag}`;
    const created = await page.request.post("/api/machines", { data: { partnerId: partner.id, location } });
    expect(created.status()).toBe(201);
    const machine = (await created.json()) as { id: number };
    for (const month of months) {
      const imported = await page.request.post(`/api/machines/${machine.id}/records`, {
        multipart: { month, reportFile: exportFile(`money-${tag}-${i}-${month}.xlsx`, location, month, 10) },
      });
      expect(imported.status(), await imported.text()).toBe(201);
    }
  }
  // Last month, paid by batch for this partner alone (each test holds the payout lock: payouts.spec.ts
  // pays for every partner ready, and the summary's Reset Month in commissions.spec.ts reopens last
  // month for every partner, which would turn this "Paid" into "Due £0.00" in the middle of the checks).
  const reference = await (async () => {
    const paid = await page.request.post("/api/commissions/payouts/mark-paid", {
      data: { month: LAST.ym, partnerIds: [partner.id] },
    });
    expect(paid.status(), await paid.text()).toBe(200);
    const body = (await paid.json()) as { paid: { partnerId: number; amount: number; reference: string }[] };
    expect(body.paid).toEqual([
      { partnerId: partner.id, partnerName: partner.name, amount: 4.32, reference: expect.any(String) },
    ]);
    return body.paid[0].reference;
  })();
  return { ...partner, login, reference };
}

async function pdfOf(download: Download): Promise<Buffer> {
  return fs.readFileSync(await download.path());
}

async function newPage(browser: Browser, javaScriptEnabled = true) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  return { context, page };
}

test("after a batch payout the partner's dashboard says Paid with the date and reference; report and remittance download", async ({
  page,
  browser,
}) => {
  await withPayoutLock(async () => {
    await signIn(page, ADMIN);
    const partner = await paidPartner(page);
    const { context, page: p } = await newPage(browser);
    await signIn(p, partner.login);
    await p.goto("/");

    const due = p.getByLabel("Commission Due", { exact: true });
    await expect(due).toContainText("£4.32");
    await expect(due).toContainText(`Paid £4.32 on ${today()}, reference ${partner.reference}`);
    await expect(due.getByLabel("All machine reports are in")).toBeVisible();
    await expect(p.getByText("Latest Profit Share").locator("..").locator("..")).toContainText(
      `${LAST.label}: 15% of £28.80 net profit`,
    );

    // The working: revenue, COGS, the 2.99% card fee, net profit and the agreement's lines.
    await due.getByText("How it's worked out").click();
    await expect(due.getByRole("list", { name: `Net profit for ${LAST.label}` }).getByRole("listitem")).toHaveText([
      "Revenue: £40.00",
      "COGS: − £10.00",
      "Card fee (2.99% of revenue): − £1.20",
      "Net profit: £28.80",
    ]);
    await expect(
      due.getByRole("list", { name: `Commission lines for ${LAST.label}` }).getByRole("listitem"),
    ).toHaveText([/: Net profit: £14\.40 × 15% = £2\.16$/, /: Net profit: £14\.40 × 15% = £2\.16$/]);

    // The months: last month first, then the month before waiting for one of its two machines.
    const months = p.getByRole("list", { name: "Commission by month" });
    await expect(months.getByRole("listitem", { name: LAST.label })).toContainText(`reference ${partner.reference}`);
    const before = months.getByRole("listitem", { name: BEFORE.label });
    await expect(before).toContainText("Waiting for 1 of 2 machine reports");
    // An earlier month's working is fetched when it is opened.
    await expect(before.getByRole("list", { name: `Commission lines for ${BEFORE.label}` })).toHaveCount(0);
    await before.getByText("How it's worked out").click();
    await expect(
      before.getByRole("list", { name: `Commission lines for ${BEFORE.label}` }).getByRole("listitem"),
    ).toHaveText([/: Net profit: £14\.40 × 15% = £2\.16$/]);

    // The consolidated report and the remittance, as PDFs.
    const [report] = await Promise.all([
      p.waitForEvent("download"),
      due.getByRole("link", { name: `Report for ${LAST.label} (PDF)` }).click(),
    ]);
    expect(report.suggestedFilename()).toBe("consolidated-report.pdf");
    expect((await pdfOf(report)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const remittanceLink = due.getByRole("link", { name: /^Remittance RA-\d{5} \(PDF\)$/ });
    const [remittance] = await Promise.all([p.waitForEvent("download"), remittanceLink.click()]);
    expect(remittance.suggestedFilename()).toMatch(new RegExp(`^remittance-RA-\\d{5}-${LAST.ym}\\.pdf$`));
    expect((await pdfOf(remittance)).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const listed = await p.request.get(`/api/partners/${partner.id}/remittances`);
    expect(listed.status()).toBe(200);
    const [item] = (await listed.json()) as { id: number; reference: string; amount: number }[];
    expect(item).toMatchObject({ reference: partner.reference, amount: 4.32 });
    const direct = await p.request.get(`/api/remittances/${item.id}`);
    expect(direct.headers()["content-type"]).toBe("application/pdf");

    // 1280 px and 375 px: nothing wider than the screen, no text out of its box.
    for (const width of [1280, 375]) {
      await p.setViewportSize({ width, height: 900 });
      expect(await horizontalOverflow(p)).toBe(0);
      expect(await overflowingText(p, due)).toEqual([]);
      expect(await overflowingText(p, p.getByRole("list", { name: "Commission by month" }))).toEqual([]);
      await p.screenshot({ path: `${SHOTS}/dashboard-money-${width}.png`, fullPage: true });
      await due.screenshot({ path: `${SHOTS}/dashboard-commission-due-${width}.png` });
    }
    await context.close();
  });
});

test("without JavaScript the working opens and the documents are plain links", async ({ page, browser }) => {
  await withPayoutLock(async () => {
    await signIn(page, ADMIN);
    const partner = await paidPartner(page);
    const { context, page: p } = await newPage(browser, false);
    await signIn(p, partner.login);
    await p.goto("/");
    const due = p.getByLabel("Commission Due", { exact: true });
    await expect(due).toContainText(`Paid £4.32 on ${today()}, reference ${partner.reference}`);
    await due.getByText("How it's worked out").click();
    await expect(due.getByRole("list", { name: `Net profit for ${LAST.label}` })).toBeVisible();
    // An earlier month's working: the disclosure holds a link that asks for the page with it, opened.
    const before = () =>
      p.getByRole("list", { name: "Commission by month" }).getByRole("listitem", { name: BEFORE.label });
    await before().getByText("How it's worked out").click();
    await before()
      .getByRole("link", { name: `Show how ${BEFORE.label} is worked out` })
      .click();
    await expect(p).toHaveURL(new RegExp(`\\?working=${BEFORE.ym}#working-${BEFORE.ym}$`));
    await expect(
      before()
        .getByRole("list", { name: `Commission lines for ${BEFORE.label}` })
        .getByRole("listitem"),
    ).toHaveText([/: Net profit: £14\.40 × 15% = £2\.16$/]);
    const href = await due.getByRole("link", { name: /^Remittance RA-/ }).getAttribute("href");
    const pdf = await p.request.get(href!);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    await context.close();
  });
});
