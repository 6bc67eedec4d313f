// The sales chart's axes: round gridlines shared by units and revenue, months with their year.
import { describe, expect, it } from "vitest";
import { monthLabels, niceScale, pairedScales } from "#app/components/machines/chart-axis.ts";

describe("niceScale", () => {
  it("takes the smallest round step (1, 2, 2.5, 5 times a power of ten) whose intervals reach the maximum", () => {
    expect(niceScale(850, 4)).toEqual({ top: 1000, step: 250, ticks: [0, 250, 500, 750, 1000] });
    expect(niceScale(800, 4)).toEqual({ top: 800, step: 200, ticks: [0, 200, 400, 600, 800] });
    expect(niceScale(1221, 3)).toEqual({ top: 1500, step: 500, ticks: [0, 500, 1000, 1500] });
    expect(niceScale(1221, 5)).toEqual({ top: 1250, step: 250, ticks: [0, 250, 500, 750, 1000, 1250] });
    expect(niceScale(9.99, 4).ticks).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceScale(0.9, 4).ticks).toEqual([0, 0.25, 0.5, 0.75, 1]);
  });
  it("goes to the next power of ten when 5 is not enough", () => {
    expect(niceScale(2100, 4).ticks).toEqual([0, 1000, 2000, 3000, 4000]);
  });
  it("keeps whole steps for units: no 2.5 units, never less than 1", () => {
    expect(niceScale(9, 4, { whole: true }).ticks).toEqual([0, 5, 10, 15, 20]);
    expect(niceScale(3, 4, { whole: true }).ticks).toEqual([0, 1, 2, 3, 4]);
    expect(niceScale(90, 4, { whole: true }).ticks).toEqual([0, 25, 50, 75, 100]);
  });
  it("draws an axis for a year without sales", () => {
    expect(niceScale(0, 4, { whole: true }).ticks).toEqual([0, 1, 2, 3, 4]);
    expect(niceScale(0, 4).ticks).toEqual([0, 1, 2, 3, 4]);
  });
  it("refuses a count of intervals that is not a positive whole number", () => {
    expect(() => niceScale(10, 0)).toThrow(RangeError);
    expect(() => niceScale(10, 2.5)).toThrow(RangeError);
  });
});

describe("pairedScales", () => {
  it("gives both axes the same number of gridlines, the count that fills the emptier axis best", () => {
    // 4 intervals: units to 1,000 (85% filled), revenue to £2,000 (61%); 3: 1,500 (57%) and £1,500 (81%);
    // 5: 1,000 (85%) and £1,250 (98%). Revenue is in pence.
    const { units, revenue } = pairedScales(850, 122_100);
    expect(units.ticks).toEqual([0, 200, 400, 600, 800, 1000]);
    expect(revenue.ticks).toEqual([0, 25_000, 50_000, 75_000, 100_000, 125_000]);
  });
  it("prefers 4 intervals when the fill ties", () => {
    const { units, revenue } = pairedScales(0, 0);
    expect(units.ticks).toHaveLength(5);
    expect(revenue.ticks).toHaveLength(5);
    // A year without revenue counts its axis in pounds: £0 to £4.
    expect(revenue.ticks).toEqual([0, 100, 200, 300, 400]);
  });
  it("always reaches both maxima", () => {
    for (const [u, r] of [
      [1, 1],
      [7, 1350],
      [622, 88_280],
      [12_345, 9_876_543],
    ]) {
      const { units, revenue } = pairedScales(u, r);
      expect(units.top).toBeGreaterThanOrEqual(u);
      expect(revenue.top).toBeGreaterThanOrEqual(r);
      expect(units.ticks.length).toBe(revenue.ticks.length);
    }
  });
});

describe("monthLabels", () => {
  const year = [
    "2025-11",
    "2025-12",
    "2026-01",
    "2026-02",
    "2026-03",
    "2026-04",
    "2026-05",
    "2026-06",
    "2026-07",
    "2026-08",
    "2026-09",
    "2026-10",
  ];
  it("names every month, with its year under the first month and under January", () => {
    const labels = monthLabels(year);
    expect(labels.map((l) => l.month)).toEqual([
      "Nov",
      "Dec",
      "Jan",
      "Feb",
      "Mar",
      "Apr",
      "May",
      "Jun",
      "Jul",
      "Aug",
      "Sep",
      "Oct",
    ]);
    expect(labels.map((l) => l.year)).toEqual([
      "2025",
      null,
      "2026",
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
  });
  it("shows every other month on a phone, ending with the latest, each year under its first month shown", () => {
    const labels = monthLabels(year);
    expect(labels.filter((l) => l.narrow).map((l) => l.month)).toEqual(["Dec", "Feb", "Apr", "Jun", "Aug", "Oct"]);
    // Dec would carry 2025 right beside Feb's 2026: Feb's year dates Dec.
    expect(labels.map((l) => l.narrowYear)).toEqual([
      null,
      null,
      null,
      "2026",
      null,
      null,
      null,
      null,
      null,
      null,
      null,
      null,
    ]);
    const fromAugust = monthLabels(["2025-08", "2025-09", "2025-10", ...year.slice(0, 9)]);
    expect(fromAugust.filter((l) => l.narrowYear).map((l) => `${l.month} ${l.narrowYear}`)).toEqual([
      "Sep 2025",
      "Jan 2026",
    ]);
  });
  it("a year that starts in January carries one year label", () => {
    const calendar = [
      "2026-01",
      "2026-02",
      "2026-03",
      "2026-04",
      "2026-05",
      "2026-06",
      "2026-07",
      "2026-08",
      "2026-09",
      "2026-10",
      "2026-11",
      "2026-12",
    ];
    const labels = monthLabels(calendar);
    expect(labels.filter((l) => l.year).map((l) => `${l.month} ${l.year}`)).toEqual(["Jan 2026"]);
    expect(labels.filter((l) => l.narrowYear).map((l) => `${l.month} ${l.narrowYear}`)).toEqual(["Feb 2026"]);
  });
});
