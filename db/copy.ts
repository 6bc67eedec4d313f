/**
 * `vendboard db copy --to postgres://…`: moves a business from its
 * SQLite file to PostgreSQL. The target is migrated to the latest schema, then every table is copied
 * in dependency order, streamed from the source by rowid ranges and written in batches, in ONE
 * transaction on the target (a failed copy leaves it as it was; --force empties it in the same
 * transaction). The uploaded exports in <data dir>/uploads become rows of stored_uploads. Afterwards
 * both sides are read again: every table's row count and every pence column's sum must agree.
 */
import fs from "node:fs";
import path from "node:path";
import { CompiledQuery, type Kysely } from "kysely";
import { openReadOnly } from "./backup.ts";
import { migrateToLatest } from "./database.ts";
import { isPostgres } from "./dialect.ts";
import { migrations } from "./migrations/index.ts";

export class CopyError extends Error {}

export interface TableCount {
  table: string;
  source: number;
  target: number;
  ok: boolean;
}

export interface MoneyCheck {
  /** table.column */
  column: string;
  source: number;
  target: number;
  ok: boolean;
}

export interface CopyReport {
  tables: TableCount[];
  money: MoneyCheck[];
  /** Upload files in the data directory, and how many of them the target holds with the same size. */
  uploads: { files: number; copied: number; ok: boolean };
  ok: boolean;
}

export type CopyProgress = { table: string; done: number; total: number };

export interface CopyOptions {
  /** The SQLite data directory: its uploads folder is copied into stored_uploads. */
  dataDir: string;
  /** Empty a target that has rows (in the copy's transaction). */
  force?: boolean;
  /** Rows read and written per batch (at most 65,000 values a statement: PostgreSQL's limit). */
  batchRows?: number;
  onProgress?: (progress: CopyProgress) => void;
}

/** Tables the migrator keeps for itself: each side has its own. */
const MIGRATOR_TABLES = new Set(["kysely_migration", "kysely_migration_lock"]);
const MAX_PARAMETERS = 65_000;

interface Source {
  prepare(sql: string): { all(...parameters: (string | number)[]): unknown[]; run(): unknown };
  close(): void;
}

