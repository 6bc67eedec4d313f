/**
 * What a page read, kept per process and served again while the database has not changed since
 * (db/data-version.ts) and the day is the same: a partner's dashboard is read on every visit and its
 * data changes a few times a month. Only reads that succeeded whole are kept (a part that failed is
 * read again next time); on PostgreSQL nothing is kept. The values are shared between requests:
 * callers never change them. Why and what it asks of a new loader input:
 * docs/decisions/073-pages-under-load-data-kept-until-the-database-changes.md.
 */
import type { Kysely } from "kysely";
import { dataVersion } from "#db/data-version.ts";
import { isoDay } from "#domain/shared/dates.ts";

const MOST = 500;
const entries = new Map<string, { version: string; value: unknown }>();

export interface Read<T> {
  value: T;
  /** False when a part could not be read (shown as such on the page): not kept. */
  complete: boolean;
}

export async function cachedRead<T>(db: Kysely<any>, key: string, read: () => Promise<Read<T>>): Promise<T> {
  const changed = await dataVersion(db);
  if (changed === null) return (await read()).value;
  const version = `${changed}@${isoDay(new Date())}`;
  const held = entries.get(key);
  if (held && held.version === version) {
    // Most recently used last, so the oldest is the first to go.
    entries.delete(key);
    entries.set(key, held);
    return held.value as T;
  }
  const { value, complete } = await read();
  if (complete) {
    entries.delete(key);
    entries.set(key, { version, value });
    if (entries.size > MOST) entries.delete(entries.keys().next().value!);
  } else entries.delete(key);
  return value;
}
