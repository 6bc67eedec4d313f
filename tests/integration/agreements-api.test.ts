/**
 * Commission agreements over the API: GET/POST /api/partners/{id}/agreements and
 * POST …/agreements/preview with every guard (401, 403, 400 with the schema's message, 404, 409),
 * the happy paths in pounds, the spec's inline commission edit (PATCH commissionPercentage) beside
 * written agreements, and an effective-dated change across a paid and an unpaid month: the paid
 * month keeps what it paid, the open month follows at once, the difference is an adjustment only
 * once the admin confirms it. The figures are computed here from the formulas (card fee 2.99%
 * half-up per record; each line half-up), independently of domain/. The months with data are well
 * in the past (2025), or last month and this month where the routes' own clock decides.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as agreementsAction, loader as agreementsLoader } from "#app/routes/api.partners.$id.agreements.ts";
import { action as previewAction, loader as previewLoader } from "#app/routes/api.partners.$id.agreements.preview.ts";
import { action as partnerAction } from "#app/routes/api.partners.$id.ts";
import { loader as summaryLoader } from "#app/routes/api.partners.commissions.ts";
import { action as paymentAction } from "#app/routes/api.partners.$id.commission-payment.ts";
import { loader as auditLoader } from "#app/routes/api.audit.ts";
import { db } from "#app/utils/db.server.ts";
import { FIRST_MONTH } from "#domain/shared/commission-rules.ts";
import type { CommissionSummaryRow } from "#domain/commissions/commission-summary.ts";
import { currentMonth, previousMonth } from "#domain/shared/dates.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

const PREV = previousMonth();
const CUR = currentMonth();

let adminId: number;
let adminCookie: string;
let owner: { id: number; username: string };
let ownerCookie: string;
let strangerCookie: string;
let nonProfit: { id: number };
let feePaying: { id: number };

/* Independent arithmetic: half-up division, the card fee per record, a flat share of net profit per record. */
const halfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));
const cardFee = (revenuePence: number) => halfUp(revenuePence * 299, 10_000);
const netOf = (r: { revenuePence: number; cogsPence: number }) =>
  r.revenuePence - r.cogsPence - cardFee(r.revenuePence);
const flatShare = (records: { revenuePence: number; cogsPence: number }[], rateBp: number) =>
  records.reduce((s, r) => s + Math.max(0, halfUp(netOf(r) * rateBp, 10_000)), 0);
const pounds = (pence: number) => Math.round(pence) / 100;

/* The owner's two machines last month (the preview's month). */
const QUAY = { totalSales: 40, revenuePence: 10_000, cogsPence: 4_000 };
const PIER = { totalSales: 20, revenuePence: 5_000, cogsPence: 1_000 };

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  owner = await makePartner(db, { name: "Harbour Vending Co", partnerType: "profit-sharing", commissionBp: 1000 });
  ownerCookie = await loginCookie(owner.username);
  await makeRecord(db, (await makeMachine(db, owner.id, "Quay Kiosk")).id, PREV, QUAY);
  await makeRecord(db, (await makeMachine(db, owner.id, "Pier Lobby")).id, PREV, PIER);
  const other = await makePartner(db, { name: "Someone Else" });
  strangerCookie = await loginCookie(other.username);
  nonProfit = await makePartner(db, { name: "Community Hall", partnerType: "non-profit-sharing" });
  feePaying = await makePartner(db, {
    name: "Fee Payers Ltd",
    partnerType: "fee-paying",
    monthlyFeePence: 4_999,
    paymentPeriod: "monthly",
  });
});

/* ---------- helpers ---------- */

const agreements = (id: number | string, cookie: string | null = adminCookie) =>
  call(agreementsLoader, `/api/partners/${id}/agreements`, { cookie, params: { id: String(id) } });
const setAgreement = (id: number | string, json: unknown, cookie: string | null = adminCookie) =>
  call(agreementsAction, `/api/partners/${id}/agreements`, { json, cookie, params: { id: String(id) } });
const preview = (id: number | string, json: unknown, cookie: string | null = adminCookie) =>
  call(previewAction, `/api/partners/${id}/agreements/preview`, { json, cookie, params: { id: String(id) } });
