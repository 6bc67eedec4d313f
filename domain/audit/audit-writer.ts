/** The audit trail: who changed what, when, for which partner and business month, before and after. */
import type { Kysely } from "kysely";
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
