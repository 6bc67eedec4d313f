import { describe, expect, it } from "vitest";
import {
  auditChangeLines,
  auditChanges,
  describeAuditEntry,
  formatAuditTime,
  type AuditEntryData,
} from "#domain/audit/audit-entries.ts";
import { auditFilterSchema } from "#domain/audit/audit-schemas.ts";
import { AUDIT_PAGE_SIZE, auditSearch } from "#domain/audit/audit-search.ts";

// The audit trail in plain English (ARCHITECTURE.md section 11): every entry
// reads as one line; changed values show before and after; filters are one schema for the page,
// the API and the CLI.

const entry = (fields: Partial<AuditEntryData> & Pick<AuditEntryData, "action" | "entity">): AuditEntryData => ({
  entityId: null,
  month: null,
  before: null,
  after: null,
  details: null,
  ...fields,
});

describe("describeAuditEntry: money", () => {
  it("a commission payment names the amount and rate paid", () => {
    expect(
      describeAuditEntry(
        entry({
          action: "commission_paid",
          entity: "commission_payment",
          entityId: "7",
          month: "2026-10",
          before: { status: "pending" },
          after: { status: "completed", paidDate: "2026-11-10", amountPence: 6063, rateBp: 1250 },
        }),
      ),
    ).toBe("Marked commission paid: £60.63 at 12.5%");
    expect(describeAuditEntry(entry({ action: "commission_paid", entity: "commission_payment" }))).toBe(
      "Marked commission paid",
    );
  });

  it("a commission payment names the agreement it used, not a rate that played no part", () => {
    const paid = (terms: unknown) =>
      describeAuditEntry(
        entry({
          action: "commission_paid",
          entity: "commission_payment",
          after: { status: "completed", amountPence: 8909, rateBp: 1000, terms },
        }),
      );
    const tiers = [
      { upTo: 15000, rate: 1500 },
      { upTo: 30000, rate: 2000 },
      { upTo: null, rate: 3000 },
    ];
    const base = { basis: "net-profit", rate: 1000, tiers: [], minimumPence: null, capPence: null, products: [] };
    expect(paid({ ...base, rate: 0, tiers })).toBe("Marked commission paid: £89.09 under the standard tiers");
    expect(paid({ ...base, rate: 1500 })).toBe("Marked commission paid: £89.09 at 15%");
    expect(paid({ ...base, basis: "gross-sales", tiers: tiers.slice(1) })).toBe(
      "Marked commission paid: £89.09 under custom tiers on gross sales",
    );
    expect(paid(null)).toBe("Marked commission paid: £89.09 under no commission agreement");
    // Terms that do not read as terms: the rate, as entries before the terms were kept.
    expect(paid("tiers")).toBe("Marked commission paid: £89.09 at 10%");
  });

  it("Reset Month, with the payment it reopened or none", () => {
    expect(
      describeAuditEntry(
        entry({
          action: "commission_reset",
          entity: "commission_payment",
          before: { status: "completed", amountPence: 17277 },
          after: { status: "pending" },
        }),
      ),
    ).toBe("Reset month: payment of £172.77 back to pending");
    expect(
      describeAuditEntry(entry({ action: "commission_reset", entity: "commission_payment", details: { reset: 0 } })),
    ).toBe("Reset month (no payment to reset)");
  });

  it("a payout batch names how many partners, the total and the reference", () => {
    expect(
      describeAuditEntry(
        entry({
          action: "payout_batch",
          entity: "payout_batch",
          entityId: "3",
          month: "2026-10",
          after: { paidDate: "2026-11-10", partners: 3, totalPence: 9512 },
          details: { reference: "VB COMM 2026-10" },
        }),
      ),
    ).toBe("Paid a commission payout batch: 3 partners, £95.12 (reference VB COMM 2026-10)");
    expect(describeAuditEntry(entry({ action: "payout_batch", entity: "payout_batch" }))).toBe(
      "Paid a commission payout batch",
    );
  });

  it("a rate change, from the month it takes effect", () => {
    expect(
      describeAuditEntry(
        entry({
          action: "rate_change",
          entity: "user",
          entityId: "2",
          month: "2026-11",
          before: { rateBp: 1000 },
          after: { rateBp: 1250 },
        }),
      ),
    ).toBe("Changed commission rate 10% → 12.5% from November 2026");
  });

  it("invoices: generated, paid with a reference, overdue by the due check, cancelled, deleted, and the due check itself", () => {
    expect(
      describeAuditEntry(
        entry({ action: "generate", entity: "fee_payment", entityId: "5", after: { status: "pending", amount: 75 } }),
      ),
    ).toBe("Generated invoice INV-00005 for £75.00");
    expect(
      describeAuditEntry(
        entry({
          action: "status",
          entity: "fee_payment",
          entityId: "4",
          before: { status: "overdue" },
          after: { status: "paid", paidDate: "2026-11-20", paymentReference: "BACS 0042", amount: 75 },
          details: { from: "overdue", to: "paid" },
        }),
      ),
    ).toBe("Marked invoice INV-00004 paid (reference BACS 0042)");
    expect(
      describeAuditEntry(
        entry({
          action: "status",
          entity: "fee_payment",
          entityId: "5",
          details: { from: "pending", to: "overdue", dueCheck: "2026-11-22" },
        }),
      ),
    ).toBe("Marked invoice INV-00005 overdue (due check)");
    expect(
      describeAuditEntry(
        entry({
          action: "status",
          entity: "fee_payment",
          entityId: "3",
          details: { from: "pending", to: "cancelled" },
        }),
      ),
    ).toBe("Cancelled invoice INV-00003");
    expect(
      describeAuditEntry(
        entry({ action: "status", entity: "fee_payment", entityId: "2", details: { from: "paid", to: "pending" } }),
      ),
    ).toBe("Changed invoice INV-00002 from paid to pending");
    expect(
      describeAuditEntry(
        entry({ action: "delete", entity: "fee_payment", entityId: "6", before: { status: "pending", amount: 405 } }),
      ),
    ).toBe("Deleted invoice INV-00006 for £405.00");
    expect(
      describeAuditEntry(
        entry({
          action: "check_due",
          entity: "fee_payment",
          entityId: "2026-11-22",
          details: { markedOverdue: 1, invoicesRaised: 1 },
        }),
      ),
    ).toBe("Ran the due check: 1 marked overdue, 1 invoice raised");
  });
});

