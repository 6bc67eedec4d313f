import { describe, expect, it } from "vitest";
import {
  headerKey,
  importProfileSchema,
  profilesMatching,
  type ImportProfile,
  type ImportProfileInput,
} from "#domain/imports/import-profile.ts";
import {
  applyProfile,
  interpretWithProfile,
  ProfileChoiceNeededError,
  readExport,
} from "#domain/imports/profile-table.ts";
import { SalesReportError, summariseSales } from "#domain/imports/telemetry-export.ts";
import { describeAuditEntry } from "#domain/audit/audit-entries.ts";

const NOW = new Date("2026-12-01T12:00:00Z");

const HEADERS = ["Device", "Txn", "Machine Authorization Time", "Product Selection Info", "Amount", "Unit Cost"];
const input: ImportProfileInput = {
  name: "Cantaloupe Seed",
  headerRow: 4,
  headers: HEADERS,
  columns: {
    machineName: "Device",
    transactionId: "Txn",
    date: "Machine Authorization Time",
    productName: "Product Selection Info",
    settlementValue: "Amount",
    machinePrice: "Amount",
    costPrice: "Unit Cost",
  },
  dateOrder: "dmy",
  timeZone: "UTC",
};
const profileOf = (over: Partial<ImportProfileInput> = {}, version = 1): ImportProfile => ({
  ...importProfileSchema.parse({ ...input, ...over }),
  version,
});

const table = (rows: unknown[][], headers = HEADERS) => [
  ["Cantaloupe Seed export"],
  ["Operator: Harbour Vending"],
  ["From 01/10/2026 to 31/10/2026"],
  headers,
  ...rows,
];

