/**
 * A per-item agreement with a product rule written from a
 * month already paid. The paid month keeps what it paid; the difference is added to the next open month
 * only once confirmed; an open month follows the new terms at once; a month whose adjustments take it
 * below zero pays nothing and carries the rest on (and Reset Month takes the carry back, audited);
 * the statements say the agreement and its lines. Exact pence from ARCHITECTURE.md section 5.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/utils/db.server.ts";
import { agreementInputSchema } from "#domain/agreements/agreement-schemas.ts";
import { partnerAgreements, previewAgreement, setAgreement } from "#domain/agreements/agreement-service.ts";
import { markCommissionPaid } from "#domain/commissions/commission-payment-service.ts";
import { partnerMonth } from "#domain/commissions/commission-service.ts";
import { resetCommissions } from "#domain/commissions/commission-reset-service.ts";
import { commissionSummaryRow } from "#domain/commissions/commission-summary.ts";
import { consolidatedReport, recordStatement } from "#domain/commissions/statement-service.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { pdfText } from "./mail.ts";

const NOW = new Date("2026-10-20T12:00:00Z");
let adminId: number;
let partnerId: number;
let machineA: { id: number; location: string };
const records: Record<string, number> = {};

/** A month's record of machine A with its sales: 12 Cola at £1.50 (cost 60p), 8 Crisps at £1.00 (cost 40p). */
async function recordWithSales(machineId: number, month: string) {
  const record = await makeRecord(db, machineId, month, { totalSales: 20, revenuePence: 2_600, cogsPence: 1_040 });
  const product = async (name: string) =>
    (await db.selectFrom("products").select("id").where("name", "=", name).executeTakeFirst())?.id ??
    (
      await db
        .insertInto("products")
        .values({ name, currentPricePence: 0, currentCostPence: 0 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const cola = await product("Agreement Cola");
  const crisps = await product("Agreement Crisps");
  const rows = [
    ...Array.from({ length: 12 }, (_, i) => ({
      productId: cola,
      price: 150,
      cost: 60,
      tx: `${month}-${machineId}-c${i}`,
    })),
    ...Array.from({ length: 8 }, (_, i) => ({
      productId: crisps,
      price: 100,
      cost: 40,
      tx: `${month}-${machineId}-k${i}`,
    })),
  ];
  await db
    .insertInto("sales")
    .values(
      rows.map((r) => ({
        machineId,
        recordId: record.id,
        productId: r.productId,
        saleDate: `${month}-10`,
        pricePence: r.price,
        costPence: r.cost,
        settlementPence: r.price,
        transactionId: r.tx,
        kind: "sale" as const,
      })),
    )
    .execute();
  return record.id;
}

const perItem = agreementInputSchema.parse({
  effectiveMonth: "2026-08",
  basis: "per-item",
  amount: "0.10",
  products: [{ match: "agreement cola", basis: "gross-sales", rate: "0.20" }],
});

beforeAll(async () => {
  adminId = (await makeAdmin(db)).id;
  partnerId = (await makePartner(db, { commissionBp: 1_000 })).id;
  machineA = await makeMachine(db, partnerId, "Agreement Station");
  for (const month of ["2026-08", "2026-09"]) records[month] = await recordWithSales(machineA.id, month);
});

describe("an agreement written from a paid month", () => {
  // Under the seed's 10% of net profit: revenue 2600, COGS 1040, card fee 77.74 → 78, net 1482 → 148 (148.2).
  // Under the new terms: Cola gross sales 1800 × 20% = 360; the other 8 items × 10p = 80; 440.
  it("the month paid under the old terms paid 148 pence", async () => {
    const payment = await markCommissionPaid(db, partnerId, "2026-08", adminId, "2026-09-05", NOW);
    expect(payment.amountPence).toBe(148);
  });

  it("the preview shows last month under both terms, line by line, and the paid month's difference", async () => {
    const preview = await previewAgreement(db, partnerId, perItem, NOW);
    expect(preview.month).toBe("2026-09");
    expect(preview.current.commissionPence).toBe(148);
    expect(preview.proposed.commissionPence).toBe(440);
    expect(preview.proposed.lines.map((l) => l.text)).toEqual([
      "Agreement Station: agreement cola, gross sales: £18.00 × 20% = £3.60",
      "Agreement Station: Per item sold: 8 items × £0.10 = £0.80",
    ]);
    expect(preview.paidMonths).toEqual([
      {
        month: "2026-08",
        paidPence: 148,
        previousPence: 148,
        proposedPence: 440,
        adjustedPence: 0,
        differencePence: 292,
        targetMonth: "2026-09",
      },
    ]);
  });

  it("is refused until the admin confirms the paid month's adjustment, and changes nothing", async () => {
    await expect(setAgreement(db, partnerId, perItem, adminId, NOW)).rejects.toThrow(
      /August 2026 \+£2\.92 to September 2026/,
    );
    expect((await partnerAgreements(db, partnerId, NOW)).history).toHaveLength(1);
  });

  it("confirmed: August keeps what it paid; September follows the new terms at once, plus August's +292", async () => {
    const result = await setAgreement(db, partnerId, { ...perItem, adjustPaidMonths: true }, adminId, NOW);
    expect(result.adjustments.map((a) => [a.month, a.differencePence, a.targetMonth])).toEqual([
      ["2026-08", 292, "2026-09"],
    ]);
    const august = await commissionSummaryRow(db, "2026-08", partnerId);
    expect([august?.paymentStatus, august?.profitSharePence]).toEqual(["completed", 148]);
    const september = await partnerMonth(db, partnerId, "2026-09");
    expect(september.agreementPence).toBe(440);
    expect(september.adjustments.map((a) => [a.forMonth, a.amountPence, a.reason])).toEqual([
      ["2026-08", 292, "agreement"],
    ]);
    expect(september.totals.commissionPence).toBe(732);
    expect((await commissionSummaryRow(db, "2026-09", partnerId))?.profitSharePence).toBe(732);
    // The paid month's own figures still say what it paid under.
    expect((await partnerMonth(db, partnerId, "2026-08")).totals.commissionPence).toBe(148);
    const audit = await db
      .selectFrom("auditLog")
      .select(["action", "entity"])
      .where("partnerId", "=", partnerId)
      .where("entity", "in", ["commission_agreement", "commission_adjustment"])
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(["agreement_set", "commission_adjustment"]);
  });

  it("the statements say the agreement and its lines", async () => {
    const report = pdfText(Buffer.from((await consolidatedReport(db, partnerId, "2026-09", NOW)).bytes));
    expect(report).toContain("Commission agreement:");
    expect(report).toContain("£0.10 per item sold");
    expect(report).toContain("Agreement Station: agreement cola, gross sales: £18.00 × 20% = £3.60");
    expect(report).toContain("Adjustment for August 2026 (new agreement): +£2.92");
    expect(report).toContain("Commission due for September 2026: £7.32");
    const statement = pdfText(Buffer.from((await recordStatement(db, records["2026-09"], NOW)).bytes));
    expect(statement).toContain("Commission (agreement)");
    expect(statement).toContain("Agreement Station: Per item sold: 8 items × £0.10 = £0.80");
    // The paid month's report keeps the seed's words: it was paid under them.
    expect(pdfText(Buffer.from((await consolidatedReport(db, partnerId, "2026-08", NOW)).bytes))).toContain(
      "Profit share: 10% of net profit",
    );
  });

  it("a correction counts what was already added: 1p per item from August adds 20 − (148 + 292) = −420 to September", async () => {
    const correction = agreementInputSchema.parse({ effectiveMonth: "2026-08", basis: "per-item", amount: "0.01" });
    const preview = await previewAgreement(db, partnerId, correction, NOW);
    expect(
      preview.paidMonths.map((d) => [d.previousPence, d.adjustedPence, d.proposedPence, d.differencePence]),
    ).toEqual([[148, 292, 20, -420]]);
    await setAgreement(db, partnerId, { ...correction, adjustPaidMonths: true }, adminId, NOW);
    const september = await partnerMonth(db, partnerId, "2026-09");
    expect(september.agreementPence).toBe(20);
    expect(september.adjustments.map((a) => a.amountPence)).toEqual([292, -420]);
    // 20 + 292 − 420 = −108: nothing is owed, never a negative commission.
    expect(september.totals.commissionPence).toBe(0);
    expect((await commissionSummaryRow(db, "2026-09", partnerId))?.profitSharePence).toBe(0);
    // The same agreement again reaches no difference: August now stands at 20.
    expect((await previewAgreement(db, partnerId, correction, NOW)).paidMonths).toEqual([]);
    expect(
      (
        await db
          .selectFrom("auditLog")
          .select("action")
          .where("partnerId", "=", partnerId)
          .where("action", "=", "agreement_corrected")
          .execute()
      ).length,
    ).toBe(1);
  });

  it("the month below zero pays nothing and carries −108 to October; Reset Month removes the carry, audited", async () => {
    const payment = await markCommissionPaid(db, partnerId, "2026-09", adminId, "2026-10-05", NOW);
    expect(payment.amountPence).toBe(0);
    const october = await partnerMonth(db, partnerId, "2026-10");
    expect(october.adjustments.map((a) => [a.forMonth, a.amountPence, a.reason])).toEqual([
      ["2026-09", -108, "carried"],
    ]);
    await resetCommissions(db, "2026-09", adminId, partnerId);
    expect((await partnerMonth(db, partnerId, "2026-10")).adjustments).toEqual([]);
    const removed = await db
      .selectFrom("auditLog")
      .select("before")
      .where("partnerId", "=", partnerId)
      .where("action", "=", "commission_adjustment_removed")
      .executeTakeFirst();
    const before = removed?.before;
    expect(typeof before === "string" ? JSON.parse(before) : before).toMatchObject({
      amountPence: -108,
      reason: "carried",
    });
  });

  it("Reset Month of the paid month removes the differences still waiting for it: August reopens at 20 under the agreement", async () => {
    await resetCommissions(db, "2026-08", adminId, partnerId);
    const august = await partnerMonth(db, partnerId, "2026-08");
    expect([august.payment.status, august.totals.commissionPence]).toEqual(["pending", 20]);
    const september = await partnerMonth(db, partnerId, "2026-09");
    expect([september.adjustments, september.totals.commissionPence]).toEqual([[], 20]);
    const removed = await db
      .selectFrom("auditLog")
      .select("before")
      .where("partnerId", "=", partnerId)
      .where("action", "=", "commission_adjustment_removed")
      .where("month", "=", "2026-09")
      .execute();
    expect(removed).toHaveLength(2);
  });

  it("a difference already paid in a later month is reversed in the next unpaid month when its month is reset", async () => {
    // Money paid is kept now (this test pinned "reset deletes the payment"): August's 148 stays paid through the reset, so August paid
    // again at 20 under 1p per item sends nothing and carries 20 − 148 = −128 (paid again) to September.
    const august = await markCommissionPaid(db, partnerId, "2026-08", adminId, "2026-09-05", NOW);
    expect(august.amountPence).toBe(20);
    expect(
      (
        await db
          .selectFrom("commissionTransfers")
          .select("amountPence")
          .where("partnerId", "=", partnerId)
          .where("month", "=", "2026-08")
          .orderBy("id")
          .execute()
      ).map((t) => t.amountPence),
    ).toEqual([148, 0]);
    // 2p per item from August: August's 40 − 20 = +20 goes to September: 40 + 20 − 128 = −68, so September pays 0 and carries −68.
    await setAgreement(
      db,
      partnerId,
      {
        ...agreementInputSchema.parse({ effectiveMonth: "2026-08", basis: "per-item", amount: "0.02" }),
        adjustPaidMonths: true,
      },
      adminId,
      NOW,
    );
    expect(
      (await partnerMonth(db, partnerId, "2026-09")).adjustments.map((a) => [a.forMonth, a.amountPence, a.reason]),
    ).toEqual([
      ["2026-08", -128, "repaid"],
      ["2026-08", 20, "agreement"],
    ]);
    expect((await markCommissionPaid(db, partnerId, "2026-09", adminId, "2026-10-05", NOW)).amountPence).toBe(0);
    await resetCommissions(db, "2026-08", adminId, partnerId);
    expect((await partnerMonth(db, partnerId, "2026-08")).totals.commissionPence).toBe(40);
    // September was paid with August's −128 and +20: both reversed in October, beside September's own carried −68.
    const october = await partnerMonth(db, partnerId, "2026-10");
    expect(october.adjustments.map((a) => [a.forMonth, a.amountPence, a.reason])).toEqual([
      ["2026-08", 128, "repaid"],
      ["2026-08", -20, "agreement"],
      ["2026-09", -68, "carried"],
    ]);
  });
});

describe("a carried rest already used by a later paid month", () => {
  it("stays in that month when its own month is reset, and is reversed in the next unpaid month", async () => {
    const partner = await makePartner(db, { commissionBp: 1_000 });
    const machine = await makeMachine(db, partner.id);
    // Each month: revenue £30.00, COGS £0.00 → fee 90 (89.7), net 2910, 10% → 291 pence.
    for (const month of ["2026-01", "2026-02", "2026-03"])
      await makeRecord(db, machine.id, month, { totalSales: 3, revenuePence: 3_000, cogsPence: 0 });
    // A difference of −791 for December lands on January: 291 − 791 = −500.
    await db
      .insertInto("commissionAdjustments")
      .values({
        partnerId: partner.id,
        month: "2026-01",
        forMonth: "2025-12",
        amountPence: -791,
        reason: "agreement",
        createdBy: adminId,
      })
      .execute();
    expect((await markCommissionPaid(db, partner.id, "2026-01", adminId, "2026-02-03", NOW)).amountPence).toBe(0);
    // February: 291 − 500 = −209, paid at 0, −209 carried to March.
    expect((await markCommissionPaid(db, partner.id, "2026-02", adminId, "2026-03-03", NOW)).amountPence).toBe(0);
    expect((await partnerMonth(db, partner.id, "2026-03")).adjustments.map((a) => a.amountPence)).toEqual([-209]);
    await resetCommissions(db, "2026-01", adminId, partner.id);
    // February was paid with January's −500: it stays there, and March gets +500 back.
    const february = await partnerMonth(db, partner.id, "2026-02");
    expect([
      february.payment.status,
      february.payment.amountPence,
      february.adjustments.map((a) => a.amountPence),
    ]).toEqual(["completed", 0, [-500]]);
    const march = await partnerMonth(db, partner.id, "2026-03");
    expect(march.adjustments.map((a) => [a.forMonth, a.amountPence, a.reason])).toEqual([
      ["2026-01", 500, "carried"],
      ["2026-02", -209, "carried"],
    ]);
    expect(march.totals.commissionPence).toBe(291 + 500 - 209);
  });
});
