/**
 * The sales chart's axes as plain data (sales-chart.tsx draws them): round gridline values that
 * both the units axis and the revenue axis (pence) share, and month labels that carry their year.
 */
import { poundsToPence } from "#domain/shared/money.ts";

export interface Scale {
  /** The axis' top value (the highest gridline), at least the figure it must hold. */
  top: number;
  step: number;
  /** The gridline values from 0 up to `top`. */
  ticks: number[];
}

/** Round steps, times a power of ten: 1, 2, 2.5, 5 (and 10, the next power). */
const STEPS = [1, 2, 2.5, 5, 10];

/**
 * The smallest round step that lets `intervals` steps reach `max` (whole numbers only when
 * `whole`, as for units: no "2.5 units"), and the gridlines it gives. A max of 0 (a year without
 * sales) still gets an axis: `emptyStep` (1 unless given) per interval.
 */
export function niceScale(
  max: number,
  intervals: number,
  { whole = false, emptyStep = 1 }: { whole?: boolean; emptyStep?: number } = {},
): Scale {
  if (!Number.isInteger(intervals) || intervals < 1)
    throw new RangeError(`intervals must be a positive whole number: ${intervals}`);
  const wanted = Math.max(0, max) / intervals;
  let step = emptyStep;
  if (wanted > 0) {
    const magnitude = 10 ** Math.floor(Math.log10(wanted));
    step =
      STEPS.map((m) => Number((m * magnitude).toPrecision(12))).find(
        (s) => s >= wanted && (!whole || Number.isInteger(s)),
      ) ?? 10 * magnitude;
    if (whole) step = Math.max(1, step);
  }
  const ticks = Array.from({ length: intervals + 1 }, (_, i) => Number((i * step).toPrecision(12)));
  return { top: ticks[intervals], step, ticks };
}

/** How much of the axis a figure fills (1 when it reaches the top gridline). */
function fill(max: number, scale: Scale): number {
  return max > 0 ? max / scale.top : 1;
}

/** A year without revenue still counts its axis in pounds: £0, £1, £2… */
const EMPTY_REVENUE_STEP = poundsToPence(1);

/**
 * Two axes drawn over the same gridlines (units on the left, revenue in pence on the right): the
 * number of intervals, 3 to 5, that wastes least room on the emptier of the two; 4 when they tie.
 */
export function pairedScales(maxUnits: number, maxRevenuePence: number): { units: Scale; revenue: Scale } {
  let best: { units: Scale; revenue: Scale; score: number } | null = null;
  for (const intervals of [4, 3, 5]) {
    const units = niceScale(maxUnits, intervals, { whole: true });
    const revenue = niceScale(maxRevenuePence, intervals, { emptyStep: EMPTY_REVENUE_STEP });
    const score = Math.min(fill(maxUnits, units), fill(maxRevenuePence, revenue));
    if (!best || score > best.score + 1e-9) best = { units, revenue, score };
  }
  return { units: best!.units, revenue: best!.revenue };
}

const SHORT_MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

export interface MonthLabel {
  /** "Nov" */
  month: string;
  /** "2025" under the first month and under each January; null elsewhere. */
  year: string | null;
  /** Shown when the chart is narrow (a phone): every other month, ending with the latest. */
  narrow: boolean;
  /** The year under a month shown when narrow: the first one shown, and the first shown of each new year. */
  narrowYear: string | null;
}

/**
 * The x axis' labels for months written YYYY-MM, oldest first. When narrow, two years on
 * neighbouring labels would run into each other ("2025 2026" under Dec and Feb), so the first
 * label then goes without its year: the next one's year dates it.
 */
export function monthLabels(months: readonly string[]): MonthLabel[] {
  let lastNarrowYear: string | null = null;
  const labels = months.map((month, i) => {
    const year = month.slice(0, 4);
    const monthIndex = Number(month.slice(5, 7)) - 1;
    const narrow = (months.length - 1 - i) % 2 === 0;
    const narrowYear = narrow && year !== lastNarrowYear ? year : null;
    if (narrow) lastNarrowYear = year;
    return {
      month: SHORT_MONTHS[monthIndex],
      year: i === 0 || monthIndex === 0 || year !== months[i - 1].slice(0, 4) ? year : null,
      narrow,
      narrowYear,
    };
  });
  const shown = labels.filter((l) => l.narrow);
  if (shown.length > 1 && shown[0].narrowYear && shown[1].narrowYear) shown[0].narrowYear = null;
  return labels;
}
