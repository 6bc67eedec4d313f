/**
 * The sales chart a partner can read: it fills its card, its axis labels stay at body
 * size on a phone, months carry their year, each month's figures show on keyboard focus, and the
 * same figures are in a table. At 375 and 1280 px, on the dashboard and in Performance History.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { PARTNER, expect, signIn, test } from "./fixtures.ts";
import { overflowingText } from "./layout-checks.ts";

const MONTH_YEAR = /^(January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/;

/** The chart's width and its box's content width (the card or dialog around it). */
async function widths(chart: Locator) {
  return chart.evaluate((figure) => {
    const box = figure.parentElement!;
    const style = getComputedStyle(box);
    const content = box.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return {
      chart: figure.getBoundingClientRect().width,
      plot: figure.querySelector("svg")!.getBoundingClientRect().width,
      content,
    };
  });
}

/** The smallest font size among the chart's axis labels that are shown. */
async function smallestLabel(chart: Locator) {
  return chart.evaluate((figure) => {
    const labels = [...figure.querySelectorAll<HTMLElement>(".vb-chart-axis > span, .vb-chart-x span")].filter(
      (el) => el.getClientRects().length && getComputedStyle(el).visibility !== "hidden",
    );
    return {
      count: labels.length,
      smallest: Math.min(...labels.map((el) => parseFloat(getComputedStyle(el).fontSize))),
    };
  });
}

async function checkChart(page: Page, chart: Locator, width: number, shot: string) {
  const w = await widths(chart);
  expect(w.chart).toBeGreaterThanOrEqual(0.9 * w.content);
  // The plot keeps most of the width beside its two axes.
  expect(w.plot).toBeGreaterThanOrEqual((width < 600 ? 0.6 : 0.8) * w.content);
  const labels = await smallestLabel(chart);
  expect(labels.count).toBeGreaterThanOrEqual(width < 600 ? 10 : 18);
  expect(labels.smallest).toBeGreaterThanOrEqual(12);
  // No label runs out of its box (a month or year wider than its month's slot).
  expect(await overflowingText(page, chart)).toEqual([]);
  // A year on the month axis, and more than one value on each axis.
  await expect(chart.locator(".vb-chart-x")).toContainText(/20\d\d/);
  expect(await chart.locator(".vb-chart-axis-units > span").count()).toBeGreaterThanOrEqual(4);
  expect(await chart.locator(".vb-chart-axis-revenue > span").count()).toBeGreaterThanOrEqual(4);

  // Each month is focusable and shows its figures on focus.
  const months = chart.getByRole("list").getByRole("listitem");
  await expect(months).toHaveCount(12);
  const last = months.last();
  await last.focus();
  const tip = last.locator(".vb-chart-tip");
  await expect(tip).toBeVisible();
  await chart.screenshot({ path: shot });
  await expect(tip).toContainText(/[A-Z][a-z]+ \d{4}/);
  await expect(tip).toContainText(/units?/);
  await expect(tip).toContainText(/£[\d,]+\.\d\d revenue/);
  await expect(last).toHaveAttribute("aria-label", /^[A-Z][a-z]+ \d{4}: [\d,]+ units?, £[\d,]+\.\d\d revenue$/);
  // The tooltip stays inside the page.
  const tipBox = (await tip.boundingBox())!;
  expect(tipBox.x + tipBox.width).toBeLessThanOrEqual(width);
  expect(tipBox.x).toBeGreaterThanOrEqual(0);
  await page.keyboard.press("Shift+Tab");
  await expect(months.nth(10).locator(".vb-chart-tip")).toBeVisible();
  await expect(tip).toBeHidden();

  // The same figures as a table: 12 months, each with its year.
  await chart.getByText("Show the figures as a table").click();
  const rows = chart.getByRole("table").locator("tbody tr");
  await expect(rows).toHaveCount(12);
  for (const header of await rows.locator("th").allInnerTexts()) expect(header.trim()).toMatch(MONTH_YEAR);
}

for (const width of [375, 1280]) {
  test.describe(`The sales chart at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("on the partner dashboard", async ({ page }, info) => {
      await signIn(page, PARTNER);
      const card = page.locator(".rt-Card", {
        has: page.getByRole("heading", { name: "Sales over the last 12 months" }),
      });
      const chart = card.locator("figure.vb-chart");
      await chart.scrollIntoViewIfNeeded();
      await page.screenshot({ path: info.outputPath(`dashboard-chart-${width}.png`), fullPage: true });
      await checkChart(page, chart, width, info.outputPath(`dashboard-chart-focus-${width}.png`));
      await card.screenshot({ path: info.outputPath(`dashboard-chart-card-${width}.png`) });
      const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`)).toEqual([]);
    });

    test("in Performance History", async ({ page }, info) => {
      await signIn(page, PARTNER);
      await page.getByRole("button", { name: "View Performance History" }).first().click();
      const dialog = page.getByRole("dialog", { name: "Performance History" });
      const chart = dialog.locator("figure.vb-chart");
      await expect(chart).toBeVisible();
      await page.screenshot({ path: info.outputPath(`performance-chart-${width}.png`) });
      await checkChart(page, chart, width, info.outputPath(`performance-chart-focus-${width}.png`));
      await chart.screenshot({ path: info.outputPath(`performance-chart-only-${width}.png`) });
      const axe = await new AxeBuilder({ page })
        .include('[role="dialog"]')
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join("; ")}`)).toEqual([]);
    });
  });
}
