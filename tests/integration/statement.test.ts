/**
 * Statement of account: GET /api/partners/{id}/statement (401, 403 for another
 * partner, 400 for bad dates and from after to, 404, 409 for a partner who is not fee-paying, the
 * PDF read back with pdftotext), the service's statement, balance due and aging in exact pence on
 * fixed dates, and receivablesTotals across every fee-paying partner in one query.
 */
import fs from "node:fs";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as statementLoader } from "#app/routes/api.partners.$id.statement.ts";
import { loader as dashboardLoader } from "#app/routes/_index.tsx";
import { loader as partnerPageLoader } from "#app/routes/partners.$partnerId.tsx";
import { db } from "#app/utils/db.server.ts";
import { updateBusinessProfile } from "#domain/business/business-service.ts";
import { DEMO_BUSINESS } from "#domain/demo/demo-seed.ts";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { balanceDue, partnerStatement, receivablesTotals } from "#domain/receivables/account-service.ts";
import { agingOf } from "#domain/receivables/aging-rules.ts";
import { accountHistory } from "#domain/receivables/account-service.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { pdfText } from "./mail.ts";
import { loginCookie } from "./session.ts";

let adminCookie: string;
let owner: { id: number; username: string };
let ownerCookie: string;
let other: { id: number; username: string };
let otherCookie: string;
let profitSharing: { id: number };
/** The owner's invoices: Jan, Feb, Mar 2026, £75.00 + 20% VAT = £90.00 each. */
const inv: number[] = [];

const feePartner = (overrides: Parameters<typeof makePartner>[1] = {}) =>
  makePartner(db, { partnerType: "fee-paying", commissionBp: 0, monthlyFeePence: 7500, ...overrides });

/** An invoice raised (issued) on `day`, its period starting that day. */
async function invoiceOn(partnerId: number, day: string) {
  const invoice = await generateInvoice(db, partnerId, "monthly", null, day);
  await db
    .updateTable("feePayments")
    .set({ createdAt: `${day}T09:30:00.000Z` } as never)
    .where("id", "=", invoice.id)
    .execute();
  return invoice.id;
}

