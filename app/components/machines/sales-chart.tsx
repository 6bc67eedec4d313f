/**
 * Twelve months of units (bars, left axis) and revenue (line, right axis), server-rendered and
 * without JavaScript: the SVG stretches over the card's full width and draws only
 * shapes; every text is HTML around it, so labels stay at body size however narrow the card.
 * Each month is a focusable column whose tooltip (CSS, on hover and focus) gives its figures, and
 * a disclosed table holds the same figures. The layout is in sales-chart.css.
 */
import "./sales-chart.css";
import { recentMonths } from "#domain/shared/dates.ts";
import {
  formatCount,
  formatPence,
  formatPenceCompact,
  formatMonth,
  formatUnits,
  formatUnitsCompact,
} from "#domain/shared/format.ts";
import type { CSSProperties } from "react";
import { monthLabels, pairedScales } from "./chart-axis.ts";

export interface MonthFigures {
  month: string;
  units: number;
  revenuePence: number;
}

/** The SVG's own units: a column per month 100 wide, the plot 1000 high (stretched to the box). */
const COLUMN = 100;
const HEIGHT = 1000;

/** The last 12 months up to `lastMonth`, with months that have no record shown as 0. */
export function twelveMonths(figures: readonly MonthFigures[], lastMonth: string): MonthFigures[] {
  const byMonth = new Map<string, MonthFigures>();
  for (const f of figures) {
    const prev = byMonth.get(f.month);
    byMonth.set(
      f.month,
      prev ? { month: f.month, units: prev.units + f.units, revenuePence: prev.revenuePence + f.revenuePence } : f,
    );
  }
  return recentMonths(lastMonth, 12)
    .reverse()
    .map((month) => byMonth.get(month) ?? { month, units: 0, revenuePence: 0 });
}

const n = (value: number) => Number(value.toFixed(1));

/** Where a tooltip sits in its column: the first and last columns keep it inside the chart. */
function tipSide(index: number, count: number): "start" | "end" | "middle" {
  if (index < 2) return "start";
  return index >= count - 2 ? "end" : "middle";
}

export function SalesChart({ data, title }: { data: MonthFigures[]; title: string }) {
  const { units, revenue } = pairedScales(
    Math.max(0, ...data.map((d) => d.units)),
    Math.max(0, ...data.map((d) => d.revenuePence)),
  );
  const y = (value: number, top: number) => n(HEIGHT - (Math.max(0, value) / top) * HEIGHT);
  const x = (i: number) => i * COLUMN + COLUMN / 2;
  const width = data.length * COLUMN;
  const gridlines = units.ticks.map((_, i) => `M0 ${y(i, units.ticks.length - 1)}H${width}`).join("");
  const bars = data.map((d, i) => `M${x(i) - 30} ${HEIGHT}V${y(d.units, units.top)}h60V${HEIGHT}z`).join("");
  const line = data.map((d, i) => `${i ? "L" : "M"}${x(i)} ${y(d.revenuePence, revenue.top)}`).join("");
  const dots = data.map((d, i) => `M${x(i)} ${y(d.revenuePence, revenue.top)}h0`).join("");
  const labels = monthLabels(data.map((d) => d.month));

  return (
    <figure className="vb-chart" style={{ "--vb-chart-months": data.length } as CSSProperties}>
      <div className="vb-chart-body">
        <div className="vb-chart-axis vb-chart-axis-units" aria-hidden>
          {units.ticks.map((tick) => (
            <span key={tick}>{formatUnitsCompact(tick)}</span>
          ))}
        </div>
        <div className="vb-chart-plot">
          <svg viewBox={`0 0 ${width} ${HEIGHT}`} preserveAspectRatio="none" aria-hidden focusable="false">
            <path className="vb-chart-gridlines" d={gridlines} />
            <path className="vb-chart-bars" d={bars} />
            <path className="vb-chart-line" d={line} />
            <path className="vb-chart-dots" d={dots} />
          </svg>
          <ol className="vb-chart-months" aria-label={`${title}, month by month`}>
            {data.map((d, i) => {
              const text = `${formatMonth(d.month)}: ${formatCount(d.units, "unit")}, ${formatPence(d.revenuePence)} revenue`;
              return (
                <li key={d.month} tabIndex={0} aria-label={text} data-tip={tipSide(i, data.length)}>
                  <span className="vb-chart-tip" aria-hidden>
                    <strong>{formatMonth(d.month)}</strong>
                    <span>{formatCount(d.units, "unit")}</span>
                    <span>{formatPence(d.revenuePence)} revenue</span>
                  </span>
                </li>
              );
            })}
          </ol>
        </div>
        <div className="vb-chart-axis vb-chart-axis-revenue" aria-hidden>
          {revenue.ticks.map((tick) => (
            <span key={tick}>{formatPenceCompact(tick)}</span>
          ))}
        </div>
        <div className="vb-chart-x" aria-hidden>
          {labels.map((label, i) => (
            <span key={data[i].month} data-narrow={label.narrow ? "" : undefined}>
              {label.month}
              {label.year ? <span className="vb-chart-year-wide">{label.year}</span> : null}
              {label.narrowYear ? <span className="vb-chart-year-narrow">{label.narrowYear}</span> : null}
            </span>
          ))}
        </div>
      </div>
      <figcaption className="vb-chart-legend">
        <span>
          <span className="vb-chart-key-bar" /> Units (bars, left axis)
        </span>
        <span>
          <span className="vb-chart-key-line" /> Revenue (line, right axis)
        </span>
      </figcaption>
      <details className="vb-chart-table">
        <summary>Show the figures as a table</summary>
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">Month</th>
              <th scope="col">Units</th>
              <th scope="col">Revenue</th>
            </tr>
          </thead>
          <tbody>
            {data.map((d) => (
              <tr key={d.month}>
                <th scope="row">{formatMonth(d.month)}</th>
                <td>{formatUnits(d.units)}</td>
                <td>{formatPence(d.revenuePence)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
