/**
 * monthTotals (the summary's, payouts' and stats' figures: one aggregate, the commission from its
 * sums where they suffice, else the records one by one) gives, pence for pence, what the engine gives
 * a partner's month (partnerMonth → commissionUnderTerms): every basis flat and in tiers, a minimum and
 * a cap, product rules, the seed's agreements, a paid month under a rate that has changed since.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/utils/db.server.ts";
import { agreementInputSchema, type AgreementInput } from "#domain/agreements/agreement-schemas.ts";
import { setAgreement } from "#domain/agreements/agreement-service.ts";
import { monthSums } from "#domain/commissions/month-sums.ts";
import { monthTotals } from "#domain/commissions/month-totals.ts";
import { markCommissionPaid } from "#domain/commissions/commission-payment-service.ts";
import { partnerMonth } from "#domain/commissions/commission-service.ts";
import { updatePartner } from "#domain/partners/partner-service.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";

const MONTH = "2026-04";
const NOW = new Date("2026-06-10T12:00:00Z");
const agreements: (Omit<AgreementInput, "effectiveMonth"> | null)[] = [
  null,
  { basis: "net-profit", rate: "0.125" },
  { basis: "gross-sales", rate: "0.05" },
  { basis: "gross-profit", rate: "0.0777" },
  { basis: "per-item", amount: "0.07" },
  { basis: "per-machine", amount: 12.5 },
  {
    basis: "net-profit",
    tiers: [
      { upTo: 50, rate: "0.1" },
      { upTo: null, rate: "0.25" },
    ],
  },
  {
    basis: "gross-sales",
    tiers: [
      { upTo: 100, rate: "0.03" },
      { upTo: 200, rate: "0.05" },
      { upTo: null, rate: "0.08" },
    ],
  },
  {
    basis: "gross-profit",
    tiers: [
      { upTo: 40, rate: "0.1" },
      { upTo: null, rate: "0.2" },
    ],
  },
  {
    basis: "per-item",
    tiers: [
      { upTo: 20, amount: 0.05 },
      { upTo: null, amount: 0.02 },
    ],
  },
  {
    basis: "per-machine",
    tiers: [
      { upTo: 1, amount: 10 },
      { upTo: null, amount: 4 },
    ],
  },
  { basis: "net-profit", rate: "0.1", minimum: 30 },
  { basis: "gross-sales", rate: "0.2", cap: 15 },
  { basis: "per-item", amount: 0.03, products: [{ match: "Totals Cola", basis: "gross-sales", rate: "0.3" }] },
  { basis: "net-profit", rate: "0.1", products: [{ match: "totals *", basis: "net-profit", rate: "0.5" }], minimum: 1 },
];
const partners: { id: number; label: string }[] = [];

/** Three machines, each with a month's record and its sales (two products), one a loss. */
async function machinesWithSales(partnerId: number, seed: number) {
  const product = async (name: string) =>
    (await db.selectFrom("products").select("id").where("name", "=", name).executeTakeFirst())?.id ??
    (
      await db
        .insertInto("products")
        .values({ name, currentPricePence: 0, currentCostPence: 0 })
        .returning("id")
        .executeTakeFirstOrThrow()
    ).id;
  const cola = await product("Totals Cola");
  const bar = await product("Totals Bar");
  for (let i = 0; i < 3; i++) {
    const machine = await makeMachine(db, partnerId);
    const sales = [
      ...Array.from({ length: 5 + ((seed + i) % 7) }, () => ({
        productId: cola,
        price: 135 + i * 10,
        cost: i === 2 ? 400 : 55,
      })),
      ...Array.from({ length: 3 + ((seed * 3 + i) % 5) }, () => ({
        productId: bar,
        price: 99 + seed,
        cost: i === 2 ? 300 : 41,
      })),
    ];
    const revenue = sales.reduce((s, x) => s + x.price, 0);
    const cogs = sales.reduce((s, x) => s + x.cost, 0);
    const record = await makeRecord(db, machine.id, MONTH, {
      totalSales: sales.length,
      revenuePence: revenue,
      cogsPence: cogs,
    });
    await db
      .insertInto("sales")
      .values(
        sales.map((x, n) => ({
          machineId: machine.id,
          recordId: record.id,
          productId: x.productId,
          saleDate: `${MONTH}-05`,
          pricePence: x.price,
          costPence: x.cost,
          settlementPence: x.price,
          transactionId: `tot-${partnerId}-${i}-${n}`,
          kind: "sale" as const,
        })),
      )
      .execute();
  }
}

