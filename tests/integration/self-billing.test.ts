/**
 * Self-billing for a VAT-registered partner (HMRC VAT Notice 700/62), on SQLite and PostgreSQL: the
 * agreement over the API (401, 403, 400, 409, the happy path, audited), a self-billed month's VAT
 * through the payout candidates and the bank file, the payment, its self-billed invoice (number
 * series, PDF text), the remittance and the consolidated report; a lapsed month and a partner with no
 * agreement paid exactly as before.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader as fileLoader } from "#app/routes/api.commissions.payouts.file.ts";
import { loader as sbLoader, action as sbAction } from "#app/routes/api.partners.$id.self-billing.ts";
import { action as agreementsAction } from "#app/routes/api.partners.$id.agreements.ts";
import { loader as pdfLoader } from "#app/routes/api.partners.$id.self-billed-invoices.$month.ts";
import { db } from "#app/utils/db.server.ts";
import { markPayoutPaid, payoutCandidates } from "#domain/payouts/payout-service.ts";
import { remittanceAdvice, remittanceParagraphs } from "#domain/payouts/remittance-advice.ts";
import { remittancePdf } from "#domain/payouts/remittance-pdf.ts";
import { consolidatedReport } from "#domain/commissions/statement-service.ts";
import { markCommissionPaid } from "#domain/commissions/commission-payment-service.ts";
import { overpaidOpenMonths, partnerOwing } from "#domain/commissions/balance-service.ts";
import { resetCommissions } from "#domain/commissions/commission-reset-service.ts";
import { commissionSummary } from "#domain/commissions/commission-summary.ts";
import { monthSums } from "#domain/commissions/month-sums.ts";
import { selfBillingForMonth } from "#domain/self-billing/self-billing-service.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { pdfText } from "./mail.ts";

const AUG = "2026-08";
const SEP = "2026-09";
const OCT = "2026-10";
const NOW = new Date("2026-11-20T12:00:00Z");
const BANK = { bankName: "Yorkshire Bank", sortCode: "05-01-23", accountNumber: "41234567" };

let adminId: number;
let adminCookie: string;
let vatCookie: string;
let otherCookie: string;
const ids: Record<string, number> = {};

/** 10% of net 570.10 (1,000.00 revenue − 400.00 COGS − 29.90 card fee) = £57.01 a month. */
async function partnerWith(key: string, fields: Parameters<typeof makePartner>[1]) {
  const partner = await makePartner(db, { commissionBp: 1000, ...BANK, ...fields });
  ids[key] = partner.id;
  const machine = await makeMachine(db, partner.id, `${key} machine`);
  for (const month of [AUG, SEP, OCT])
    await makeRecord(db, machine.id, month, { revenuePence: 100_000, cogsPence: 40_000 });
  return partner;
}

const agreementPath = (id: number) => `/api/partners/${id}/self-billing`;
const put = (id: number, json: unknown, cookie: string | null = adminCookie) =>
  call(sbAction, agreementPath(id), { method: "PUT", json, cookie, params: { id: String(id) } });

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  const vat = await partnerWith("vat", {
    name: "Vatted Vending Ltd",
    email: "vat@example.com",
    billingAddress: "1 High Street\nLeeds\nLS1 1AA",
  });
  vatCookie = await loginCookie(vat.username);
  const other = await partnerWith("plain", { name: "Plain Shop", email: "plain@example.com" });
  otherCookie = await loginCookie(other.username);
  ids.fee = (await makePartner(db, { name: "Fee Payer", partnerType: "fee-paying" })).id;
  // Written: £20.00 a machine under a written agreement, self-billed at 20%, no bank details (left out of the file).
  await partnerWith("written", { name: "Written Terms", sortCode: null, accountNumber: null, bankName: null });
  const written = await call(agreementsAction, `/api/partners/${ids.written}/agreements`, {
    json: { effectiveMonth: AUG, basis: "per-machine", amount: 20 },
    cookie: adminCookie,
    params: { id: String(ids.written) },
  });
  expect(written.status).toBe(201);
});

