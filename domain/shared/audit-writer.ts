/** The audit trail: who changed what, when, for which partner and business month, before and after. */
import type { Kysely } from "kysely";
import { insertMany } from "#db/bulk.ts";
import type { Database } from "#db/schema.ts";

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  /** The partner whose money or data the change affects. */
  partnerId?: number | null;
  /** The business month (YYYY-MM) the change affects. */
  month?: string | null;
  /** The changed values before and after the change. */
  before?: unknown;
  after?: unknown;
  details?: unknown;
}

const json = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

export async function audit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("auditLog")
    .values({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      partnerId: entry.partnerId ?? null,
      month: entry.month ?? null,
      before: json(entry.before),
      after: json(entry.after),
      details: json(entry.details),
    })
    .execute();
}

/** Many entries in multi-row inserts (an import writes one per machine and month it touches). */
export async function auditMany(db: Kysely<Database>, entries: readonly AuditEntry[]): Promise<void> {
  await insertMany(
    db,
    "audit_log",
    ["actor_id", "action", "entity", "entity_id", "partner_id", "month", "before", "after", "details"],
    entries.map((e) => [
      e.actorId,
      e.action,
      e.entity,
      e.entityId === undefined || e.entityId === null ? null : String(e.entityId),
      e.partnerId ?? null,
      e.month ?? null,
      json(e.before),
      json(e.after),
      json(e.details),
    ]),
  );
}
