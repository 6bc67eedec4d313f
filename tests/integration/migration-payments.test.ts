/** The payments migration on a database holding old-style paid and cancelled invoices: payments, allocations, credit notes, audited and reported. */
import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase } from "#db/database.ts";
import { migrations } from "#db/migrations/index.ts";
import { freshDatabase } from "#tests/databases.ts";
import { methodFromReference } from "#db/migrations/2026-11-26T00-payments.ts";

describe("migration 2026-11-26T00-payments", () => {
  it("turns each paid invoice into a payment of its gross and each cancelled one into a cancellation credit note, and reports them", async () => {
    const fresh = await freshDatabase("old.db");
    const db = openDatabase(fresh.target);
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("2026-11-25T00-business-profile")).error).toBeUndefined();

    const partner = await db
      .insertInto("users")
      .values({ username: "p", passwordHash: "x", name: "Pat", partnerType: "fee-paying", monthlyFeePence: 7500 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const invoice = (status: "paid" | "cancelled" | "pending", extra: object = {}) =>
      db
        .insertInto("feePayments")
        .values({
          partnerId: partner.id,
          amountPence: 7500,
          monthlyFeePence: 7500,
          paymentPeriod: "monthly",
          periodStart: "2026-09-01",
          periodEnd: "2026-09-30",
          dueDate: "2026-09-15",
          status,
          ...extra,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
    // Paid with VAT at 20%: £75.00 net, £15.00 VAT, £90.00 gross; by cheque.
    const paid = await invoice("paid", { paidDate: "2026-09-20", paymentReference: "Cheque 001234", vatRateBp: 2000 });
    // Paid without VAT and without a reference.
    const paidPlain = await invoice("paid", {
      paidDate: "2026-10-02",
      periodStart: "2026-10-01",
      periodEnd: "2026-10-31",
      dueDate: "2026-10-15",
    });
    // Cancelled, with the audit entry of its cancellation; another cancelled without one.
    const cancelled = await invoice("cancelled", {
      vatRateBp: 1750,
      periodStart: "2026-11-01",
      periodEnd: "2026-11-30",
      dueDate: "2026-11-15",
      createdAt: undefined,
    });
    await db
      .insertInto("auditLog")
      .values({
        actorId: null,
        action: "status",
        entity: "fee_payment",
        entityId: String(cancelled.id),
        details: JSON.stringify({ from: "pending", to: "cancelled" }),
        at: "2026-11-05T10:00:00.000Z",
      } as never)
      .execute();
    const cancelledQuiet = await invoice("cancelled", {
      periodStart: "2026-12-01",
      periodEnd: "2026-12-31",
      dueDate: "2026-12-15",
    });
    const pending = await invoice("pending", {
      periodStart: "2027-01-01",
      periodEnd: "2027-01-31",
      dueDate: "2027-01-15",
    });
    const created = (
      await db
        .selectFrom("feePayments")
        .select("createdAt")
        .where("id", "=", cancelledQuiet.id)
        .executeTakeFirstOrThrow()
    ).createdAt.slice(0, 10);

    const { report } = await migrateToLatest(db);

    expect(
      await db
        .selectFrom("payments")
        .select(["partnerId", "receivedOn", "amountPence", "method", "reference", "createdBy"])
        .orderBy("id")
        .execute(),
    ).toEqual([
      {
        partnerId: partner.id,
        receivedOn: "2026-09-20",
        amountPence: 9000,
        method: "cheque",
        reference: "Cheque 001234",
        createdBy: null,
      },
      {
        partnerId: partner.id,
        receivedOn: "2026-10-02",
        amountPence: 7500,
        method: "other",
        reference: null,
        createdBy: null,
      },
    ]);
    const payments = await db.selectFrom("payments").select("id").orderBy("id").execute();
    expect(
      await db
        .selectFrom("paymentAllocations")
        .select(["paymentId", "invoiceId", "amountPence"])
        .orderBy("id")
        .execute(),
    ).toEqual([
      { paymentId: payments[0].id, invoiceId: paid.id, amountPence: 9000 },
      { paymentId: payments[1].id, invoiceId: paidPlain.id, amountPence: 7500 },
    ]);
    // 17.5% of £75.00 = £13.125 → £13.13 half-up: £88.13 gross.
    expect(
      await db
        .selectFrom("creditNotes")
        .select(["invoiceId", "partnerId", "issuedOn", "amountPence", "kind", "reason", "createdBy"])
        .orderBy("id")
        .execute(),
    ).toEqual([
      {
        invoiceId: cancelled.id,
        partnerId: partner.id,
        issuedOn: "2026-11-05",
        amountPence: 8813,
        kind: "cancellation",
        reason: "Invoice cancelled",
        createdBy: null,
      },
      {
        invoiceId: cancelledQuiet.id,
        partnerId: partner.id,
        issuedOn: created,
        amountPence: 7500,
        kind: "cancellation",
        reason: "Invoice cancelled",
        createdBy: null,
      },
    ]);
    // Statuses and paid dates stay as they were; the pending invoice gets nothing.
    expect(await db.selectFrom("feePayments").select(["id", "status", "paidDate"]).orderBy("id").execute()).toEqual([
      { id: paid.id, status: "paid", paidDate: "2026-09-20" },
      { id: paidPlain.id, status: "paid", paidDate: "2026-10-02" },
      { id: cancelled.id, status: "cancelled", paidDate: null },
      { id: cancelledQuiet.id, status: "cancelled", paidDate: null },
      { id: pending.id, status: "pending", paidDate: null },
    ]);

    // Reported: one line per row created, and the count.
    expect(report.map((line) => [line.action, line.entity, line.partnerId])).toEqual([
      ["migration_payment", "payment", partner.id],
      ["migration_payment", "payment", partner.id],
      ["migration_credit_note", "credit_note", partner.id],
      ["migration_credit_note", "credit_note", partner.id],
      ["migration_summary", "payment", null],
    ]);
    expect(report[0].reason).toBe(
      `paid invoice INV-${String(paid.id).padStart(5, "0")} migrated into a payment of £90.00 received 2026-09-20`,
    );
    expect(report.at(-1)?.reason).toBe(
      "2 paid invoices migrated into payments, 2 cancelled invoices into credit notes",
    );
    // Kept in the audit trail; migrating again reports nothing.
    expect(
      await db.selectFrom("auditLog").select("action").where("action", "like", "migration%").execute(),
    ).toHaveLength(5);
    expect((await migrateToLatest(db)).report).toEqual([]);
    await db.destroy();
    await fresh.drop();
  });

  it("reports nothing on an empty database", async () => {
    const fresh = await freshDatabase("new.db");
    const db = openDatabase(fresh.target);
    expect((await migrateToLatest(db)).report).toEqual([]);
    await db.destroy();
    await fresh.drop();
  });

  it("tells the method from a plain reference, else other", () => {
    expect(methodFromReference("Cheque 001234")).toBe("cheque");
    expect(methodFromReference("BACS 5521")).toBe("bank-transfer");
    expect(methodFromReference("DD March")).toBe("direct-debit");
    expect(methodFromReference("INV-00005")).toBe("other");
    expect(methodFromReference(null)).toBe("other");
  });
});
