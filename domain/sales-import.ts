/**
 * Writes parsed telemetry rows: per machine and month, the record, its sales (each transaction
 * once per machine), products, the product rollup and an import receipt, in one transaction.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { audit } from "./audit.ts";
import { footerAgrees, monthOfSale, parseSalesReport, SalesReportError, summariseSales, SKIP_REASONS, type ParsedSalesReport, type SaleRow, type SalesSummary } from "./sales-report.ts";

type DB = Kysely<Database>;
const CHUNK = 500;

export interface ImportGroup {
  machineId: number;
  month: string;
  rows: SaleRow[];
}

export interface ImportGroupResult extends SalesSummary {
  machineId: number;
  location: string;
  month: string;
  recordId: number | null;
  rows: number;
  imported: number;
  duplicates: number;
  outsideMonth: number;
  /** Machine Names in the rows that differ from the machine's location. */
  warnings: string[];
}

export interface ImportFile {
  name: string;
  bytes: Uint8Array;
}

export interface ImportOptions {
  actorId: number | null;
  /** Where uploaded files are kept (the data directory). */
  dataDir: string;
  dryRun?: boolean;
}

function chunks<T>(items: readonly T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/** Keeps the uploaded file, named by its content, and answers its path inside the data directory. */
export function storeUpload(dataDir: string, file: ImportFile): string {
  const ext = path.extname(file.name).toLowerCase() === ".xls" ? ".xls" : ".xlsx";
  const relative = path.join("uploads", `${sha256(file.bytes)}${ext}`);
  const absolute = path.join(dataDir, relative);
  if (fs.existsSync(absolute)) {
    // Touched, so a prune running meanwhile sees it as fresh and leaves it for this import's receipt.
    const now = new Date();
    fs.utimesSync(absolute, now, now);
  } else {
    fs.mkdirSync(path.dirname(absolute), { recursive: true });
    // Written beside, then renamed: a crash never leaves a half file under the final name.
    const partial = `${absolute}.${process.pid}.partial`;
    fs.writeFileSync(partial, file.bytes);
    fs.renameSync(partial, absolute);
  }
  return relative;
}

/**
 * Removes stored uploads no receipt points to any more (after deleting records, machines or
 * partners). Files younger than `graceMs` are kept: an import may be about to record them.
 */
export async function pruneUploads(db: DB, dataDir: string, graceMs = 60_000): Promise<number> {
  const dir = path.join(dataDir, "uploads");
  if (!fs.existsSync(dir)) return 0;
  const used = new Set((await db.selectFrom("importReceipts").select("storedPath").distinct().execute()).map((r) => path.basename(r.storedPath)));
  let removed = 0;
  for (const name of fs.readdirSync(dir)) {
    const file = path.join(dir, name);
    if (used.has(name) || Date.now() - fs.statSync(file).mtimeMs < graceMs) continue;
    fs.rmSync(file, { force: true });
    removed++;
  }
  return removed;
}

const key = (transactionId: string, kind: string) => `${kind}:${transactionId}`;

async function existingKeys(db: DB | Transaction<Database>, machineId: number, rows: SaleRow[]): Promise<Set<string>> {
  const found = new Set<string>();
  for (const part of chunks([...new Set(rows.map((r) => r.transactionId))])) {
    const hits = await db
      .selectFrom("sales")
      .select(["transactionId", "kind"])
      .where("machineId", "=", machineId)
      .where("transactionId", "in", part)
      .execute();
    for (const hit of hits) found.add(key(hit.transactionId, hit.kind));
  }
  return found;
}

/** Rows not yet stored for the machine (and not repeated earlier in the same file). */
function newRows(rows: SaleRow[], stored: Set<string>): SaleRow[] {
  const seen = new Set(stored);
  return rows.filter((row) => {
    const k = key(row.transactionId, row.kind);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

async function productIds(trx: Transaction<Database>, rows: SaleRow[]): Promise<Map<string, number>> {
  const names = [...new Set(rows.map((r) => r.productName))];
  const ids = new Map<string, number>();
  for (const part of chunks(names)) {
    await trx
      .insertInto("products")
      .values(part.map((name) => ({ name, currentPricePence: 0, currentCostPence: 0 })))
      .onConflict((oc) => oc.column("name").doNothing())
      .execute();
    for (const p of await trx.selectFrom("products").select(["id", "name"]).where("name", "in", part).execute()) ids.set(p.name, p.id);
  }
  return ids;
}

async function writeGroup(
  trx: Transaction<Database>,
  group: ImportGroup,
  fresh: SaleRow[],
): Promise<number | null> {
  if (!fresh.length) {
    // Nothing new: no empty record is created for a month the file adds nothing to.
    const existing = await trx.selectFrom("monthlyRecords").select("id").where("machineId", "=", group.machineId).where("month", "=", group.month).executeTakeFirst();
    return existing?.id ?? null;
  }
  await trx
    .insertInto("monthlyRecords")
    .values({ machineId: group.machineId, month: group.month })
    .onConflict((oc) => oc.columns(["machineId", "month"]).doNothing())
    .execute();
  const record = await trx
    .selectFrom("monthlyRecords")
    .select("id")
    .where("machineId", "=", group.machineId)
    .where("month", "=", group.month)
    .executeTakeFirstOrThrow();
  const ids = await productIds(trx, fresh);
  for (const part of chunks(fresh)) {
    await trx
      .insertInto("sales")
      .values(
        part.map((row) => ({
          machineId: group.machineId,
          recordId: record.id,
          productId: ids.get(row.productName)!,
          saleDate: row.saleDate ?? `${group.month}-01T00:00:00.000Z`,
          pricePence: row.machinePricePence,
          costPence: row.costPence,
          settlementPence: row.settlementPence,
          transactionId: row.transactionId,
          kind: row.kind,
        })),
      )
      .execute();
  }

  // The (product, machine, month) rollup the analytics read.
  const rollup = new Map<number, { units: number; revenuePence: number }>();
  for (const row of fresh) {
    const id = ids.get(row.productName)!;
    const entry = rollup.get(id) ?? { units: 0, revenuePence: 0 };
    if (row.kind === "sale") entry.units++;
    entry.revenuePence += row.settlementPence;
    rollup.set(id, entry);
  }
  for (const part of chunks([...rollup])) {
    await trx
      .insertInto("productSalesMonthly")
      .values(part.map(([productId, t]) => ({ productId, machineId: group.machineId, month: group.month, ...t })))
      .onConflict((oc) =>
        oc.columns(["productId", "machineId", "month"]).doUpdateSet((eb) => ({
          units: eb("productSalesMonthly.units", "+", eb.ref("excluded.units")),
          revenuePence: eb("productSalesMonthly.revenuePence", "+", eb.ref("excluded.revenuePence")),
        })),
      )
      .execute();
  }

  // Current price and cost follow each product's latest sale.
  for (const id of rollup.keys()) {
    const latest = await trx
      .selectFrom("sales")
      .select(["pricePence", "costPence"])
      .where("productId", "=", id)
      .where("kind", "=", "sale")
      .orderBy("saleDate", "desc")
      .limit(1)
      .executeTakeFirst();
    if (latest) await trx.updateTable("products").set({ currentPricePence: latest.pricePence, currentCostPence: latest.costPence }).where("id", "=", id).execute();
  }

  await recomputeRecord(trx, record.id);
  return record.id;
}

/** A record's figures are always the sum of its stored sales. */
export async function recomputeRecord(db: DB | Transaction<Database>, recordId: number): Promise<void> {
  const totals = await db
    .selectFrom("sales")
    .select((eb) => [
      eb.fn.count<number>(eb.case().when("kind", "=", "sale").then(1).end()).as("units"),
      eb.fn.coalesce(eb.fn.sum<number>("settlementPence"), eb.lit(0)).as("revenue"),
      eb.fn.coalesce(eb.fn.sum<number>(eb.case().when("kind", "=", "sale").then(eb.ref("costPence")).else(0).end()), eb.lit(0)).as("cogs"),
    ])
    .where("recordId", "=", recordId)
    .executeTakeFirstOrThrow();
  await db
    .updateTable("monthlyRecords")
    .set({
      totalSales: Number(totals.units),
      revenuePence: Number(totals.revenue),
      cogsPence: Number(totals.cogs),
      updatedAt: new Date().toISOString(),
    })
    .where("id", "=", recordId)
    .execute();
}

/**
 * Imports one file's rows, already grouped by machine and month, atomically. With dryRun nothing
 * is written and the answer says what an import would add.
 */
export async function importSalesFile(
  db: DB,
  file: ImportFile,
  report: ParsedSalesReport,
  groups: ImportGroup[],
  options: ImportOptions,
): Promise<ImportGroupResult[]> {
  const machines = new Map(
    (await db.selectFrom("machines").select(["id", "location"]).where("id", "in", groups.map((g) => g.machineId).concat(0)).execute()).map((m) => [m.id, m.location]),
  );
  const describe = (group: ImportGroup, fresh: SaleRow[], recordId: number | null): ImportGroupResult => {
    const location = machines.get(group.machineId) ?? `#${group.machineId}`;
    const names = [...new Set(group.rows.map((r) => r.machineName).filter((n): n is string => Boolean(n)))];
    return {
      machineId: group.machineId,
      location,
      month: group.month,
      recordId,
      rows: group.rows.length,
      imported: fresh.length,
      duplicates: group.rows.length - fresh.length,
      outsideMonth: group.rows.filter((r) => monthOfSale(r) !== group.month).length,
      warnings: names
        .filter((n) => n.trim().toLowerCase() !== location.trim().toLowerCase())
        .map((n) => `The file names machine '${n}', not '${location}'`),
      ...summariseSales(fresh),
    };
  };

  if (options.dryRun) {
    const results: ImportGroupResult[] = [];
    for (const group of groups) results.push(describe(group, newRows(group.rows, await existingKeys(db, group.machineId, group.rows)), null));
    return results;
  }

  const storedPath = storeUpload(options.dataDir, file);
  const digest = sha256(file.bytes);
  const agrees = footerAgrees(report);
  return db.transaction().execute(async (trx) => {
    const results: ImportGroupResult[] = [];
    for (const group of groups) {
      const fresh = newRows(group.rows, await existingKeys(trx, group.machineId, group.rows));
      const recordId = await writeGroup(trx, group, fresh);
      const result = describe(group, fresh, recordId);
      results.push(result);
      if (recordId === null) continue;
      await trx
        .insertInto("importReceipts")
        .values({
          recordId,
          fileName: file.name,
          sha256: digest,
          storedPath,
          rowsRead: report.rowsRead,
          imported: result.imported,
          duplicates: result.duplicates,
          skipped: JSON.stringify(report.skipped),
          outsideMonth: result.outsideMonth,
          footerAgrees: agrees === null ? null : agrees ? 1 : 0,
          importedBy: options.actorId,
        })
        .execute();
    }
    await audit(trx, {
      actorId: options.actorId,
      action: "import",
      entity: "sales_report",
      entityId: digest.slice(0, 16),
      details: { file: file.name, groups: results.map((r) => ({ machineId: r.machineId, month: r.month, imported: r.imported, duplicates: r.duplicates })) },
    });
    return results;
  });
}

/** Plain-language skip reasons for receipts and previews. */
export function describeSkipped(skipped: ParsedSalesReport["skipped"]): { reason: string; count: number }[] {
  return Object.entries(skipped).map(([reason, count]) => ({ reason: SKIP_REASONS[reason as keyof typeof SKIP_REASONS], count: count ?? 0 }));
}

export interface UploadResult extends ImportGroupResult {
  fileName: string;
  rowsRead: number;
  skipped: { reason: string; count: number }[];
  footerAgrees: boolean | null;
}

/**
 * The web upload: every valid row of the file goes to the machine it was made for, in the posted
 * month. A Machine Name that differs from the machine's location is a warning, not a refusal.
 */
export async function importUpload(
  db: DB,
  input: { machineId: number; month: string; file: ImportFile },
  options: ImportOptions,
): Promise<UploadResult> {
  const report = parseSalesReport(input.file.bytes);
  const [result] = await importSalesFile(db, input.file, report, [{ machineId: input.machineId, month: input.month, rows: report.rows }], options);
  return { ...result, fileName: input.file.name, rowsRead: report.rowsRead, skipped: describeSkipped(report.skipped), footerAgrees: footerAgrees(report) };
}

export interface RoutedImport {
  fileName: string;
  rowsRead: number;
  skipped: { reason: string; count: number }[];
  groups: ImportGroupResult[];
}

/**
 * The CLI import: rows go to the machine named by --machine, or else to the machine whose location
 * matches the row's Machine Name (trimmed, case-insensitive); grouped by machine and month (the
 * row's date, or --month). Unknown names fail the file, which stays atomic.
 */
export async function importRouted(
  db: DB,
  input: { file: ImportFile; machineId?: number; month?: string },
  options: ImportOptions,
): Promise<RoutedImport> {
  const report = parseSalesReport(input.file.bytes, { requireMachineName: input.machineId === undefined });
  const machines = await db.selectFrom("machines").select(["id", "location"]).execute();
  if (input.machineId !== undefined && !machines.some((m) => m.id === input.machineId)) {
    throw new SalesReportError(`Machine ${input.machineId} does not exist`);
  }
  const byLocation = new Map<string, number>();
  const ambiguous = new Set<string>();
  for (const m of machines) {
    const name = m.location.trim().toLowerCase();
    if (byLocation.has(name)) ambiguous.add(m.location.trim());
    byLocation.set(name, m.id);
  }
  const unknown = new Set<string>();
  let undated = 0;
  const groups = new Map<string, ImportGroup>();
  const clashes = new Set<string>();
  for (const row of report.rows) {
    const name = (row.machineName ?? "").trim().toLowerCase();
    if (input.machineId === undefined && [...ambiguous].some((a) => a.toLowerCase() === name)) {
      clashes.add(row.machineName ?? "");
      continue;
    }
    const machineId = input.machineId ?? byLocation.get(name);
    if (machineId === undefined) {
      unknown.add(row.machineName ?? "(blank)");
      continue;
    }
    const month = input.month ?? monthOfSale(row);
    if (!month) {
      undated++;
      continue;
    }
    const id = `${machineId}:${month}`;
    const group = groups.get(id) ?? { machineId, month, rows: [] };
    group.rows.push(row);
    groups.set(id, group);
  }
  if (unknown.size) throw new SalesReportError(`Unknown machine names: ${[...unknown].sort().join(", ")}`);
  if (clashes.size) throw new SalesReportError(`More than one machine has the location ${[...clashes].sort().join(", ")}: pass --machine`);
  if (undated) throw new SalesReportError(`${undated} row(s) have no readable date: pass --month YYYY-MM`);
  const ordered = [...groups.values()].sort((a, b) => a.machineId - b.machineId || a.month.localeCompare(b.month));
  return {
    fileName: input.file.name,
    rowsRead: report.rowsRead,
    skipped: describeSkipped(report.skipped),
    groups: await importSalesFile(db, input.file, report, ordered, options),
  };
}