describe("describeAuditEntry: imports, bookings and mappings", () => {
  it("an import names the rows, the file, the machine and what it left out", () => {
    expect(
      describeAuditEntry(
        entry({
          action: "import",
          entity: "monthly_record",
          entityId: "12",
          month: "2026-10",
          after: { location: "Leeds Station Concourse", imported: 44, units: 40 },
          details: { file: "single-machine-2026-10.xlsx", duplicates: 0, alreadyBooked: [], monthClosed: 0 },
        }),
      ),
    ).toBe("Imported 44 rows from single-machine-2026-10.xlsx to Leeds Station Concourse");
    expect(
      describeAuditEntry(
        entry({
          action: "import",
          entity: "monthly_record",
          after: { imported: 1 },
          details: {
            file: "three-machines-2026-09.xlsx",
            duplicates: 2,
            alreadyBooked: [{ reason: "already booked to York Hospital Atrium", count: 3 }],
            monthClosed: 4,
          },
        }),
      ),
    ).toBe(
      "Imported 1 row from three-machines-2026-09.xlsx (left out: 2 duplicates, 3 already booked to York Hospital Atrium, 4 in a closed month)",
    );
  });

  it("a telemetry name mapped to a machine, or removed", () => {
    expect(
      describeAuditEntry(
        entry({
          action: "map_telemetry_name",
          entity: "machine",
          entityId: "3",
          before: { telemetryName: null },
          after: { telemetryName: "LDS-CONC-01" },
          details: { location: "Leeds Station Concourse" },
        }),
      ),
    ).toBe('Mapped telemetry name "LDS-CONC-01" to Leeds Station Concourse');
    expect(
      describeAuditEntry(
        entry({
          action: "map_telemetry_name",
          entity: "machine",
          before: { telemetryName: "OLD" },
          after: { telemetryName: null },
          details: { location: "Quay Kiosk" },
        }),
      ),
    ).toBe('Removed telemetry name "OLD" from Quay Kiosk');
  });

  it("a duplicate booking removed by the month-close migration", () => {
    expect(
      describeAuditEntry(
        entry({
          action: "migration_remove_duplicate",
          entity: "sale",
          entityId: "981",
          month: "2026-09",
          before: {
            transactionId: "TX-1001",
            kind: "sale",
            machineId: 2,
            location: "Bradford Library",
            recordId: 4,
            settlementPence: 150,
          },
          details: { migration: "2026-11-23T00-month-close", reason: "already booked to Leeds Station Concourse" },
        }),
      ),
    ).toBe(
      "Removed duplicate booking of sale TX-1001 from Bradford Library (already booked to Leeds Station Concourse)",
    );
  });
});

