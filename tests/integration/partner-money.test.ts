/**
 * The partner dashboard says where the money is: the loader's figures in exact pence for
 * last month first and the months before it (paid with the date and the reference stored with the
 * money paid, due, waiting for N of M machine reports, month to date), the working (revenue, COGS,
 * the 2.99% card fee, net profit, the agreement's lines), and the documents: GET
 * /api/partners/{id}/remittances and GET /api/remittances/{id} (the PDF, read back with pdftotext),
 * the consolidated report, with every guard (401, 403 another partner's, 400 bad id, 404).
 *
 * Figures: a record of revenue £100.00 and COGS £40.00 has a card fee of 2.99% = £2.99 and a net
 * profit of £57.01; at 15% its commission is £8.55 (8.5515, half-up), so two machines make £17.10.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader as dashboardLoader } from "#app/routes/_index.tsx";
import { loader as remittancesLoader } from "#app/routes/api.partners.$id.remittances.ts";
import { loader as remittanceLoader } from "#app/routes/api.remittances.$id.ts";
import { loader as reportLoader } from "#app/routes/api.partners.$id.consolidated-report.ts";
import { loader as workingLoader } from "#app/routes/resources.partners.$id.working.ts";
import { action as markPaidAction } from "#app/routes/api.commissions.payouts.mark-paid.ts";
import { db } from "#app/utils/db.server.ts";
import { currentMonth, formatDate, formatMonth, isoDay, previousMonth, recentMonths } from "#domain/shared/dates.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { pdfText } from "./mail.ts";

const LAST = previousMonth();
const [, BEFORE, EARLIER] = recentMonths(LAST, 3);
const NOW = currentMonth();
const FIGURES = { revenuePence: 10_000, cogsPence: 4_000, totalSales: 40 };

let adminCookie: string;
let partnerCookie: string;
let strangerCookie: string;
let partnerId: number;
let strangerId: number;
let reference: string;

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  const partner = await makePartner(db, {
    name: "Leeds Station Retail",
    commissionBp: 1500,
    bankName: "Yorkshire Bank",
    sortCode: "05-01-23",
    accountNumber: "41234567",
    accountHolderName: "Leeds Station Retail Ltd",
  });
  partnerId = partner.id;
  partnerCookie = await loginCookie(partner.username);
  const one = await makeMachine(db, partner.id, "Platform 1");
  const two = await makeMachine(db, partner.id, "Concourse");
  // Last month: both machines. The month before: one of two. The month to date: one so far.
  for (const m of [one, two]) await makeRecord(db, m.id, LAST, FIGURES);
  await makeRecord(db, one.id, BEFORE, FIGURES);
  await makeRecord(db, one.id, NOW, FIGURES);
  const stranger = await makePartner(db, { name: "Stranger Cafe" });
  strangerId = stranger.id;
  strangerCookie = await loginCookie(stranger.username);
});

const dashboard = async () => (await call(dashboardLoader, "/", { cookie: partnerCookie })).json();

describe("the partner dashboard before the payout", () => {
  it("says last month is due, the month before waits for 1 of 2 machine reports, and this month is month to date", async () => {
    const { money } = await dashboard();
    expect(money.months.map((m: { month: string }) => m.month)).toEqual([LAST, BEFORE]);
    const [last, before] = money.months;
    expect(last).toMatchObject({
      state: "due",
      amountPence: 1710,
      lines: ["Due £17.10: all machine reports are in"],
      complete: true,
      reportAvailable: true,
      remittances: [],
      notes: [],
      shareOf: "15% of £114.02 net profit",
    });
    expect({ ...last.working, lines: [...last.working.lines].sort() }).toEqual({
      figures: { revenuePence: 20_000, cogsPence: 8_000, cardFeePence: 598, netProfitPence: 11_402 },
      terms: ["15% of net profit"],
      lines: ["Concourse: Net profit: £57.01 × 15% = £8.55", "Platform 1: Net profit: £57.01 × 15% = £8.55"],
      agreementPence: 1710,
      adjustments: [],
    });
    expect(before).toMatchObject({
      state: "waiting",
      amountPence: 855,
      lines: ["Waiting for 1 of 2 machine reports"],
      complete: false,
      reportAvailable: false,
    });
    expect(money.monthToDate).toMatchObject({
      month: NOW,
      state: "month_to_date",
      amountPence: 855,
      lines: ["Month to date"],
      reportAvailable: false,
    });
    expect(money.months.some((m: { month: string }) => m.month === EARLIER)).toBe(false);
  });
});

describe("an earlier month's working, fetched when it is opened", () => {
  const working = (id: number, query: string, cookie: string | null) =>
    call(workingLoader, `/resources/partners/${id}/working${query}`, { cookie, params: { id: String(id) } });

  it("the page carries last month's working only; ?working= adds the month a browser without the scripts opened", async () => {
    const { money } = await dashboard();
    expect(money.last.working.agreementPence).toBe(1710);
    expect(money.months[0].working).not.toBeNull();
    expect(money.months[1].working).toBeNull();
    expect(money.openMonth).toBeNull();
    const { money: opened } = await (
      await call(dashboardLoader, `/?working=${BEFORE}`, { cookie: partnerCookie })
    ).json();
    expect(opened.openMonth).toBe(BEFORE);
    expect(opened.months[1].working).toMatchObject({
      figures: { revenuePence: 10_000, cogsPence: 4_000, cardFeePence: 299, netProfitPence: 5_701 },
      agreementPence: 855,
    });
  });

  it("answers the month's working in pence to the partner and an admin: 401, 403, 400 otherwise", async () => {
    for (const cookie of [partnerCookie, adminCookie]) {
      const res = await working(partnerId, `?month=${BEFORE}`, cookie);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({
        month: BEFORE,
        working: {
          figures: { revenuePence: 10_000, cogsPence: 4_000, cardFeePence: 299, netProfitPence: 5_701 },
          terms: ["15% of net profit"],
          lines: ["Platform 1: Net profit: £57.01 × 15% = £8.55"],
          agreementPence: 855,
          adjustments: [],
        },
      });
    }
    expect((await working(partnerId, `?month=${BEFORE}`, null)).status).toBe(401);
    expect((await working(partnerId, `?month=${BEFORE}`, strangerCookie)).status).toBe(403);
    const bad = await working(partnerId, "?month=soon", partnerCookie);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Month must be YYYY-MM or an ISO date" });
  });
});

describe("after a payout batch", () => {
  beforeAll(async () => {
    const paid = await call(markPaidAction, "/api/commissions/payouts/mark-paid", {
      cookie: adminCookie,
      json: { month: LAST, partnerIds: [partnerId] },
    });
    expect(paid.status).toBe(200);
    const body = await paid.json();
    reference = body.paid[0].reference;
    expect(body.paid[0]).toMatchObject({ partnerId, amount: 17.1 });
  });

  it("says Paid £17.10 with the date and the reference stored with the money paid", async () => {
    const stored = await db
      .selectFrom("commissionTransfers")
      .select(["reference", "paidDate"])
      .where("partnerId", "=", partnerId)
      .where("month", "=", LAST)
      .executeTakeFirstOrThrow();
    expect(stored.reference).toBe(reference);
    const { money } = await dashboard();
    const [last] = money.months;
    expect(last).toMatchObject({
      state: "paid",
      amountPence: 1710,
      lines: [`Paid £17.10 on ${formatDate(stored.paidDate)}, reference ${reference}`],
      reportAvailable: true,
    });
    expect(last.remittances).toHaveLength(1);
    expect(last.remittances[0]).toMatchObject({ month: LAST, amountPence: 1710, reference, paidDate: stored.paidDate });
  });

  it("GET /api/partners/{id}/remittances lists them with their ids, for the partner and an admin", async () => {
    for (const cookie of [partnerCookie, adminCookie]) {
      const res = await call(remittancesLoader, `/api/partners/${partnerId}/remittances`, {
        cookie,
        params: { id: String(partnerId) },
      });
      expect(res.status).toBe(200);
      const list = await res.json();
      expect(list).toEqual([
        {
          id: expect.any(Number),
          month: LAST,
          amount: 17.1,
          reference,
          paidDate: isoDay(new Date()),
          status: expect.any(String),
          url: `/api/remittances/${list[0].id}`,
        },
      ]);
    }
  });

  it("GET /api/remittances/{id} answers the remittance as a PDF saying what the email says", async () => {
    const [item] = await (
      await call(remittancesLoader, `/api/partners/${partnerId}/remittances`, {
        cookie: partnerCookie,
        params: { id: String(partnerId) },
      })
    ).json();
    for (const cookie of [partnerCookie, adminCookie]) {
      const res = await call(remittanceLoader, `/api/remittances/${item.id}`, {
        cookie,
        params: { id: String(item.id) },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("application/pdf");
      const number = `RA-${String(item.id).padStart(5, "0")}`;
      expect(res.headers.get("content-disposition")).toBe(`attachment; filename="remittance-${number}-${LAST}.pdf"`);
      const text = pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, " ");
      expect(text).toContain("Remittance advice");
      expect(text).toContain("Leeds Station Retail");
      expect(text).toContain(`Commission for ${formatMonth(LAST)} £17.10`);
      expect(text).toContain(`Payment reference ${reference}`);
      expect(text).toContain(`Paid on ${formatDate(isoDay(new Date()))}`);
      expect(text).toContain("Paid into Yorkshire Bank account ****4567");
    }
  });

  it("the month's consolidated report downloads for the partner", async () => {
    const res = await call(reportLoader, `/api/partners/${partnerId}/consolidated-report?month=${LAST}`, {
      cookie: partnerCookie,
      params: { id: String(partnerId) },
    });
    expect(res.status).toBe(200);
    expect(pdfText(Buffer.from(await res.arrayBuffer())).replace(/\s+/g, " ")).toContain(
      `Commission due for ${formatMonth(LAST)}: £17.10`,
    );
  });
});

describe("guards", () => {
  const list = (id: string, cookie: string | null) =>
    call(remittancesLoader, `/api/partners/${id}/remittances`, { cookie, params: { id } });
  const one = (id: string, cookie: string | null) =>
    call(remittanceLoader, `/api/remittances/${id}`, { cookie, params: { id } });
  const anyRemittanceId = async () =>
    String(
      (
        await db
          .selectFrom("commissionRemittances")
          .select("id")
          .where("partnerId", "=", partnerId)
          .executeTakeFirstOrThrow()
      ).id,
    );

  it("401 signed out", async () => {
    const res = await list(String(partnerId), null);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Not authenticated" });
    expect((await one(await anyRemittanceId(), null)).status).toBe(401);
  });

  it("403 for another partner's list, remittance or report", async () => {
    const res = await list(String(partnerId), strangerCookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Forbidden" });
    const pdf = await one(await anyRemittanceId(), strangerCookie);
    expect(pdf.status).toBe(403);
    expect(await pdf.json()).toEqual({ message: "Forbidden" });
    const report = await call(reportLoader, `/api/partners/${partnerId}/consolidated-report?month=${LAST}`, {
      cookie: strangerCookie,
      params: { id: String(partnerId) },
    });
    expect(report.status).toBe(403);
  });

  it("400 for an id that is not a positive whole number, with a message", async () => {
    for (const bad of ["abc", "0", "-3", "1.5"]) {
      const res = await list(bad, adminCookie);
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: "Partner id must be a positive whole number" });
      const pdf = await one(bad, partnerCookie);
      expect(pdf.status).toBe(400);
      expect(await pdf.json()).toEqual({ message: "Remittance id must be a positive whole number" });
    }
  });

  it("404 for a partner or remittance that does not exist; a partner with none has an empty list", async () => {
    const missing = await list("999999", adminCookie);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ message: "Partner not found" });
    const gone = await one("999999", adminCookie);
    expect(gone.status).toBe(404);
    expect(await gone.json()).toEqual({ message: "Remittance not found" });
    const empty = await list(String(strangerId), strangerCookie);
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual([]);
  });
});
