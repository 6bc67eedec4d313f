/** Twelve months of units (bars) and revenue (line) as a small SVG chart. */
import { Flex, Text } from "@radix-ui/themes";
import { formatMonth, recentMonths } from "#domain/shared/dates.ts";
import { formatPounds } from "#domain/shared/money.ts";

export interface MonthFigures {
  month: string;
  units: number;
  revenue: number;
}

const W = 640;
const H = 200;
const PAD = { left: 36, right: 44, top: 12, bottom: 28 };

/** The last 12 months up to `lastMonth`, with months that have no record shown as 0. */
export function twelveMonths(figures: readonly MonthFigures[], lastMonth: string): MonthFigures[] {
  const byMonth = new Map<string, MonthFigures>();
  for (const f of figures) {
    const prev = byMonth.get(f.month);
    byMonth.set(f.month, prev ? { month: f.month, units: prev.units + f.units, revenue: prev.revenue + f.revenue } : f);
  }
  return recentMonths(lastMonth, 12)
    .reverse()
    .map((month) => byMonth.get(month) ?? { month, units: 0, revenue: 0 });
}

export function SalesChart({ data, title }: { data: MonthFigures[]; title: string }) {
  const maxUnits = Math.max(1, ...data.map((d) => d.units));
  const maxRevenue = Math.max(1, ...data.map((d) => d.revenue));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const step = innerW / data.length;
  const x = (i: number) => PAD.left + step * i + step / 2;
  const yUnits = (u: number) => PAD.top + innerH - (u / maxUnits) * innerH;
  const yRevenue = (r: number) => PAD.top + innerH - (r / maxRevenue) * innerH;
  const line = data.map((d, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${yRevenue(d.revenue).toFixed(1)}`).join(" ");
  const summary = data.map((d) => `${formatMonth(d.month)}: ${d.units} units, ${formatPounds(d.revenue)}`).join("; ");
  return (
    <figure style={{ margin: 0 }}>
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label={`${title}. ${summary}`} style={{ display: "block", maxHeight: 220 }}>
        {[0, 0.5, 1].map((t) => (
          <line key={t} x1={PAD.left} x2={W - PAD.right} y1={PAD.top + innerH * (1 - t)} y2={PAD.top + innerH * (1 - t)} stroke="var(--gray-a4)" />
        ))}
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" fontSize="10" fill="var(--gray-11)">
          {maxUnits}
        </text>
        <text x={W - PAD.right + 6} y={PAD.top + 4} fontSize="10" fill="var(--accent-11)">
          {formatPounds(maxRevenue).replace(/\.\d\d$/, "")}
        </text>
        {data.map((d, i) => (
          <g key={d.month}>
            <rect x={x(i) - step * 0.3} y={yUnits(d.units)} width={step * 0.6} height={PAD.top + innerH - yUnits(d.units)} rx="2" fill="var(--accent-a6)">
              <title>{`${formatMonth(d.month)}: ${d.units} units, ${formatPounds(d.revenue)}`}</title>
            </rect>
            <text x={x(i)} y={H - 10} textAnchor="middle" fontSize="10" fill="var(--gray-11)">
              {formatMonth(d.month).slice(0, 3)}
            </text>
          </g>
        ))}
        <path d={line} fill="none" stroke="var(--accent-11)" strokeWidth="2" />
        {data.map((d, i) => (
          <circle key={d.month} cx={x(i)} cy={yRevenue(d.revenue)} r="3" fill="var(--accent-11)" />
        ))}
      </svg>
      <Flex gap="4" justify="center" mt="1" asChild>
        <figcaption>
          <Flex align="center" gap="1">
            <span style={{ width: 10, height: 10, background: "var(--accent-a6)", borderRadius: 2, display: "inline-block" }} />
            <Text size="1" color="gray">
              Units
            </Text>
          </Flex>
          <Flex align="center" gap="1">
            <span style={{ width: 14, height: 2, background: "var(--accent-11)", display: "inline-block" }} />
            <Text size="1" color="gray">
              Revenue
            </Text>
          </Flex>
        </figcaption>
      </Flex>
    </figure>
  );
}
