/** Builds telemetry exports shaped like Nayax's, for the demo, the benchmark and tests. */
import * as XLSX from "xlsx";

export const CATALOGUE = [
  { name: "Coca-Cola Zero 330ml", price: 150, cost: 55 },
  { name: "Diet Coke 330ml", price: 150, cost: 55 },
  { name: "Dairy Milk 45g", price: 120, cost: 45 },
  { name: "KitKat 4 Finger", price: 120, cost: 47 },
  { name: "Twix Twin", price: 110, cost: 43 },
  { name: "Snickers 48g", price: 110, cost: 44 },
  { name: "Walkers Ready Salted 32.5g", price: 100, cost: 38 },
  { name: "Pringles Original 40g", price: 140, cost: 58 },
  { name: "Haribo Starmix 140g", price: 160, cost: 62 },
  { name: "Red Bull 250ml", price: 220, cost: 98 },
  { name: "Monster Energy 500ml", price: 240, cost: 105 },
  { name: "Lucozade Orange 380ml", price: 170, cost: 66 },
  { name: "Evian Still Water 500ml", price: 130, cost: 41 },
  { name: "Nature Valley Oats & Honey", price: 110, cost: 40 },
] as const;

export type Random = () => number;

/** Deterministic PRNG (mulberry32). */
export function seededRandom(seed: number): Random {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HEADERS = [
  "Site ID",
  "Transaction ID",
  "Payment Method ID",
  "Currency",
  "Machine Name",
  "Product Name",
  "Quantity",
  "Cost Price",
  "Machine Price",
  "Settlement Value (Vend Price)",
  "Authorization Date and Time (GMT)",
  "Settlement Date and Time (GMT)",
  "Card Number",
  "Product Group",
];

/** Excel serial day for a UTC time. */
const serial = (ms: number) => ms / 86_400_000 + 25569;

export interface ExportOptions {
  /** The Machine Name of every row (one machine's export)… */
  location: string;
  /** …or the rows of several machines in one file (a business-wide export), each with its count. */
  machines?: readonly { name: string; units: number }[];
  /** The products to pick from (default CATALOGUE). */
  catalogue?: readonly { name: string; price: number; cost: number }[];
  /** YYYY-MM; sales are spread over the month (or its first `days` days). */
  month: string;
  units: number;
  /** First transaction id; ids run on from it. */
  firstTransactionId: number;
  random: Random;
  days?: number;
}

/** An .xlsx export: title row, headers, one row per vend, and a totals footer. */
export function buildExport(options: ExportOptions): Uint8Array {
  const [year, month] = options.month.split("-").map(Number);
  const start = Date.UTC(year, month - 1, 1);
  const span = (options.days ?? new Date(Date.UTC(year, month, 0)).getUTCDate()) * 86_400_000;
  const rows: unknown[][] = [];
  let cost = 0;
  let settled = 0;
  const catalogue = options.catalogue ?? CATALOGUE;
  const names = options.machines
    ? options.machines.flatMap((m) => Array<string>(m.units).fill(m.name))
    : Array<string>(options.units).fill(options.location);
  for (let i = 0; i < names.length; i++) {
    // A skewed pick, so some products sell far more than others.
    const product = catalogue[Math.floor(options.random() ** 1.6 * catalogue.length)];
    const discount = options.random() < 0.08 ? 10 : 0;
    const when = serial(start + Math.floor(options.random() * span));
    cost += product.cost;
    settled += product.price - discount;
    rows.push([
      4,
      options.firstTransactionId + i,
      1,
      "GBP",
      names[i],
      product.name,
      1,
      product.cost / 100,
      product.price / 100,
      (product.price - discount) / 100,
      when,
      when,
      `************${String(1000 + Math.floor(options.random() * 9000))}`,
      "Snacks",
    ]);
  }
  const sheet = XLSX.utils.aoa_to_sheet([
    ["Dynamic Transactions Monitor Mega"],
    HEADERS,
    ...rows,
    ["Total", null, null, null, null, null, null, cost / 100, null, settled / 100, null, null, null, null],
  ]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Dynamic Transactions Monitor");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx", compression: true }) as ArrayBuffer);
}