async function payment(
  partnerId: number,
  receivedOn: string,
  allocations: [number, number][],
  reference: string | null = null,
  method: "bank-transfer" | "card" = "bank-transfer",
) {
  const amountPence = allocations.reduce((s, [, p]) => s + p, 0);
  const row = await db
    .insertInto("payments")
    .values({ partnerId, receivedOn, amountPence, method, reference, createdBy: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("paymentAllocations")
    .values(allocations.map(([invoiceId, pence]) => ({ paymentId: row.id, invoiceId, amountPence: pence })))
    .execute();
  return row.id;
}

async function credit(
  partnerId: number,
  invoiceId: number,
  issuedOn: string,
  amountPence: number,
  reason: string,
  kind: "credit" | "cancellation" = "credit",
) {
  return (
    await db
      .insertInto("creditNotes")
      .values({ partnerId, invoiceId, issuedOn, amountPence, reason, kind, createdBy: null })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

const get = (id: number, query = "", cookie: string | null = adminCookie) =>
  call(statementLoader, `/api/partners/${id}/statement${query}`, { cookie, params: { id: String(id) } });

beforeAll(async () => {
  const admin = await makeAdmin(db);
  await updateBusinessProfile(db, DEMO_BUSINESS, { keep: true }, admin.id);
  adminCookie = await loginCookie(admin.username);
  owner = await feePartner({
    name: "Harrogate Fitness Club",
    billingAddress: "12 Station Parade\nHarrogate HG1 1UE",
    email: "manager@harrogate-gym.example",
  });
  ownerCookie = await loginCookie(owner.username);
  other = await feePartner({ name: "Other Gym" });
  otherCookie = await loginCookie(other.username);
  profitSharing = await makePartner(db);

  // Jan paid in full on 8 Jan; Feb: £50.00 by card on 20 Feb; Mar: a £15.00 credit note on 1 Mar.
  inv.push(
    await invoiceOn(owner.id, "2026-01-01"),
    await invoiceOn(owner.id, "2026-02-01"),
    await invoiceOn(owner.id, "2026-03-01"),
  );
  await payment(owner.id, "2026-01-08", [[inv[0], 9000]], "BACS HFC-0001");
  await payment(owner.id, "2026-02-20", [[inv[1], 5000]], null, "card");
  await credit(owner.id, inv[2], "2026-03-01", 1500, "Machine out of order for 5 days");

  // The other partner: one £90.00 invoice from 10 Feb, unpaid.
  await invoiceOn(other.id, "2026-02-10");
});

describe("statement of account (service)", () => {
  it("lists every invoice, payment and credit note in date order with the running balance", async () => {
    const statement = await partnerStatement(db, owner.id, {}, "2026-04-20");
    expect(statement.from).toBe("2026-01-01");
    expect(statement.to).toBe("2026-04-20");
    expect(statement.lines.map((l) => [l.date, l.kind, l.debitPence, l.creditPence, l.balancePence])).toEqual([
      ["2026-01-01", "invoice", 9000, 0, 9000],
      ["2026-01-08", "payment", 0, 9000, 0],
      ["2026-02-01", "invoice", 9000, 0, 9000],
      ["2026-02-20", "payment", 0, 5000, 4000],
      ["2026-03-01", "invoice", 9000, 0, 13000],
      ["2026-03-01", "credit", 0, 1500, 11500],
    ]);
    expect(statement).toMatchObject({ openingPence: 0, debitPence: 27000, creditPence: 15500, closingPence: 11500 });
    // On 20 Apr: Feb's £40.00 is 64 days past due (15 Feb), Mar's £75.00 36 days (15 Mar).
    expect(statement.aging).toMatchObject({
      balancePence: 11500,
      overduePence: 11500,
      oldestOverdueDays: 64,
      buckets: { current: 0, "1-30": 0, "31-60": 7500, "61-90": 4000, "over-90": 0 },
    });
  });

  it("brings the balance forward before `from` and ages the balance at `to`", async () => {
    const statement = await partnerStatement(db, owner.id, { from: "2026-02-15", to: "2026-03-10" }, "2026-04-20");
    expect(statement).toMatchObject({ openingPence: 9000, closingPence: 11500 });
    expect(statement.lines.map((l) => l.kind)).toEqual(["payment", "invoice", "credit"]);
    // On 10 Mar Mar's invoice is not due yet (15 Mar): £75.00 current, Feb's £40.00 23 days late.
    expect(statement.aging.buckets).toEqual({ current: 7500, "1-30": 4000, "31-60": 0, "61-90": 0, "over-90": 0 });
  });

  it("balanceDue answers the balance, the overdue part, the oldest overdue days and the aging", async () => {
    expect(await balanceDue(db, owner.id, "2026-03-10")).toMatchObject({
      partnerId: owner.id,
      balancePence: 11500,
      overduePence: 4000,
      oldestOverdueDays: 23,
    });
    expect(await balanceDue(db, other.id, "2026-02-24")).toMatchObject({
      balancePence: 9000,
      overduePence: 0,
      oldestOverdueDays: null,
    });
    expect(await balanceDue(db, other.id, "2026-02-25")).toMatchObject({
      balancePence: 9000,
      overduePence: 9000,
      oldestOverdueDays: 1,
    });
  });

  it("refuses a partner who is not fee-paying (409), an unknown one (404) and from after to (400)", async () => {
    await expect(balanceDue(db, profitSharing.id)).rejects.toMatchObject({
      code: "conflict",
      message: "Statements of account are for fee-paying partners only",
    });
    await expect(partnerStatement(db, 987_654)).rejects.toMatchObject({ code: "not_found" });
    await expect(partnerStatement(db, owner.id, { from: "2026-03-02", to: "2026-03-01" })).rejects.toMatchObject({
      code: "bad_input",
    });
  });
});

describe("receivables totals (admin dashboard)", () => {
  it("sums what every fee-paying partner owes and the overdue part, as each partner's aging does", async () => {
    // 10 Mar: owner £115.00 (£40.00 overdue); other £90.00, due 24 Feb, overdue.
    expect(await receivablesTotals(db, "2026-03-10")).toEqual({
      asOf: "2026-03-10",
      duePence: 20500,
      overduePence: 13000,
      partnersOwing: 2,
      partnersOverdue: 2,
    });
    // 20 Feb before the card payment: owner Feb's £90.00 overdue (due 15 Feb) after Jan was paid; other £90.00 current.
    expect(await receivablesTotals(db, "2026-02-19")).toEqual({
      asOf: "2026-02-19",
      duePence: 18000,
      overduePence: 9000,
      partnersOwing: 2,
      partnersOverdue: 1,
    });
    expect(await receivablesTotals(db, "2025-12-31")).toEqual({
      asOf: "2025-12-31",
      duePence: 0,
      overduePence: 0,
      partnersOwing: 0,
      partnersOverdue: 0,
    });
  });

  it("agrees with agingOf partner by partner on every day of the history", async () => {
    const histories = await Promise.all([owner.id, other.id].map((id) => accountHistory(db, id)));
    for (
      let d = new Date("2025-12-30T00:00:00Z");
      d <= new Date("2026-05-01T00:00:00Z");
      d = new Date(d.getTime() + 86_400_000)
    ) {
      const day = d.toISOString().slice(0, 10);
      const agings = histories.map((h) => agingOf(h, day));
      const totals = await receivablesTotals(db, day);
      expect(totals.duePence, day).toBe(agings.reduce((s, a) => s + Math.max(0, a.balancePence), 0));
      expect(totals.overduePence, day).toBe(agings.reduce((s, a) => s + a.overduePence, 0));
    }
  });
});

describe("GET /api/partners/{id}/statement", () => {
  it("401 anonymous", async () => {
    const res = await get(owner.id, "", null);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Not authenticated" });
  });

  it("403 for another partner's statement", async () => {
    const res = await get(owner.id, "", otherCookie);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Forbidden" });
  });

  it("400 with a message for a bad date or from after to", async () => {
    for (const [query, message] of [
      ["?from=2026-02-30", "From must be a date (YYYY-MM-DD)"],
      ["?to=yesterday", "To must be a date (YYYY-MM-DD)"],
      ["?from=2026-03-02&to=2026-03-01", "The statement's from date must not be after its to date"],
    ]) {
      const res = await get(owner.id, query);
      expect(res.status, query).toBe(400);
      expect(await res.json()).toEqual({ message });
    }
  });

  it("404 for an unknown partner, 409 for a partner who is not fee-paying", async () => {
    const missing = await get(987_654);
    expect(missing.status).toBe(404);
    const res = await get(profitSharing.id);
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: "Statements of account are for fee-paying partners only" });
  });

  it("the partner downloads their own statement: letterhead, lines with running balance, aging, how to pay", async () => {
    const res = await get(owner.id, "?from=2026-01-01&to=2026-04-20", ownerCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="statement-of-account-2026-01-01-to-2026-04-20.pdf"',
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    // STATEMENT_PDF=file keeps the PDF for a look (pdftoppm -png).
    if (process.env.STATEMENT_PDF) fs.writeFileSync(process.env.STATEMENT_PDF, bytes);
    const text = pdfText(bytes);
    const squeezed = text.replace(/[ \t]+/g, " ");
    for (const expected of [
      "Vendboard Vending Ltd",
      "Statement of account",
      "Harrogate Fitness Club",
      "12 Station Parade",
      "Period: 01/01/2026 - 20/04/2026",
      "Balance due: £115.00",
      "01/01/2026 Balance brought forward £0.00",
      `01/01/2026 INV-${String(inv[0]).padStart(5, "0")} £90.00 £90.00`,
      "Fee 01/01/2026 - 31/01/2026, due 15/01/2026",
      "08/01/2026 Payment, bank transfer, BACS HFC-0001 £90.00 £0.00",
      `Settles INV-${String(inv[0]).padStart(5, "0")}`,
      "20/02/2026 Payment, card £50.00 £40.00",
      "£90.00 £130.00",
      `Credit on INV-${String(inv[2]).padStart(5, "0")}: Machine out of order for 5 days`,
      "£15.00 £115.00",
      "Totals for the period £270.00 £155.00",
      "20/04/2026 Closing balance £115.00",
      "Aging of the balance due on 20/04/2026",
      "Current 1–30 days 31–60 days 61–90 days Over 90 days Balance due",
      "£0.00 £0.00 £75.00 £40.00 £0.00 £115.00",
      "£115.00 of it is overdue (the oldest by 64 days)",
      "Sort code 40-11-62",
      "Account number 71234568",
    ]) {
      expect(squeezed, expected).toContain(expected);
    }
    expect(squeezed).toMatch(
      new RegExp(`Payment reference INV-${String(inv[1]).padStart(5, "0")}, INV-${String(inv[2]).padStart(5, "0")}`),
    );
  });

  it("the admin's download defaults to the first entry through today", async () => {
    const res = await get(other.id);
    expect(res.status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="statement-of-account-2026-02-10-to-${today}.pdf"`,
    );
  });
});

describe("the screens' loaders", () => {
  it("the fee-paying partner's dashboard has the balance due today; other partners' has none", async () => {
    const res = await call(dashboardLoader, "/", { cookie: ownerCookie });
    const body = (await res.json()) as {
      balance: { balancePence: number; overduePence: number; oldestOverdueDays: number | null } | null;
    };
    // Today (after 2026) every invoice of the owner is long past due: £115.00, Feb's the oldest.
    expect(body.balance).toMatchObject({ balancePence: 11500, overduePence: 11500 });
    expect(body.balance!.oldestOverdueDays).toBeGreaterThan(90);
    const otherType = await makePartner(db);
    const plain = await call(dashboardLoader, "/", { cookie: await loginCookie(otherType.username) });
    expect(((await plain.json()) as { balance: unknown }).balance).toBeNull();
  });

  it("the partner page shows the statement for ?from=&to=, or the whole account with the reason for a bad period", async () => {
    const page = async (id: number, query = "") =>
      (
        await call(partnerPageLoader, `/partners/${id}${query}`, {
          cookie: adminCookie,
          params: { partnerId: String(id) },
        })
      ).json() as Promise<{
        statement: {
          statement: { from: string; to: string; openingPence: number; closingPence: number; lines: unknown[] };
          problem: string | null;
        } | null;
      }>;
    const filtered = (await page(owner.id, "?from=2026-02-15&to=2026-03-10")).statement!;
    expect(filtered.problem).toBeNull();
    expect(filtered.statement).toMatchObject({
      from: "2026-02-15",
      to: "2026-03-10",
      openingPence: 9000,
      closingPence: 11500,
    });
    expect(filtered.statement.lines).toHaveLength(3);
    const bad = (await page(owner.id, "?from=2026-03-10&to=2026-02-15")).statement!;
    expect(bad.problem).toBe("The statement's from date must not be after its to date");
    expect(bad.statement.from).toBe("2026-01-01");
    expect((await page(profitSharing.id)).statement).toBeNull();
  });
});
