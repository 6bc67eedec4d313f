/**
 * Planning a file against the database: the machines rows may go to, the bookings already made, the
 * closed months, and what late sales would change in paid months (tried in a transaction that is
 * rolled back). A file that cannot be imported whole is refused here.
 */
import { sharedNames, sharedNameText } from "./machine-names.ts";
import type { Kysely, Transaction } from "kysely";
import type { Database } from "#db/schema.ts";
import { jsonTextValues } from "#db/dialect.ts";
import {
  machineNamesOf,
  machineRouter,
  planBookings,
  type BookingPlan,
  type ExistingBooking,
  type PlannedGroup,
} from "./booking-rules.ts";
import { badInput } from "../shared/errors.ts";
import { trialWrite } from "../shared/trial.ts";
import { closedMonthKeys } from "../month-close/month-close-service.ts";
import { paidMonthChanges, paidMonthsBefore } from "../commissions/correction-service.ts";
import type { PaidMonthChange } from "../commissions/correction-words.ts";
import { SalesReportError, type ParsedSalesReport, type SaleRow } from "./telemetry-export.ts";
import { writeGroups } from "./sales-writer.ts";
import type { ImportMode, Machines } from "./import-types.ts";

type DB = Kysely<Database>;

export async function loadMachines(db: DB | Transaction<Database>): Promise<Machines> {
  const list = await db
    .selectFrom("machines as m")
    .innerJoin("users as u", "u.id", "m.partnerId")
    .select([
      "m.id",
      "m.partnerId",
      "m.location",
      "m.telemetryName",
      (eb) => eb.fn.coalesce("u.name", "u.username").as("partnerName"),
    ])
    .orderBy("m.id")
    .execute();
  return { list, byId: new Map(list.map((m) => [m.id, m])) };
}

async function existingBookings(db: DB | Transaction<Database>, rows: readonly SaleRow[]): Promise<ExistingBooking[]> {
  // The file's ids as one JSON array: one statement, however many rows (no list of 50,000 parameters).
  const ids = JSON.stringify([...new Set(rows.map((r) => r.transactionId))]);
  return db
    .selectFrom("sales")
    .select(["transactionId", "kind", "machineId"])
    .where("transactionId", "in", (eb) => eb.selectFrom(jsonTextValues(db, ids).as("j")).select("j.value"))
    .execute();
}

export async function planFile(
  db: DB | Transaction<Database>,
  machines: Machines,
  report: ParsedSalesReport,
  mode: ImportMode,
  pending: ExistingBooking[],
): Promise<BookingPlan> {
  const [existing, closed] = await Promise.all([existingBookings(db, report.rows), closedMonthKeys(db)]);
  return planBookings({
    rows: report.rows,
    machines: machines.list,
    machineId: mode.machineId,
    month: mode.month,
    mappings: mode.mappings,
    existing: [...existing, ...pending],
    closedMonths: closed,
  });
}

/** The partner months of a plan's groups that may be paid months: those with new rows. */
export function monthsWithNewRows(
  machines: Machines,
  groups: readonly PlannedGroup[],
): { partnerId: number; month: string }[] {
  return groups
    .filter((g) => g.paidMonth && g.fresh.length)
    .map((g) => ({ partnerId: machines.byId.get(g.machineId)?.partnerId ?? 0, month: g.month }));
}

/**
 * What late sales would change in the paid months a plan reaches, worked out exactly by writing them
 * in a transaction that is then rolled back (the commission of a month under its terms, product
 * rules included, comes from its stored records).
 */
export async function trialPaidMonths(
  db: DB,
  machines: Machines,
  plan: BookingPlan,
  earlier: readonly PlannedGroup[] = [],
): Promise<PaidMonthChange[]> {
  const keys = monthsWithNewRows(machines, plan.groups);
  if (!keys.length) return [];
  return trialWrite(db, async (trx) => {
    // A dry run of several files: the late sales of the files before this one count as written.
    if (earlier.length) await writeGroups(trx, earlier);
    const before = await paidMonthsBefore(trx, keys);
    await writeGroups(
      trx,
      plan.groups.filter((g) => g.paidMonth && g.fresh.length),
    );
    return paidMonthChanges(trx, before);
  });
}

/** A file is imported whole or not at all: every row must belong to a known machine. */
export function assertPlanImportable(plan: BookingPlan, machines: Machines): void {
  if (plan.ambiguous.size)
    throw new SalesReportError(
      `${sharedNames([...plan.ambiguous.keys()].sort(), machines.list)
        .map(sharedNameText)
        .join(
          "; ",
        )}. Give one of them that name as its telemetry name (map it to a machine on /admin/import, or import with --map "NAME=ID")`,
    );
  if (plan.unmapped.size)
    throw new SalesReportError(
      `Unknown machine names: ${[...plan.unmapped.keys()].sort().join(", ")}. Map each one to a machine on /admin/import (or import with --map "NAME=ID"), then import again`,
    );
}

/** A file for one machine names one Machine Name at most, and not another machine's. */
export function assertOneMachine(machines: Machines, machineId: number, report: ParsedSalesReport): void {
  const machine = machines.byId.get(machineId);
  if (!machine) throw new SalesReportError(`Machine ${machineId} does not exist`);
  const names = machineNamesOf(report.rows);
  if (names.length > 1) {
    throw badInput(
      `The file names ${names.length} machines (${names.join(", ")}). A machine's upload takes one machine's export: import this file through the business-wide import (Import Exports on the admin dashboard, /admin/import, or vendboard import without --machine), which books each row to its machine.`,
    );
  }
  const owner = names.length ? machineRouter(machines.list).route(names[0]) : undefined;
  if (owner !== undefined && owner !== machine.id) {
    throw badInput(
      `The file's rows are for ${machines.byId.get(owner)!.location}, not ${machine.location}: add it on that machine, or use the business-wide import (/admin/import).`,
    );
  }
}