describe("describeAuditEntry: partners, machines and records", () => {
  it("partners and admins created, updated and deleted", () => {
    expect(
      describeAuditEntry(
        entry({
          action: "create",
          entity: "user",
          after: { username: "leeds-station", name: "Leeds Station Retail" },
          details: { isAdmin: false },
        }),
      ),
    ).toBe("Added partner Leeds Station Retail");
    expect(
      describeAuditEntry(entry({ action: "create", entity: "user", details: { username: "root", isAdmin: true } })),
    ).toBe("Created admin root");
    expect(
      describeAuditEntry(entry({ action: "disable", entity: "user", details: { username: "sam", isAdmin: true } })),
    ).toBe("Disabled sign-in of admin sam");
    expect(
      describeAuditEntry(entry({ action: "enable", entity: "user", details: { username: "leeds", isAdmin: false } })),
    ).toBe("Enabled sign-in of account leeds");
    expect(
      describeAuditEntry(
        entry({ action: "sign-in-refused", entity: "user", details: { username: "sam", reason: "disabled" } }),
      ),
    ).toBe("Refused sign-in of disabled account sam");
    expect(
      describeAuditEntry(
        entry({
          action: "update",
          entity: "user",
          before: { email: "a@x.example" },
          after: { email: "b@x.example" },
          details: { changed: ["email", "commissionBp"] },
        }),
      ),
    ).toBe("Updated partner details: email, commission rate");
    expect(
      describeAuditEntry(
        entry({ action: "update", entity: "user", before: {}, after: {}, details: { changed: ["password"] } }),
      ),
    ).toBe("Changed password");
    expect(
      describeAuditEntry(
        entry({ action: "delete", entity: "user", details: { username: "quay", name: "Harbour Vending Co" } }),
      ),
    ).toBe("Deleted partner Harbour Vending Co");
  });

  it("machines added, made inactive, renamed, updated and deleted", () => {
    expect(
      describeAuditEntry(
        entry({ action: "create", entity: "machine", after: { location: "Quay Kiosk", status: "active" } }),
      ),
    ).toBe("Added machine Quay Kiosk");
    expect(
      describeAuditEntry(
        entry({
          action: "update",
          entity: "machine",
          before: { status: "active" },
          after: { status: "inactive" },
          details: { location: "Quay Kiosk" },
        }),
      ),
    ).toBe("Made machine Quay Kiosk inactive");
    expect(
      describeAuditEntry(
        entry({ action: "update", entity: "machine", before: { location: "Quay" }, after: { location: "Quay Kiosk" } }),
      ),
    ).toBe("Renamed machine Quay to Quay Kiosk");
    expect(
      describeAuditEntry(
        entry({
          action: "update",
          entity: "machine",
          before: { location: "A", imageUrl: null },
          after: { location: "B", imageUrl: "https://x.example/a.png" },
        }),
      ),
    ).toBe("Updated machine B: location, image URL");
    expect(
      describeAuditEntry(
        entry({ action: "update", entity: "machine", before: {}, after: {}, details: { location: "Quay Kiosk" } }),
      ),
    ).toBe("Saved machine Quay Kiosk (nothing changed)");
    // Entries written before before/after existed name only the fields sent.
    expect(
      describeAuditEntry(
        entry({ action: "update", entity: "machine", entityId: "9", details: { changed: ["status"] } }),
      ),
    ).toBe("Updated machine #9: status");
    expect(
      describeAuditEntry(
        entry({
          action: "delete",
          entity: "machine",
          before: { location: "Pier Lobby", records: 3, revenuePence: 100 },
        }),
      ),
    ).toBe("Deleted machine Pier Lobby and its 3 monthly records");
    expect(
      describeAuditEntry(
        entry({ action: "delete", entity: "monthly_record", month: "2026-10", before: { location: "Pier Lobby" } }),
      ),
    ).toBe("Deleted Pier Lobby's record for October 2026");
  });

  it("falls back to 'action entity' for an action it does not know", () => {
    expect(describeAuditEntry(entry({ action: "close_month", entity: "commission_payment" }))).toBe(
      "Close month commission payment",
    );
    expect(describeAuditEntry(entry({ action: "archive", entity: "widget" }))).toBe("Archive widget");
  });
});

