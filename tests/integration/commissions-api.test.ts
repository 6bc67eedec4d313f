/**
 * Commissions over the API: the summary (hand-computed pence, every partner type, an imported
 * fixture), completeness, payments with their snapshot, reset, rate history, the consolidated
 * report and record statement PDFs (text read back with poppler's pdftotext), and every guard.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as summaryLoader } from "#app/routes/api.partners.commissions.ts";
import { action as resetAction } from "#app/routes/api.partners.commissions.reset.ts";
import { loader as historyLoader } from "#app/routes/api.partners.$id.commission-history.ts";
import { loader as statusLoader } from "#app/routes/api.partners.$id.commission-payment-status.ts";
import { action as paymentAction } from "#app/routes/api.partners.$id.commission-payment.ts";
import { loader as reportLoader } from "#app/routes/api.partners.$id.consolidated-report.ts";
import { action as sendReportAction } from "#app/routes/api.partners.$id.send-report.ts";
import { loader as statementLoader } from "#app/routes/api.records.$id.statement.ts";
import { action as partnerAction, loader as partnerLoader } from "#app/routes/api.partners.$id.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR, MAIL_CONFIG } from "#app/utils/env.server.ts";
import { currentMonth, previousMonth } from "#domain/shared/dates.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { runCli } from "./cli-run.ts";
import { pdfText as pdfTextOf } from "./mail.ts";

const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures");
const expectedFixtures = JSON.parse(fs.readFileSync(path.join(FIXTURES, "expected.json"), "utf8"));

/* Months with their own data, so one scenario's figures never leak into another's. */
const M_FIGURES = "2026-05"; // summary figures and the PDFs
const M_PAY = "2026-06"; // payments and reset
const M_COMPLETE = "2026-04"; // completeness
const M_FIXTURE = "2026-09"; // fixtures/three-machines-2026-09.xlsx
const PREV = previousMonth();
const CUR = currentMonth();

let adminId: number;
let adminCookie: string;

/* Profit-sharing at 12.5% with two machines (May 2026). */
let owner: { id: number; username: string };
let ownerCookie: string;
let quayRecordId: number;
/* Another partner, for the "not your data" checks. */
let stranger: { id: number };
let strangerCookie: string;
/* Tiered, crossing both thresholds (May 2026). */
let tiered: { id: number };
/* Tiered with a negative month (May 2026). */
let tieredLoss: { id: number };
let nonProfit: { id: number };
let feePaying: { id: number };

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);

  owner = await makePartner(db, {
    name: "Harbour Vending Co",
    email: "harbour@example.com",
    partnerType: "profit-sharing",
    commissionBp: 1250,
  });
  ownerCookie = await loginCookie(owner.username);
  const quay = await makeMachine(db, owner.id, "Quay Kiosk");
  const pier = await makeMachine(db, owner.id, "Pier Lobby");
  quayRecordId = (await makeRecord(db, quay.id, M_FIGURES, { totalSales: 40, revenuePence: 10_000, cogsPence: 4_000 }))
    .id;
  await makeRecord(db, pier.id, M_FIGURES, { totalSales: 20, revenuePence: 5_000, cogsPence: 1_000 });

  const strangerUser = await makePartner(db, { name: "Someone Else", partnerType: "profit-sharing" });
  stranger = strangerUser;
  strangerCookie = await loginCookie(strangerUser.username);
  await makeRecord(db, (await makeMachine(db, stranger.id, "Stranger Spot")).id, M_COMPLETE, {
    revenuePence: 1_000,
    cogsPence: 100,
  });

  tiered = await makePartner(db, { name: "Tiered Traders", partnerType: "tiered-profit-sharing" });
  await makeRecord(db, (await makeMachine(db, tiered.id, "North Gate")).id, M_FIGURES, {
    revenuePence: 30_000,
    cogsPence: 8_000,
  });
  await makeRecord(db, (await makeMachine(db, tiered.id, "South Gate")).id, M_FIGURES, {
    revenuePence: 20_000,
    cogsPence: 9_000,
  });

  tieredLoss = await makePartner(db, { name: "Loss Leaders", partnerType: "tiered-profit-sharing" });
  await makeRecord(db, (await makeMachine(db, tieredLoss.id, "Loss East")).id, M_FIGURES, {
    revenuePence: 1_000,
    cogsPence: 5_000,
  });
  await makeRecord(db, (await makeMachine(db, tieredLoss.id, "Loss West")).id, M_FIGURES, {
    revenuePence: 3_000,
    cogsPence: 1_000,
  });

  nonProfit = await makePartner(db, { name: "Community Hall", partnerType: "non-profit-sharing" });
  await makeRecord(db, (await makeMachine(db, nonProfit.id, "Hall Foyer")).id, M_FIGURES, {
    revenuePence: 10_000,
    cogsPence: 4_000,
  });

  feePaying = await makePartner(db, {
    name: "Fee Payers Ltd",
    partnerType: "fee-paying",
    monthlyFeePence: 4_999,
    paymentPeriod: "monthly",
  });
  await makeRecord(db, (await makeMachine(db, feePaying.id, "Fee Corner")).id, M_FIGURES, {
    revenuePence: 10_000,
    cogsPence: 4_000,
  });
});

