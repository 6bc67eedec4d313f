/** Reading the audit trail: entries newest first, filtered by partner, business month and date of change, a page at a time. */
import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Database } from "#db/schema.ts";
import { describeAuditEntry } from "./audit-entries.ts";
import type { AuditFilter } from "./audit-schemas.ts";

type DB = Kysely<Database>;

export interface AuditPartner {
  id: number;
  /** The partner's name (or username); for a deleted partner, the name it had, when the trail knows it. */
  name: string | null;
  /** False once the partner has been deleted: its entries keep its id. */
  exists: boolean;
}

export interface AuditEntryView {
  id: number;
  /** When the change was made, ISO 8601 UTC. */
  at: string;
  actorId: number | null;
  /** The admin's name or username; "System" for the CLI, scheduled jobs and migrations. */
  actor: string;
  action: string;
  entity: string;
  entityId: string | null;
  partner: AuditPartner | null;
  /** The business month (YYYY-MM) the change affects. */
  month: string | null;
  before: unknown;
  after: unknown;
  details: unknown;
  /** The entry in plain English (describeAuditEntry). */
  description: string;
}

export interface AuditPage {
  entries: AuditEntryView[];
  total: number;
  page: number;
  pageSize: number;
}

export const SYSTEM_ACTOR = "System";

function parseJson(value: string | null): unknown {
  if (value === null) return null;
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

function filtered<O>(
  query: SelectQueryBuilder<Database & { a: Database["auditLog"] }, "a", O>,
  filter: Omit<AuditFilter, "page" | "pageSize">,
) {
  let q = query;
  if (filter.partnerId !== undefined) q = q.where("a.partnerId", "=", filter.partnerId);
  if (filter.month !== undefined) q = q.where("a.month", "=", filter.month);
  // `at` is stored as ISO text in UTC, so the day's midnight compares as text.
  if (filter.since !== undefined) q = q.where("a.at", ">=", `${filter.since}T00:00:00.000Z`);
  return q;
}

/** Names of deleted partners, from the trail's own entries about them (their creation or deletion). */
async function deletedPartnerNames(db: DB, ids: number[]): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (!ids.length) return names;
  const rows = await db
    .selectFrom("auditLog")
    .select(["entityId", "before", "after", "details"])
    .where("entity", "=", "user")
    .where("action", "in", ["delete", "create"])
    .where("entityId", "in", ids.map(String))
    .orderBy("id", "desc")
    .execute();
  for (const row of rows) {
    const id = Number(row.entityId);
    if (names.has(id)) continue;
    for (const value of [row.before, row.after, row.details].map(parseJson)) {
      const fields = value && typeof value === "object" ? (value as Record<string, unknown>) : {};
      const name =
        typeof fields.name === "string" && fields.name
          ? fields.name
          : typeof fields.username === "string"
            ? fields.username
            : null;
      if (name) {
        names.set(id, name);
        break;
      }
    }
  }
  return names;
}

/** One page of the trail, newest first (by id), with the total count of entries the filter matches. */
export async function listAudit(db: DB, filter: AuditFilter): Promise<AuditPage> {
  const { page, pageSize } = filter;
  const base = db.selectFrom("auditLog as a");
  const [{ total }, rows] = await Promise.all([
    filtered(
      base.select((eb) => eb.fn.countAll<number>().as("total")),
      filter,
    ).executeTakeFirstOrThrow(),
    filtered(
      base
        .leftJoin("users as actor", "actor.id", "a.actorId")
        .leftJoin("users as p", "p.id", "a.partnerId")
        .select([
          "a.id",
          "a.at",
          "a.actorId",
          "a.action",
          "a.entity",
          "a.entityId",
          "a.partnerId",
          "a.month",
          "a.before",
          "a.after",
          "a.details",
          "actor.name as actorName",
          "actor.username as actorUsername",
          "p.id as partnerUserId",
          "p.name as partnerName",
          "p.username as partnerUsername",
          "p.isAdmin as partnerIsAdmin",
        ]),
      filter,
    )
      .orderBy("a.id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
  ]);
  const gone = [
    ...new Set(rows.filter((r) => r.partnerId !== null && r.partnerUserId === null).map((r) => r.partnerId!)),
  ];
  const goneNames = await deletedPartnerNames(db, gone);
  const entries = rows.map((row): AuditEntryView => {
    const entry = {
      id: row.id,
      at: row.at,
      actorId: row.actorId,
      actor: row.actorId === null ? SYSTEM_ACTOR : (row.actorName ?? row.actorUsername ?? `User #${row.actorId}`),
      action: row.action,
      entity: row.entity,
      entityId: row.entityId,
      // Entries from before partner_id existed were backfilled from the user they were about, admins included.
      partner:
        row.partnerId === null || row.partnerIsAdmin === 1
          ? null
          : row.partnerUserId !== null
            ? { id: row.partnerId, name: row.partnerName ?? row.partnerUsername, exists: true }
            : { id: row.partnerId, name: goneNames.get(row.partnerId) ?? null, exists: false },
      month: row.month,
      before: parseJson(row.before),
      after: parseJson(row.after),
      details: parseJson(row.details),
    };
    return { ...entry, description: describeAuditEntry(entry) };
  });
  return { entries, total: Number(total), page, pageSize };
}

/** The partners the trail can be filtered by: every partner, then deleted ones the trail still names. */
export async function auditPartnerOptions(db: DB): Promise<AuditPartner[]> {
  const [current, named] = await Promise.all([
    db.selectFrom("users").select(["id", "name", "username"]).where("isAdmin", "=", 0).execute(),
    db
      .selectFrom("auditLog as a")
      .leftJoin("users as u", "u.id", "a.partnerId")
      .select("a.partnerId")
      .distinct()
      .where("a.partnerId", "is not", null)
      .where("u.id", "is", null)
      .execute(),
  ]);
  const goneIds = named.map((r) => r.partnerId!);
  const goneNames = await deletedPartnerNames(db, goneIds);
  const byName = (a: AuditPartner, b: AuditPartner) => (a.name ?? "").localeCompare(b.name ?? "") || a.id - b.id;
  return [
    ...current.map((u) => ({ id: u.id, name: u.name ?? u.username, exists: true })).sort(byName),
    ...goneIds.map((id) => ({ id, name: goneNames.get(id) ?? null, exists: false })).sort(byName),
  ];
}
