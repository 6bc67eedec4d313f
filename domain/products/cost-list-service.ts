/**
 * The product cost list (docs/decisions/070-product-cost-list.md): each product's cost of one unit,
 * excluding VAT, from a day on. Set one at a time (the Products Analytics page, the API) or from a
 * sheet (the page, `vendboard products costs import`). Names are matched trimmed and ignoring case;
 * names no product has are listed and added only once the user confirms, so a typo never becomes a
 * product unasked. A cost set again for the same product and day replaces it. Every save is one
 * transaction and one audit entry (`product_costs_set`). Imports read the list in
 * domain/imports/cost-list-store.ts; sales keep the cost they were imported with.
 */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { badInput } from "../shared/errors.ts";
import { isoDay } from "../shared/dates.ts";
import { formatCount } from "../shared/format.ts";
import { costInForce, costListOf, productNameKey } from "../imports/cost-list-rules.ts";
import { loadCostList } from "../imports/cost-list-store.ts";
import { readSheet } from "../imports/telemetry-export-reader.ts";
import type { ReadLimits } from "../imports/read-limits.ts";
import {
  CostSheetError,
  costLineText,
  MAX_COST_ROWS,
  readCostSheet,
  unknownNames,
  type CostLine,
} from "./cost-sheet-rules.ts";

type DB = Kysely<Database>;

export interface CostSaveOptions {
  /** The user confirmed adding the names no product has yet (the page's second post, `--yes`, `addUnknown`). */
  addUnknown?: boolean;
  actorId: number | null;
  /** The sheet's file name, for the audit trail. */
  fileName?: string;
}

export interface CostSaveResult {
  /** False when names no product has wait for the user's confirmation: nothing was written. */
  written: boolean;
  lines: CostLine[];
  /** Names no product has (each once, as first written): added only once confirmed. */
  unknown: string[];
  /** The products added for them (when confirmed). */
  added: string[];
}

/**
 * Saves cost lines in one transaction: unknown names first wait for confirmation (nothing written),
 * then are added as products; each line's cost replaces one set before for the same product and day.
 */
export async function saveCosts(db: DB, lines: readonly CostLine[], options: CostSaveOptions): Promise<CostSaveResult> {
  if (!lines.length) throw badInput("No cost to save");
  return db.transaction().execute(async (trx) => {
    const products = await trx.selectFrom("products").select(["id", "name"]).orderBy("id").execute();
    const unknown = unknownNames(
      lines,
      products.map((p) => p.name),
    );
    if (unknown.length && !options.addUnknown) return { written: false, lines: [...lines], unknown, added: [] };
    if (unknown.length)
      await trx
        .insertInto("products")
        .values(unknown.map((name) => ({ name, currentPricePence: 0, currentCostPence: 0 })))
        .execute();
    const ids = new Map<string, number>();
    for (const p of await trx.selectFrom("products").select(["id", "name"]).orderBy("id").execute())
      if (!ids.has(productNameKey(p.name))) ids.set(productNameKey(p.name), p.id);
    const before = await loadCostList(trx);
    for (const line of lines)
      await trx
        .insertInto("productCosts")
        .values({
          productId: ids.get(productNameKey(line.name))!,
          costPence: line.costPence,
          effectiveFrom: line.effectiveFrom,
          createdBy: options.actorId,
        })
        .onConflict((oc) =>
          oc.columns(["productId", "effectiveFrom"]).doUpdateSet((eb) => ({
            costPence: eb.ref("excluded.costPence"),
            createdBy: eb.ref("excluded.createdBy"),
            createdAt: new Date().toISOString(),
          })),
        )
        .execute();
    const shown = lines.slice(0, 20).map(costLineText).join(", ");
    const more = lines.length > 20 ? ` and ${lines.length - 20} more` : "";
    await audit(trx, {
      actorId: options.actorId,
      action: "product_costs_set",
      entity: "product_cost",
      after: { costs: lines.length, added: unknown },
      details: {
        reason: `Set ${formatCount(lines.length, "product cost")}${options.fileName ? ` from ${options.fileName}` : ""}: ${shown}${more}${
          unknown.length ? `; added ${formatCount(unknown.length, "product")}: ${unknown.join(", ")}` : ""
        }`,
        ...(options.fileName ? { file: options.fileName } : {}),
        // Each line with the cost in force on its day before (null: none), so the change can be read back.
        costs: lines.map((l) => ({ ...l, beforePence: costInForce(before, l.name, l.effectiveFrom) })),
      },
    });
    return { written: true, lines: [...lines], unknown, added: unknown };
  });
}

/** Reads a cost sheet (xlsx, xls or csv) with the exports' bounds and parse gate, then saves it (saveCosts). */
export async function importCostSheet(
  db: DB,
  file: { name: string; bytes: Uint8Array },
  options: CostSaveOptions & { today?: string; limits?: Partial<ReadLimits>; onThisThread?: boolean },
): Promise<CostSaveResult> {
  const { table, date1904 } = await readSheet(file.bytes, {
    fileName: file.name,
    limits: { maxRows: MAX_COST_ROWS, ...options.limits },
    onThisThread: options.onThisThread,
  });
  let lines: CostLine[];
  try {
    lines = readCostSheet(table, options.today ?? isoDay(new Date()), date1904);
  } catch (error) {
    if (error instanceof CostSheetError) throw badInput(`${file.name}: ${error.message}`);
    throw error;
  }
  return saveCosts(db, lines, { ...options, fileName: options.fileName ?? file.name });
}

/** A product on the cost list: the cost in force on a day, from when, and a later one already set. */
export interface ProductCostRow {
  name: string;
  costPence: number | null;
  effectiveFrom: string | null;
  next: { costPence: number; effectiveFrom: string } | null;
}

/** The cost list on a day (today by default): each product with an entry, by name, at most `limit`. */
export async function costListView(
  db: DB,
  options: { on?: string; limit?: number } = {},
): Promise<{ rows: ProductCostRow[]; total: number }> {
  const on = options.on ?? isoDay(new Date());
  const entries = await db
    .selectFrom("productCosts as c")
    .innerJoin("products as p", "p.id", "c.productId")
    .select(["p.name as productName", "c.costPence", "c.effectiveFrom"])
    .execute();
  const byName = new Map<string, typeof entries>();
  for (const e of entries) byName.set(e.productName, [...(byName.get(e.productName) ?? []), e]);
  const list = costListOf(entries);
  const rows = [...byName.keys()]
    .sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()) || a.localeCompare(b))
    .map((name): ProductCostRow => {
      const own = list.get(productNameKey(name)) ?? [];
      const current = [...own].reverse().find((e) => e.effectiveFrom <= on) ?? null;
      const later = own.find((e) => e.effectiveFrom > on) ?? null;
      return {
        name,
        costPence: current?.costPence ?? null,
        effectiveFrom: current?.effectiveFrom ?? null,
        next: later ? { costPence: later.costPence, effectiveFrom: later.effectiveFrom } : null,
      };
    });
  return { rows: rows.slice(0, options.limit ?? rows.length), total: rows.length };
}
