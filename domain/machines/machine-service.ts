/**
 * Machines: the one a user may see, and the admin's changes (create, update, delete, the telemetry
 * name an export's rows are routed by). A partner's machines and figures are read in
 * machine-totals-service.ts, monthly records in record-service.ts.
 */
import type { Kysely } from "kysely";
import type { z } from "zod";
import type { Database } from "#db/schema.ts";
import { audit } from "../shared/audit-writer.ts";
import { assertMonthsOpen } from "../month-close/month-close-service.ts";
import { DomainError, notFound } from "../shared/errors.ts";
import type { machineUpdateSchema, newMachineSchema } from "./machine-schemas.ts";
import { pruneUploads } from "../imports/upload-store.ts";
import type { PublicUser } from "../accounts/user-service.ts";
import type { UploadsAt } from "./record-service.ts";
import { nameClashes } from "../imports/machine-names.ts";

// The partner's machines, their figures and the records are their own modules; callers keep importing them from here.
export {
  machinePageOfPartner,
  machinesOfPartner,
  partnerMachineTotals,
  partnerStats,
  popularProducts,
  recordTotalsOf,
  type MachinePage,
  type PartnerMachineTotals,
  type PartnerStats,
  type PopularProduct,
} from "./machine-totals-service.ts";
export {
  deleteRecord,
  latestReportFile,
  recordDeleteChanges,
  recordForUser,
  recordsOfMachine,
  transactionsOfRecord,
  type CommissionStatus,
  type MachineRecord,
  type UploadsAt,
} from "./record-service.ts";
export type { ReceiptView } from "./receipt-views.ts";

type DB = Kysely<Database>;

/** The other machines that answer to a name this one answers to, read in the change's transaction. */
async function clashesOf(db: DB, machine: { id: number; location: string; telemetryName: string | null }) {
  return nameClashes(machine, await machinesForMapping(db));
}

/** The machine, if `user` may see it: admins see all, partners their own (403 otherwise). */
export async function machineForUser(db: DB, user: PublicUser, machineId: number) {
  const machine = await db.selectFrom("machines").selectAll().where("id", "=", machineId).executeTakeFirst();
  if (!machine) throw notFound("Machine not found");
  if (!user.isAdmin && machine.partnerId !== user.id) throw new DomainError("forbidden", "Forbidden");
  return machine;
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
    return { ...machine, clashes: await clashesOf(trx, machine) };
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
    return { ...machine, clashes: await clashesOf(trx, machine) };
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