/* ---------- helpers ---------- */

type Row = {
  partnerId: number;
  partnerName: string;
  email: string | null;
  commissionPercentage: string;
  submittedReports: number;
  totalMachines: number;
  allReportsSubmitted: boolean;
  profitShare: number;
  paymentStatus: string;
  paidDate: string | null;
};

const summary = (month?: string, cookie: string | null = adminCookie) =>
  call(summaryLoader, `/api/partners/commissions${month === undefined ? "" : `?month=${encodeURIComponent(month)}`}`, {
    cookie,
  });

async function summaryRow(partnerId: number, month: string): Promise<Row> {
  const response = await summary(month);
  expect(response.status).toBe(200);
  const rows = (await response.json()) as Row[];
  const row = rows.find((r) => r.partnerId === partnerId);
  if (!row) throw new Error(`no summary row for partner ${partnerId} in ${month}`);
  return row;
}

const reset = (json: unknown, cookie: string | null = adminCookie) =>
  call(resetAction, "/api/partners/commissions/reset", { json, cookie });
const history = (id: number | string, cookie: string | null = adminCookie) =>
  call(historyLoader, `/api/partners/${id}/commission-history`, { cookie, params: { id: String(id) } });
const status = (id: number | string, month?: string, cookie: string | null = adminCookie) =>
  call(statusLoader, `/api/partners/${id}/commission-payment-status${month ? `?month=${month}` : ""}`, {
    cookie,
    params: { id: String(id) },
  });
const pay = (id: number | string, json: unknown, cookie: string | null = adminCookie) =>
  call(paymentAction, `/api/partners/${id}/commission-payment`, { json, cookie, params: { id: String(id) } });
const report = (id: number | string, month?: string, cookie: string | null = adminCookie) =>
  call(reportLoader, `/api/partners/${id}/consolidated-report${month ? `?month=${month}` : ""}`, {
    cookie,
    params: { id: String(id) },
  });
const sendReport = (id: number | string, json: unknown, cookie: string | null = adminCookie) =>
  call(sendReportAction, `/api/partners/${id}/send-report`, { json, cookie, params: { id: String(id) } });
const statement = (id: number | string, cookie: string | null = adminCookie) =>
  call(statementLoader, `/api/records/${id}/statement`, { cookie, params: { id: String(id) } });

async function expectError(response: Response, statusCode: number, message?: string | RegExp) {
  expect(response.status).toBe(statusCode);
  const body = await response.json();
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message !== undefined) expect(body.message).toBe(message);
  else expect(typeof body.message).toBe("string");
}

/** The text of a PDF answer, as poppler lays it out. */
const pdfText = async (response: Response) => pdfTextOf(Buffer.from(await response.arrayBuffer()));

/** Independent of domain/: card fee 2.99% half-up per record, then the flat share half-up per record. */
const halfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));
function flatShare(records: { revenuePence: number; cogsPence: number }[], rateBp: number): number {
  return records.reduce((sum, r) => {
    const net = r.revenuePence - r.cogsPence - halfUp(r.revenuePence * 299, 10_000);
    return sum + (net > 0 ? halfUp(net * rateBp, 10_000) : 0);
  }, 0);
}

/** Runs the CLI on the test database, capturing what it prints. */
const vendboard = (args: string[], env: Record<string, string | undefined> = {}) => runCli(args, { env });

/* ---------- guards: 401, 403, 400, 404 ---------- */

