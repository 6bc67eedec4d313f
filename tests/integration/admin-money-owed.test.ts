/**
 * The admin dashboard's receivables and payables: the loader answers what fee-
 * paying partners owe (and the overdue part) and the last ended month's unpaid commission (and the
 * part ready to pay), exact in pence; partners get nothing of it.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader as adminLoader } from "#app/routes/admin._index.tsx";
import { db } from "#app/utils/db.server.ts";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { recordPayment } from "#domain/receivables/payment-service.ts";
import { addDaysIso, formatMonth, isoDay, previousMonth } from "#domain/shared/dates.ts";
import { markCommissionPaid } from "#domain/commissions/commission-payment-service.ts";
import { payablesNote } from "#domain/commissions/payables-words.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

let adminCookie: string;
let partnerCookie: string;
let adminId: number;
let hosts: { completeId: number; partialId: number; waitingMachineId: number };
type Dashboard = Awaited<ReturnType<typeof adminLoader>>;

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  const today = isoDay(new Date());

  // Fees: £75.00 a month, no VAT. An invoice raised 60 days ago (due 46 days ago) paid £25.00 of,
  // and one raised today (due in 14 days): £125.00 due, £50.00 of it overdue.
  const gym = await makePartner(db, { partnerType: "fee-paying", monthlyFeePence: 7_500, commissionBp: 0 });
  partnerCookie = await loginCookie(gym.username);
  const old = await generateInvoice(db, gym.id, "monthly", admin.id, addDaysIso(today, -60));
  await recordPayment(
    db,
    {
      partnerId: gym.id,
      receivedOn: addDaysIso(today, -50),
      amountPence: 2_500,
      method: "bank-transfer",
      reference: "PART",
      allocations: [{ invoiceId: old.id, amountPence: 2_500 }],
    },
    admin.id,
    today,
  );
  const fresh = await makePartner(db, { partnerType: "fee-paying", monthlyFeePence: 7_500, commissionBp: 0 });
  await generateInvoice(db, fresh.id, "monthly", admin.id, today);

  // Commission for the last ended month at 10%: revenue £100.00, COGS £40.00, card fee £2.99 →
  // net £57.01 → £5.70, every machine reported; revenue £200.00 → fee £5.98 → net £194.02 →
  // £19.40, one of two machines reported.
  const month = previousMonth();
  const complete = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1_000 });
  await makeRecord(db, (await makeMachine(db, complete.id)).id, month, { revenuePence: 10_000, cogsPence: 4_000 });
  const partial = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1_000 });
  await makeRecord(db, (await makeMachine(db, partial.id)).id, month, { revenuePence: 20_000, cogsPence: 0 });
  const waiting = await makeMachine(db, partial.id);
  hosts = { completeId: complete.id, partialId: partial.id, waitingMachineId: waiting.id };
});

describe("GET /admin: receivables and payables", () => {
  it("answers what partners owe and what the business owes them, exact in pence", async () => {
    const response = await call(adminLoader, "/admin", { cookie: adminCookie });
    const page = (await response.json()) as Dashboard;
    expect(page.receivables).toMatchObject({
      duePence: 12_500,
      overduePence: 5_000,
      partnersOwing: 2,
      partnersOverdue: 1,
    });
    expect(page.payables).toEqual({
      month: previousMonth(),
      duePence: 570 + 1_940,
      readyPence: 570,
      applicable: 2,
      ready: 1,
      paid: 0,
    });
  });

  it("a partner is sent home, the anonymous to /auth", async () => {
    expect((await call(adminLoader, "/admin", { cookie: partnerCookie })).headers.get("location")).toBe("/");
    expect((await call(adminLoader, "/admin", { cookie: null })).headers.get("location")).toMatch(/^\/auth/);
  });
});

describe("GET /admin: the payables card in words", () => {
  const note = async () => {
    const page = (await (await call(adminLoader, "/admin", { cookie: adminCookie })).json()) as Dashboard;
    return payablesNote(page.payables);
  };

  it("says what is ready to pay, then 'All partners paid for <last month>' once every partner due is paid", async () => {
    expect(await note()).toBe(
      "£5.70 ready to pay (1 partner with every machine reported) · 0 of 2 profit-sharing partners paid",
    );
    const month = previousMonth();
    await markCommissionPaid(db, hosts.completeId, month, adminId);
    expect(await note()).toBe(
      "Nothing ready to pay: 1 partner waiting for machine reports · 1 of 2 profit-sharing partners paid",
    );
    // The second machine reports (revenue £0.00): the partner is complete, then paid.
    await makeRecord(db, hosts.waitingMachineId, month, { revenuePence: 0, cogsPence: 0 });
    await markCommissionPaid(db, hosts.partialId, month, adminId);
    expect(await note()).toBe(`All partners paid for ${formatMonth(month)}`);
  });
});