describe("the agreement over the API", () => {
  it("401 anonymous, 403 for a partner (and for another partner's), 400 with a message, 409 without commission", async () => {
    const json = { startDate: "2026-08-01", reviewDate: "2026-10-15", vatNumber: "GB123456789", vatRate: "17.5" };
    expect((await put(ids.vat, json, null)).status).toBe(401);
    expect((await put(ids.vat, json, vatCookie)).status).toBe(403);
    expect(
      (await call(sbLoader, agreementPath(ids.vat), { cookie: otherCookie, params: { id: String(ids.vat) } })).status,
    ).toBe(403);
    const noRate = await put(ids.vat, { ...json, vatRate: undefined });
    expect(noRate.status).toBe(400);
    expect((await noRate.json()).message).toBe(
      "VAT rate is required: the rate the partner's accountant gives, a number from 0 to 100 with at most 2 decimals",
    );
    const badNumber = await put(ids.vat, { ...json, vatNumber: "123" });
    expect(badNumber.status).toBe(400);
    expect((await badNumber.json()).message).toBe("VAT number must be GB and 9 digits, like GB123456789");
    const backwards = await put(ids.vat, { ...json, reviewDate: "2026-07-01" });
    expect(backwards.status).toBe(400);
    expect((await backwards.json()).message).toBe("Review date must be after the start date");
    const fee = await put(ids.fee, json);
    expect(fee.status).toBe(409);
    expect((await fee.json()).message).toBe("Self-billing is for partners paid commission (profit-sharing or tiered)");
    expect(await db.selectFrom("selfBillingAgreements").selectAll().execute()).toEqual([]);
  });

  it("sets it (review 12 months after the start by default), changes it, audited; the partner reads their own", async () => {
    const first = await put(ids.vat, { startDate: "2026-08-01", vatNumber: "gb 123 4567 89", vatRate: 20 });
    expect(first.status).toBe(200);
    expect((await first.json()).agreement).toEqual({
      startDate: "2026-08-01",
      reviewDate: "2027-08-01",
      vatNumber: "GB123456789",
      vatRate: 20,
    });
    const second = await put(ids.vat, {
      startDate: "2026-08-01",
      reviewDate: "2026-10-15",
      vatNumber: "GB123456789",
      vatRate: "17.5%",
    });
    expect(second.status).toBe(200);
    const own = await call(sbLoader, agreementPath(ids.vat), { cookie: vatCookie, params: { id: String(ids.vat) } });
    expect(own.status).toBe(200);
    const body = await own.json();
    expect(body.agreement).toEqual({
      startDate: "2026-08-01",
      reviewDate: "2026-10-15",
      vatNumber: "GB123456789",
      vatRate: 17.5,
    });
    const trail = await db
      .selectFrom("auditLog")
      .select(["action", "actorId", "partnerId", "before", "after"])
      .where("entity", "=", "self_billing_agreement")
      .orderBy("id")
      .execute();
    expect(trail.map((t) => [t.action, t.actorId, t.partnerId])).toEqual([
      ["self_billing_set", adminId, ids.vat],
      ["self_billing_changed", adminId, ids.vat],
    ]);
    expect(JSON.parse(trail[1].before!)).toMatchObject({ reviewDate: "2027-08-01", vatRateBp: 2000 });
    expect(JSON.parse(trail[1].after!)).toMatchObject({ reviewDate: "2026-10-15", vatRateBp: 1750 });
  });
});