describe("the profile's schema", () => {
  it("accepts a profile whose columns are the file's headers, normalised", () => {
    const profile = importProfileSchema.parse({ ...input, columns: { ...input.columns, transactionId: " TXN " } });
    expect(profile.columns.quantity).toBeNull();
    expect(profile.saleStatuses).toEqual([]);
  });

  it("names a column that is not one of the headers, and a status column without sale statuses", () => {
    const result = importProfileSchema.safeParse({
      ...input,
      columns: { ...input.columns, productName: "Product Name", status: "Device" },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toEqual([
      'Product name: "Product Name" is not one of the file\'s headers',
      "Say which status values count as a sale",
    ]);
  });

  it("refuses a header row outside 1-20 and an unknown time zone", () => {
    expect(importProfileSchema.safeParse({ ...input, headerRow: 21 }).success).toBe(false);
    expect(importProfileSchema.safeParse({ ...input, timeZone: "Europe/Paris" }).success).toBe(false);
  });
});

describe("recognition", () => {
  it("is by the exact set of normalised headers on the profile's header row", () => {
    expect(headerKey([" device", "TXN", "", "Amount", "amount"])).toBe(JSON.stringify(["amount", "device", "txn"]));
    const profile = profileOf();
    expect(
      profilesMatching(
        table(
          [],
          [...HEADERS].reverse().map((h) => h.toUpperCase()),
        ),
        [profile],
      ),
    ).toEqual([profile]);
    expect(profilesMatching(table([], [...HEADERS, "Extra"]), [profile])).toEqual([]);
    expect(profilesMatching(table([], HEADERS.slice(1)), [profile])).toEqual([]);
  });
});

describe("applyProfile", () => {
  it("writes the rows in the spec's layout, the rows above the headers as the title", () => {
    const profiled = applyProfile(table([["VM-1", 7001, "02/10/2026 10:00", "Twix", 1.1, 0.43]]), profileOf());
    expect(profiled.table[0]).toEqual([
      "Cantaloupe Seed export Operator: Harbour Vending From 01/10/2026 to 31/10/2026",
    ]);
    expect(profiled.table[1]).toEqual([
      "",
      "Machine Name",
      "Product Name",
      "Cost Price",
      "Machine Price",
      "Settlement Value (Vend Price)",
      "Authorization Date and Time (GMT)",
      "Transaction ID",
      "Quantity",
    ]);
    expect(profiled.table[2]).toEqual(["", "VM-1", "Twix", 0.43, 1.1, 1.1, "02/10/2026 10:00", 7001, null]);
    expect(profiled.rowNumbers).toEqual([0, 4, 5]);
  });

  it("names the profile's columns the file lacks", () => {
    expect(() => applyProfile(table([], HEADERS.slice(0, 4)), profileOf())).toThrow(
      'Missing the columns import profile "Cantaloupe Seed" reads: Amount, Amount, Unit Cost',
    );
  });
});

describe("interpretWithProfile", () => {
  const statusProfile = profileOf({
    headers: [...HEADERS, "Status", "Qty", "Refunded"],
    columns: { ...input.columns, status: "Status", quantity: "Qty", refundAmount: "Refunded" },
    saleStatuses: ["Settled"],
  });
  const rows = [
    ["VM-1", 7001, "02/10/2026 10:00", "Twix", 2.2, 0.43, "Settled", 2, 0],
    ["VM-1", 7002, "03/10/2026 11:00", "Mars", 1.2, 0.4, " settled ", 1, 1.2],
    ["VM-1", 7003, "04/10/2026 12:00", "Kitkat", 1.05, 0.38, "Declined", 1, ""],
    ["VM-1", 7004, "05/10/2026 13:00", "Kitkat", 3.15, 0.38, "Pending", 3, ""],
    ["Total", "", "", "", 7.6, "", "", 7, ""],
  ];
  const file = table(rows, [...HEADERS, "Status", "Qty", "Refunded"]);

  it("counts only sale statuses, books refund amounts as refunds, and reports the rest with their revenue", () => {
    const report = interpretWithProfile(file, statusProfile, { now: NOW });
    expect(report.profile).toEqual({ name: "Cantaloupe Seed", version: 1 });
    expect(report.rows.map((r) => [r.rowNumber, r.transactionId, r.kind, r.settlementPence, r.quantity])).toEqual([
      [5, "7001", "sale", 220, 2],
      [6, "7002", "sale", 120, 1],
      [6, "7002", "refund", -120, 1],
    ]);
    expect(report.rowsRead).toBe(4);
    expect(report.skipped).toEqual({ statusNotSale: 2 });
    expect(report.skippedRevenuePence).toEqual({ statusNotSale: 105 + 315 });
    expect(report.footer).toEqual({ costPence: null, settlementPence: 760, units: 7 });
    const summary = summariseSales(report.rows);
    expect(summary.units).toBe(3);
    expect(summary.revenuePence).toBe(220);
    expect(summary.cogsPence).toBe(43 * 2 + 40);
    expect(report.dates.range).toEqual({ from: "2026-10-01", to: "2026-10-31" });
  });

  it("reads month/day text with the profile's date order where the file does not decide", () => {
    const report = interpretWithProfile(
      [HEADERS, ["VM-1", 1, "10/02/2026 10:00", "Twix", 1, 0.5], ["VM-1", 2, "10/03/2026", "Twix", 1, 0.5]],
      profileOf({ headerRow: 1, dateOrder: "mdy" }),
      { now: NOW },
    );
    expect(report.rows.map((r) => r.saleDate)).toEqual(["2026-10-02T10:00:00.000Z", "2026-10-03T00:00:00.000Z"]);
    expect(report.dates.decidedBy).toBe("given");
  });

  it("books a Europe/London file in its London month: zoned text is read as London's clock", () => {
    const london = profileOf({ headerRow: 1, timeZone: "Europe/London" });
    const rows = [
      HEADERS,
      ["VM-1", 1, "2026-09-30T23:30:00Z", "Twix", 1, 0.5],
      ["VM-1", 2, "30/09/2026 23:30", "Twix", 1, 0.5],
    ];
    expect(interpretWithProfile(rows, london, { now: NOW }).rows.map((r) => r.saleDate)).toEqual([
      "2026-10-01T00:30:00.000Z",
      "2026-09-30T23:30:00.000Z",
    ]);
    const utc = interpretWithProfile(rows, profileOf({ headerRow: 1 }), { now: NOW });
    expect(utc.rows[0].saleDate).toBe("2026-09-30T23:30:00.000Z");
  });
});

describe("readExport", () => {
  const rows = [
    ["VM-1", 7001, "02/10/2026 10:00", "Twix", 1.1, 0.43],
    ["VM-1", 7002, "03/10/2026 10:00", "Mars", 1.2, 0.4],
  ];

  it("refuses a file of no known layout with the spec's message, word for word", () => {
    expect(() => readExport(table(rows), { profiles: [] }, { now: NOW })).toThrow(
      new SalesReportError(
        "Missing required headers: Product Name, Cost Price, Machine Price, Settlement Value (Vend Price), Authorization Date and Time (GMT), Transaction ID",
      ),
    );
  });

  it("recognises the one profile whose headers are the file's, and asks when several are", () => {
    const one = profileOf();
    expect(readExport(table(rows), { profiles: [one] }, { now: NOW }).profile).toEqual({
      name: "Cantaloupe Seed",
      version: 1,
    });
    const other = profileOf({ name: "Copy" }, 3);
    const error = (() => {
      try {
        readExport(table(rows), { profiles: [other, one] }, { now: NOW });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ProfileChoiceNeededError);
    expect((error as ProfileChoiceNeededError).profiles).toEqual(["Cantaloupe Seed", "Copy"]);
    expect(readExport(table(rows), { profiles: [other, one], profileName: " copy" }, { now: NOW }).profile).toEqual({
      name: "Copy",
      version: 3,
    });
  });

  it("reads a file of one data row through its profile (the spec's four rows are its own layout's rule)", () => {
    const headersOnTop = { ...profileOf(), headerRow: 1 };
    const report = readExport([HEADERS, rows[0]], { profiles: [headersOnTop] }, { now: NOW });
    expect(report.rows.map((r) => [r.transactionId, r.settlementPence, r.costPence])).toEqual([["7001", 110, 43]]);
    expect(readExport(table([rows[0]]), { profiles: [profileOf()] }, { now: NOW }).rows).toHaveLength(1);
    // Headers and no data row at all: no transaction to read.
    expect(() => readExport([HEADERS], { profiles: [headersOnTop] }, { now: NOW })).toThrow(
      "No valid transaction data found in the Excel file",
    );
  });

  it("refuses a profile name nobody saved", () => {
    expect(() => readExport(table(rows), { profiles: [], profileName: "Vendon" })).toThrow(
      'No import profile is named "Vendon"',
    );
  });
});

describe("the audit trail's words", () => {
  const entry = (action: string, before: unknown, after: unknown) => ({
    action,
    entity: "import_profile",
    entityId: "Cantaloupe Seed",
    month: null,
    before,
    after,
    details: null,
  });
  it("says which profile was saved, with its version, or deleted", () => {
    expect(describeAuditEntry(entry("import_profile_create", null, { name: "Cantaloupe Seed", version: 2 }))).toBe(
      'Saved import profile "Cantaloupe Seed" (version 2)',
    );
    expect(describeAuditEntry(entry("import_profile_delete", { name: "Cantaloupe Seed", version: 2 }, null))).toBe(
      'Deleted import profile "Cantaloupe Seed"',
    );
  });
});
