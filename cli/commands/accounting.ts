/**
 * vendboard accounting export --month YYYY-MM --format xero|quickbooks|sage --kind sales|bills|payments
 * --out FILE [--new-only] [--json]: the month's import file for the accounting package (docs/accounting.md), split
 * in FILE-1.csv, FILE-2.csv… past the package's limit; the export is logged (audited) once written.
 */
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { buildExport, recordExport } from "#domain/accounting/accounting-service.ts";
import { accountingExportJson } from "#domain/accounting/accounting-json.ts";
import { FORMATS, FORMAT_NAMES, KINDS } from "#domain/accounting/accounting-settings.ts";
import { formatCount, formatMonth } from "#domain/shared/format.ts";
import { printJson, withDatabase, type CliIO } from "../context.ts";
import { EXIT_FAILURE, EXIT_OK } from "../errors.ts";
import { monthFlag, parseOptions } from "../options.ts";

const exportOptions = z.object({
  month: monthFlag,
  format: z.enum(FORMATS, { error: "--format takes xero, quickbooks or sage" }),
  kind: z.enum(KINDS, { error: "--kind takes sales, bills or payments" }),
  out: z.string({ error: "--out FILE is required" }).min(1, "--out FILE is required"),
});

export interface AccountingExportOptions {
  month?: string;
  format?: string;
  kind?: string;
  out?: string;
  newOnly?: boolean;
  json?: boolean;
}

export async function runAccountingExport(io: CliIO, options: AccountingExportOptions): Promise<number> {
  const { month, format, kind, out } = parseOptions(exportOptions, options);
  const exported = await withDatabase(io, async (db) => {
    const built = await buildExport(db, { month, format, kind, newOnly: Boolean(options.newOnly) }, { out });
    if (built.unsupported) return built;
    fs.mkdirSync(path.dirname(path.resolve(out)), { recursive: true });
    for (const file of built.files) fs.writeFileSync(file.name, file.csv);
    await recordExport(db, built, null);
    return built;
  });
  if (options.json) printJson(io, accountingExportJson(exported));
  if (exported.unsupported) {
    io.stderr.write(`${exported.unsupported}\n`);
    return EXIT_FAILURE;
  }
  if (!options.json) {
    for (const c of exported.changed)
      io.stdout.write(
        `changed  ${c.previous}: ${c.creditNote ? `reversed by ${c.creditNote}` : "withdrawn before"}${c.replacement ? `, replaced by ${c.replacement}` : ", withdrawn"}\n`,
      );
    for (const n of exported.leftOut)
      io.stdout.write(`left out ${n}: ${FORMAT_NAMES[format]}'s import takes no credit notes\n`);
    for (const f of exported.files) io.stdout.write(`wrote    ${f.name}: ${formatCount(f.documents, "document")}\n`);
    io.stderr.write(`${FORMAT_NAMES[format]} ${kind} for ${formatMonth(month)}. ${exported.importNote}\n`);
  }
  return EXIT_OK;
}
