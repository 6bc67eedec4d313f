/** Booking rules: routing by telemetry name then location, one booking per transaction, month and closed-month filters. */
import { describe, expect, it } from "vitest";
import {
  describeOutsideMonth,
  machineNamesOf,
  machineRouter,
  normaliseMachineName,
  planBookings,
  type BookingMachine,
} from "#domain/imports/booking-rules.ts";
import { exclusionSentence, leftOutSentence } from "#domain/imports/import-words.ts";
import type { SaleRow } from "#domain/imports/telemetry-export.ts";

const machines: BookingMachine[] = [
  { id: 1, partnerId: 10, location: "Leeds Station Concourse", telemetryName: null },
  { id: 2, partnerId: 20, location: "York Hospital Atrium", telemetryName: "VM-0042 York" },
  { id: 3, partnerId: 20, location: "Twin", telemetryName: null },
  { id: 4, partnerId: 30, location: " twin ", telemetryName: null },
];

let n = 0;
function row(overrides: Partial<SaleRow> = {}): SaleRow {
  n++;
  return {
    rowNumber: n + 2,
    transactionId: String(9000 + n),
    machineName: "Leeds Station Concourse",
    productName: "Twix",
    costPence: 40,
    machinePricePence: 110,
    settlementPence: 110,
    quantity: 1,
    saleDate: "2026-10-05T10:00:00.000Z",
    kind: "sale",
    ...overrides,
  };
}

describe("machineRouter: telemetry name first, then location (trimmed, case ignored), admin mappings over both", () => {
  it("routes", () => {
    const router = machineRouter(machines, new Map([["Old Leeds Name", 1]]));
    expect(router.route("  leeds station CONCOURSE ")).toBe(1);
    expect(router.route("vm-0042 york")).toBe(2);
    expect(router.route("York Hospital Atrium")).toBe(2);
    expect(router.route("old leeds name")).toBe(1);
    expect(router.route("Nowhere")).toBeUndefined();
    expect(router.route("TWIN")).toBeUndefined();
    expect(router.ambiguous("twin")).toBe(true);
    expect(router.ambiguous("Nowhere")).toBe(false);
  });

  it("machineNamesOf lists distinct names in first-seen order, blanks left out", () => {
    expect(
      machineNamesOf([{ machineName: "A" }, { machineName: " a " }, { machineName: null }, { machineName: "B" }]),
    ).toEqual(["A", "B"]);
    expect(machineNamesOf([{ machineName: " Leeds " }, { machineName: "  " }, { machineName: "leeds" }])).toEqual([
      "Leeds",
    ]);
  });

  it("normaliseMachineName trims, collapses spaces and ignores case", () => {
    expect(normaliseMachineName("  VM-0042 \t  York ")).toBe("vm-0042 york");
    expect(normaliseMachineName(null)).toBe("");
    expect(normaliseMachineName(undefined)).toBe("");
  });

  it("a blank Machine Name routes nowhere, even though some machines have no telemetry name", () => {
    const router = machineRouter(machines);
    expect(router.route(null)).toBeUndefined();
    expect(router.route("  ")).toBeUndefined();
    expect(router.ambiguous(null)).toBe(false);
  });

  it("a name shared by several locations is not ambiguous once a mapping or a telemetry name routes it", () => {
    expect(machineRouter(machines, new Map([["Twin", 3]])).ambiguous("twin")).toBe(false);
    expect(
      machineRouter([...machines, { id: 5, partnerId: 30, location: "Depot", telemetryName: "twin" }]).ambiguous(
        "twin",
      ),
    ).toBe(false);
    expect(machineRouter(machines).ambiguous("York Hospital Atrium")).toBe(false);
  });
});