beforeAll(async () => {
  const admin = await makeAdmin(db);
  for (const [index, input] of agreements.entries()) {
    const partner = await makePartner(db, { commissionBp: 1_000 + index * 10 });
    await machinesWithSales(partner.id, index);
    if (input)
      await setAgreement(
        db,
        partner.id,
        agreementInputSchema.parse({ effectiveMonth: "2026-01", ...input }),
        admin.id,
        NOW,
      );
    partners.push({ id: partner.id, label: input ? JSON.stringify(input) : "the seed's flat share" });
  }
  const tiered = await makePartner(db, { partnerType: "tiered-profit-sharing" });
  await machinesWithSales(tiered.id, 20);
  partners.push({ id: tiered.id, label: "the seed's tiers" });
  const none = await makePartner(db, { partnerType: "non-profit-sharing", commissionBp: 0 });
  await machinesWithSales(none.id, 21);
  partners.push({ id: none.id, label: "non-profit-sharing" });
  // Paid at 10%, then the rate changed from this month (so the version in force differs from the snapshot's rate).
  const paid = await makePartner(db, { commissionBp: 1_000 });
  await machinesWithSales(paid.id, 22);
  await markCommissionPaid(db, paid.id, MONTH, admin.id, "2026-05-03", NOW);
  await db
    .insertInto("commissionRates")
    .values({ partnerId: paid.id, rateBp: 1_700, effectiveMonth: "2026-02" })
    .execute();
  partners.push({ id: paid.id, label: "paid, then the rate changed" });
  // Written flat share changed back through the spec's inline edit (a seed row from this month).
  await updatePartner(
    db,
    partners[1].id,
    { commissionPercentage: 1_300 } as Parameters<typeof updatePartner>[2],
    admin.id,
    NOW,
  );
});

describe("monthTotals = the engine's month, pence for pence", () => {
  it("for every kind of agreement", async () => {
    const totals = new Map(
      (
        await monthTotals(
          db,
          MONTH,
          partners.map((p) => p.id),
        )
      ).map((t) => [t.partnerId, t]),
    );
    for (const partner of partners) {
      const month = await partnerMonth(db, partner.id, MONTH);
      expect(totals.get(partner.id)?.commissionPence, partner.label).toBe(month.agreementPence);
      expect(totals.get(partner.id)?.netProfitPence, partner.label).toBe(month.totals.netProfitPence);
    }
    // The figures are not all zero: the comparison means something.
    expect(new Set(partners.map((p) => totals.get(p.id)?.commissionPence)).size).toBeGreaterThan(10);
  });

  it("every partner's at once gives the same as the listed ones'", async () => {
    const listed = await monthTotals(
      db,
      MONTH,
      partners.map((p) => p.id),
    );
    const all = new Map((await monthTotals(db, MONTH)).map((t) => [t.partnerId, t.commissionPence]));
    for (const t of listed) expect(all.get(t.partnerId)).toBe(t.commissionPence);
  });

  it("monthSums (payables, the stats) = monthTotals summed, for the month and a month with a paid partner", async () => {
    for (const month of [MONTH, "2026-05"]) {
      const all = await monthTotals(db, month);
      const earning = all.filter(
        (t) => t.partnerType === "profit-sharing" || t.partnerType === "tiered-profit-sharing",
      );
      const unpaid = earning.filter((t) => t.paymentStatus !== "completed");
      const complete = (t: (typeof all)[number]) => t.activeMachines > 0 && t.submittedReports === t.activeMachines;
      expect(await monthSums(db, month)).toEqual({
        partners: all.length,
        applicable: earning.length,
        complete: earning.filter(complete).length,
        paid: earning.length - unpaid.length,
        paidPence: earning
          .filter((t) => t.paymentStatus === "completed")
          .reduce((s, t) => s + (t.paidAmountPence ?? 0), 0),
        duePence: unpaid.reduce((s, t) => s + t.duePence, 0),
        readyPence: unpaid.filter(complete).reduce((s, t) => s + t.duePence, 0),
        ready: unpaid.filter(complete).length,
        commissionPence: earning.reduce(
          (s, t) => s + (t.paymentStatus === "completed" ? (t.paidAmountPence ?? 0) : t.commissionPence),
          0,
        ),
      });
      // Without the machines (the stats): the same commission from the month's records alone.
      expect((await monthSums(db, month, { machines: false })).commissionPence).toBe(
        (await monthSums(db, month)).commissionPence,
      );
    }
  });
});