describe("Before → After", () => {
  it("lists changed fields only, money in pounds and rates as percentages", () => {
    expect(
      auditChanges({
        before: { status: "pending", amountPence: 7500, rateBp: 1000 },
        after: { status: "paid", amountPence: 7500, rateBp: 1250 },
      }),
    ).toEqual([
      { field: "status", before: "pending", after: "paid" },
      { field: "rate", before: "10%", after: "12.5%" },
    ]);
    expect(
      auditChangeLines({
        before: { status: "pending", paidDate: null },
        after: { status: "paid", paidDate: "2026-11-20" },
      }),
    ).toEqual(["status: pending → paid", "paid date: none → 2026-11-20"]);
  });

  it("something created or deleted is one line of its values", () => {
    expect(
      auditChangeLines({
        before: null,
        after: { location: "Quay Kiosk", revenuePence: 123456, monthlyFeePence: 7500 },
      }),
    ).toEqual(["— → location Quay Kiosk, revenue £1,234.56, monthly fee £75.00"]);
    expect(auditChangeLines({ before: { location: "Pier Lobby", records: 3 }, after: null })).toEqual([
      "location Pier Lobby, records 3 → —",
    ]);
    expect(auditChangeLines({ before: null, after: null })).toEqual([]);
  });

  it("an agreement's terms read as the agreement card words them, not JSON", () => {
    const terms = { basis: "net-profit", rate: 1500, tiers: [], minimumPence: 2000, capPence: null, products: [] };
    expect(auditChangeLines({ before: { status: "pending" }, after: { status: "completed", terms } })).toEqual([
      "status: pending → completed",
      "agreement: — → 15% of net profit; Minimum £20.00 a month",
    ]);
  });

  it("long values are shortened", () => {
    const [line] = auditChangeLines({ before: { billingAddress: "x".repeat(80) }, after: { billingAddress: "y" } });
    expect(line).toBe(`billing address: ${"x".repeat(59)}… → y`);
  });

  it("times read dd/MM/yyyy HH:mm in UTC", () => {
    expect(formatAuditTime("2026-11-23T09:05:59.999Z")).toBe("23/11/2026 09:05");
    expect(formatAuditTime("2026-12-31T23:59:00.000Z")).toBe("31/12/2026 23:59");
  });
});

describe("The filter schema (page, API and CLI)", () => {
  const parse = (input: unknown) => {
    const result = auditFilterSchema.safeParse(input);
    return result.success ? result.data : result.error.issues[0].message;
  };

  it("everything is optional: blank fields mean any; page 1 of 25 by default", () => {
    expect(parse({})).toEqual({ page: 1, pageSize: AUDIT_PAGE_SIZE });
    expect(parse({ partnerId: "", month: "", since: "", page: "" })).toEqual({ page: 1, pageSize: 25 });
  });

  it("reads the query string's text", () => {
    expect(parse({ partnerId: "12", month: "2026-10", since: "2026-11-01", page: "3", pageSize: "10" })).toEqual({
      partnerId: 12,
      month: "2026-10",
      since: "2026-11-01",
      page: 3,
      pageSize: 10,
    });
    expect(parse({ partnerId: 4, month: " 2026-09 " })).toEqual({
      partnerId: 4,
      month: "2026-09",
      page: 1,
      pageSize: 25,
    });
    // As everywhere in the API, an ISO date names its UTC month.
    expect(parse({ month: "2026-10-15" })).toMatchObject({ month: "2026-10" });
  });

  it.each([
    [{ partnerId: "abc" }, "Partner must be a partner id (a positive whole number)"],
    [{ partnerId: "0" }, "Partner must be a partner id (a positive whole number)"],
    [{ partnerId: "1.5" }, "Partner must be a partner id (a positive whole number)"],
    [{ month: "2026-13" }, "Month must be YYYY-MM"],
    [{ month: "October" }, "Month must be YYYY-MM"],
    [{ since: "2026-02-30" }, "Since must be a date as YYYY-MM-DD"],
    [{ since: "01/11/2026" }, "Since must be a date as YYYY-MM-DD"],
    [{ page: "0" }, "Page must be a positive whole number"],
    [{ page: "-1" }, "Page must be a positive whole number"],
    [{ pageSize: "501" }, "Page size must be a whole number from 1 to 500"],
  ])("refuses %j", (input, message) => {
    expect(parse(input)).toBe(message);
  });

  it("links keep the filters and leave out the defaults", () => {
    expect(auditSearch({ partnerId: 3, month: "2026-10", page: 1, pageSize: 25 }, 2)).toBe(
      "?partnerId=3&month=2026-10&page=2",
    );
    expect(auditSearch({ since: "2026-11-01", page: 2, pageSize: 50 }, 1)).toBe("?since=2026-11-01&pageSize=50");
    expect(auditSearch({ page: 1, pageSize: 25 })).toBe("");
  });
});