describe("planBookings", () => {
  it("routes rows to machines and months; each transaction once (a sale and its refund are two lines)", () => {
    const sale = row({ transactionId: "T1" });
    const refund = row({ transactionId: "T1", settlementPence: -110, kind: "refund" });
    const repeat = row({ transactionId: "T1" });
    const york = row({
      transactionId: "T2",
      machineName: "VM-0042 York",
      saleDate: "2026-09-30T23:59:59.000Z",
      settlementPence: 250,
      costPence: 90,
    });
    const plan = planBookings({ rows: [sale, refund, repeat, york], machines, existing: [], closedMonths: new Set() });
    expect(
      plan.groups.map((g) => [
        g.machineId,
        g.month,
        g.rows,
        g.fresh.length,
        g.duplicates,
        g.units,
        g.revenuePence,
        g.cogsPence,
      ]),
    ).toEqual([
      [1, "2026-10", 3, 2, 1, 1, 0, 40],
      [2, "2026-09", 1, 1, 0, 1, 250, 90],
    ]);
    expect(plan.groups[0].fresh).toEqual([sale, refund]);
    expect(plan.mapped.size).toBe(0);
  });

  it("lists its groups by machine, then month, whatever the order of the rows", () => {
    const rows = [
      row({ machineName: "VM-0042 York", saleDate: "2026-10-02T10:00:00.000Z" }),
      row({ saleDate: "2026-10-01T10:00:00.000Z" }),
      row({ machineName: "VM-0042 York", saleDate: "2026-09-02T10:00:00.000Z" }),
      row({ saleDate: "2026-09-01T10:00:00.000Z" }),
    ];
    const plan = planBookings({ rows, machines, existing: [], closedMonths: new Set() });
    expect(plan.groups.map((g) => [g.machineId, g.month])).toEqual([
      [1, "2026-09"],
      [1, "2026-10"],
      [2, "2026-09"],
      [2, "2026-10"],
    ]);
  });

  it("names unknown Machine Names trimmed, and a blank one '(blank)'", () => {
    const plan = planBookings({
      rows: [row({ machineName: "  Nowhere " }), row({ machineName: null }), row({ machineName: " " })],
      machines,
      existing: [],
      closedMonths: new Set(),
    });
    expect([...plan.unmapped]).toEqual([
      ["Nowhere", 1],
      ["(blank)", 2],
    ]);
    expect(plan.groups).toEqual([]);
  });

  it("a transaction already booked to another machine is counted there, never imported; on the same machine it is a duplicate", () => {
    const rows = [row({ transactionId: "A" }), row({ transactionId: "B" }), row({ transactionId: "C" })];
    const plan = planBookings({
      rows,
      machines,
      existing: [
        { transactionId: "A", kind: "sale", machineId: 2 },
        { transactionId: "B", kind: "sale", machineId: 1 },
        { transactionId: "C", kind: "refund", machineId: 2 },
      ],
      closedMonths: new Set(),
    });
    const [group] = plan.groups;
    expect(group.fresh.map((r) => r.transactionId)).toEqual(["C"]);
    expect(group.duplicates).toBe(1);
    expect([...group.alreadyBooked]).toEqual([[2, 1]]);
  });

  it("with a machine and a month: other months and undated rows are counted, never re-dated", () => {
    const rows = [
      row(),
      row({ saleDate: "2026-09-12T08:00:00.000Z" }),
      row({ saleDate: "2026-09-13T08:00:00.000Z" }),
      row({ saleDate: null }),
      row({ machineName: "Nowhere" }),
    ];
    const plan = planBookings({
      rows,
      machines,
      machineId: 3,
      month: "2026-10",
      existing: [],
      closedMonths: new Set(),
    });
    expect(plan.groups.map((g) => [g.machineId, g.month, g.fresh.length])).toEqual([[3, "2026-10", 2]]);
    expect(describeOutsideMonth(plan.outsideMonth).map(exclusionSentence)).toEqual([
      "1 row is without a readable date",
      "2 rows are dated September 2026",
    ]);
    expect(plan.unmapped.size).toBe(0);
  });

  it("a per-machine upload counts no name as mapped, whatever the mappings", () => {
    const plan = planBookings({
      rows: [row({ machineName: "Nowhere" })],
      machines,
      machineId: 1,
      mappings: new Map([["Nowhere", 2]]),
      existing: [],
      closedMonths: new Set(),
    });
    expect(plan.groups.map((g) => g.machineId)).toEqual([1]);
    expect(plan.mapped.size).toBe(0);
  });

  it("rows for a machine missing from the list are never taken for another partner's closed month", () => {
    const plan = planBookings({
      rows: [row()],
      machines,
      machineId: 99,
      existing: [],
      closedMonths: new Set(["1:2026-10"]),
    });
    expect(plan.groups[0]).toMatchObject({ machineId: 99, monthClosed: 0 });
    expect(plan.groups[0].fresh).toHaveLength(1);
  });

  it("new rows in a closed (paid) month are planned as late sales of a paid month (issue 29); unknown and ambiguous names are listed", () => {
    const rows = [row(), row(), row({ machineName: "Nowhere" }), row({ machineName: "twin" })];
    const plan = planBookings({ rows, machines, existing: [], closedMonths: new Set(["10:2026-10"]) });
    // The import books them only once the user confirms; their difference then becomes an adjustment.
    expect(plan.groups[0]).toMatchObject({
      machineId: 1,
      monthClosed: 2,
      paidMonth: true,
      units: 2,
      monthClosedRevenuePence: 220,
    });
    expect(plan.groups[0].fresh).toHaveLength(2);
    expect([...plan.unmapped]).toEqual([["Nowhere", 1]]);
    expect([...plan.ambiguous]).toEqual([["twin", 1]]);
  });

  it("an admin's mapping routes an unknown name", () => {
    const plan = planBookings({
      rows: [row({ machineName: "Nowhere" })],
      machines,
      mappings: new Map([["NOWHERE", 2]]),
      existing: [],
      closedMonths: new Set(),
    });
    expect(plan.groups.map((g) => g.machineId)).toEqual([2]);
    expect(plan.unmapped.size).toBe(0);
    expect([...plan.mapped]).toEqual([["Nowhere", 1]]);
  });

  it("names a mapped Machine Name trimmed, and counts only the rows the mapping routed", () => {
    const plan = planBookings({
      rows: [row({ machineName: " Nowhere  " }), row()],
      machines,
      mappings: new Map([["NOWHERE", 2]]),
      existing: [],
      closedMonths: new Set(),
    });
    expect([...plan.mapped]).toEqual([["Nowhere", 1]]);
  });
});