describe("a self-billed month through the payout", () => {
  it("adds VAT on top in the candidates and the bank file; the partner with no agreement is unchanged", async () => {
    // £57.01 + 17.5% VAT: 997.675p rounds half-up to £9.98, total £66.99.
    const plan = await payoutCandidates(db, SEP, NOW);
    const amounts = Object.fromEntries(plan.eligible.map((l) => [l.partnerId, l.amountPence]));
    expect(amounts).toEqual({ [ids.vat]: 6699, [ids.plain]: 5701 });
    const response = await call(fileLoader, `/api/commissions/payouts/file?month=${SEP}`, { cookie: adminCookie });
    expect(response.status).toBe(200);
    const rows = (await response.text())
      .trimEnd()
      .split("\r\n")
      .map((r) => r.split(","));
    expect(rows.slice(1).map((r) => [r[0], r[3]])).toEqual([
      ["PLAIN SHOP", "57.01"],
      ["VATTED VENDING LTD", "66.99"],
    ]);
    const summary = await commissionSummary(db, SEP);
    expect(summary.rows.find((r) => r.partnerId === ids.vat)?.profitSharePence).toBe(6699);
    expect(summary.totalCommissionDuePence).toBe(6699 + 5701 + 2000);
    await put(ids.written, { startDate: "2026-01-01", vatNumber: "GB987654321", vatRate: "20" });
    const summaryWithWritten = await commissionSummary(db, SEP);
    // £20.00 + 20% VAT £4.00.
    expect(summaryWithWritten.rows.find((r) => r.partnerId === ids.written)?.profitSharePence).toBe(2400);
    expect(summaryWithWritten.totalCommissionDuePence).toBe(6699 + 5701 + 2400);
    // The dashboard's payables: the seed's partners summed in SQL plus the VAT, the written one read one by one.
    expect((await monthSums(db, SEP)).duePence).toBe(6699 + 5701 + 2400);
    expect(await selfBillingForMonth(db, ids.vat, SEP)).toMatchObject({
      vatRatePercent: 17.5,
      commissionExVatPence: 5701,
      vatPence: 998,
      totalPence: 6699,
      selfBilledInvoiceNumber: null,
    });
    expect(await selfBillingForMonth(db, ids.plain, SEP)).toBeNull();
  });

  it("pays it with VAT: the invoices are numbered per partner, the remittance and the report show the VAT", async () => {
    await markPayoutPaid(db, AUG, [ids.vat], adminId, "2026-11-02", NOW);
    const batch = await markPayoutPaid(db, SEP, [ids.vat, ids.plain], adminId, "2026-11-03", NOW);
    expect(batch.rows.map((r) => [r.partnerId, r.amountPence])).toEqual(
      expect.arrayContaining([
        [ids.vat, 6699],
        [ids.plain, 5701],
      ]),
    );
    const transfers = await db
      .selectFrom("commissionTransfers")
      .select(["partnerId", "month", "amountPence"])
      .where("partnerId", "in", [ids.vat, ids.plain])
      .orderBy("id")
      .execute();
    expect(transfers).toEqual([
      { partnerId: ids.vat, month: AUG, amountPence: 6699 },
      { partnerId: ids.plain, month: SEP, amountPence: 5701 },
      { partnerId: ids.vat, month: SEP, amountPence: 6699 },
    ]);
    const invoices = await db
      .selectFrom("selfBilledInvoices")
      .select(["partnerId", "month", "number", "exVatPence", "vatRateBp", "vatPence", "totalPence", "issuedOn"])
      .orderBy("id")
      .execute();
    expect(invoices).toEqual([
      {
        partnerId: ids.vat,
        month: AUG,
        number: `SB-${ids.vat}-0001`,
        exVatPence: 5701,
        vatRateBp: 1750,
        vatPence: 998,
        totalPence: 6699,
        issuedOn: "2026-08-31",
      },
      {
        partnerId: ids.vat,
        month: SEP,
        number: `SB-${ids.vat}-0002`,
        exVatPence: 5701,
        vatRateBp: 1750,
        vatPence: 998,
        totalPence: 6699,
        issuedOn: "2026-09-30",
      },
    ]);
    expect((await selfBillingForMonth(db, ids.vat, SEP))?.selfBilledInvoiceNumber).toBe(`SB-${ids.vat}-0002`);

    const remittance = await db
      .selectFrom("commissionRemittances")
      .selectAll()
      .where("partnerId", "=", ids.vat)
      .where("month", "=", SEP)
      .executeTakeFirstOrThrow();
    const advice = await remittanceAdvice(db, remittance);
    expect(advice.amountPence).toBe(6699);
    expect(remittanceParagraphs(advice)[1]).toContain(
      `Amount: £66.99\nSelf-billed invoice SB-${ids.vat}-0002: commission £57.01 + VAT at 17.5% £9.98 = £66.99. The VAT shown is your output tax due to HMRC.`,
    );
    const remittanceText = pdfText(Buffer.from(await remittancePdf(advice)));
    expect(remittanceText).toMatch(
      new RegExp(`Commission for September 2026 \\(self-billed invoice SB-${ids.vat}-0002\\)\\s+£57\\.01`),
    );
    expect(remittanceText).toMatch(/VAT at 17\.5%\s+£9\.98/);
    expect(remittanceText).toMatch(/Total paid\s+£66\.99/);
    expect(remittanceText).toContain("The VAT shown is your output tax due to HMRC.");

    const report = await consolidatedReport(db, ids.vat, SEP, NOW);
    expect(report.commissionPence).toBe(6699);
    const reportText = pdfText(Buffer.from(report.bytes));
    expect(reportText).toContain("Commission before VAT: £57.01");
    expect(reportText).toContain("VAT at 17.5% (self-billed): £9.98. The VAT shown is your output tax due to HMRC.");
    expect(reportText).toContain("Commission due for September 2026 including VAT: £66.99");
    const plainReport = pdfText(Buffer.from((await consolidatedReport(db, ids.plain, SEP, NOW)).bytes));
    expect(plainReport).toContain("Commission due for September 2026: £57.01");
    expect(plainReport).not.toContain("VAT");
  });

  it("the self-billed invoice's PDF carries what Notice 700/62 requires; kept as first issued", async () => {
    const get = (id: number, month: string, cookie: string | null = adminCookie) =>
      call(pdfLoader, `/api/partners/${id}/self-billed-invoices/${month}`, {
        cookie,
        params: { id: String(id), month },
      });
    expect((await get(ids.vat, SEP, null)).status).toBe(401);
    expect((await get(ids.vat, SEP, otherCookie)).status).toBe(403);
    expect((await get(ids.vat, "soon")).status).toBe(400);
    const none = await get(ids.plain, SEP);
    expect(none.status).toBe(404);
    expect((await none.json()).message).toBe(
      "No self-billed invoice for September 2026: a self-billed month's is issued when it is paid",
    );
    const response = await get(ids.vat, SEP, vatCookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="SB-${ids.vat}-0002.pdf"`);
    const bytes = Buffer.from(await response.arrayBuffer());
    const text = pdfText(bytes);
    expect(text).toContain("The VAT shown is your output tax due to HMRC");
    for (const field of [
      "Self-billed invoice",
      "Vatted Vending Ltd",
      "1 High Street",
      "LS1 1AA",
      `Invoice number: SB-${ids.vat}-0002`,
      "Date (tax point): 30/09/2026",
      "Supplier's VAT number: GB123456789",
      "September 2026",
    ])
      expect(text).toContain(field);
    expect(text).toMatch(/Amount before VAT\s+£57\.01/);
    expect(text).toMatch(/VAT at 17\.5%\s+£9\.98/);
    expect(text).toMatch(/Total\s+£66\.99/);
    const again = Buffer.from(await (await get(ids.vat, SEP)).arrayBuffer());
    expect(again.equals(bytes)).toBe(true);
  });

  it("a month paid again after Reset Month keeps its number; none is ever reused", async () => {
    await resetCommissions(db, SEP, adminId, ids.vat);
    // Reopened with its £66.99 (VAT included) already paid: nothing owed either way.
    expect(await partnerOwing(db, ids.vat)).toBeNull();
    expect(await overpaidOpenMonths(db, ids.vat)).toEqual([]);
    // Nothing more to pay (the same £66.99 was paid): Mark as Paid closes it again.
    await markCommissionPaid(db, ids.vat, SEP, adminId, "2026-11-04", NOW);
    const numbers = await db
      .selectFrom("selfBilledInvoices")
      .select(["month", "number"])
      .where("partnerId", "=", ids.vat)
      .orderBy("seq")
      .execute();
    expect(numbers).toEqual([
      { month: AUG, number: `SB-${ids.vat}-0001` },
      { month: SEP, number: `SB-${ids.vat}-0002` },
    ]);
  });

  it("stops when the agreement lapses: October (ending after the review date) is paid without VAT and no invoice", async () => {
    expect(await selfBillingForMonth(db, ids.vat, OCT)).toBeNull();
    const plan = await payoutCandidates(db, OCT, NOW);
    expect(plan.eligible.find((l) => l.partnerId === ids.vat)?.amountPence).toBe(5701);
    await markPayoutPaid(db, OCT, [ids.vat], adminId, "2026-11-05", NOW);
    expect(
      await db
        .selectFrom("selfBilledInvoices")
        .select("month")
        .where("partnerId", "=", ids.vat)
        .where("month", "=", OCT)
        .execute(),
    ).toEqual([]);
    const view = await (
      await call(sbLoader, agreementPath(ids.vat), { cookie: adminCookie, params: { id: String(ids.vat) } })
    ).json();
    expect(view.state).toBe("lapsed");
    expect(view.message).toBe(
      "Lapsed: the review date 15/10/2026 passed without renewal. Commission for months ending after it is paid without VAT and no self-billed invoice is issued; renew by setting a later review date.",
    );
    expect(view.invoices.map((i: { number: string; total: number }) => [i.number, i.total])).toEqual([
      [`SB-${ids.vat}-0002`, 66.99],
      [`SB-${ids.vat}-0001`, 66.99],
    ]);
  });

  it("DELETE ends it (admin, audited); 404 when there is none", async () => {
    expect(
      (
        await call(sbAction, agreementPath(ids.vat), {
          method: "DELETE",
          cookie: vatCookie,
          params: { id: String(ids.vat) },
        })
      ).status,
    ).toBe(403);
    const gone = await call(sbAction, agreementPath(ids.vat), {
      method: "DELETE",
      cookie: adminCookie,
      params: { id: String(ids.vat) },
    });
    expect(gone.status).toBe(200);
    expect((await gone.json()).state).toBe("none");
    const again = await call(sbAction, agreementPath(ids.vat), {
      method: "DELETE",
      cookie: adminCookie,
      params: { id: String(ids.vat) },
    });
    expect(again.status).toBe(404);
    // A paid month keeps the VAT its invoice was issued with.
    expect((await selfBillingForMonth(db, ids.vat, SEP))?.totalPence).toBe(6699);
  });
});