describe("guards on every commission route", () => {
  it("GET /api/partners/commissions: 401 anonymous, 403 partner, 400 bad month", async () => {
    await expectError(await summary(M_FIGURES, null), 401);
    await expectError(await summary(M_FIGURES, ownerCookie), 403);
    await expectError(await summary("2026-13"), 400, "Month must be YYYY-MM or an ISO date");
    await expectError(await summary("last month"), 400, "Month must be YYYY-MM or an ISO date");
  });

  it("POST /api/partners/commissions/reset: 401, 403, 400 without or with a bad month", async () => {
    await expectError(await reset({ month: M_PAY }, null), 401);
    await expectError(await reset({ month: M_PAY }, ownerCookie), 403);
    await expectError(await reset({}), 400, "Month is required");
    await expectError(await reset({ month: "" }), 400, "Month is required");
    await expectError(await reset({ month: "2026-13" }), 400, "Month must be YYYY-MM or an ISO date");
  });

  it("GET commission-history: 401, 403 for another partner, own data allowed, 404 missing partner", async () => {
    await expectError(await history(owner.id, null), 401);
    await expectError(await history(owner.id, strangerCookie), 403);
    expect((await history(owner.id, ownerCookie)).status).toBe(200);
    await expectError(await history(999_999), 404, "Partner not found");
    await expectError(await history(adminId), 404, "Partner not found");
    await expectError(await history("abc"), 404, "Partner not found");
  });

  it("GET commission-payment-status: 401, 403 for another partner, own allowed, 400 bad month, 404", async () => {
    await expectError(await status(owner.id, M_FIGURES, null), 401);
    await expectError(await status(owner.id, M_FIGURES, strangerCookie), 403);
    const own = await status(owner.id, M_FIGURES, ownerCookie);
    expect(own.status).toBe(200);
    expect(await own.json()).toEqual({ month: M_FIGURES, status: "pending", paidDate: null });
    await expectError(await status(owner.id, "2026-13"), 400, "Month must be YYYY-MM or an ISO date");
    await expectError(await status(999_999, M_FIGURES), 404, "Partner not found");
  });

  it("POST commission-payment: 401, 403 even for the partner themself, 400 bad input, 404", async () => {
    await expectError(await pay(owner.id, { status: "completed", month: M_FIGURES }, null), 401);
    await expectError(await pay(owner.id, { status: "completed", month: M_FIGURES }, ownerCookie), 403);
    await expectError(
      await pay(owner.id, { status: "completed", month: "2026-13" }),
      400,
      "Month must be YYYY-MM or an ISO date",
    );
    await expectError(await pay(owner.id, { status: "pending", month: M_FIGURES }), 400, "Status must be completed");
    await expectError(
      await pay(owner.id, { month: M_FIGURES, paidDate: "15/06/2026" }),
      400,
      "Paid date must be YYYY-MM-DD",
    );
    await expectError(await pay(999_999, { status: "completed", month: M_FIGURES }), 404, "Partner not found");
    // Nothing was paid by any of these.
    expect(await db.selectFrom("commissionPayments").selectAll().where("partnerId", "=", owner.id).execute()).toEqual(
      [],
    );
  });

  it("GET consolidated-report: 401, 403 for another partner, own allowed, 400 bad month, 404", async () => {
    await expectError(await report(owner.id, M_FIGURES, null), 401);
    await expectError(await report(owner.id, M_FIGURES, strangerCookie), 403);
    const own = await report(owner.id, M_FIGURES, ownerCookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    await expectError(await report(owner.id, "2026-13"), 400, "Month must be YYYY-MM or an ISO date");
    await expectError(await report(999_999, M_FIGURES), 404, "Partner not found");
  });

  it("POST send-report: 401, 403 for a partner, 400 bad month, 404, 409 incomplete", async () => {
    await expectError(await sendReport(owner.id, { month: M_FIGURES }, null), 401);
    await expectError(await sendReport(owner.id, { month: M_FIGURES }, ownerCookie), 403);
    await expectError(await sendReport(owner.id, { month: "2026-13" }), 400, "Month must be YYYY-MM or an ISO date");
    await expectError(await sendReport(999_999, { month: M_FIGURES }), 404, "Partner not found");
    await expectError(await sendReport(owner.id, { month: "2025-01" }), 409, /not available/);
  });

  it("POST send-report without SMTP writes the message to the outbox: {emailSent: true, error: null, details}", async () => {
    expect(MAIL_CONFIG.smtpUrl).toBeUndefined();
    const outbox = path.join(DATA_DIR, "outbox");
    const before = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    const response = await sendReport(owner.id, { month: M_FIGURES });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ emailSent: true, error: null });
    expect(body.details).toContain("harbour@example.com");
    expect(fs.readdirSync(outbox).filter((f) => f.endsWith(".eml"))).toHaveLength(before + 1);
  });

  it("GET /api/records/{id}/statement: 401, 403 for another partner, own allowed, 404 missing record", async () => {
    await expectError(await statement(quayRecordId, null), 401);
    await expectError(await statement(quayRecordId, strangerCookie), 403);
    const own = await statement(quayRecordId, ownerCookie);
    expect(own.status).toBe(200);
    expect(own.headers.get("content-type")).toBe("application/pdf");
    await expectError(await statement(999_999), 404, "Record not found");
    await expectError(await statement("abc"), 404, "Record not found");
  });
});