describe("describeOutsideMonth", () => {
  it("lists the rows without a readable date first, then by month", () => {
    const outside = new Map<string | null, number>([
      ["2026-09", 2],
      [null, 1],
      ["2026-08", 3],
    ]);
    expect(describeOutsideMonth(outside)).toEqual([
      { reason: "without a readable date", count: 1 },
      { reason: "dated August 2026", count: 3 },
      { reason: "dated September 2026", count: 2 },
    ]);
    expect(
      describeOutsideMonth(
        new Map<string | null, number>([
          ["2026-09", 2],
          [null, 1],
        ]),
      ).map((r) => r.reason),
    ).toEqual(["without a readable date", "dated September 2026"]);
  });
});

describe("exclusionSentence", () => {
  it("says rows in plain English", () => {
    expect(exclusionSentence({ reason: "dated September 2026", count: 98 })).toBe("98 rows are dated September 2026");
    expect(exclusionSentence({ reason: "already booked to Leeds Station Concourse", count: 1 })).toBe(
      "1 row is already booked to Leeds Station Concourse",
    );
  });
});

describe("leftOutSentence", () => {
  it("names the rows, the reason and the revenue they carry, with a real plural", () => {
    expect(leftOutSentence({ reason: "without a readable date", count: 465, revenuePence: 64_550 })).toBe(
      "465 rows without a readable date: £645.50",
    );
    expect(leftOutSentence({ reason: "dated September 2026", count: 1, revenuePence: 120 })).toBe(
      "1 row dated September 2026: £1.20",
    );
    // Refunds netted can leave no revenue, or less than none.
    expect(leftOutSentence({ reason: "already booked to Leeds Station Concourse", count: 2, revenuePence: 0 })).toBe(
      "2 rows already booked to Leeds Station Concourse: £0.00",
    );
  });

  it("a receipt from before revenue was kept reads as before", () => {
    expect(leftOutSentence({ reason: "dated September 2026", count: 98 })).toBe("98 rows are dated September 2026");
    expect(leftOutSentence({ reason: "dated September 2026", count: 1 })).toBe("1 row is dated September 2026");
  });
});
