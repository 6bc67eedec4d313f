/** The audit log: who changed what, and when. */
import type { Kysely } from "kysely";
import type { Database } from "#db/schema.ts";

export interface AuditEntry {
  actorId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  details?: unknown;
}

export async function audit(db: Kysely<Database>, entry: AuditEntry): Promise<void> {
  await db
    .insertInto("auditLog")
    .values({
      actorId: entry.actorId,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId === undefined || entry.entityId === null ? null : String(entry.entityId),
      details: entry.details === undefined ? null : JSON.stringify(entry.details),
    })
    .execute();
}