/* ---------- summary figures ---------- */

describe("GET /api/partners/commissions: figures to the penny", () => {
  it("profit-sharing at 12.5%, two machines: Σ per record of round(net × rate)", async () => {
    // Quay Kiosk: revenue £100.00, COGS £40.00, fee 2.99% = 299p, net 5701p, 12.5% = 712.625 → 713p.
    // Pier Lobby: revenue £50.00, COGS £10.00, fee 149.5 → 150p (half-up), net 3850p, 12.5% = 481.25 → 481p.
    expect(await summaryRow(owner.id, M_FIGURES)).toEqual({
      partnerId: owner.id,
      partnerName: "Harbour Vending Co",
      email: "harbour@example.com",
      partnerType: "profit-sharing",
      commissionPercentage: "0.1250",
      submittedReports: 2,
      totalMachines: 2,
      allReportsSubmitted: true,
      profitShare: 11.94,
      paymentStatus: "pending",
      paidDate: null,
    });
  });

  it("tiered, crossing both thresholds: 15% / 20% / 30% marginal, split per machine summing to the total", async () => {
    // North Gate: 30000 - 8000 - 897 = 21103p; South Gate: 20000 - 9000 - 598 = 10402p; total 31505p.
    // Bands: 15000 × 15% = 2250; 15000 × 20% = 3000; 1505 × 30% = 451.5 → 452. Total 5702p.
    const row = await summaryRow(tiered.id, M_FIGURES);
    expect(row).toMatchObject({
      profitShare: 57.02,
      paymentStatus: "pending",
      allReportsSubmitted: true,
      submittedReports: 2,
      totalMachines: 2,
    });
    // Split in proportion to net profit, largest remainder: 5702 × 21103/31505 = 3819.37, × 10402/31505 = 1882.63 → 3819 + 1883.
    const detail = await (
      await call(partnerLoader, `/api/partners/${tiered.id}`, {
        cookie: adminCookie,
        params: { id: String(tiered.id) },
      })
    ).json();
    const shares = Object.fromEntries(
      detail.machines.map((m: { location: string; monthlyRecords: { month: string; profitShare: number }[] }) => [
        m.location,
        m.monthlyRecords.find((r) => r.month === M_FIGURES)!.profitShare,
      ]),
    );
    expect(shares).toEqual({ "North Gate": 38.19, "South Gate": 18.83 });
    const sumPence = Object.values<number>(shares).reduce((s, v) => s + Math.round(v * 100), 0);
    expect(sumPence).toBe(5702);
  });

  it("tiered with a negative month: commission 0, every machine's share 0", async () => {
    // Loss East: 1000 - 5000 - 30 = -4030p; Loss West: 3000 - 1000 - 90 = 1910p; total -2120p → 0.
    expect(await summaryRow(tieredLoss.id, M_FIGURES)).toMatchObject({
      profitShare: 0,
      paymentStatus: "pending",
      allReportsSubmitted: true,
    });
    const detail = await (
      await call(partnerLoader, `/api/partners/${tieredLoss.id}`, {
        cookie: adminCookie,
        params: { id: String(tieredLoss.id) },
      })
    ).json();
    const shares = detail.machines.flatMap((m: { monthlyRecords: { profitShare: number }[] }) =>
      m.monthlyRecords.map((r) => r.profitShare),
    );
    expect(shares).toEqual([0, 0]);
  });

  it("non-profit-sharing and fee-paying: 0 and not_applicable", async () => {
    expect(await summaryRow(nonProfit.id, M_FIGURES)).toMatchObject({
      profitShare: 0,
      paymentStatus: "not_applicable",
      paidDate: null,
      allReportsSubmitted: true,
    });
    expect(await summaryRow(feePaying.id, M_FIGURES)).toMatchObject({
      profitShare: 0,
      paymentStatus: "not_applicable",
      paidDate: null,
      allReportsSubmitted: true,
    });
  });

  it("the total due (X-Total-Commission-Due) counts unpaid profit-sharing commissions only", async () => {
    const response = await summary(M_FIGURES);
    // 11.94 (flat) + 57.02 (tiered) + 0 (tiered loss); non-profit and fee-paying count nothing.
    expect(Number(response.headers.get("X-Total-Commission-Due"))).toBe(68.96);
  });

  it("accepts an ISO date and takes its UTC month; no month means the previous calendar month", async () => {
    const iso = await summary("2026-05-31T23:30:00.000Z");
    expect((await iso.json()).find((r: Row) => r.partnerId === owner.id).profitShare).toBe(11.94);
    // Late on 31 May in New York is already June in UTC.
    const shifted = await summary("2026-05-31T23:30:00-05:00");
    expect((await shifted.json()).find((r: Row) => r.partnerId === owner.id).profitShare).toBe(0);
    const byDefault = await summary();
    expect(byDefault.status).toBe(200);
    expect((await byDefault.json()).find((r: Row) => r.partnerId === owner.id)).toMatchObject({
      submittedReports: 0,
      allReportsSubmitted: false,
      profitShare: 0,
    });
  });

  it("fixtures/three-machines-2026-09.xlsx imported through the CLI: profitShare = formula on expected.json", async () => {
    const fixture = expectedFixtures["three-machines-2026-09"];
    const partner = await makePartner(db, { name: "Fixture Foods", partnerType: "profit-sharing", commissionBp: 1250 });
    for (const name of Object.keys(fixture.machines)) await makeMachine(db, partner.id, name);
    const run = await vendboard(["import", path.join(FIXTURES, "three-machines-2026-09.xlsx"), "--json"]);
    expect(run.code, run.err).toBe(0);
    const records = Object.values<{ revenuePence: number; cogsPence: number }>(fixture.machines);
    const pence = flatShare(records, 1250);
    // Bradford 2654p net → 332p; Leeds 2502p → 313p; York 2708p → 339p (338.5 half-up).
    expect(pence).toBe(984);
    expect(await summaryRow(partner.id, M_FIXTURE)).toMatchObject({
      profitShare: pence / 100,
      submittedReports: 3,
      totalMachines: 3,
      allReportsSubmitted: true,
      commissionPercentage: "0.1250",
    });
  });
});