const patchPartner = (id: number, json: unknown) =>
  call(partnerAction, `/api/partners/${id}`, {
    method: "PATCH",
    json,
    cookie: adminCookie,
    params: { id: String(id) },
  });
const pay = (id: number, month: string, paidDate: string) =>
  call(paymentAction, `/api/partners/${id}/commission-payment`, {
    json: { status: "completed", month, paidDate },
    cookie: adminCookie,
    params: { id: String(id) },
  });

async function summaryRow(partnerId: number, month: string) {
  const response = await call(summaryLoader, `/api/partners/commissions?month=${month}`, { cookie: adminCookie });
  expect(response.status).toBe(200);
  const row = ((await response.json()) as CommissionSummaryRow[]).find((r) => r.partnerId === partnerId);
  if (!row) throw new Error(`no summary row for partner ${partnerId} in ${month}`);
  return row;
}

async function expectError(response: Response, status: number, message?: string | RegExp) {
  expect(response.status).toBe(status);
  const body = await response.json();
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message !== undefined) expect(body.message).toBe(message);
  else expect(typeof body.message).toBe("string");
}

const PER_ITEM = { effectiveMonth: PREV, basis: "per-item", amount: 0.05, minimum: 5 };

/* ---------- guards ---------- */

describe("guards on the agreement routes", () => {
  it("GET …/agreements: 401 anonymous, 403 another partner, the partner's own and an admin's allowed, 404 unknown", async () => {
    await expectError(await agreements(owner.id, null), 401, "Not authenticated");
    await expectError(await agreements(owner.id, strangerCookie), 403, "Forbidden");
    expect((await agreements(owner.id, ownerCookie)).status).toBe(200);
    expect((await agreements(owner.id)).status).toBe(200);
    await expectError(await agreements(999_999), 404, "Partner not found");
    await expectError(await agreements(adminId), 404, "Partner not found");
    await expectError(await agreements("abc"), 404, "Partner not found");
  });

  it("POST …/agreements: 401, 403 for a partner (even their own), 404 unknown, 409 for the types without commission", async () => {
    await expectError(await setAgreement(owner.id, PER_ITEM, null), 401, "Not authenticated");
    await expectError(await setAgreement(owner.id, PER_ITEM, ownerCookie), 403, "Forbidden");
    await expectError(await setAgreement(owner.id, PER_ITEM, strangerCookie), 403, "Forbidden");
    await expectError(await setAgreement(999_999, PER_ITEM), 404, "Partner not found");
    await expectError(await setAgreement("abc", PER_ITEM), 404, "Partner not found");
    await expectError(
      await setAgreement(nonProfit.id, PER_ITEM),
      409,
      "Commission is not applicable for this partner type",
    );
    await expectError(
      await setAgreement(feePaying.id, PER_ITEM),
      409,
      "Commission is not applicable for this partner type",
    );
  });

  it("POST …/agreements/preview: 401, 403 for a partner, 404 unknown, 409 without commission, 405 for GET", async () => {
    await expectError(await preview(owner.id, PER_ITEM, null), 401, "Not authenticated");
    await expectError(await preview(owner.id, PER_ITEM, ownerCookie), 403, "Forbidden");
    await expectError(await preview(owner.id, PER_ITEM, strangerCookie), 403, "Forbidden");
    await expectError(await preview(999_999, PER_ITEM), 404, "Partner not found");
    await expectError(await preview(nonProfit.id, PER_ITEM), 409, "Commission is not applicable for this partner type");
    await expectError(
      await call(previewLoader, `/api/partners/${owner.id}/agreements/preview`, {
        cookie: adminCookie,
        params: { id: String(owner.id) },
      }),
      405,
      "Method not allowed",
    );
  });

  const BAD: [string, unknown, string][] = [
    [
      "a rate of 1.5",
      { effectiveMonth: "2025-01", basis: "net-profit", rate: 1.5 },
      "The agreement's rate must be a fraction between 0 and 1 (0.10 is 10%)",
    ],
    ["no effective month", { basis: "net-profit", rate: "0.10" }, "Effective month must be YYYY-MM"],
    [
      "a month that is not one",
      { effectiveMonth: "2025-13", basis: "net-profit", rate: "0.10" },
      "Effective month must be YYYY-MM",
    ],
    [
      "an unknown basis",
      { effectiveMonth: "2025-01", basis: "cash-collected", rate: "0.10" },
      "Basis must be one of net-profit, gross-sales, gross-profit, per-item, per-machine",
    ],
    [
      "a count basis without an amount",
      { effectiveMonth: "2025-01", basis: "per-item", rate: "0.10" },
      "The agreement needs an amount (pounds each)",
    ],
    [
      "tiers out of order",
      {
        effectiveMonth: "2025-01",
        basis: "gross-sales",
        tiers: [{ upTo: 300, rate: "0.10" }, { upTo: 100, rate: "0.20" }, { rate: "0.30" }],
      },
      "Tier 2's upper limit must be above the tier before it",
    ],
    [
      "a last tier with a limit",
      {
        effectiveMonth: "2025-01",
        basis: "gross-sales",
        tiers: [
          { upTo: 100, rate: "0.10" },
          { upTo: 200, rate: "0.20" },
        ],
      },
      "The last tier has no upper limit",
    ],
    [
      "a minimum above the cap",
      { effectiveMonth: "2025-01", basis: "per-item", amount: 0.05, minimum: 50, cap: 10 },
      "The minimum must not be above the cap",
    ],
    [
      "a cap in fractions of a penny",
      { effectiveMonth: "2025-01", basis: "per-item", amount: 0.05, cap: 10.001 },
      "The cap must be in whole pence",
    ],
    [
      "a per-machine agreement with a product rule",
      {
        effectiveMonth: "2025-01",
        basis: "per-machine",
        amount: 25,
        products: [{ match: "Coca*", basis: "per-item", amount: 0.1 }],
      },
      "A per-machine agreement has no product rules",
    ],
    [
      "a product rule without a name",
      {
        effectiveMonth: "2025-01",
        basis: "net-profit",
        rate: "0.10",
        products: [{ match: " ", basis: "gross-sales", rate: "0.2" }],
      },
      "Product rule 1 needs a product name or pattern",
    ],
    [
      "adjustPaidMonths that is not a yes or no",
      { effectiveMonth: "2025-01", basis: "net-profit", rate: "0.10", adjustPaidMonths: "yes" },
      "adjustPaidMonths must be true or false",
    ],
  ];

  it.each(BAD)("400 for %s, on both POST routes, and nothing written", async (_name, body, message) => {
    await expectError(await setAgreement(owner.id, body), 400, message);
    await expectError(await preview(owner.id, body), 400, message);
    const written = await db
      .selectFrom("commissionRates")
      .select("id")
      .where("partnerId", "=", owner.id)
      .where("terms", "is not", null)
      .execute();
    expect(written).toEqual([]);
  });

  it("400 for a body that is not JSON", async () => {
    const response = await agreementsAction({
      request: new Request(`http://localhost:3000/api/partners/${owner.id}/agreements`, {
        method: "POST",
        headers: { cookie: adminCookie, "content-type": "application/json" },
        body: "{",
      }),
      params: { id: String(owner.id) },
      context: {},
    });
    await expectError(response, 400, "Request body is not valid JSON");
  });
});

