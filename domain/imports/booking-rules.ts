/**
 * Booking rules for telemetry rows (ARCHITECTURE.md section 11), pure: which machine a row belongs
 * to (telemetry name first, then location), which month it is in, and whether it is new, already
 * imported to the same machine, already booked to another machine, in a closed (paid) month or
 * outside the month asked for. A transaction id with its kind is booked once in the business.
 */
import { closedKey } from "../month-close/month-close-rules.ts";
import { formatMonth } from "../shared/dates.ts";
import { monthOfSale, summariseSales, type SaleRow, type SalesSummary } from "./telemetry-export.ts";

export interface BookingMachine {
  id: number;
  partnerId: number;
  location: string;
  telemetryName: string | null;
}

export interface ExistingBooking {
  transactionId: string;
  kind: "sale" | "refund";
  machineId: number;
}

/** How Machine Names are compared: trimmed, spaces collapsed, case ignored. */
export function normaliseMachineName(name: string | null | undefined): string {
  return (name ?? "").trim().replace(/\s+/g, " ").toLowerCase();
}

export const bookingKey = (row: { transactionId: string; kind: string }) => `${row.kind}:${row.transactionId}`;
export { closedKey };

export interface MachineRouter {
  /** The machine a Machine Name belongs to, or undefined. */
  route(name: string | null): number | undefined;
  /** Names that match several machines' locations (and no telemetry name). */
  ambiguous(name: string | null): boolean;
  /** Whether an admin's mapping routes this name. */
  mapped(name: string | null): boolean;
}

/** Telemetry names first, then locations; admin mappings (name → machine) win over both. */
export function machineRouter(
  machines: readonly BookingMachine[],
  mappings: ReadonlyMap<string, number> = new Map(),
): MachineRouter {
  const byTelemetry = new Map<string, number>();
  const byLocation = new Map<string, number[]>();
  for (const m of machines) {
    if (m.telemetryName) byTelemetry.set(normaliseMachineName(m.telemetryName), m.id);
    const key = normaliseMachineName(m.location);
    byLocation.set(key, [...(byLocation.get(key) ?? []), m.id]);
  }
  const mapped = new Map([...mappings].map(([name, id]) => [normaliseMachineName(name), id]));
  const route = (name: string | null) => {
    const key = normaliseMachineName(name);
    const hit = mapped.get(key) ?? byTelemetry.get(key);
    if (hit !== undefined) return hit;
    const ids = byLocation.get(key);
    return ids?.length === 1 ? ids[0] : undefined;
  };
  return {
    route,
    // A location that routes nothing is one several machines share.
    ambiguous: (name) => route(name) === undefined && byLocation.has(normaliseMachineName(name)),
    mapped: (name) => mapped.has(normaliseMachineName(name)),
  };
}

/** The distinct Machine Names a file's rows carry (blank ones left out), in first-seen order. */
export function machineNamesOf(rows: readonly Pick<SaleRow, "machineName">[]): string[] {
  const names = new Map<string, string>();
  // Many rows, few names: each distinct text is normalised once.
  const seen = new Set<string | null>();
  for (const row of rows) {
    if (seen.has(row.machineName)) continue;
    seen.add(row.machineName);
    const key = normaliseMachineName(row.machineName);
    if (key && !names.has(key)) names.set(key, row.machineName!.trim());
  }
  return [...names.values()];
}

export interface PlannedGroup extends SalesSummary {
  machineId: number;
  month: string;
  /** Rows of the file that belong to this machine and month. */
  rows: number;
  /** Rows that will be stored (counted in the summary figures). */
  fresh: SaleRow[];
  /** Already stored for this machine (or repeated in the file). */
  duplicates: number;
  /** Already booked to another machine: machine id → rows. */
  alreadyBooked: Map<number, number>;
  /** New rows in a month the partner has been paid for (closed): late sales, booked only once confirmed. */
  monthClosed: number;
  /** The month is the partner's paid month: its new rows are late sales, which change what it comes to. */
  paidMonth: boolean;
  /** The revenue those rows carry: duplicates, already booked (by machine), month closed. */
  duplicatesRevenuePence: number;
  alreadyBookedRevenuePence: Map<number, number>;
  monthClosedRevenuePence: number;
}

export interface BookingPlan {
  groups: PlannedGroup[];
  /** Rows left out because they are dated outside the month asked for: month (null = no readable date) → rows. */
  outsideMonth: Map<string | null, number>;
  /** Machine Names no machine answers to → rows. */
  unmapped: Map<string, number>;
  /** Machine Names several machines' locations answer to → rows. */
  ambiguous: Map<string, number>;
  /** Machine Names routed by the admin's mappings → rows (the mappings an import should remember). */
  mapped: Map<string, number>;
  /** The revenue of the rows in outsideMonth (same keys), and of unmapped and ambiguous names' rows. */
  outsideMonthRevenuePence: Map<string | null, number>;
  unroutedRevenuePence: Map<string, number>;
}

