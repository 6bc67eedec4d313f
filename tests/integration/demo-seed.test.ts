/**
 * The demo tells a coherent story: no commission paid before its month ended,
 * no sales after a machine was made inactive, no two invoices for the same period, and one partner
 * with an overdue invoice that the partner list shows as Overdue.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest, openDatabase, type DB } from "#db/database.ts";
import { seedDemo } from "#domain/demo/demo-seed.ts";
import { currentMonth, recentMonths } from "#domain/shared/dates.ts";
import { lastDayOfMonth } from "#domain/month-close/month-close-rules.ts";
import { listPartners } from "#domain/partners/partner-service.ts";
import { getBusinessProfile } from "#domain/business/business-service.ts";
import { balanceDue, partnerStatement } from "#domain/receivables/account-service.ts";

let db: DB;
const now = new Date();

beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-demo-"));
  db = openDatabase(path.join(dir, "demo.db"));
  await migrateToLatest(db);
  await seedDemo(db, dir, now);
}, 120_000);

describe("the demo story", () => {
  it("pays commission only for months that have ended, after they ended", async () => {
    const paid = await db
      .selectFrom("commissionPayments")
      .select(["month", "paidDate"])
      .where("status", "=", "completed")
      .execute();
    expect(paid.length).toBeGreaterThan(0);
    for (const p of paid) {
      expect(p.month < currentMonth(now)).toBe(true);
      expect(p.paidDate! > lastDayOfMonth(p.month)).toBe(true);
    }
  });

  it("has no sales on an inactive machine after it stopped", async () => {
    const inactive = await db.selectFrom("machines").select("id").where("status", "=", "inactive").execute();
    expect(inactive.length).toBeGreaterThan(0);
    const lastMonths = recentMonths(currentMonth(now), 4);
    const late = await db
      .selectFrom("monthlyRecords")
      .select("month")
      .where(
        "machineId",
        "in",
        inactive.map((m) => m.id),
      )
      .where("month", "in", lastMonths)
      .execute();
    expect(late).toEqual([]);
  });

  it("never invoices the same period twice", async () => {
    const invoices = await db
      .selectFrom("feePayments")
      .select(["partnerId", "periodStart", "periodEnd", "status"])
      .orderBy("periodStart")
      .execute();
    for (const [i, a] of invoices.entries()) {
      for (const b of invoices.slice(i + 1)) {
        if (a.partnerId === b.partnerId) expect(b.periodStart > a.periodEnd).toBe(true);
      }
    }
  });

  it("has one partner with an overdue invoice, shown as Overdue", async () => {
    const overdue = (await listPartners(db)).filter((p) => p.paymentStatus === "Overdue");
    expect(overdue.map((p) => p.username)).toEqual(["harrogate-gym"]);
  });

  it("writes its payments and invoices through the product, so the audit trail holds them", async () => {
    const actions = (await db.selectFrom("auditLog").select("action").distinct().execute()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(["import", "commission_paid", "generate", "status"]));
    const refs = await db
      .selectFrom("feePayments")
      .select("paymentReference")
      .where("status", "=", "paid")
      .orderBy("id")
      .execute();
    expect(refs.map((r) => r.paymentReference)).toEqual(["BACS HFC-0001", "BACS HFC-0002"]);
  });

  it("has the demo business's profile, logo included, and its invoices carry its 20% VAT (issue 14)", async () => {
    const profile = await getBusinessProfile(db);
    expect(profile).toMatchObject({
      tradingName: "Vendboard Vending Ltd",
      vatRateBp: 2000,
      bankSortCode: "40-11-62",
      bankAccountNumber: "71234568",
      contactEmail: "accounts@vendboard.example",
    });
    expect(profile.logo?.type).toBe("image/png");
    const rates = await db.selectFrom("feePayments").select("vatRateBp").distinct().execute();
    expect(rates).toEqual([{ vatRateBp: 2000 }]);
    const setUp = await db.selectFrom("auditLog").select("entity").where("entity", "=", "business_profile").execute();
    expect(setUp).toHaveLength(1);
  });

  it("books every transaction once", async () => {
    const [{ n, distinct }] = await db
      .selectFrom("sales")
      .select((eb) => [
        eb.fn.countAll<number>().as("n"),
        eb.fn
          .count<number>(eb.fn("concat", ["kind", "transactionId"]))
          .distinct()
          .as("distinct"),
      ])
      .execute();
    expect(Number(distinct)).toBe(Number(n));
  });

  it("gives harrogate-gym a statement of account with a partial payment and an overdue balance (issue 15)", async () => {
    const partner = await db
      .selectFrom("users")
      .select("id")
      .where("username", "=", "harrogate-gym")
      .executeTakeFirstOrThrow();
    const today = now.toISOString().slice(0, 10);
    const statement = await partnerStatement(db, partner.id, {}, today);
    // Four invoices issued on their periods' first days, in date order; two paid in full, £50.00 of the third.
    expect(statement.lines.filter((l) => l.kind === "invoice").map((l) => l.debitPence)).toEqual([
      48600, 9000, 9000, 9000,
    ]);
    expect(statement.lines.filter((l) => l.kind === "payment").map((l) => l.creditPence)).toEqual([48600, 9000, 5000]);
    expect(statement.lines.map((l) => l.date)).toEqual([...statement.lines.map((l) => l.date)].sort());
    // The third invoice's £40.00 is overdue (due 14 days after it started a month and five days ago: 19 to 22 days late); the fourth is not due yet.
    const balance = await balanceDue(db, partner.id, today);
    expect(balance).toMatchObject({ balancePence: 13000, overduePence: 4000 });
    expect(balance.oldestOverdueDays).toBeGreaterThanOrEqual(19);
    expect(balance.oldestOverdueDays).toBeLessThanOrEqual(22);
  });
});