/* ---------- completeness ---------- */

describe("completeness: every active machine has the month's record", () => {
  it("an inactive machine without a record does not hold a partner back", async () => {
    const partner = await makePartner(db, { name: "Complete With Inactive", commissionBp: 1000 });
    await makeRecord(db, (await makeMachine(db, partner.id, "Working One")).id, M_COMPLETE, {
      revenuePence: 10_000,
      cogsPence: 4_000,
    });
    const idle = await makeMachine(db, partner.id, "Idle One");
    await db.updateTable("machines").set({ status: "inactive" }).where("id", "=", idle.id).execute();
    expect(await summaryRow(partner.id, M_COMPLETE)).toMatchObject({
      submittedReports: 1,
      totalMachines: 1,
      allReportsSubmitted: true,
      profitShare: 5.7,
    });
    const pdf = await report(partner.id, M_COMPLETE);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-type")).toBe("application/pdf");
  });

  it("an active machine without a record: incomplete, report 409, payment 409 (partial sum still shown)", async () => {
    const partner = await makePartner(db, { name: "Missing One Report", commissionBp: 1000 });
    await makeRecord(db, (await makeMachine(db, partner.id, "Reported")).id, M_COMPLETE, {
      revenuePence: 10_000,
      cogsPence: 4_000,
    });
    await makeMachine(db, partner.id, "Silent");
    expect(await summaryRow(partner.id, M_COMPLETE)).toMatchObject({
      submittedReports: 1,
      totalMachines: 2,
      allReportsSubmitted: false,
      profitShare: 5.7,
      paymentStatus: "pending",
    });
    await expectError(
      await report(partner.id, M_COMPLETE),
      409,
      "The report for April 2026 is not available yet: 1 of 2 active machines reported",
    );
    await expectError(
      await pay(partner.id, { status: "completed", month: M_COMPLETE }),
      409,
      "Not every active machine has reported for 2026-04 yet",
    );
    await expectError(await sendReport(partner.id, { month: M_COMPLETE }), 409, /not available yet/);
    expect(await db.selectFrom("commissionPayments").selectAll().where("partnerId", "=", partner.id).execute()).toEqual(
      [],
    );
  });

  it("a partner with no active machine is not complete", async () => {
    const partner = await makePartner(db, { name: "No Machines Yet" });
    expect(await summaryRow(partner.id, M_COMPLETE)).toMatchObject({
      submittedReports: 0,
      totalMachines: 0,
      allReportsSubmitted: false,
    });
    await expectError(
      await report(partner.id, M_COMPLETE),
      409,
      "The report for April 2026 is not available: the partner has no active machines",
    );
    await expectError(await pay(partner.id, { status: "completed", month: M_COMPLETE }), 409);
  });
});

