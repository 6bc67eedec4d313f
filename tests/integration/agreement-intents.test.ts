/**
 * The partner page's Commission Agreement card posts to /partners/{id}'s own action (agreementIntents):
 * agreement-preview answers last month under the current and the new terms and the paid months the
 * change reaches; agreement-save writes the agreement and redirects back with a toast, refusing (409)
 * a change that reaches a paid month until adjustPaidMonths is sent. The form's percents become the
 * API's fractions; the API's schema checks the rest. The loader gives the card and the Commission
 * Due card's working.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/partners.$partnerId.tsx";
import { db } from "#app/utils/db.server.ts";
import { markCommissionPaid } from "#domain/commissions/commission-payment-service.ts";
import { currentMonth, formatMonth, previousMonth } from "#domain/shared/dates.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";

const MONTH = previousMonth();
const THIS_MONTH = currentMonth();
let adminCookie: string;
let partnerCookie: string;
let partner: { id: number; username: string };

const post = (form: [string, string][], cookie: string | null = adminCookie) =>
  call(action, `/partners/${partner.id}`, {
    form: [["partnerId", String(partner.id)], ...form],
    cookie,
    origin: "http://localhost:3000",
    params: { partnerId: String(partner.id) },
  });

/** £0.05 per item sold, and Cola* at 12.5% of gross sales (the form's percent). */
const perItem = (effectiveMonth: string): [string, string][] => [
  ["effectiveMonth", effectiveMonth],
  ["basis", "per-item"],
  ["rate", "0.05"],
  ["minimum", ""],
  ["cap", ""],
  ["productMatch", "Cola*"],
  ["productBasis", "gross-sales"],
  ["productRate", "12.5"],
];

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  partner = await makePartner(db, { name: "Agreement Partner", partnerType: "profit-sharing", commissionBp: 1000 });
  partnerCookie = await loginCookie(partner.username);
  // Net profit £100 − £40 − £2.99 card fee = £57.01: 10% is £5.70; 20 items at £0.05 are £1.00.
  await makeRecord(db, (await makeMachine(db, partner.id, "Agreement Kiosk")).id, MONTH, {
    totalSales: 20,
    revenuePence: 100_00,
    cogsPence: 40_00,
  });
});

describe("POST /partners/{id} intent=agreement-preview", () => {
  it("a partner is sent home", async () => {
    const asPartner = await post([["intent", "agreement-preview"], ...perItem(THIS_MONTH)], partnerCookie);
    expect(asPartner.headers.get("location")).toBe("/");
  });

  it("answers last month under the current terms and the new ones, line by line", async () => {
    const response = await post([["intent", "agreement-preview"], ...perItem(THIS_MONTH)]);
    expect(response.status).toBe(200);
    const { intent, preview } = await response.json();
    expect(intent).toBe("agreement-preview");
    expect(preview).toMatchObject({
      month: MONTH,
      current: {
        commissionPence: 570,
        description: ["10% of net profit"],
        lines: [{ text: "Agreement Kiosk: Net profit: £57.01 × 10% = £5.70" }],
      },
      proposed: {
        commissionPence: 100,
        description: ["£0.05 per item sold", "Cola*: 12.5% of gross sales"],
        lines: [{ text: "Agreement Kiosk: Per item sold: 20 items × £0.05 = £1.00" }],
      },
      paidMonths: [],
    });
  });

  it("a percent out of range, and the schema's messages, are 400 with the failure's title", async () => {
    const percent = await post([
      ["intent", "agreement-preview"],
      ...perItem(THIS_MONTH).map(([k, v]): [string, string] => [k, k === "productRate" ? "120" : v]),
    ]);
    expect(percent.status).toBe(400);
    expect(await percent.json()).toMatchObject({
      title: "Failed to preview the agreement",
      error: "Product rule 1's rate must be a percentage between 0 and 100",
    });
    const tiers = await post([
      ["intent", "agreement-preview"],
      ["effectiveMonth", THIS_MONTH],
      ["basis", "net-profit"],
      ["tierUpTo", ""],
      ["tierRate", "15"],
      ["tierUpTo", ""],
      ["tierRate", "20"],
    ]);
    expect(tiers.status).toBe(400);
    expect((await tiers.json()).error).toBe("Tier 1 needs an upper limit (only the last tier is open)");
    const month = await post([["intent", "agreement-preview"], ...perItem("someday")]);
    expect((await month.json()).error).toBe("Effective month must be YYYY-MM");
  });
});

