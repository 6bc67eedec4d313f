/**
 * Machines and their monthly records: reads scoped to who asks, admin-only changes, partner stats.
 * Over 250 lines on purpose: each read is scoped to the asking user here and nowhere else.
 */
import type { Kysely, Selectable } from "kysely";
import type { z } from "zod";
import type { Database, ImportReceiptsTable } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { leftOutSentence } from "../imports/import-words.ts";
import { addCorrections, paidMonthChanges, paidMonthsBefore } from "../commissions/correction-service.ts";
import { paidMonthChangeText, type PaidMonthChange } from "../commissions/correction-words.ts";
import { assertMonthsOpen } from "../month-close/month-close-service.ts";
import type { TieredCommission } from "../shared/commission-rules.ts";
import { describeTerms, lineText } from "../agreements/agreement-words.ts";
import { isSeedTerms } from "../agreements/agreement-rules.ts";
import { monthCommission } from "../agreements/month-commission-rules.ts";
import { recordsWithTerms } from "../agreements/agreement-terms.ts";
import { currentMonth, previousMonth } from "../shared/dates.ts";
import { conflict, DomainError, notFound } from "../shared/errors.ts";
import { trialWrite } from "../shared/trial.ts";
import { penceToPounds } from "../shared/money.ts";
import { clampPage, offsetOf, pageInfo, type PageInfo, type PageRequest } from "../shared/paging.ts";
import {
  recordViews,
  type MachineSummary,
  type MachineView,
  type RecordTotals,
  type RecordView,
} from "./machine-views.ts";
import type { machineUpdateSchema, newMachineSchema } from "./machine-schemas.ts";
import { SKIP_REASONS, TOP_PRODUCTS, type SkipReason } from "../imports/telemetry-export.ts";
import { unitsOf } from "../imports/sales-writer.ts";
import { pruneUploads } from "../imports/upload-store.ts";
import type { PublicUser } from "../accounts/user-service.ts";

type DB = Kysely<Database>;

/** The machine, if `user` may see it: admins see all, partners their own (403 otherwise). */
export async function machineForUser(db: DB, user: PublicUser, machineId: number) {
  const machine = await db.selectFrom("machines").selectAll().where("id", "=", machineId).executeTakeFirst();
  if (!machine) throw notFound("Machine not found");
  if (!user.isAdmin && machine.partnerId !== user.id) throw new DomainError("forbidden", "Forbidden");
  return machine;
}

async function partnerRecords(db: DB, partnerId: number, extraMonths: string[] = []) {
  const [partner, rows] = await Promise.all([
    db
      .selectFrom("users")
      .select(["id", "partnerType", "commissionBp", "isAdmin"])
      .where("id", "=", partnerId)
      .executeTakeFirst(),
    db
      .selectFrom("monthlyRecords as r")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .select(["r.id", "r.machineId", "m.partnerId", "r.month", "r.totalSales", "r.revenuePence", "r.cogsPence"])
      .where("m.partnerId", "=", partnerId)
      .execute(),
  ]);
  if (!partner || partner.isAdmin) throw notFound("Partner not found");
  const { records, termsOf } = await recordsWithTerms(db, partner, rows, extraMonths);
  return { partner, records, termsOf, views: recordViews(termsOf, records) };
}

/** A partner's machines with their monthly records (newest month first). */
export async function machinesOfPartner(db: DB, partnerId: number): Promise<MachineView[]> {
  const machines = await db
    .selectFrom("machines")
    .selectAll()
    .where("partnerId", "=", partnerId)
    .orderBy("location")
    .execute();
  const { views } = await partnerRecords(db, partnerId);
  return machines.map((m) => ({
    id: m.id,
    partnerId: m.partnerId,
    location: m.location,
    imageUrl: m.imageUrl,
    status: m.status,
    monthlyRecords: views.filter((v) => v.machineId === m.id),
  }));
}

