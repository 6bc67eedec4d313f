import { describe, expect, it } from "vitest";
import {
  applyCostList,
  costInForce,
  costListOf,
  costSourcesOf,
  costSourceWords,
  NO_COST_REASON,
  productNameKey,
} from "#domain/imports/cost-list-rules.ts";
import { importProfileSchema, type ImportProfile } from "#domain/imports/import-profile.ts";
import { interpretWithProfile, readExport } from "#domain/imports/profile-table.ts";
import { confirmLeftOut } from "#domain/imports/import-results.ts";
import { summariseSales } from "#domain/imports/telemetry-export.ts";

const NOW = new Date("2026-12-01T12:00:00Z");

// Built in each test, never while the file is collected (a mutant that throws there would pass unseen).
const listOf = () =>
  costListOf([
    { productName: "Twix", costPence: 43, effectiveFrom: "2026-10-15" },
    { productName: "Twix", costPence: 41, effectiveFrom: "2026-09-01" },
    { productName: " KitKat  Chunky ", costPence: 37, effectiveFrom: "2026-01-01" },
  ]);

describe("the cost in force", () => {
  it("is the entry with the latest from-day not after the sale's day", () => {
    const list = listOf();
    expect(list.get("twix")!.map((e) => e.costPence)).toEqual([41, 43]);
    expect(costInForce(list, "Twix", "2026-08-31T23:59:59.000Z")).toBeNull();
    expect(costInForce(list, "Twix", "2026-09-01T00:00:00.000Z")).toBe(41);
    expect(costInForce(list, "Twix", "2026-10-14T23:59:59.000Z")).toBe(41);
    // The change's own day takes the new cost, from its first second.
    expect(costInForce(list, "Twix", "2026-10-15T00:00:00.000Z")).toBe(43);
    expect(costInForce(list, "Twix", "2026-10-15")).toBe(43);
    expect(costInForce(list, "Twix", "2026-12-31")).toBe(43);
  });

  it("matches names trimmed, spaces collapsed, ignoring case; an unknown product has none", () => {
    const list = listOf();
    expect(productNameKey("  kitkat   CHUNKY ")).toBe("kitkat chunky");
    expect(costInForce(list, "KITKAT CHUNKY", "2026-10-01")).toBe(37);
    expect(costInForce(list, "twix", "2026-10-01")).toBe(41);
    expect(costInForce(list, "Snickers", "2026-10-01")).toBeNull();
  });
});

const HEADERS = ["Device", "Txn", "When", "Item", "Amount", "Qty", "Status"];
const profile: ImportProfile = {
  ...importProfileSchema.parse({
    name: "No Cost Seed",
    headerRow: 1,
    headers: HEADERS,
    columns: {
      machineName: "Device",
      transactionId: "Txn",
      date: "When",
      productName: "Item",
      settlementValue: "Amount",
      machinePrice: "Amount",
      costPrice: null,
      quantity: "Qty",
      status: "Status",
    },
    saleStatuses: ["Settled"],
    dateOrder: "dmy",
    timeZone: "UTC",
  }),
  version: 1,
};

const rows = [
  HEADERS,
  ["VM-1", "T1", "2026-10-14 10:00:00", "Twix", "1.20", "2", "Settled"],
  ["VM-1", "T2", "2026-10-15 09:00:00", "twix ", "1.20", "3", "Settled"],
  ["VM-1", "T3", "2026-10-16 09:00:00", "Snickers", "1.10", "1", "Settled"],
  ["VM-1", "T4", "2026-10-16 09:30:00", "Twix", "-1.20", "-1", "Settled"],
  ["VM-1", "T5", "2026-10-16 09:40:00", "Snickers", "-1.10", "", "Settled"],
  ["VM-1", "T6", "2026-10-17 09:00:00", "Twix", "1.20", "1", "Declined"],
];