interface TableShape {
  name: string;
  columns: string[];
  /** Tables it references (its foreign keys), itself excepted. */
  parents: string[];
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** The source's tables in an order where every referenced table comes before its referrers. */
function sourceTables(source: Source): TableShape[] {
  const names = (
    source
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .all() as { name: string }[]
  )
    .map((r) => r.name)
    .filter((name) => !MIGRATOR_TABLES.has(name));
  const shapes = new Map<string, TableShape>();
  for (const name of names) {
    const columns = (
      source.prepare(`select name from pragma_table_info(?) order by cid`).all(name) as { name: string }[]
    ).map((r) => r.name);
    const parents = (
      source.prepare(`select distinct "table" as parent from pragma_foreign_key_list(?)`).all(name) as {
        parent: string;
      }[]
    )
      .map((r) => r.parent)
      .filter((p) => p !== name);
    shapes.set(name, { name, columns, parents });
  }
  const ordered: TableShape[] = [];
  const placed = new Set<string>();
  const visit = (name: string, path: string[]) => {
    if (placed.has(name) || !shapes.has(name)) return;
    if (path.includes(name)) throw new CopyError(`Foreign keys form a cycle: ${[...path, name].join(" → ")}`);
    for (const parent of shapes.get(name)!.parents) visit(parent, [...path, name]);
    placed.add(name);
    ordered.push(shapes.get(name)!);
  };
  for (const name of names) visit(name, []);
  return ordered;
}

async function query<R>(db: Kysely<any>, text: string, parameters: unknown[] = []): Promise<R[]> {
  return (await db.executeQuery<R>(CompiledQuery.raw(text, parameters))).rows;
}

const countOf = async (db: Kysely<any>, table: string) =>
  Number((await query<{ n: number }>(db, `select count(*) as n from ${quote(table)}`))[0].n);

/** The pence columns (…_pence) of each table: the money the checks add up on both sides. */
const penceColumns = (tables: TableShape[]) =>
  tables.flatMap((t) => t.columns.filter((c) => c.endsWith("_pence")).map((column) => ({ table: t.name, column })));

/** The upload files of a SQLite deployment (domain/imports/upload-store.ts names them by their SHA-256), by key. */
function uploadFiles(dataDir: string): { key: string; size: number }[] {
  const dir = path.join(dataDir, "uploads");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((name) => /^[0-9a-f]{64}\.(xlsx?|csv)$/.test(name))
    .sort()
    .map((name) => ({ key: `uploads/${name}`, size: fs.statSync(path.join(dir, name)).size }));
}

/** The target's tables that have at least one row. */
async function tablesWithRows(target: Kysely<any>, tables: TableShape[]): Promise<string[]> {
  const found: string[] = [];
  for (const table of tables)
    if ((await query<{ one: number }>(target, `select 1 as one from ${quote(table.name)} limit 1`)).length)
      found.push(table.name);
  return found;
}

/** Copies the SQLite database `sourceFile` (at the latest schema) into the PostgreSQL database `target`, then checks both sides agree. */
export async function copySqliteToPostgres(
  sourceFile: string,
  target: Kysely<any>,
  options: CopyOptions,
): Promise<CopyReport> {
  if (!isPostgres(target)) throw new CopyError("db copy writes to PostgreSQL: --to takes a postgres:// URL");
  if (!fs.existsSync(sourceFile)) throw new CopyError(`No SQLite database at ${sourceFile}`);
  const source = openReadOnly(sourceFile) as Source;
  try {
    const applied = new Set(
      (source.prepare("select name from kysely_migration").all() as { name: string }[]).map((r) => r.name),
    );
    const pending = Object.keys(migrations).filter((name) => !applied.has(name));
    if (pending.length)
      throw new CopyError(
        `${sourceFile} is not at the latest schema (${pending.length} migration${pending.length === 1 ? "" : "s"} pending): run \`vendboard db migrate\` on it first`,
      );
    const tables = sourceTables(source);

    await migrateToLatest(target);
    const targetColumns = await query<{ table: string; column: string }>(
      target,
      `select table_name as "table", column_name as "column" from information_schema.columns where table_schema = current_schema()`,
    );
    for (const table of tables) {
      const present = new Set(targetColumns.filter((c) => c.table === table.name).map((c) => c.column));
      const absent = table.columns.filter((c) => !present.has(c));
      if (!present.size || absent.length)
        throw new CopyError(
          `The target has no ${present.size ? `column ${absent.join(", ")} in ` : ""}table ${table.name}: is it a Vendboard database?`,
        );
    }
    const occupied = await tablesWithRows(target, tables);
    if (occupied.length && !options.force) {
      throw new CopyError(
        `The target already has rows (${occupied.join(", ")}): pass --force to empty it first (its data is replaced by the copy)`,
      );
    }

    const uploads = uploadFiles(options.dataDir);
    await target.transaction().execute(async (trx) => {
      if (occupied.length)
        await query(trx, `truncate table ${tables.map((t) => quote(t.name)).join(", ")} restart identity cascade`);
      // The rollup's triggers stay off while its rows are copied as they are (product_sales_totals
      // included): the copy's totals are the source's, byte for byte, not recomputed row by row.
      for (const table of tables) await query(trx, `alter table ${quote(table.name)} disable trigger user`);
      // One read transaction on the source: every table from the same moment (WAL lets the app write on).
      source.prepare("begin").run();
      try {
        for (const table of tables) await copyTable(source, trx, table, options);
      } finally {
        source.prepare("commit").run();
      }
      for (const table of tables) await query(trx, `alter table ${quote(table.name)} enable trigger user`);
      for (const upload of uploads) {
        const bytes = fs.readFileSync(path.join(options.dataDir, ...upload.key.split("/")));
        const storedAtMs = Math.round(fs.statSync(path.join(options.dataDir, ...upload.key.split("/"))).mtimeMs);
        await query(
          trx,
          `insert into stored_uploads (path, bytes, size, stored_at_ms) values ($1, $2, $3, $4) on conflict (path) do nothing`,
          [upload.key, bytes, bytes.length, storedAtMs],
        );
      }
      // Identity columns were written with the source's ids: their sequences go on from the largest.
      const identities = await query<{ table: string; column: string }>(
        trx,
        `select table_name as "table", column_name as "column" from information_schema.columns where table_schema = current_schema() and is_identity = 'YES'`,
      );
      for (const { table, column } of identities) {
        await query(
          trx,
          `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quote(column)}) from ${quote(table)}), 0) + 1, false)`,
          [quote(table), column],
        );
      }
    });
    return await checkCopy(source, target, tables, uploads);
  } finally {
    source.close();
  }
}

async function copyTable(source: Source, target: Kysely<any>, table: TableShape, options: CopyOptions): Promise<void> {
  const total = Number((source.prepare(`select count(*) as n from ${quote(table.name)}`).all()[0] as { n: number }).n);
  const batch = Math.max(1, Math.min(options.batchRows ?? 5_000, Math.floor(MAX_PARAMETERS / table.columns.length)));
  const select = source.prepare(
    `select rowid as "__rowid", ${table.columns.map(quote).join(", ")} from ${quote(table.name)} where rowid > ? order by rowid limit ${batch}`,
  );
  const columnList = table.columns.map(quote).join(", ");
  let last = Number.MIN_SAFE_INTEGER;
  let done = 0;
  options.onProgress?.({ table: table.name, done, total });
  for (;;) {
    const rows = select.all(last) as Record<string, unknown>[];
    if (!rows.length) break;
    const parameters: unknown[] = [];
    const tuples = rows.map(
      (row) => `(${table.columns.map((column) => `$${parameters.push(row[column])}`).join(", ")})`,
    );
    await query(target, `insert into ${quote(table.name)} (${columnList}) values ${tuples.join(", ")}`, parameters);
    last = Number(rows[rows.length - 1].__rowid);
    done += rows.length;
    options.onProgress?.({ table: table.name, done, total });
  }
}

async function checkCopy(
  source: Source,
  target: Kysely<any>,
  tables: TableShape[],
  uploads: { key: string; size: number }[],
): Promise<CopyReport> {
  const sourceCount = (table: string) =>
    Number((source.prepare(`select count(*) as n from ${quote(table)}`).all()[0] as { n: number }).n);
  const counts: TableCount[] = [];
  for (const table of tables) {
    // stored_uploads gains the upload files: the target holds the source's rows and the files, once each.
    const expected =
      table.name === "stored_uploads"
        ? new Set([
            ...(source.prepare("select path from stored_uploads").all() as { path: string }[]).map((r) => r.path),
            ...uploads.map((u) => u.key),
          ]).size
        : sourceCount(table.name);
    const copied = await countOf(target, table.name);
    counts.push({ table: table.name, source: expected, target: copied, ok: expected === copied });
  }
  const money: MoneyCheck[] = [];
  for (const { table, column } of penceColumns(tables)) {
    const sum = `select coalesce(sum(${quote(column)}), 0) as total from ${quote(table)}`;
    const from = Number((source.prepare(sum).all()[0] as { total: number }).total);
    const to = Number((await query<{ total: number }>(target, sum))[0].total);
    money.push({ column: `${table}.${column}`, source: from, target: to, ok: from === to });
  }
  let copied = 0;
  if (uploads.length) {
    const sizes = new Map(
      (await query<{ path: string; size: number }>(target, `select path, size from stored_uploads`)).map((r) => [
        r.path,
        Number(r.size),
      ]),
    );
    copied = uploads.filter((u) => sizes.get(u.key) === u.size).length;
  }
  const files = { files: uploads.length, copied, ok: copied === uploads.length };
  return {
    tables: counts,
    money,
    uploads: files,
    ok: counts.every((c) => c.ok) && money.every((m) => m.ok) && files.ok,
  };
}