/** Each machine's records counted and their revenue summed, in SQL (machines without records are absent). */
export async function recordTotalsOf(db: DB, machineIds: readonly number[]): Promise<Map<number, RecordTotals>> {
  if (!machineIds.length) return new Map();
  const rows = await db
    .selectFrom("monthlyRecords")
    .select((eb) => [
      "machineId",
      eb.fn.countAll<number>().as("count"),
      eb.fn.sum<number>("revenuePence").as("revenuePence"),
    ])
    .where("machineId", "in", machineIds)
    .groupBy("machineId")
    .execute();
  return new Map(rows.map((r) => [r.machineId, { count: r.count, revenue: penceToPounds(r.revenuePence) }]));
}

export interface MachinePage {
  machines: MachineSummary[];
  /** The page shown: one past the end shows the last. */
  page: PageInfo;
}

/** One page of a partner's machines, by location: each with its records' count and revenue, read for the page's machines only. */
export async function machinePageOfPartner(db: DB, partnerId: number, request: PageRequest): Promise<MachinePage> {
  const { count } = await db
    .selectFrom("machines")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("partnerId", "=", partnerId)
    .executeTakeFirstOrThrow();
  const shown = clampPage(request, count);
  const machines = await db
    .selectFrom("machines")
    .select(["id", "partnerId", "location", "imageUrl", "status"])
    .where("partnerId", "=", partnerId)
    .orderBy("location")
    .orderBy("id")
    .limit(shown.size)
    .offset(offsetOf(shown))
    .execute();
  const totals = await recordTotalsOf(
    db,
    machines.map((m) => m.id),
  );
  return {
    machines: machines.map((m) => ({ ...m, records: totals.get(m.id) ?? { count: 0, revenue: 0 } })),
    page: pageInfo(shown, count),
  };
}

export interface PartnerMachineTotals {
  machineCount: number;
  /** All time, pounds. */
  totalRevenue: number;
  /** Units sold in the current calendar month (UTC), and all time. */
  currentMonthSales: number;
  totalSales: number;
}