describe("a file with no cost column, costed from the list", () => {
  const read = () => interpretWithProfile(rows, profile, { now: NOW }, listOf());

  it("takes the cost in force on each sale's date; COGS is that times the quantity", () => {
    const report = read();
    expect(report.rows.map((r) => [r.transactionId, r.kind, r.costPence, r.quantity, r.costSource])).toEqual([
      ["T1", "sale", 41, 2, "list"],
      ["T2", "sale", 43, 3, "list"],
      ["T4", "refund", 43, 1, "list"],
      // A refund adds no cost: kept even with none in force.
      ["T5", "refund", 0, 1, "list"],
    ]);
    // 41 × 2 + 43 × 3 = 211 pence; refunds add no cost.
    expect(summariseSales(report.rows).cogsPence).toBe(211);
    expect(summariseSales(report.rows).revenuePence).toBe(120 + 120 - 120 - 110);
  });

  it("leaves a sale with no cost either way out, with its revenue, needing confirmation", () => {
    const report = read();
    expect(NO_COST_REASON).toBe("with no cost price (none in the file or the product cost list)");
    expect(report.noCost).toEqual({ count: 1, revenuePence: 110 });
    expect(confirmLeftOut(report)).toEqual([
      { kind: "cost", reason: NO_COST_REASON, count: 1, revenuePence: 110, needsConfirmation: true },
    ]);
    // The status rule's rows are reported, and need no confirmation.
    expect(report.skipped).toEqual({ statusNotSale: 1 });
    expect(report.skippedRevenuePence).toEqual({ statusNotSale: 120 });
  });

  it("with an empty list, every sale is left out for its cost", () => {
    const none = interpretWithProfile(rows, profile, { now: NOW });
    expect(none.rows.map((r) => r.kind)).toEqual(["refund", "refund"]);
    expect(none.noCost).toEqual({ count: 3, revenuePence: 120 + 120 + 110 });
  });

  it("never fills in for the spec's own layout, nor for a profile with a cost column", () => {
    const spec = [
      ["Dynamic Transactions Monitor"],
      [
        "Machine Name",
        "Product Name",
        "Machine Price",
        "Settlement Value (Vend Price)",
        "Authorization Date and Time (GMT)",
        "Transaction ID",
      ],
      ["VM-1", "Twix", "1.20", "1.20", "2026-10-14 10:00:00", "S1"],
      ["VM-1", "Twix", "1.20", "1.20", "2026-10-14 11:00:00", "S2"],
    ];
    const list = listOf();
    expect(() => readExport(spec, { profiles: [profile], costs: list }, { now: NOW })).toThrow(
      "Missing required headers: Cost Price",
    );
    const withCost = { ...profile, headers: [...HEADERS, "Cost"], columns: { ...profile.columns, costPrice: "Cost" } };
    const costed = interpretWithProfile(
      [
        [...HEADERS, "Cost"],
        ["VM-1", "T1", "2026-10-14 10:00:00", "Twix", "1.20", "1", "Settled", ""],
        ["VM-1", "T2", "2026-10-14 11:00:00", "Twix", "1.20", "1", "Settled", "0.50"],
      ],
      withCost,
      { now: NOW },
      list,
    );
    expect(costed.rows.map((r) => [r.transactionId, r.costPence, r.costSource])).toEqual([["T2", 50, undefined]]);
    expect(costed.skipped).toEqual({ nonNumericCost: 1 });
  });

  it("leaves a report costed from its file as it is, and costs only the rows marked for the list", () => {
    const { noCost: _none, ...report } = read();
    const fileReport = { ...report, rows: report.rows.map(({ costSource: _s, ...r }) => r) };
    expect(applyCostList(fileReport, new Map())).toBe(fileReport);
    // Rows of both kinds: a file's row keeps its own cost; a list row costed, none left out.
    const [first, second] = fileReport.rows;
    const mixed = {
      ...fileReport,
      rows: [
        { ...first, costPence: 99 },
        { ...second, costPence: 0, costSource: "list" as const },
      ],
    };
    const costed = applyCostList(mixed, listOf());
    expect(costed.rows.map((r) => [r.transactionId, r.costPence, r.costSource])).toEqual([
      ["T1", 99, undefined],
      ["T2", 43, "list"],
    ]);
    expect(costed.noCost).toBeUndefined();
    expect(costed.dates).toBe(fileReport.dates);
  });
});

describe("where a machine's month's costs came from", () => {
  it("lists the sources of its sales, file first, in words", () => {
    expect(costSourcesOf([{ kind: "sale" }, { kind: "sale", costSource: "file" }])).toEqual(["file"]);
    expect(
      costSourcesOf([
        { kind: "refund", costSource: "file" },
        { kind: "sale", costSource: "list" },
      ]),
    ).toEqual(["list"]);
    expect(costSourcesOf([{ kind: "sale", costSource: "list" }, { kind: "sale" }])).toEqual(["file", "list"]);
    expect(costSourcesOf([{ kind: "refund" }])).toEqual([]);
    expect(costSourceWords(["file"])).toBe("file");
    expect(costSourceWords(["list"])).toBe("cost list");
    expect(costSourceWords(["file", "list"])).toBe("file and cost list");
  });
});