export interface PlanInput {
  rows: readonly SaleRow[];
  machines: readonly BookingMachine[];
  /** Every row goes to this machine (the per-machine upload, `import --machine`). */
  machineId?: number;
  /** Only rows dated in this month are imported; the others are counted, never re-dated. */
  month?: string;
  mappings?: ReadonlyMap<string, number>;
  /** Bookings already stored for the file's transaction ids (and those of files planned before it). */
  existing: readonly ExistingBooking[];
  /** Closed months as closedKey(partnerId, month). */
  closedMonths: ReadonlySet<string>;
}

const bump = <K>(map: Map<K, number>, key: K, by = 1) => map.set(key, (map.get(key) ?? 0) + by);

/** Routes, dates and books every row of a file; nothing is counted twice. */
export function planBookings(input: PlanInput): BookingPlan {
  const router = machineRouter(input.machines, input.mappings);
  const partnerOf = new Map(input.machines.map((m) => [m.id, m.partnerId]));
  const booked = new Map(input.existing.map((b) => [bookingKey(b), b.machineId]));
  const groups = new Map<
    string,
    Omit<PlannedGroup, keyof SalesSummary | "fresh" | "paidMonth"> & { freshRows: SaleRow[]; closed: boolean }
  >();
  const outsideMonth = new Map<string | null, number>();
  const outsideMonthRevenuePence = new Map<string | null, number>();
  const unroutedRevenuePence = new Map<string, number>();
  const unmapped = new Map<string, number>();
  const ambiguous = new Map<string, number>();
  const mapped = new Map<string, number>();

  // A file names few machines in many rows: each name is routed once.
  const routes = new Map<
    string | null,
    { name: string; machineId: number | undefined; mapped: boolean; ambiguous: boolean }
  >();
  const routeOf = (machineName: string | null) => {
    let route = routes.get(machineName);
    if (!route) {
      route = {
        name: machineName?.trim() || "(blank)",
        machineId: input.machineId ?? router.route(machineName),
        // A mapped name always routes; a per-machine upload routes nothing.
        mapped: input.machineId === undefined && router.mapped(machineName),
        ambiguous: router.ambiguous(machineName),
      };
      routes.set(machineName, route);
    }
    return route;
  };

  for (const row of input.rows) {
    const { name, machineId, mapped: isMapped, ambiguous: isAmbiguous } = routeOf(row.machineName);
    if (isMapped) bump(mapped, name);
    if (machineId === undefined) {
      bump(isAmbiguous ? ambiguous : unmapped, name);
      bump(unroutedRevenuePence, name, row.settlementPence);
      continue;
    }
    const month = monthOfSale(row);
    if (!month || (input.month && month !== input.month)) {
      bump(outsideMonth, month);
      bump(outsideMonthRevenuePence, month, row.settlementPence);
      continue;
    }
    const id = `${machineId}:${month}`;
    let group = groups.get(id);
    if (!group) {
      group = {
        machineId,
        month,
        rows: 0,
        freshRows: [],
        duplicates: 0,
        alreadyBooked: new Map(),
        monthClosed: 0,
        duplicatesRevenuePence: 0,
        alreadyBookedRevenuePence: new Map(),
        monthClosedRevenuePence: 0,
        closed: input.closedMonths.has(closedKey(partnerOf.get(machineId) ?? -1, month)),
      };
      groups.set(id, group);
    }
    group.rows++;
    const key = bookingKey(row);
    const owner = booked.get(key);
    if (owner === machineId) {
      group.duplicates++;
      group.duplicatesRevenuePence += row.settlementPence;
    } else if (owner !== undefined) {
      bump(group.alreadyBooked, owner);
      bump(group.alreadyBookedRevenuePence, owner, row.settlementPence);
    } else {
      // A paid month's new rows are planned like any other: the import books them as late sales once confirmed.
      if (group.closed) {
        group.monthClosed++;
        group.monthClosedRevenuePence += row.settlementPence;
      }
      booked.set(key, machineId);
      group.freshRows.push(row);
    }
  }
  const ordered = [...groups.values()].sort((a, b) => a.machineId - b.machineId || a.month.localeCompare(b.month));
  return {
    groups: ordered.map(({ freshRows, closed, ...group }) => ({
      ...group,
      paidMonth: closed,
      ...summariseSales(freshRows),
      fresh: freshRows,
    })),
    outsideMonth,
    unmapped,
    ambiguous,
    mapped,
    outsideMonthRevenuePence,
    unroutedRevenuePence,
  };
}

/** Reasons rows were left out for their date: "dated September 2026", "without a readable date". */
export function describeOutsideMonth(outside: ReadonlyMap<string | null, number>): { reason: string; count: number }[] {
  return [...outside]
    .sort(([a], [b]) => (a ?? "").localeCompare(b ?? ""))
    .map(([month, count]) => ({ reason: month ? `dated ${formatMonth(month)}` : "without a readable date", count }));
}