/* ---------- happy paths ---------- */

describe("reading, previewing and writing an agreement", () => {
  it("GET: a seed partner's agreement is its type's, in fractions, with the history", async () => {
    const response = await agreements(owner.id, ownerCookie);
    expect(response.status).toBe(200);
    const body = await response.json();
    const seed = {
      effectiveMonth: FIRST_MONTH,
      kind: "seed",
      terms: { basis: "net-profit", rate: "0.1000", amount: null, tiers: [], minimum: null, cap: null, products: [] },
      description: ["10% of net profit"],
      createdBy: null,
    };
    expect(body).toMatchObject({
      partnerId: owner.id,
      partnerType: "profit-sharing",
      applicable: true,
      current: seed,
      history: [seed],
    });
  });

  it("GET: a type without commission says so", async () => {
    const body = await (await agreements(nonProfit.id)).json();
    expect(body).toMatchObject({
      partnerType: "non-profit-sharing",
      applicable: false,
      current: { terms: null, description: ["No commission"] },
    });
  });

  it("preview: last month under the terms in force and under the proposed ones, line by line in pounds; nothing saved", async () => {
    const response = await preview(owner.id, PER_ITEM);
    expect(response.status).toBe(200);
    const body = await response.json();
    const quayNet = netOf(QUAY);
    const pierNet = netOf(PIER);
    const quayShare = halfUp(quayNet * 1000, 10_000);
    const pierShare = halfUp(pierNet * 1000, 10_000);
    expect(body).toEqual({
      month: PREV,
      current: {
        commission: pounds(quayShare + pierShare),
        description: ["10% of net profit"],
        lines: [
          {
            kind: "machine",
            machine: "Pier Lobby",
            basis: "net-profit",
            quantity: pounds(pierNet),
            rate: "0.1000",
            commission: pounds(pierShare),
            text: `Pier Lobby: Net profit: £${(pierNet / 100).toFixed(2)} × 10% = £${(pierShare / 100).toFixed(2)}`,
          },
          {
            kind: "machine",
            machine: "Quay Kiosk",
            basis: "net-profit",
            quantity: pounds(quayNet),
            rate: "0.1000",
            commission: pounds(quayShare),
            text: `Quay Kiosk: Net profit: £${(quayNet / 100).toFixed(2)} × 10% = £${(quayShare / 100).toFixed(2)}`,
          },
        ],
      },
      proposed: {
        // 20 × 5p + 40 × 5p = £3.00, raised to the £5.00 minimum.
        commission: 5,
        description: ["£0.05 per item sold", "Minimum £5.00 a month"],
        lines: [
          {
            kind: "machine",
            machine: "Pier Lobby",
            basis: "per-item",
            quantity: 20,
            rate: 0.05,
            commission: 1,
            text: "Pier Lobby: Per item sold: 20 items × £0.05 = £1.00",
          },
          {
            kind: "machine",
            machine: "Quay Kiosk",
            basis: "per-item",
            quantity: 40,
            rate: 0.05,
            commission: 2,
            text: "Quay Kiosk: Per item sold: 40 items × £0.05 = £2.00",
          },
          {
            kind: "minimum",
            machine: null,
            basis: "per-item",
            quantity: 0,
            rate: 0,
            commission: 2,
            text: "Minimum for the month: + £2.00",
          },
        ],
      },
      paidMonths: [],
    });
    expect(
      await db.selectFrom("commissionRates").select("id").where("partnerId", "=", owner.id).execute(),
    ).toHaveLength(1);
  });

  it("POST: 201 with the version written; the open month follows at once; GET shows it to the partner; audited", async () => {
    const before = await summaryRow(owner.id, PREV);
    expect(before).toMatchObject({
      profitShare: pounds(flatShare([QUAY, PIER], 1000)),
      commissionPercentage: "0.1000",
    });
    const response = await setAgreement(owner.id, PER_ITEM);
    expect(response.status).toBe(201);
    const written = {
      effectiveMonth: PREV,
      kind: "written",
      terms: { basis: "per-item", rate: null, amount: 0.05, tiers: [], minimum: 5, cap: null, products: [] },
      description: ["£0.05 per item sold", "Minimum £5.00 a month"],
      createdBy: "Ada Admin",
    };
    expect(await response.json()).toMatchObject({ agreement: written, adjustments: [] });
    expect(await summaryRow(owner.id, PREV)).toMatchObject({
      profitShare: 5,
      paymentStatus: "pending",
      commissionPercentage: "0.0000",
    });
    const body = await (await agreements(owner.id, ownerCookie)).json();
    expect(body.current).toMatchObject(written);
    expect(body.history.map((v: { effectiveMonth: string }) => v.effectiveMonth)).toEqual([PREV, FIRST_MONTH]);
    const audit = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("entity", "=", "commission_agreement")
      .where("partnerId", "=", owner.id)
      .execute();
    expect(audit).toMatchObject([{ actorId: adminId, action: "agreement_set", month: PREV }]);
  });

  it("POST again for the same month corrects it (one version, audited as a correction)", async () => {
    const response = await setAgreement(owner.id, { ...PER_ITEM, amount: "0.10", minimum: null });
    expect(response.status).toBe(201);
    // 60 items × 10p.
    expect(await summaryRow(owner.id, PREV)).toMatchObject({ profitShare: 6 });
    const versions = await db
      .selectFrom("commissionRates")
      .select("effectiveMonth")
      .where("partnerId", "=", owner.id)
      .execute();
    expect(versions).toHaveLength(2);
    const audit = await db
      .selectFrom("auditLog")
      .select("action")
      .where("entity", "=", "commission_agreement")
      .where("partnerId", "=", owner.id)
      .orderBy("id")
      .execute();
    expect(audit.map((a) => a.action)).toEqual(["agreement_set", "agreement_corrected"]);
  });

  it("tiers on a count basis, and an ISO date for the month", async () => {
    const response = await setAgreement(owner.id, {
      effectiveMonth: `${PREV}-15`,
      basis: "per-item",
      tiers: [{ upTo: 30, amount: 0.05 }, { amount: 0.1 }],
    });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.agreement).toMatchObject({
      effectiveMonth: PREV,
      terms: {
        tiers: [
          { upTo: 30, rate: null, amount: 0.05 },
          { upTo: null, rate: null, amount: 0.1 },
        ],
      },
    });
    // 60 items: 30 × 5p + 30 × 10p.
    expect(await summaryRow(owner.id, PREV)).toMatchObject({ profitShare: 4.5 });
  });
});