describe("POST /partners/{id} intent=agreement-save", () => {
  it("writes the agreement from its month, rates as basis points, and redirects back with the toast", async () => {
    const saved = await post([["intent", "agreement-save"], ...perItem(THIS_MONTH)]);
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect(await flashedToast(saved)).toMatchObject({
      title: "Agreement saved",
      description: `From ${formatMonth(THIS_MONTH)}: £0.05 per item sold; Cola*: 12.5% of gross sales.`,
    });
    const row = await db
      .selectFrom("commissionRates")
      .select(["terms"])
      .where("partnerId", "=", partner.id)
      .where("effectiveMonth", "=", THIS_MONTH)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(row.terms!)).toEqual({
      basis: "per-item",
      rate: 5,
      tiers: [],
      minimumPence: null,
      capPence: null,
      products: [{ match: "Cola*", basis: "gross-sales", rate: 1250 }],
    });
  });

  it("reaching back past a paid month: the preview names it, Save is 409 until the differences are to be added, then adds them", async () => {
    await markCommissionPaid(db, partner.id, MONTH, null);
    const preview = (await (await post([["intent", "agreement-preview"], ...perItem(MONTH)])).json()).preview;
    expect(preview.paidMonths).toEqual([
      {
        month: MONTH,
        paidPence: 570,
        previousPence: 570,
        proposedPence: 100,
        adjustedPence: 0,
        differencePence: -470,
        targetMonth: THIS_MONTH,
      },
    ]);

    const refused = await post([["intent", "agreement-save"], ...perItem(MONTH)]);
    expect(refused.status).toBe(409);
    const failure = await refused.json();
    expect(failure.title).toBe("Failed to save the agreement");
    expect(failure.error).toContain(`${formatMonth(MONTH)} −£4.70 to ${formatMonth(THIS_MONTH)}`);

    const saved = await post([["intent", "agreement-save"], ...perItem(MONTH), ["adjustPaidMonths", "yes"]]);
    expect(saved.status).toBe(302);
    expect((await flashedToast(saved))?.description).toBe(
      `From ${formatMonth(MONTH)}: £0.05 per item sold; Cola*: 12.5% of gross sales. The paid month's difference was added to ${formatMonth(THIS_MONTH)}.`,
    );
    const adjustments = () =>
      db
        .selectFrom("commissionAdjustments")
        .select(["month", "forMonth", "amountPence", "reason"])
        .where("partnerId", "=", partner.id)
        .orderBy("id")
        .execute();
    expect(await adjustments()).toEqual([
      { month: THIS_MONTH, forMonth: MONTH, amountPence: -470, reason: "agreement" },
    ]);
  });

  it("a paid month already adjusted counts what was added: the same terms again add nothing; other terms add only the rest", async () => {
    const same = (await (await post([["intent", "agreement-preview"], ...perItem(MONTH)])).json()).preview;
    expect(same.paidMonths).toEqual([]);
    expect((await post([["intent", "agreement-save"], ...perItem(MONTH)])).status).toBe(302);
    // £0.10 an item: £2.00 against £5.70 paid and −£4.70 already added: £1.00 more.
    const dearer = perItem(MONTH).map(([k, v]): [string, string] => [k, k === "rate" ? "0.10" : v]);
    const preview = (await (await post([["intent", "agreement-preview"], ...dearer])).json()).preview;
    expect(preview.paidMonths).toEqual([
      {
        month: MONTH,
        paidPence: 570,
        previousPence: 570,
        proposedPence: 200,
        adjustedPence: -470,
        differencePence: 100,
        targetMonth: THIS_MONTH,
      },
    ]);
    expect((await post([["intent", "agreement-save"], ...dearer, ["adjustPaidMonths", "yes"]])).status).toBe(302);
    const rows = await db
      .selectFrom("commissionAdjustments")
      .select(["forMonth", "amountPence"])
      .where("partnerId", "=", partner.id)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { forMonth: MONTH, amountPence: -470 },
      { forMonth: MONTH, amountPence: 100 },
    ]);
    // Back to £0.05 an item, as the first test's, for the page's checks below.
    expect((await post([["intent", "agreement-save"], ...perItem(MONTH), ["adjustPaidMonths", "yes"]])).status).toBe(
      302,
    );
  });
});

describe("GET /partners/{id}: the agreement card and the Commission Due working", () => {
  it("gives the terms in force, the history newest first, and last month's lines under the terms it was paid under", async () => {
    const response = await call(loader, `/partners/${partner.id}`, {
      cookie: adminCookie,
      params: { partnerId: String(partner.id) },
    });
    const { agreement, working, commission } = await response.json();
    expect(agreement.thisMonth).toBe(THIS_MONTH);
    expect(agreement.current).toMatchObject({
      effectiveMonth: THIS_MONTH,
      kind: "written",
      description: ["£0.05 per item sold", "Cola*: 12.5% of gross sales"],
    });
    expect(agreement.history.map((v: { effectiveMonth: string; kind: string }) => [v.effectiveMonth, v.kind])).toEqual([
      [THIS_MONTH, "written"],
      [MONTH, "written"],
      ["0000-01", "seed"],
    ]);
    expect(agreement.startTerms).toEqual(agreement.current.terms);
    expect(commission).toMatchObject({
      month: MONTH,
      commissionPence: 570,
      payment: { status: "completed", amountPence: 570 },
    });
    expect(working).toEqual({
      figures: { revenuePence: 10_000, cogsPence: 4_000, cardFeePence: 299, netProfitPence: 5_701 },
      terms: ["10% of net profit"],
      lines: ["Agreement Kiosk: Net profit: £57.01 × 10% = £5.70"],
      agreementPence: 570,
      adjustments: [],
    });
  });
});
