/**
 * The mapping page's first guess, pure: for each field an import profile maps, the file's header
 * that most likely holds it (case-insensitive synonyms, exact names before names that contain one),
 * each header used once. Only a suggestion: the admin sees every choice and saves it
 * (import-profile.ts checks what is saved).
 */
import { cellText, isBlank, normaliseHeader } from "./export-cells.ts";
import { PROFILE_FIELDS, type ProfileField } from "./import-profile.ts";

/** Names exports give each field, best first (normalised: lower case, single spaces). */
const SYNONYMS: Record<ProfileField, string[]> = {
  machineName: ["machine name", "machine", "device name", "device", "machine location", "location", "site", "terminal"],
  transactionId: [
    "transaction id",
    "transaction ref",
    "transaction reference",
    "txn id",
    "txn",
    "transaction",
    "reference",
  ],
  date: [
    "machine authorization time",
    "authorization time",
    "transaction date",
    "date",
    "date/time",
    "timestamp",
    "time",
  ],
  productName: ["product selection info", "product name", "product", "item name", "item", "selection", "description"],
  settlementValue: ["settlement value", "amount", "settlement", "total", "net amount", "value"],
  machinePrice: ["machine price", "vend price", "selling price", "sale price", "price"],
  costPrice: ["cost price per unit", "cost price", "unit cost", "cost per unit", "cost"],
  quantity: ["quantity", "qty", "units"],
  refundAmount: ["refund amount", "refunded amount", "refund", "refunded"],
  status: ["status", "transaction status", "state", "result"],
};

/** Each field's likely header (as the file spells it); a field with none is left out. */
export function guessColumns(headers: readonly unknown[]): Partial<Record<ProfileField, string>> {
  // A blank header's empty key equals no synonym and contains none, so it needs no filtering out.
  const named = headers.map((h) => ({ text: cellText(h).trim(), key: normaliseHeader(h) }));
  const used = new Set<string>();
  const guess: Partial<Record<ProfileField, string>> = {};
  const fields = Object.keys(PROFILE_FIELDS) as ProfileField[];
  // Exact names first across every field, so "Amount" is not taken by a field that merely contains it.
  for (const exact of [true, false])
    for (const field of fields) {
      if (guess[field]) continue;
      for (const synonym of SYNONYMS[field]) {
        const hit = named.find(
          (h) => !used.has(h.key) && (exact ? h.key === synonym : new RegExp(`\\b${escape(synonym)}\\b`).test(h.key)),
        );
        if (hit) {
          guess[field] = hit.text;
          used.add(hit.key);
          break;
        }
      }
    }
  return guess;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** The distinct values of one column below the header row, as text, in the order met (at most `max`). */
export function columnValues(table: readonly unknown[][], headerRow: number, column: string, max = 20): string[] {
  // Stryker disable next-line ArrayDeclaration: a made-up cell for a missing header row names no real column
  const index = (table[headerRow - 1] ?? []).map(normaliseHeader).indexOf(normaliseHeader(column));
  // Stryker disable next-line ConditionalExpression: row[-1] is undefined, so the loop would answer [] as well
  if (index < 0) return [];
  const values = new Map<string, string>();
  for (const row of table.slice(headerRow)) {
    const cell = row?.[index];
    if (isBlank(cell)) continue;
    const text = cellText(cell).trim();
    if (!values.has(text.toLowerCase())) values.set(text.toLowerCase(), text);
    if (values.size >= max) break;
  }
  return [...values.values()];
}

/** Status values a sale is likely to carry, among a column's values (the admin checks them). */
const SALE_WORDS = /^(success(ful)?|settled|completed?|approved|paid|sale|ok|vended|captured)$/i;
export const likelySaleStatuses = (values: readonly string[]) => values.filter((v) => SALE_WORDS.test(v.trim()));

/** The row that most likely holds the headers: the first of the top rows whose cells are mostly filled text. */
export function guessHeaderRow(table: readonly unknown[][], maxRow: number): number {
  let best = 1;
  let bestCount = 0;
  for (let r = 0; r < Math.min(maxRow, table.length); r++) {
    // Stryker disable next-line ArrayDeclaration: one made-up cell for a missing row is too few for a header row
    const cells = (table[r] ?? []).filter((c) => !isBlank(c));
    const texts = cells.filter((c) => typeof c === "string").length;
    if (texts >= 3 && texts === cells.length && texts > bestCount) {
      best = r + 1;
      bestCount = texts;
    }
  }
  return best;
}