/* ---------- the spec's inline commission edit ---------- */

describe("PATCH commissionPercentage beside agreements", () => {
  const BIG = { totalSales: 10, revenuePence: 100_000, cogsPence: 40_000 };

  it("a seed partner: works as before (a new version from this month)", async () => {
    const partner = await makePartner(db, { name: "Seed Sellers", commissionBp: 1000 });
    await makeRecord(db, (await makeMachine(db, partner.id, "Seed Spot")).id, CUR, BIG);
    const patched = await patchPartner(partner.id, { commissionPercentage: "0.1500" });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ commissionPercentage: "0.1500" });
    const body = await (await agreements(partner.id)).json();
    expect(body.current).toMatchObject({ effectiveMonth: CUR, kind: "seed", description: ["15% of net profit"] });
    expect(await summaryRow(partner.id, CUR)).toMatchObject({
      profitShare: pounds(flatShare([BIG], 1500)),
      commissionPercentage: "0.1500",
    });
  });

  it("a written flat share: works, and the new rate is a new version from this month; earlier months keep theirs", async () => {
    const partner = await makePartner(db, { name: "Flat Written", commissionBp: 1000 });
    const machine = await makeMachine(db, partner.id, "Flat Spot");
    await makeRecord(db, machine.id, CUR, BIG);
    await makeRecord(db, machine.id, "2025-07", BIG);
    expect(
      (await setAgreement(partner.id, { effectiveMonth: "2025-06", basis: "net-profit", rate: "0.12" })).status,
    ).toBe(201);
    const patched = await patchPartner(partner.id, { commissionPercentage: "0.1500" });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ commissionPercentage: "0.1500" });
    const body = await (await agreements(partner.id)).json();
    expect(body.current).toMatchObject({
      effectiveMonth: CUR,
      terms: { basis: "net-profit", rate: "0.1500" },
      description: ["15% of net profit"],
    });
    expect(body.history.map((v: { effectiveMonth: string }) => v.effectiveMonth)).toEqual([
      CUR,
      "2025-06",
      FIRST_MONTH,
    ]);
    expect(await summaryRow(partner.id, CUR)).toMatchObject({
      profitShare: pounds(flatShare([BIG], 1500)),
      commissionPercentage: "0.1500",
    });
    expect(await summaryRow(partner.id, "2025-07")).toMatchObject({
      profitShare: pounds(flatShare([BIG], 1200)),
      commissionPercentage: "0.1200",
    });
  });

  it("a tiered partner on a written flat share: the new rate stays a flat share (not the type's tiers)", async () => {
    const partner = await makePartner(db, { name: "Tiered But Flat", partnerType: "tiered-profit-sharing" });
    await makeRecord(db, (await makeMachine(db, partner.id, "Tier Spot")).id, CUR, BIG);
    expect(
      (await setAgreement(partner.id, { effectiveMonth: "2025-06", basis: "net-profit", rate: "0.12" })).status,
    ).toBe(201);
    expect(await summaryRow(partner.id, CUR)).toMatchObject({ profitShare: pounds(flatShare([BIG], 1200)) });
    expect((await patchPartner(partner.id, { commissionPercentage: "0.1500" })).status).toBe(200);
    // £570.10 net: a 15% flat share is £85.52 (the 15/20/30% tiers would give £133.53).
    expect(await summaryRow(partner.id, CUR)).toMatchObject({
      profitShare: pounds(flatShare([BIG], 1500)),
      commissionPercentage: "0.1500",
    });
    expect((await (await agreements(partner.id)).json()).current).toMatchObject({
      effectiveMonth: CUR,
      kind: "written",
      description: ["15% of net profit"],
    });
  });

  it("a per-item agreement: 409 naming the Commission Agreement card, and nothing changes", async () => {
    const partner = await makePartner(db, { name: "Per Item Partner", commissionBp: 1000 });
    expect(
      (await setAgreement(partner.id, { effectiveMonth: "2025-06", basis: "per-item", amount: 0.05 })).status,
    ).toBe(201);
    await expectError(await patchPartner(partner.id, { commissionPercentage: "0.2000" }), 409, /Commission Agreement/);
    const versions = await db
      .selectFrom("commissionRates")
      .select(["effectiveMonth", "rateBp"])
      .where("partnerId", "=", partner.id)
      .orderBy("effectiveMonth")
      .execute();
    expect(versions).toEqual([
      { effectiveMonth: FIRST_MONTH, rateBp: 1000 },
      { effectiveMonth: "2025-06", rateBp: 0 },
    ]);
    // Other fields still change (the same rate, as the partner page sends it, is no change).
    const renamed = await patchPartner(partner.id, { name: "Per Item Partners", commissionPercentage: "0.0000" });
    expect(renamed.status).toBe(200);
    expect(await renamed.json()).toMatchObject({ name: "Per Item Partners", commissionPercentage: "0.0000" });
  });
});