/* ---------- payments, history, reset ---------- */

describe("commission payments: snapshot, 409 twice, history, reset", () => {
  let paid: { id: number; username: string };
  let paidCookie: string;
  let paidRecordId: number;
  let second: { id: number };

  beforeAll(async () => {
    paid = await makePartner(db, { name: "Paid Partner", commissionBp: 1500 });
    paidCookie = await loginCookie(paid.username);
    // 20000 - 5000 - 598 = 14402p net; 15% = 2160.3 → 2160p.
    paidRecordId = (
      await makeRecord(db, (await makeMachine(db, paid.id, "Paid Machine")).id, M_PAY, {
        revenuePence: 20_000,
        cogsPence: 5_000,
      })
    ).id;
    second = await makePartner(db, { name: "Second Paid", commissionBp: 1000 });
    await makeRecord(db, (await makeMachine(db, second.id, "Second Machine")).id, M_PAY, {
      revenuePence: 10_000,
      cogsPence: 4_000,
    });
  });

  it("marks the month completed with its paid date, snapshotting amount and rate", async () => {
    const response = await pay(paid.id, { status: "completed", month: M_PAY, paidDate: "2026-07-15" });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      month: M_PAY,
      status: "completed",
      paidDate: "2026-07-15",
      amount: 21.6,
      commissionPercentage: "0.1500",
      paid: 21.6,
      alreadyPaid: 0,
      reference: "VB COMM 2026-06",
      remittance: { status: "written", to: "pat@example.com", reference: "VB COMM 2026-06", error: null },
    });
    const rows = await db.selectFrom("commissionPayments").selectAll().where("partnerId", "=", paid.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      month: M_PAY,
      status: "completed",
      paidDate: "2026-07-15",
      amountPence: 2160,
      rateBp: 1500,
    });
    const audit = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "commission_paid")
      .where("entityId", "=", String(rows[0].id))
      .execute();
    expect(audit).toMatchObject([{ actorId: adminId }]);
  });

  it("a second payment of the same month is 409 and changes nothing", async () => {
    await expectError(
      await pay(paid.id, { status: "completed", month: M_PAY, paidDate: "2026-08-01" }),
      409,
      `Commission for ${M_PAY} is already paid`,
    );
    const row = await db
      .selectFrom("commissionPayments")
      .selectAll()
      .where("partnerId", "=", paid.id)
      .executeTakeFirstOrThrow();
    expect(row.paidDate).toBe("2026-07-15");
  });

  it("status, summary and history then say completed (the partner sees their own)", async () => {
    const own = await status(paid.id, M_PAY, paidCookie);
    expect(await own.json()).toEqual({ month: M_PAY, status: "completed", paidDate: "2026-07-15" });
    expect(await summaryRow(paid.id, M_PAY)).toMatchObject({
      paymentStatus: "completed",
      paidDate: "2026-07-15",
      profitShare: 21.6,
      commissionPercentage: "0.1500",
    });
    const list = await (await history(paid.id, paidCookie)).json();
    expect(list).toEqual([{ month: M_PAY, status: "completed", paidDate: "2026-07-15", amount: 21.6 }]);
  });

  it("the paid amount is a snapshot: later changes to the record leave the history's amount alone", async () => {
    await db.updateTable("monthlyRecords").set({ revenuePence: 30_000 }).where("id", "=", paidRecordId).execute();
    const list = await (await history(paid.id)).json();
    expect(list[0]).toMatchObject({ month: M_PAY, status: "completed", amount: 21.6 });
    await db.updateTable("monthlyRecords").set({ revenuePence: 20_000 }).where("id", "=", paidRecordId).execute();
  });

  it("without a paidDate the payment is dated today", async () => {
    const response = await pay(second.id, { status: "completed", month: M_PAY });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      status: "completed",
      paidDate: new Date().toISOString().slice(0, 10),
      amount: 5.7,
      commissionPercentage: "0.1000",
    });
  });

  it("is refused for partner types without commission", async () => {
    await expectError(
      await pay(nonProfit.id, { status: "completed", month: M_FIGURES }),
      409,
      "Commission is not applicable for this partner type",
    );
    await expectError(
      await pay(feePaying.id, { status: "completed", month: M_FIGURES }),
      409,
      "Commission is not applicable for this partner type",
    );
    const nonProfitHistory = await (await history(nonProfit.id)).json();
    expect(nonProfitHistory).toEqual([{ month: M_FIGURES, status: "not_applicable", paidDate: null, amount: null }]);
  });

  it("reset answers {reset: n} and the month is pending again", async () => {
    const response = await reset({ month: M_PAY });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ reset: 2 });
    expect(await (await status(paid.id, M_PAY)).json()).toEqual({ month: M_PAY, status: "pending", paidDate: null });
    expect(await summaryRow(paid.id, M_PAY)).toMatchObject({ paymentStatus: "pending", paidDate: null });
    expect(await (await history(paid.id)).json()).toEqual([
      { month: M_PAY, status: "pending", paidDate: null, amount: null },
    ]);
    // Money paid is kept now (this pinned "reset deletes the payments"): the rows go back to pending and the money paid stays recorded.
    const rows = await db
      .selectFrom("commissionPayments")
      .selectAll()
      .where("month", "=", M_PAY)
      .orderBy("id")
      .execute();
    expect(rows.map((r) => [r.status, r.paidDate, r.amountPence])).toEqual([
      ["pending", null, null],
      ["pending", null, null],
    ]);
    expect(
      (
        await db
          .selectFrom("commissionTransfers")
          .select("amountPence")
          .where("partnerId", "=", paid.id)
          .where("month", "=", M_PAY)
          .execute()
      ).map((t) => t.amountPence),
    ).toEqual([2160]);
    expect(await (await reset({ month: M_PAY })).json()).toEqual({ reset: 0 });
    // And it can be paid again: the month still comes to £21.60, £21.60 was paid, so nothing more is sent (a top-up reference).
    const again = await pay(paid.id, { status: "completed", month: M_PAY, paidDate: "2026-07-20" });
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      status: "completed",
      paidDate: "2026-07-20",
      amount: 21.6,
      paid: 0,
      alreadyPaid: 21.6,
      reference: "VB ADJ 2026-06",
    });
  });

  it("with no month, payment and status use the previous calendar month", async () => {
    const partner = await makePartner(db, { name: "Default Month", commissionBp: 1000 });
    await makeRecord(db, (await makeMachine(db, partner.id, "Default Spot")).id, PREV, {
      revenuePence: 10_000,
      cogsPence: 4_000,
    });
    const response = await pay(partner.id, { status: "completed" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ month: PREV, status: "completed", amount: 5.7 });
    expect(await (await status(partner.id)).json()).toMatchObject({ month: PREV, status: "completed" });
  });
});