/** A partner's machines counted and their records summed, in SQL: the partner page's cards. */
export async function partnerMachineTotals(
  db: DB,
  partnerId: number,
  now: Date = new Date(),
): Promise<PartnerMachineTotals> {
  const [machines, records] = await Promise.all([
    db
      .selectFrom("machines")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("partnerId", "=", partnerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("monthlyRecords as r")
      .innerJoin("machines as m", "m.id", "r.machineId")
      .where("m.partnerId", "=", partnerId)
      .select((eb) => [
        eb.fn.coalesce(eb.fn.sum<number>("r.revenuePence"), eb.lit(0)).as("revenuePence"),
        eb.fn.coalesce(eb.fn.sum<number>("r.totalSales"), eb.lit(0)).as("units"),
        eb.fn
          .coalesce(
            eb.fn.sum<number>(
              eb.case().when("r.month", "=", currentMonth(now)).then(eb.ref("r.totalSales")).else(0).end(),
            ),
            eb.lit(0),
          )
          .as("unitsThisMonth"),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    machineCount: machines.count,
    totalRevenue: penceToPounds(records.revenuePence),
    currentMonthSales: records.unitsThisMonth,
    totalSales: records.units,
  };
}

export interface CommissionStatus {
  status: "completed" | "pending";
  paidDate: string | null;
}

export interface MachineRecord extends RecordView {
  /** The partner's commission payment for the record's month; null when none is recorded. */
  commission: CommissionStatus | null;
  receipts: ReceiptView[];
  /** A month under a written agreement: its terms in words and this machine's lines (null under the seed's). */
  agreement: { description: string[]; lines: string[] } | null;
}

/** The machine's records, newest first, with the month's commission payment and the import receipts. */
export async function recordsOfMachine(db: DB, machine: { id: number; partnerId: number }): Promise<MachineRecord[]> {
  const { partner, records, termsOf, views } = await partnerRecords(db, machine.partnerId);
  const own = views.filter((v) => v.machineId === machine.id);
  const agreementOf = new Map<string, MachineRecord["agreement"]>();
  for (const month of new Set(own.map((r) => r.month))) {
    const terms = termsOf.get(month) ?? null;
    if (isSeedTerms(partner.partnerType, terms)) continue;
    const lines = monthCommission(
      terms,
      records.filter((r) => r.month === month),
    ).lines.filter((l) => l.machineId === machine.id || l.machineId === null);
    agreementOf.set(month, { description: describeTerms(terms), lines: lines.map(lineText) });
  }
  const [payments, receipts] = await Promise.all([
    db
      .selectFrom("commissionPayments")
      .select(["month", "status", "paidDate"])
      .where("partnerId", "=", machine.partnerId)
      .execute(),
    own.length
      ? db
          .selectFrom("importReceipts")
          .selectAll()
          .where(
            "recordId",
            "in",
            own.map((r) => r.id),
          )
          .orderBy("id", "desc")
          .execute()
      : Promise.resolve([]),
  ]);
  const byMonth = new Map(payments.map((p) => [p.month, { status: p.status, paidDate: p.paidDate }]));
  return own.map((record) => ({
    ...record,
    commission: byMonth.get(record.month) ?? null,
    receipts: receipts.filter((r) => r.recordId === record.id).map(receiptView),
    agreement: agreementOf.get(record.month) ?? null,
  }));
}

export interface PartnerStats {
  priorMonthSales: number;
  totalSales: number;
  priorMonthProfitShare: number;
  priorMonthRevenue: number;
  /** Every active machine has last month's record. */
  allReportsSubmitted: boolean;
  month: string;
  /** The tier breakdown of last month's commission, for tiered partners. */
  tiers: TieredCommission | null;
}

/** The partner dashboard's figures: last calendar month (UTC) and all time. */
export async function partnerStats(db: DB, partnerId: number, now: Date = new Date()): Promise<PartnerStats> {
  const month = previousMonth(now);
  const { records, termsOf } = await partnerRecords(db, partnerId, [month]);
  const lastMonth = records.filter((r) => r.month === month);
  const activeMachines = await db
    .selectFrom("machines")
    .select("id")
    .where("partnerId", "=", partnerId)
    .where("status", "=", "active")
    .execute();
  const reported = new Set(lastMonth.map((r) => r.machineId));
  const commission = monthCommission(termsOf.get(month) ?? null, lastMonth);
  return {
    priorMonthSales: lastMonth.reduce((s, r) => s + r.totalSales, 0),
    totalSales: records.reduce((s, r) => s + r.totalSales, 0),
    priorMonthProfitShare: penceToPounds(commission.commissionPence),
    priorMonthRevenue: penceToPounds(lastMonth.reduce((s, r) => s + r.revenuePence, 0)),
    allReportsSubmitted: activeMachines.length > 0 && activeMachines.every((m) => reported.has(m.id)),
    month,
    tiers: commission.tiers,
  };
}

export interface PopularProduct {
  product: { id: number; name: string; currentPrice: number };
  totalSales: number;
}

/** The machine's top 10 products by units sold, all time. */
export async function popularProducts(db: DB, machineId: number): Promise<PopularProduct[]> {
  const rows = await db
    .selectFrom("productSalesMonthly as s")
    .innerJoin("products as p", "p.id", "s.productId")
    .select((eb) => ["p.id", "p.name", "p.currentPricePence", eb.fn.sum<number>("s.units").as("units")])
    .where("s.machineId", "=", machineId)
    .groupBy("p.id")
    .having((eb) => eb.fn.sum("s.units"), ">", 0)
    .orderBy("units", "desc")
    .orderBy("p.name")
    .limit(TOP_PRODUCTS)
    .execute();
  return rows.map((r) => ({
    product: { id: r.id, name: r.name, currentPrice: penceToPounds(r.currentPricePence) },
    totalSales: Number(r.units),
  }));
}

export async function createMachine(db: DB, input: z.output<typeof newMachineSchema>, actorId: number) {
  return db.transaction().execute(async (trx) => {
    const partner = await trx
      .selectFrom("users")
      .select(["id", "isAdmin"])
      .where("id", "=", input.partnerId)
      .executeTakeFirst();
    if (!partner || partner.isAdmin) throw notFound("Partner not found");
    const machine = await trx
      .insertInto("machines")
      .values({ partnerId: input.partnerId, location: input.location, imageUrl: input.imageUrl, status: input.status })
      .returningAll()
      .executeTakeFirstOrThrow();
    await audit(trx, {
      actorId,
      action: "create",
      entity: "machine",
      entityId: machine.id,
      partnerId: machine.partnerId,
      before: null,
      after: { location: machine.location, imageUrl: machine.imageUrl, status: machine.status },
      details: input,
    });
    return machine;
  });
}

export async function updateMachine(
  db: DB,
  machineId: number,
  input: z.output<typeof machineUpdateSchema>,
  actorId: number,
) {
  return db.transaction().execute(async (trx) => {
    const set = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined));
    const existing = await trx.selectFrom("machines").selectAll().where("id", "=", machineId).executeTakeFirst();
    if (!existing) throw notFound("Machine not found");
    const machine = await trx
      .updateTable("machines")
      .set(set)
      .where("id", "=", machineId)
      .returningAll()
      .executeTakeFirstOrThrow();
    const changed = Object.keys(set).filter(
      (key) => (existing as Record<string, unknown>)[key] !== (machine as Record<string, unknown>)[key],
    );
    await audit(trx, {
      actorId,
      action: "update",
      entity: "machine",
      entityId: machineId,
      partnerId: machine.partnerId,
      before: Object.fromEntries(changed.map((key) => [key, (existing as Record<string, unknown>)[key]])),
      after: Object.fromEntries(changed.map((key) => [key, (machine as Record<string, unknown>)[key]])),
      details: { changed: Object.keys(set), location: machine.location },
    });
    return machine;
  });
}

/** Every machine with its partner's name and telemetry name, by partner then location: what an export's Machine Names map to. */
export async function machinesForMapping(db: DB) {
  return db
    .selectFrom("machines as m")
    .innerJoin("users as u", "u.id", "m.partnerId")
    .select(["m.id", "m.location", "m.telemetryName", (eb) => eb.fn.coalesce("u.name", "u.username").as("partnerName")])
    .orderBy("partnerName")
    .orderBy("m.location")
    .execute();
}

/** Where the deletes prune the uploaded files no receipt names any more (the data directory); none: left for a later prune. */
export interface UploadsAt {
  dataDir?: string;
}

/**
 * Deleting a machine deletes its records, sales and receipts (by cascade), then the files only they
 * named; refused (409) while one of its months is closed.
 */
export async function deleteMachine(db: DB, machineId: number, actorId: number, uploads: UploadsAt = {}) {
  await db.transaction().execute(async (trx) => {
    const existing = await trx.selectFrom("machines").selectAll().where("id", "=", machineId).executeTakeFirst();
    if (!existing) throw notFound("Machine not found");
    const records = await trx
      .selectFrom("monthlyRecords")
      .select(["month", "revenuePence", "totalSales"])
      .where("machineId", "=", machineId)
      .execute();
    await assertMonthsOpen(
      trx,
      existing.partnerId,
      records.map((r) => r.month),
      `Deleting ${existing.location}`,
    );
    await trx.deleteFrom("machines").where("id", "=", machineId).execute();
    await audit(trx, {
      actorId,
      action: "delete",
      entity: "machine",
      entityId: machineId,
      partnerId: existing.partnerId,
      before: {
        location: existing.location,
        status: existing.status,
        records: records.length,
        revenuePence: records.reduce((s, r) => s + r.revenuePence, 0),
      },
    });
  });
  if (uploads.dataDir) await pruneUploads(db, uploads.dataDir);
}

/** The record, if `user` may see it (its machine's partner or an admin). */
export async function recordForUser(db: DB, user: PublicUser, recordId: number) {
  const record = await db
    .selectFrom("monthlyRecords as r")
    .innerJoin("machines as m", "m.id", "r.machineId")
    .select(["r.id", "r.machineId", "r.month", "m.partnerId", "m.location"])
    .where("r.id", "=", recordId)
    .executeTakeFirst();
  if (!record) throw notFound("Record not found");
  if (!user.isAdmin && record.partnerId !== user.id) throw new DomainError("forbidden", "Forbidden");
  return record;
}

/**
 * Deleting a record deletes its sales and takes them out of the product rollup. In a paid month it
 * goes only once confirmed (`adjustPaidMonths`): the month keeps its payment and the difference
 * becomes an adjustment on the partner's next open month; unconfirmed, 409 naming the month and the
 * difference, and nothing changes.
 */
export async function deleteRecord(
  db: DB,
  recordId: number,
  actorId: number,
  options: { adjustPaidMonths?: boolean } & UploadsAt = {},
): Promise<PaidMonthChange[]> {
  const changes = await db.transaction().execute((trx) => deleteRecordIn(trx, recordId, actorId, options));
  if (options.dataDir) await pruneUploads(db, options.dataDir);
  return changes;
}

/** What deleting the record would change in a paid month (none for an open month): tried in a transaction rolled back. */
export async function recordDeleteChanges(db: DB, recordId: number, actorId: number): Promise<PaidMonthChange[]> {
  return trialWrite(db, (trx) => deleteRecordIn(trx, recordId, actorId, { adjustPaidMonths: true }));
}

async function deleteRecordIn(
  trx: DB,
  recordId: number,
  actorId: number,
  options: { adjustPaidMonths?: boolean },
): Promise<PaidMonthChange[]> {
  const record = await trx
    .selectFrom("monthlyRecords as r")
    .innerJoin("machines as m", "m.id", "r.machineId")
    .selectAll("r")
    .select(["m.partnerId", "m.location"])
    .where("r.id", "=", recordId)
    .executeTakeFirst();
  if (!record) throw notFound("Record not found");
  const paid = await paidMonthsBefore(trx, [{ partnerId: record.partnerId, month: record.month }]);
  const parts = await trx
    .selectFrom("sales")
    .select((eb) => [
      "productId",
      // As the import added them: the quantities of its sales.
      eb.fn.sum<number>(unitsOf(eb.ref("kind"), eb.ref("quantity"))).as("units"),
      eb.fn.sum<number>("settlementPence").as("revenue"),
    ])
    .where("recordId", "=", recordId)
    .groupBy("productId")
    .execute();
  for (const part of parts) {
    await trx
      .updateTable("productSalesMonthly")
      .set((eb) => ({
        units: eb("units", "-", Number(part.units)),
        revenuePence: eb("revenuePence", "-", Number(part.revenue)),
      }))
      .where("productId", "=", part.productId)
      .where("machineId", "=", record.machineId)
      .where("month", "=", record.month)
      .execute();
  }
  await trx
    .deleteFrom("productSalesMonthly")
    .where("machineId", "=", record.machineId)
    .where("month", "=", record.month)
    .where("units", "<=", 0)
    .where("revenuePence", "=", 0)
    .execute();
  await trx.deleteFrom("monthlyRecords").where("id", "=", recordId).execute();
  const changes = await paidMonthChanges(trx, paid);
  // Unconfirmed, the transaction rolls back with the 409.
  if (changes.length && !options.adjustPaidMonths) {
    throw conflict(
      `Deleting ${record.location}'s record would change a paid month, which keeps what it paid: ${changes.map(paidMonthChangeText).join("; ")}. Confirm adding the difference to the next open month (adjustPaidMonths) to delete it.`,
    );
  }
  await addCorrections(trx, changes, "record_deleted", actorId, { recordId, location: record.location });
  await audit(trx, {
    actorId,
    action: "delete",
    entity: "monthly_record",
    entityId: recordId,
    partnerId: record.partnerId,
    month: record.month,
    before: {
      machineId: record.machineId,
      location: record.location,
      units: record.totalSales,
      revenuePence: record.revenuePence,
      cogsPence: record.cogsPence,
    },
  });
  return changes;
}

export interface ReceiptView {
  id: number;
  fileName: string;
  sha256: string;
  rowsRead: number;
  imported: number;
  duplicates: number;
  /** The spec's skips by reason, with their revenue on receipts that record it (older ones do not). */
  skipped: { reason: string; count: number; revenuePence?: number }[];
  outsideMonth: number;
  /** Rows left out, as sentences: "98 rows are dated September 2026", "3 rows are already booked to …". */
  excluded: string[];
  footerAgrees: boolean | null;
  createdAt: string;
}

function receiptView(r: Selectable<ImportReceiptsTable>): ReceiptView {
  const excluded = JSON.parse(r.excluded) as { kind?: string; reason: string; count: number; revenuePence?: number }[];
  return {
    id: r.id,
    fileName: r.fileName,
    sha256: r.sha256,
    rowsRead: r.rowsRead,
    imported: r.imported,
    duplicates: r.duplicates,
    // Newer receipts list the skipped rows with their revenue among what was left out.
    skipped: Object.entries(JSON.parse(r.skipped) as Record<string, number>).map(([key, count]) => {
      const reason = SKIP_REASONS[key as SkipReason] ?? key;
      const revenuePence = excluded.find((e) => e.kind === "skipped" && e.reason === reason)?.revenuePence;
      return revenuePence === undefined ? { reason, count } : { reason, count, revenuePence };
    }),
    outsideMonth: r.outsideMonth,
    excluded: excluded.filter((e) => e.kind !== "skipped").map(leftOutSentence),
    footerAgrees: r.footerAgrees === null ? null : r.footerAgrees === 1,
    createdAt: r.createdAt,
  };
}

/** The latest uploaded file of a record. */
export async function latestReportFile(db: DB, recordId: number) {
  const receipt = await db
    .selectFrom("importReceipts")
    .select(["fileName", "storedPath"])
    .where("recordId", "=", recordId)
    .orderBy("id", "desc")
    .executeTakeFirst();
  if (!receipt) throw notFound("This record has no uploaded report");
  return receipt;
}

/** The transactions behind a record, for partners to check their figures (costPence per unit; a sale's units are its quantity). */
export async function transactionsOfRecord(db: DB, recordId: number) {
  return db
    .selectFrom("sales as s")
    .innerJoin("products as p", "p.id", "s.productId")
    .select([
      "s.transactionId",
      "s.saleDate",
      "p.name as productName",
      "s.quantity",
      "s.pricePence",
      "s.settlementPence",
      "s.costPence",
      "s.kind",
    ])
    .where("s.recordId", "=", recordId)
    .orderBy("s.saleDate")
    .execute();
}

/**
 * Remembers the Machine Name a machine's telemetry exports use, so the web import and the CLI route
 * its rows to it from then on (it wins over locations, so it also settles two machines sharing a
 * location). A telemetry name another machine already has is refused (409).
 */
export async function setTelemetryName(db: DB, machineId: number, name: string, actorId: number | null) {
  const telemetryName = name.trim().replace(/\s+/g, " ");
  if (!telemetryName) throw new DomainError("bad_input", "A telemetry name is required");
  return db.transaction().execute(async (trx) => {
    const machine = await trx.selectFrom("machines").selectAll().where("id", "=", machineId).executeTakeFirst();
    if (!machine) throw notFound("Machine not found");
    const taken = await trx
      .selectFrom("machines")
      .select(["id", "location"])
      .where("id", "!=", machineId)
      .where((eb) => eb(eb.fn("lower", ["telemetryName"]), "=", telemetryName.toLowerCase()))
      .executeTakeFirst();
    if (taken) throw new DomainError("conflict", `'${telemetryName}' already names ${taken.location}`);
    await trx.updateTable("machines").set({ telemetryName }).where("id", "=", machineId).execute();
    await audit(trx, {
      actorId,
      action: "map_telemetry_name",
      entity: "machine",
      entityId: machineId,
      partnerId: machine.partnerId,
      before: { telemetryName: machine.telemetryName },
      after: { telemetryName },
      details: { location: machine.location },
    });
    return { ...machine, telemetryName };
  });
}