/* ---------- an effective-dated change across a paid and an unpaid month ---------- */

describe("an agreement from a past month: paid months keep what they paid, open months follow", () => {
  const JAN = { totalSales: 100, revenuePence: 20_000, cogsPence: 8_000 };
  const FEB = { totalSales: 50, revenuePence: 10_000, cogsPence: 3_000 };
  const janPaid = flatShare([JAN], 1000); // 10% of £114.02 = £11.40
  const febGross = halfUp(FEB.revenuePence * 500, 10_000); // 5% of £100.00 = £5.00
  const janPerItem = JAN.totalSales * 15; // 100 × 15p = £15.00
  let partner: { id: number };

  beforeAll(async () => {
    partner = await makePartner(db, { name: "Dated Docks", commissionBp: 1000 });
    const machine = await makeMachine(db, partner.id, "Dock Machine");
    await makeRecord(db, machine.id, "2025-01", JAN);
    await makeRecord(db, machine.id, "2025-02", FEB);
    const paid = await pay(partner.id, "2025-01", "2025-02-10");
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ amount: pounds(janPaid) });
  });

  it("from the unpaid month: the open month follows at once, the paid month keeps its amount and rate", async () => {
    const response = await setAgreement(partner.id, { effectiveMonth: "2025-02", basis: "gross-sales", rate: "0.05" });
    expect(response.status).toBe(201);
    expect((await response.json()).adjustments).toEqual([]);
    expect(await summaryRow(partner.id, "2025-02")).toMatchObject({
      profitShare: pounds(febGross),
      paymentStatus: "pending",
      commissionPercentage: "0.0500",
    });
    expect(await summaryRow(partner.id, "2025-01")).toMatchObject({
      profitShare: pounds(janPaid),
      paymentStatus: "completed",
      paidDate: "2025-02-10",
      commissionPercentage: "0.1000",
    });
  });

  it("reaching back into the paid month: the preview shows the difference; POST without adjustPaidMonths is 409 naming it, and writes nothing", async () => {
    const body = { effectiveMonth: "2025-01", basis: "per-item", amount: 0.15 };
    const shown = await (await preview(partner.id, body)).json();
    const difference = {
      month: "2025-01",
      paid: pounds(janPaid),
      previous: pounds(janPaid),
      proposed: pounds(janPerItem),
      adjusted: 0,
      difference: pounds(janPerItem - janPaid),
      targetMonth: "2025-02",
    };
    expect(shown.paidMonths).toEqual([difference]);
    await expectError(await setAgreement(partner.id, body), 409, /January 2025 \+£3\.60 to February 2025/);
    await expectError(await setAgreement(partner.id, { ...body, adjustPaidMonths: false }), 409, /January 2025/);
    expect(
      await db.selectFrom("commissionRates").select("id").where("partnerId", "=", partner.id).execute(),
    ).toHaveLength(2);
    expect(
      await db.selectFrom("commissionAdjustments").select("id").where("partnerId", "=", partner.id).execute(),
    ).toEqual([]);
    expect(await summaryRow(partner.id, "2025-02")).toMatchObject({ profitShare: pounds(febGross) });
  });

  it("with adjustPaidMonths: the difference is added to the next open month's profitShare; the paid month still shows what it paid", async () => {
    const response = await setAgreement(partner.id, {
      effectiveMonth: "2025-01",
      basis: "per-item",
      amount: 0.15,
      adjustPaidMonths: true,
    });
    expect(response.status).toBe(201);
    expect((await response.json()).adjustments).toEqual([
      {
        month: "2025-01",
        paid: pounds(janPaid),
        previous: pounds(janPaid),
        proposed: pounds(janPerItem),
        adjusted: 0,
        difference: pounds(janPerItem - janPaid),
        targetMonth: "2025-02",
      },
    ]);
    // February: its own 5% of gross sales (the version from February still governs it) plus January's +£3.60.
    expect(await summaryRow(partner.id, "2025-02")).toMatchObject({
      profitShare: pounds(febGross + janPerItem - janPaid),
      paymentStatus: "pending",
    });
    expect(await summaryRow(partner.id, "2025-01")).toMatchObject({
      profitShare: pounds(janPaid),
      paymentStatus: "completed",
      commissionPercentage: "0.1000",
    });
    const trail = await call(auditLoader, `/api/audit?partnerId=${partner.id}`, { cookie: adminCookie });
    const descriptions = (await trail.json()).entries.map((e: { description: string }) => e.description);
    expect(descriptions).toEqual(
      expect.arrayContaining([
        "Set a commission agreement from January 2025: £0.15 per item sold",
        "Added an adjustment of +£3.60 for January 2025 (a new agreement)",
        "Set a commission agreement from February 2025: 5% of gross sales",
      ]),
    );
  });

  it("a second correction of the paid month is measured against what it has come to (paid plus its adjustments), not counted twice", async () => {
    // Back to the terms January was paid under: the +£3.60 already added must be taken back.
    const body = { effectiveMonth: "2025-01", basis: "net-profit", rate: "0.10" };
    const settled = janPerItem; // £11.40 paid + £3.60 added
    const difference = {
      month: "2025-01",
      paid: pounds(janPaid),
      previous: pounds(janPaid),
      proposed: pounds(janPaid),
      adjusted: pounds(settled - janPaid),
      difference: pounds(janPaid - settled),
      targetMonth: "2025-02",
    };
    expect((await (await preview(partner.id, body)).json()).paidMonths).toEqual([difference]);
    await expectError(await setAgreement(partner.id, body), 409, /January 2025 −£3\.60 to February 2025/);
    const response = await setAgreement(partner.id, { ...body, adjustPaidMonths: true });
    expect(response.status).toBe(201);
    expect((await response.json()).adjustments).toEqual([difference]);
    expect(await summaryRow(partner.id, "2025-02")).toMatchObject({ profitShare: pounds(febGross) });
    expect(await summaryRow(partner.id, "2025-01")).toMatchObject({
      profitShare: pounds(janPaid),
      paymentStatus: "completed",
    });
  });
});
