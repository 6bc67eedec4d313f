/**
 * vendboard products costs import FILE [--yes] [--json]: the product cost list from a sheet (name,
 * cost per unit excluding VAT, optional from-date; docs/import.md#the-product-cost-list). Names no
 * product has are listed and nothing is written (exit 1) until the command is run again with --yes,
 * which adds them. Audited, with no actor (the CLI).
 */
import fs from "node:fs";
import path from "node:path";
import { importCostSheet } from "#domain/products/cost-list-service.ts";
import { costLineText } from "#domain/products/cost-sheet-rules.ts";
import { costSaveJson } from "#domain/products/cost-list-json.ts";
import { formatCount } from "#domain/shared/format.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { EXIT_FAILURE, EXIT_OK, UsageError } from "../errors.ts";

export interface CostImportOptions {
  yes?: boolean;
  json?: boolean;
}

export async function runCostsImport(io: CliIO, file: string, options: CostImportOptions): Promise<number> {
  let bytes: Uint8Array;
  try {
    bytes = fs.readFileSync(file);
  } catch (error) {
    throw new UsageError(`${file} could not be read: ${error instanceof Error ? error.message : String(error)}`);
  }
  const result = await withDatabase(io, (db) =>
    importCostSheet(
      db,
      { name: path.basename(file), bytes },
      { addUnknown: Boolean(options.yes), actorId: null, onThisThread: true },
    ),
  );
  if (options.json) {
    printJson(io, costSaveJson(result));
  } else if (result.written) {
    for (const line of result.lines) io.stdout.write(`${costLineText(line)}\n`);
    if (result.added.length)
      io.stderr.write(`Added ${formatCount(result.added.length, "product")}: ${result.added.join(", ")}\n`);
    io.stderr.write(`Saved ${formatCount(result.lines.length, "product cost")}.\n`);
  } else {
    io.stderr.write(
      `No product is named ${result.unknown.map((n) => `'${n}'`).join(", ")}. Nothing was saved: run again with --yes to add ${
        result.unknown.length === 1 ? "it as a new product" : "them as new products"
      }.\n`,
    );
  }
  return result.written ? EXIT_OK : EXIT_FAILURE;
}
