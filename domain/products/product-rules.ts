/** Product analytics rules: search, top lists, the machine distribution and its percentages. */
export interface ProductMachine {
  id: number;
  location: string;
  unitsSold: number;
}

export interface ProductAnalyticsRecord {
  name: string;
  totalSales: number;
  totalRevenuePence: number;
  machines: ProductMachine[];
}

export const TOP_LIMIT = 10;
export const DISTRIBUTION_LIMIT = 9;

/** Case-insensitive substring match on the product name. */
export function searchProducts<T extends { name: string }>(records: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  return q ? records.filter((r) => r.name.toLowerCase().includes(q)) : [...records];
}

/** The top products by a figure, best first (ties by name), at most `limit`. */
export function topBy<T extends { name: string }>(
  records: readonly T[],
  value: (r: T) => number,
  limit = TOP_LIMIT,
): T[] {
  return [...records].sort((a, b) => value(b) - value(a) || a.name.localeCompare(b.name)).slice(0, limit);
}

/** The buttons of the Machine Distribution tab: best sellers first, at most nine. */
export function distributionChoices<T extends ProductAnalyticsRecord>(records: readonly T[]): T[] {
  return topBy(records, (r) => r.totalSales, DISTRIBUTION_LIMIT);
}

export interface DistributionRow extends ProductMachine {
  /** Share of the product's units, to one decimal ("33.3"). */
  percent: string;
}

/** A machine's share of the product's units, to one decimal ("33.3"); "0.0" when the product has none. */
export function unitsShare(unitsSold: number, totalUnits: number): string {
  return totalUnits ? ((unitsSold * 100) / totalUnits).toFixed(1) : "0.0";
}

/** Where a product sells: machines by units descending, each with its share to one decimal. */
export function distribution(record: ProductAnalyticsRecord): DistributionRow[] {
  const total = record.machines.reduce((s, m) => s + m.unitsSold, 0);
  return [...record.machines]
    .sort((a, b) => b.unitsSold - a.unitsSold || a.location.localeCompare(b.location))
    .map((m) => ({ ...m, percent: unitsShare(m.unitsSold, total) }));
}

/** 'October 1, 2026' */
export function formatLongDay(day: string): string {
  return new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

/** The first and last day of a month (YYYY-MM). */
export function monthRange(month: string): { from: string; to: string } {
  const [y, m] = month.split("-").map(Number);
  // The last day is the 28th or later: always two digits.
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${last}` };
}

/** Years offered by the month picker: 2020 to the current year. */
export function pickerYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let y = 2020; y <= now.getUTCFullYear(); y++) years.push(y);
  return years;
}