/* ---------- rate history ---------- */

describe("rate history: a change takes effect from the current month", () => {
  it("PATCH commissionPercentage: the current month uses the new rate, an earlier month keeps the old one", async () => {
    const partner = await makePartner(db, { name: "Rate Changer", commissionBp: 1000 });
    await db
      .insertInto("commissionRates")
      .values({ partnerId: partner.id, rateBp: 1000, effectiveMonth: "2026-01" })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const machine = await makeMachine(db, partner.id, "Rate Spot");
    // 10000 - 4000 - 299 = 5701p net: 10% → 570p, 20% → 1140p.
    await makeRecord(db, machine.id, PREV, { revenuePence: 10_000, cogsPence: 4_000 });
    await makeRecord(db, machine.id, CUR, { revenuePence: 10_000, cogsPence: 4_000 });
    expect(await summaryRow(partner.id, PREV)).toMatchObject({ profitShare: 5.7, commissionPercentage: "0.1000" });
    expect(await summaryRow(partner.id, CUR)).toMatchObject({ profitShare: 5.7, commissionPercentage: "0.1000" });

    const patched = await call(partnerAction, `/api/partners/${partner.id}`, {
      method: "PATCH",
      json: { commissionPercentage: "0.2000" },
      cookie: adminCookie,
      params: { id: String(partner.id) },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({ commissionPercentage: "0.2000" });

    expect(await summaryRow(partner.id, CUR)).toMatchObject({ profitShare: 11.4, commissionPercentage: "0.2000" });
    expect(await summaryRow(partner.id, PREV)).toMatchObject({ profitShare: 5.7, commissionPercentage: "0.1000" });
    const rates = await db
      .selectFrom("commissionRates")
      .select(["rateBp", "effectiveMonth"])
      .where("partnerId", "=", partner.id)
      .orderBy("effectiveMonth")
      .execute();
    // The change is one row effective this month; the earlier history is left as it was.
    expect(rates.at(-1)).toEqual({ rateBp: 2000, effectiveMonth: CUR });
    expect(rates).toContainEqual({ rateBp: 1000, effectiveMonth: "2026-01" });
    expect(rates.filter((r) => r.effectiveMonth === CUR)).toHaveLength(1);
    expect(rates.filter((r) => r.rateBp !== 1000 && r.effectiveMonth < CUR)).toEqual([]);
    // The statement of last month's record is at last month's rate too.
    const prevRecord = await db
      .selectFrom("monthlyRecords")
      .select("id")
      .where("machineId", "=", machine.id)
      .where("month", "=", PREV)
      .executeTakeFirstOrThrow();
    const text = await pdfText(await statement(prevRecord.id));
    expect(text).toContain("Profit Share (10%)");
    expect(text).toContain("£5.70");
  });

  it("a partner created this month whose rate then changes this month keeps the old rate for last month", async () => {
    // Only the creation's rate row exists (effective this month); last month's records were imported since.
    const partner = await makePartner(db, { name: "Same Month Change", commissionBp: 1000 });
    const machine = await makeMachine(db, partner.id, "Same Month Spot");
    await makeRecord(db, machine.id, PREV, { revenuePence: 10_000, cogsPence: 4_000 });
    expect(await summaryRow(partner.id, PREV)).toMatchObject({ profitShare: 5.7, commissionPercentage: "0.1000" });
    const patched = await call(partnerAction, `/api/partners/${partner.id}`, {
      method: "PATCH",
      json: { commissionPercentage: "0.2000" },
      cookie: adminCookie,
      params: { id: String(partner.id) },
    });
    expect(patched.status).toBe(200);
    // "Earlier months keep the rate they had": last month's statement must not change behind anyone's back.
    expect(await summaryRow(partner.id, PREV)).toMatchObject({ profitShare: 5.7, commissionPercentage: "0.1000" });
  });
});

/* ---------- PDFs ---------- */

describe("PDFs: consolidated report and record statement", () => {
  it("the consolidated report names the partner, the month, every machine and the total commission", async () => {
    const response = await report(owner.id, M_FIGURES);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toContain('filename="consolidated-report.pdf"');
    const text = await pdfText(response);
    expect(text).toContain("Harbour Vending Co");
    expect(text).toContain("May 2026");
    expect(text).toContain("Quay Kiosk");
    expect(text).toContain("Pier Lobby");
    expect(text).toContain("£7.13");
    expect(text).toContain("£4.81");
    expect(text).toContain("£11.94");
    expect(text).toMatch(/Commission due for May 2026:\s*£11\.94/);
    expect(text).not.toContain("Tier breakdown");
  });

  it("a tiered partner's report has the tier breakdown", async () => {
    const text = await pdfText(await report(tiered.id, M_FIGURES));
    expect(text).toContain("Tiered Traders");
    expect(text).toContain("Tier breakdown");
    for (const figure of ["£22.50", "£30.00", "£4.52", "£57.02", "£38.19", "£18.83"]) expect(text).toContain(figure);
    for (const location of ["North Gate", "South Gate"]) expect(text).toContain(location);
  });

  it("the statement of one record shows its machine and net profit", async () => {
    const response = await statement(quayRecordId);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toMatch(/^inline/);
    const text = await pdfText(response);
    expect(text).toContain("Quay Kiosk");
    expect(text).toContain("May 2026");
    expect(text).toMatch(/Net profit\s+£57\.01/);
    expect(text).toContain("£7.13");
    expect(text).toContain("Profit Share (12.5%)");
    expect(text).not.toContain("Pier Lobby");
  });
});
