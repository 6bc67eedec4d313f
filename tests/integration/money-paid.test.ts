/**
 * Money that has left the bank is never forgotten. Each payment of a month is
 * kept (commission_transfers); Reset Month sets the month back to pending and keeps it; paying the
 * month again pays only what it now comes to minus what was paid (a top-up "VB ADJ YYYY-MM"), a
 * negative rest carried to the next open month (reason `repaid`); the confirmation, bank file,
 * remittance and report name both figures; a batch is refused when an amount changed since its bank
 * file was made; the paid month's report says what it sent on. Exact pence from ARCHITECTURE.md
 * section 5: card fee 2.99% of revenue per record (half-up), net = revenue − COGS − fee, flat share
 * half-up.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator } from "kysely";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as resetAction } from "#app/routes/api.partners.commissions.reset.ts";
import { action as paymentAction } from "#app/routes/api.partners.$id.commission-payment.ts";
import { loader as statusLoader } from "#app/routes/api.partners.$id.commission-payment-status.ts";
import { loader as candidatesLoader } from "#app/routes/api.commissions.payouts.ts";
import { loader as fileLoader } from "#app/routes/api.commissions.payouts.file.ts";
import { action as markPaidAction } from "#app/routes/api.commissions.payouts.mark-paid.ts";
import { action as recordAction } from "#app/routes/api.records.$id.ts";
import { loader as pageLoader } from "#app/routes/partners.$partnerId.tsx";
import { loader as dashboardLoader } from "#app/routes/_index.tsx";
import { formatMonth, previousMonth } from "#domain/shared/dates.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { migrateToLatest, openDatabase } from "#db/database.ts";
import { migrations } from "#db/migrations/index.ts";
import { describeAuditEntry } from "#domain/audit/audit-entries.ts";
import { partnerMonth } from "#domain/commissions/commission-service.ts";
import { commissionSummary } from "#domain/commissions/commission-summary.ts";
import { monthSums } from "#domain/commissions/month-sums.ts";
import { consolidatedReport } from "#domain/commissions/statement-service.ts";
import { freshDatabase } from "#tests/databases.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord, TEST_PASSWORD } from "#tests/factories.ts";
import { partnerOwing } from "#domain/commissions/balance-service.ts";
import { hasCorrections } from "#domain/commissions/money-paid.ts";
import { action as partnerAction } from "#app/routes/api.partners.$id.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { runCli } from "./cli-run.ts";
import { pdfText, startMailServer, stopMailServer, subjectOf, textBody, type ReceivedMail } from "./mail.ts";

const SEP = "2026-09";
const OCT = "2026-10";
const BANK = { bankName: "Yorkshire Bank", sortCode: "05-01-23", accountNumber: "41234567" };
// Revenue 100.00, COGS 40.00: fee 2.99 → net 57.01 → 10% = 570 (570.1).
const BASE = { revenuePence: 10_000, cogsPence: 4_000 };
// Revenue 105.00: fee 3.1395 → 314, net 61.86 → 619 (618.6).
const HIGHER = 10_500;
// Revenue 90.00: fee 2.691 → 269, net 47.31 → 473 (473.1).
const LOWER = 9_000;

const received: ReceivedMail[] = [];
let server: SMTPServer;
let port: number;
let adminCookie: string;
let savedSmtp: string | undefined;

beforeAll(async () => {
  ({ server, port } = await startMailServer((m) => received.push(m)));
  const admin = await makeAdmin(db);
  adminCookie = await loginCookie(admin.username);
});
afterAll(() => stopMailServer(server));
beforeEach(() => {
  savedSmtp = MAIL_CONFIG.smtpUrl;
  MAIL_CONFIG.smtpUrl = `smtp://127.0.0.1:${port}`;
  return () => {
    MAIL_CONFIG.smtpUrl = savedSmtp;
  };
});

async function hostWith(name: string, months: string[] = [SEP], fields: Parameters<typeof makePartner>[1] = {}) {
  const partner = await makePartner(db, {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, "-")}@example.com`,
    commissionBp: 1_000,
    ...BANK,
    ...fields,
  });
  const machine = await makeMachine(db, partner.id, `${name} machine`);
  const records: Record<string, number> = {};
  for (const month of months) records[month] = (await makeRecord(db, machine.id, month, BASE)).id;
  return { partner, machine, records };
}

const pay = (partnerId: number, month: string, paidDate: string) =>
  call(paymentAction, `/api/partners/${partnerId}/commission-payment`, {
    json: { month, paidDate },
    cookie: adminCookie,
    params: { id: String(partnerId) },
  });
const reset = (month: string, partnerId?: number) =>
  call(resetAction, "/api/partners/commissions/reset", {
    json: { month, ...(partnerId ? { partnerId } : {}) },
    cookie: adminCookie,
  });
const setRevenue = (recordId: number, revenuePence: number) =>
  db.updateTable("monthlyRecords").set({ revenuePence }).where("id", "=", recordId).execute();
const transfers = (partnerId: number, month: string) =>
  db
    .selectFrom("commissionTransfers")
    .select(["amountPence", "paidDate", "reference", "batchId"])
    .where("partnerId", "=", partnerId)
    .where("month", "=", month)
    .orderBy("id")
    .execute();
/** audit_log JSON: text on SQLite, already parsed where the driver parses it. */
const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
const described = (rows: readonly { before: unknown; after: unknown; details: unknown }[]) =>
  rows.map((r) =>
    describeAuditEntry({
      ...(r as Parameters<typeof describeAuditEntry>[0]),
      before: parsed(r.before),
      after: parsed(r.after),
      details: parsed(r.details),
    }),
  );
const remittanceMails = (to: string) =>
  received.filter((m) => m.to.includes(to) && subjectOf(m.raw).startsWith("Remittance advice"));

describe("Reset Month then paying again at a higher figure pays only the difference", () => {
  it("pays £5.70, resets keeping it, then pays £0.49 with the top-up reference; the remittance and report say both figures", async () => {
    const { partner, records } = await hostWith("Higher Host");
    // The dashboard reads what is owed only for a partner with corrections on the books.
    expect(await hasCorrections(db, partner.id)).toBe(false);
    const first = await pay(partner.id, SEP, "2026-10-05");
    expect(await hasCorrections(db, partner.id)).toBe(false);
    expect(await first.json()).toMatchObject({ amount: 5.7, paid: 5.7, alreadyPaid: 0, reference: "VB COMM 2026-09" });

    expect(await (await reset(SEP, partner.id)).json()).toEqual({ reset: 1 });
    expect(await hasCorrections(db, partner.id)).toBe(true);
    const status = await call(statusLoader, `/api/partners/${partner.id}/commission-payment-status?month=${SEP}`, {
      cookie: adminCookie,
      params: { id: String(partner.id) },
    });
    expect(await status.json()).toEqual({ month: SEP, status: "pending", paidDate: null });
    expect(await transfers(partner.id, SEP)).toEqual([
      { amountPence: 570, paidDate: "2026-10-05", reference: "VB COMM 2026-09", batchId: null },
    ]);
    const month = await partnerMonth(db, partner.id, SEP);
    expect(month.moneyPaid).toEqual({ pence: 570, lastPaidDate: "2026-10-05" });

    // The reopened month is open: its record changes without confirmation, and now comes to 619.
    await setRevenue(records[SEP], HIGHER);
    const again = await pay(partner.id, SEP, "2026-10-20");
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({
      status: "completed",
      paidDate: "2026-10-20",
      amount: 6.19,
      paid: 0.49,
      alreadyPaid: 5.7,
      reference: "VB ADJ 2026-09",
    });
    expect((await transfers(partner.id, SEP)).map((t) => [t.amountPence, t.reference])).toEqual([
      [570, "VB COMM 2026-09"],
      [49, "VB ADJ 2026-09"],
    ]);

    // One remittance per payment: the second says both figures and sends £0.49.
    const mails = remittanceMails("higher-host@example.com");
    expect(mails).toHaveLength(2);
    const text = textBody(mails[1].raw);
    expect(text).toContain("Amount: £0.49");
    expect(text).toContain("September 2026: £6.19, already paid £5.70 on 05/10/2026, now £0.49");
    expect(text).toContain("Payment reference: VB ADJ 2026-09");
    const rows = await db
      .selectFrom("commissionRemittances")
      .select(["amountPence", "reference"])
      .where("partnerId", "=", partner.id)
      .orderBy("id")
      .execute();
    expect(rows).toEqual([
      { amountPence: 570, reference: "VB COMM 2026-09" },
      { amountPence: 49, reference: "VB ADJ 2026-09" },
    ]);

    const report = pdfText(Buffer.from((await consolidatedReport(db, partner.id, SEP)).bytes));
    expect(report).toContain("Payment status: Paid £6.19 on 20/10/2026");
    // While it was open again, the totals counted only the £0.49 left to pay (checked below on a fresh partner).
    expect(report).toContain("September 2026: £6.19, already paid £5.70 on 05/10/2026, now £0.49");

    const audit = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("partnerId", "=", partner.id)
      .where("action", "in", ["commission_paid", "commission_reset"])
      .orderBy("id")
      .execute();
    expect(described(audit)).toEqual([
      "Marked commission paid: £5.70 at 10%",
      "Reset month: payment of £5.70 back to pending; £5.70 paid stays recorded",
      "Marked commission paid: £6.19 at 10%, already paid £5.70, now £0.49 (VB ADJ 2026-09)",
    ]);
  });
});

describe("Reset Month then paying again at a lower figure sends nothing and carries the rest", () => {
  it("the month now comes to 473 of 570 paid: pays 0 and carries −97 (paid again) to October; a second reset takes it back", async () => {
    const { partner, records } = await hostWith("Lower Host", [SEP, OCT]);
    expect((await pay(partner.id, SEP, "2026-10-05")).status).toBe(200);
    await reset(SEP, partner.id);
    await setRevenue(records[SEP], LOWER);
    const again = await pay(partner.id, SEP, "2026-10-20");
    expect(await again.json()).toMatchObject({ amount: 4.73, paid: 0, alreadyPaid: 5.7, reference: "VB ADJ 2026-09" });
    const october = await partnerMonth(db, partner.id, OCT);
    expect(october.adjustments.map((a) => [a.forMonth, a.amountPence, a.reason])).toEqual([[SEP, -97, "repaid"]]);
    // October: 570 − 97 = 473.
    expect(october.totals.commissionPence).toBe(473);
    const carried = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("partnerId", "=", partner.id)
      .where("action", "=", "commission_adjustment")
      .orderBy("id")
      .execute();
    expect(described(carried)).toEqual([
      "Carried −£0.97 from September 2026 to the next month (paid again for less than was already paid)",
    ]);
    const notice = textBody(remittanceMails("lower-host@example.com")[1].raw);
    expect(notice).toContain("We have worked out your commission for September 2026 again: nothing more is paid.");
    expect(notice).toContain("September 2026: £4.73, already paid £5.70 on 05/10/2026, now −£0.97");

    // Reset again: the carried rest goes with its payment (October is not paid yet); money paid stays 570.
    await reset(SEP, partner.id);
    expect((await partnerMonth(db, partner.id, OCT)).adjustments).toEqual([]);
    expect((await transfers(partner.id, SEP)).map((t) => t.amountPence)).toEqual([570, 0]);
  });
});

describe("money paid over on a reopened month, and a partner money was paid to", () => {
  it("a reopened month now below what was paid, with no active machine to pay it again: owed, and the partner cannot be deleted", async () => {
    const { partner, machine, records } = await hostWith("Overpaid Host");
    expect((await pay(partner.id, SEP, "2026-10-05")).status).toBe(200);
    await reset(SEP, partner.id);
    await setRevenue(records[SEP], LOWER);
    await db.updateTable("machines").set({ status: "inactive" }).where("id", "=", machine.id).execute();
    expect(await partnerOwing(db, partner.id)).toEqual({
      owingPence: 97,
      months: [{ month: SEP, forMonth: SEP, amountPence: -97, reason: "repaid" }],
      why: "no active machine",
    });
    const refused = await call(partnerAction, `/api/partners/${partner.id}`, {
      method: "DELETE",
      json: { password: TEST_PASSWORD },
      cookie: adminCookie,
      params: { id: String(partner.id) },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      "Overpaid Host owes £0.97 of commission paid in advance: write it off or settle it before deleting the partner",
    );
  });

  it("a reopened month paid in full: the money paid still keeps the partner (409), never deleted with them", async () => {
    const { partner } = await hostWith("Kept Host");
    expect((await pay(partner.id, SEP, "2026-10-05")).status).toBe(200);
    await reset(SEP, partner.id);
    const refused = await call(partnerAction, `/api/partners/${partner.id}`, {
      method: "DELETE",
      json: { password: TEST_PASSWORD },
      cookie: adminCookie,
      params: { id: String(partner.id) },
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      "Kept Host cannot be deleted: £5.70 of commission was paid to them, and money paid is kept",
    );
    expect(await transfers(partner.id, SEP)).toHaveLength(1);
  });
});

describe("payout batches: the top-up's bank line and reference, one remittance per payment", () => {
  it("a reset month in the payout offers only the difference with VB ADJ; marking it paid records the second transfer", async () => {
    const { partner, records } = await hostWith("Batch Host");
    const paid = await call(markPaidAction, "/api/commissions/payouts/mark-paid", {
      json: { month: SEP, partnerIds: [partner.id], paidDate: "2026-10-05" },
      cookie: adminCookie,
    });
    expect(paid.status).toBe(200);
    const firstBatch = (await paid.json()).batchId as number;
    await reset(SEP, partner.id);
    await setRevenue(records[SEP], HIGHER);

    const plan = await (
      await call(candidatesLoader, `/api/commissions/payouts?month=${SEP}`, { cookie: adminCookie })
    ).json();
    expect(plan.eligible.find((l: { partnerId: number }) => l.partnerId === partner.id)).toMatchObject({
      amount: 0.49,
      monthAmount: 6.19,
      alreadyPaid: 5.7,
      reference: "VB ADJ 2026-09",
    });
    // The summary's totals count only what is left to pay: £0.49 of this partner's £6.19 (the API's total, the page's sums agree).
    const due = (await commissionSummary(db, SEP)).totalCommissionDuePence;
    const sums = await monthSums(db, SEP);
    // At 473 (below the 570 paid) it adds nothing: 49 − 0, where counting the whole month would give 619 − 473.
    await setRevenue(records[SEP], LOWER);
    expect(due - (await commissionSummary(db, SEP)).totalCommissionDuePence).toBe(49);
    expect(sums.duePence - (await monthSums(db, SEP)).duePence).toBe(49);
    await setRevenue(records[SEP], HIGHER);
    const file = await call(fileLoader, `/api/commissions/payouts/file?month=${SEP}&partnerIds=${partner.id}`, {
      cookie: adminCookie,
    });
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(
      "Payee name,Sort code,Account number,Amount,Reference\r\nBATCH HOST,050123,41234567,0.49,VB ADJ 2026-09\r\n",
    );

    const second = await call(markPaidAction, "/api/commissions/payouts/mark-paid", {
      json: { month: SEP, partnerIds: [partner.id], paidDate: "2026-10-20" },
      cookie: adminCookie,
    });
    expect(second.status).toBe(200);
    const body = await second.json();
    expect(body.paid).toEqual([
      { partnerId: partner.id, partnerName: "Batch Host", amount: 0.49, reference: "VB ADJ 2026-09" },
    ]);
    expect((await transfers(partner.id, SEP)).map((t) => [t.amountPence, t.reference, t.batchId])).toEqual([
      [570, "VB COMM 2026-09", firstBatch],
      [49, "VB ADJ 2026-09", body.batchId],
    ]);
    expect(remittanceMails("batch-host@example.com")).toHaveLength(2);
    // Nothing more to pay once it is paid: the month is closed again.
    const after = await (
      await call(candidatesLoader, `/api/commissions/payouts?month=${SEP}`, { cookie: adminCookie })
    ).json();
    expect(after.leftOut.find((l: { partnerId: number }) => l.partnerId === partner.id)).toMatchObject({
      reason: "already_paid",
    });
  });

  it("a reset month that now comes to less than was paid is left out of the payout, saying both figures", async () => {
    const { partner, records } = await hostWith("Over Host");
    expect((await pay(partner.id, SEP, "2026-10-05")).status).toBe(200);
    await reset(SEP, partner.id);
    await setRevenue(records[SEP], LOWER);
    const plan = await (
      await call(candidatesLoader, `/api/commissions/payouts?month=${SEP}`, { cookie: adminCookie })
    ).json();
    expect(plan.leftOut.find((l: { partnerId: number }) => l.partnerId === partner.id)).toMatchObject({
      reason: "no_commission",
      message:
        "Nothing more to pay: September 2026: £4.73, already paid £5.70 on 05/10/2026, now −£0.97. Mark it as paid to carry the difference to the next month",
    });
  });
});

describe("money in flight: a batch is refused when an amount changed after its bank file was made", () => {
  it("409 naming the partner and both amounts, nothing written; after the file is made again it is paid", async () => {
    const { partner, records } = await hostWith("Flight Host", [OCT]);
    const made = await call(fileLoader, `/api/commissions/payouts/file?month=${OCT}&partnerIds=${partner.id}`, {
      cookie: adminCookie,
    });
    expect(made.status).toBe(200);
    expect(await made.text()).toContain("FLIGHT HOST,050123,41234567,5.70,VB COMM 2026-10");
    await setRevenue(records[OCT], HIGHER);

    const refused = await call(markPaidAction, "/api/commissions/payouts/mark-paid", {
      json: { month: OCT, partnerIds: [partner.id] },
      cookie: adminCookie,
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      "Flight Host's commission for October 2026 changed since the bank file was made: the file pays £5.70, it now comes to £6.19. Download the bank file again before marking the batch paid.",
    );
    expect(
      await db.selectFrom("commissionPayments").select("status").where("partnerId", "=", partner.id).execute(),
    ).toEqual([]);
    expect(await transfers(partner.id, OCT)).toEqual([]);

    expect(
      (
        await call(fileLoader, `/api/commissions/payouts/file?month=${OCT}&partnerIds=${partner.id}`, {
          cookie: adminCookie,
        })
      ).status,
    ).toBe(200);
    const paid = await call(markPaidAction, "/api/commissions/payouts/mark-paid", {
      json: { month: OCT, partnerIds: [partner.id] },
      cookie: adminCookie,
    });
    expect(paid.status).toBe(200);
    expect((await transfers(partner.id, OCT)).map((t) => t.amountPence)).toEqual([619]);
    const files = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "payout_file")
      .where("month", "=", OCT)
      .orderBy("id")
      .execute();
    expect(described(files)).toEqual([
      "Made the bank payment file for October 2026: 1 partner, £5.70",
      "Made the bank payment file for October 2026: 1 partner, £6.19",
    ]);
  });
});

describe("the paid month says what it sent on", () => {
  it("a record deleted from a paid month: its report says 'Record deleted after payment: −£5.70, added to October 2026'; October's lists the adjustment", async () => {
    const partner = await makePartner(db, { name: "Sent On Host", commissionBp: 1_000 });
    const a = await makeMachine(db, partner.id, "Sent On A");
    const b = await makeMachine(db, partner.id, "Sent On B");
    await makeRecord(db, a.id, SEP, BASE);
    const gone = await makeRecord(db, b.id, SEP, BASE);
    await makeRecord(db, a.id, OCT, BASE);
    await makeRecord(db, b.id, OCT, BASE);
    expect((await pay(partner.id, SEP, "2026-10-05")).status).toBe(200);
    const deleted = await call(recordAction, `/api/records/${gone.id}?adjustPaidMonths=true`, {
      method: "DELETE",
      cookie: adminCookie,
      params: { id: String(gone.id) },
    });
    expect(deleted.status).toBe(200);
    // The machine is taken out of service, so September is complete again with the one record it kept.
    await db.updateTable("machines").set({ status: "inactive" }).where("id", "=", b.id).execute();
    const september = pdfText(Buffer.from((await consolidatedReport(db, partner.id, SEP)).bytes));
    expect(september).toContain("Payment status: Paid £11.40 on 05/10/2026");
    // The PDF font writes the minus sign as a hyphen.
    expect(september).toContain("Record deleted after payment: -£5.70, added to October 2026");
    const october = pdfText(Buffer.from((await consolidatedReport(db, partner.id, OCT)).bytes));
    expect(october).toContain("Adjustment for September 2026 (record deleted): -£5.70");
    expect(october).toContain("Commission due for October 2026: £5.70");
  });
});

describe("the next month's Commission Due lists the adjustment, for the admin and the partner", () => {
  it("last month's card and the partner's dashboard say 'Adjustment for <the month before> (record deleted): −£5.70'", async () => {
    const last = previousMonth();
    const before = previousMonth(new Date(`${last}-15T12:00:00Z`));
    const partner = await makePartner(db, { name: "Card Host", commissionBp: 1_000 });
    const a = await makeMachine(db, partner.id, "Card A");
    const b = await makeMachine(db, partner.id, "Card B");
    await makeRecord(db, a.id, before, BASE);
    const gone = await makeRecord(db, b.id, before, BASE);
    await makeRecord(db, a.id, last, BASE);
    await makeRecord(db, b.id, last, BASE);
    const paidOn = `${last}-05`;
    expect((await pay(partner.id, before, paidOn)).status).toBe(200);
    expect(
      (
        await call(recordAction, `/api/records/${gone.id}?adjustPaidMonths=true`, {
          method: "DELETE",
          cookie: adminCookie,
          params: { id: String(gone.id) },
        })
      ).status,
    ).toBe(200);
    const line = `Adjustment for ${formatMonth(before)} (record deleted): −£5.70`;
    const page = await (
      await call(pageLoader, `/partners/${partner.id}`, {
        cookie: adminCookie,
        params: { partnerId: String(partner.id) },
      })
    ).json();
    // 570 + 570 − 570 = 570.
    expect(page.commission).toMatchObject({ month: last, commissionPence: 570, notes: [line] });
    const dashboard = await (await call(dashboardLoader, "/", { cookie: await loginCookie(partner.username) })).json();
    expect(dashboard.money.months[0].notes).toEqual([line]);
  });
});

describe("vendboard commissions pay after Reset Month", () => {
  it("says both figures and the top-up reference; --json gives paid and alreadyPaid", async () => {
    const { partner, records } = await hostWith("Cli Host");
    expect(
      (
        await runCli([
          "commissions",
          "pay",
          "--partner",
          String(partner.id),
          "--month",
          SEP,
          "--paid-date",
          "2026-10-05",
        ])
      ).code,
    ).toBe(0);
    const resetRun = await runCli(["commissions", "reset", "--month", SEP, "--partner", String(partner.id)]);
    expect(resetRun.err).toContain("money already paid stays recorded and paying again pays only the difference");
    await setRevenue(records[SEP], HIGHER);
    const run = await runCli([
      "commissions",
      "pay",
      "--partner",
      String(partner.id),
      "--month",
      SEP,
      "--paid-date",
      "2026-10-20",
      "--json",
    ]);
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({
      amount: 6.19,
      paid: 0.49,
      alreadyPaid: 5.7,
      reference: "VB ADJ 2026-09",
    });
    await runCli(["commissions", "reset", "--month", SEP, "--partner", String(partner.id)]);
    const words = await runCli([
      "commissions",
      "pay",
      "--partner",
      String(partner.id),
      "--month",
      SEP,
      "--paid-date",
      "2026-10-25",
    ]);
    expect(words.err).toContain(
      "Commission for September 2026 marked paid on 25/10/2026: September 2026: £6.19, already paid £6.19 on 20/10/2026, now £0.00 (reference VB ADJ 2026-09).",
    );
  });
});

describe("vendboard commissions payouts for a reset month", () => {
  it("lists and files only the difference with VB ADJ, says both figures, and --mark-paid pays it", async () => {
    const AUG = "2026-08";
    const { partner, records } = await hostWith("Cli Batch Host", [AUG]);
    const out = path.join(os.tmpdir(), `payouts-${process.pid}-${Date.now()}.csv`);
    const first = await runCli(["commissions", "payouts", "--month", AUG, "--out", out, "--mark-paid"]);
    expect(first.code, first.err).toBe(0);
    await runCli(["commissions", "reset", "--month", AUG, "--partner", String(partner.id)]);
    await setRevenue(records[AUG], HIGHER);
    const run = await runCli(["commissions", "payouts", "--month", AUG, "--out", out]);
    expect(run.code, run.err).toBe(0);
    expect(run.out).toContain("pay      Cli Batch Host: August 2026: £6.19, already paid £5.70 on");
    expect(run.out).toContain(", now £0.49 to CLI BATCH HOST 050123 ****4567 (VB ADJ 2026-08)");
    expect(fs.readFileSync(out, "utf8")).toBe(
      "Payee name,Sort code,Account number,Amount,Reference\r\nCLI BATCH HOST,050123,41234567,0.49,VB ADJ 2026-08\r\n",
    );
    const paid = await runCli(["commissions", "payouts", "--month", AUG, "--out", out, "--mark-paid", "--json"]);
    expect(paid.code, paid.err).toBe(0);
    expect(JSON.parse(paid.out).payees).toEqual([
      expect.objectContaining({
        partnerId: partner.id,
        amount: 0.49,
        monthAmount: 6.19,
        alreadyPaid: 5.7,
        reference: "VB ADJ 2026-08",
      }),
    ]);
    expect((await transfers(partner.id, AUG)).map((t) => t.amountPence)).toEqual([570, 49]);
    fs.rmSync(out, { force: true });
  });
});

describe("migration 2026-12-01T00-money-paid on a database with payments and an older reset", () => {
  it("records each completed payment and each reset payment's remittance as money paid, links the remittances, and reports a month paid twice", async () => {
    const fresh = await freshDatabase("money-paid.db");
    const old = openDatabase(fresh.target);
    try {
      const migrator = new Migrator({ db: old, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("2026-11-30T01-adjustment-reasons")).error).toBeUndefined();
      const partner = await old
        .insertInto("users")
        .values({
          username: "host",
          passwordHash: "x",
          name: "Host",
          partnerType: "profit-sharing",
          commissionBp: 1_000,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const batch = await old
        .insertInto("payoutBatches")
        .values({ month: "2026-09", paidDate: "2026-10-04", partnerCount: 1, totalPence: 570 })
        .returning("id")
        .executeTakeFirstOrThrow();
      // September: paid by a batch, then reset (the old rule deleted the payment, its remittance kept with no link), then paid again.
      await old
        .insertInto("commissionRemittances")
        .values({
          commissionPaymentId: null,
          partnerId: partner.id,
          month: "2026-09",
          amountPence: 570,
          reference: "VB COMM 2026-09",
          batchId: batch.id,
          status: "sent",
        })
        .execute();
      const again = await old
        .insertInto("commissionPayments")
        .values({
          partnerId: partner.id,
          month: "2026-09",
          status: "completed",
          paidDate: "2026-10-09",
          amountPence: 570,
          rateBp: 1_000,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      await old
        .insertInto("commissionRemittances")
        .values({
          commissionPaymentId: again.id,
          partnerId: partner.id,
          month: "2026-09",
          amountPence: 570,
          reference: "VB COMM 2026-09",
          status: "sent",
        })
        .execute();
      // August: paid before remittances existed.
      await old
        .insertInto("commissionPayments")
        .values({
          partnerId: partner.id,
          month: "2026-08",
          status: "completed",
          paidDate: "2026-09-05",
          amountPence: 312,
          rateBp: 1_000,
        })
        .execute();

      const { report } = await migrateToLatest(old);
      const mine = report.filter((e) => e.migration === "2026-12-01T00-money-paid");
      // In the order the money left the bank: a month's latest payment is its last transfer.
      expect(mine.map((e) => [e.action, e.month, e.reason])).toEqual([
        ["migration_money_paid", "2026-08", "the payment of £3.12 on 2026-09-05 recorded as money paid"],
        [
          "migration_money_paid",
          "2026-09",
          "a payment of £5.70 that Reset Month had deleted (its remittance was kept) recorded as money paid",
        ],
        ["migration_money_paid", "2026-09", "the payment of £5.70 on 2026-10-09 recorded as money paid"],
        [
          "migration_summary",
          null,
          `2 paid months recorded as money paid, 1 payment deleted by an earlier Reset Month recorded as money paid too; paid more than once before this release: partner ${partner.id} 2026-09: £11.40 paid, the month came to £5.70`,
        ],
      ]);
      const rows = await old
        .selectFrom("commissionTransfers")
        .select(["month", "amountPence", "paidDate", "reference", "batchId"])
        .orderBy("id")
        .execute();
      expect(rows).toEqual([
        { month: "2026-08", amountPence: 312, paidDate: "2026-09-05", reference: "VB COMM 2026-08", batchId: null },
        { month: "2026-09", amountPence: 570, paidDate: "2026-10-04", reference: "VB COMM 2026-09", batchId: batch.id },
        { month: "2026-09", amountPence: 570, paidDate: "2026-10-09", reference: "VB COMM 2026-09", batchId: null },
      ]);
      const links = await old.selectFrom("commissionRemittances").select(["transferId"]).orderBy("id").execute();
      expect(links.every((l) => l.transferId !== null)).toBe(true);
      // written_off is a reason now.
      await old
        .insertInto("commissionAdjustments")
        .values({
          partnerId: partner.id,
          month: "2026-11",
          forMonth: "2026-11",
          amountPence: 97,
          reason: "written_off",
        })
        .execute();
      expect((await migrateToLatest(old)).report).toEqual([]);
      // Down again after a top-up (two remittances of one payment): the older one-per-payment index comes back.
      await old
        .insertInto("commissionRemittances")
        .values({
          commissionPaymentId: again.id,
          partnerId: partner.id,
          month: "2026-09",
          amountPence: 0,
          reference: "VB ADJ 2026-09",
          status: "sent",
        })
        .execute();
      expect((await migrator.migrateDown()).error).toBeUndefined();
    } finally {
      await old.destroy();
      await fresh.drop();
    }
  });
});

describe("the audit entry of a payment names the agreement it used", () => {
  it("a tiered partner, whose 10% plays no part, is paid under the standard tiers; a flat partner at its rate", async () => {
    // Net £57.01 (revenue £100.00, COGS £40.00, fee £2.99): 15% of the first £150.00 = 855 (855.15),
    // and 15% flat the same.
    const { partner: tiered } = await hostWith("Tiered Host", [SEP], { partnerType: "tiered-profit-sharing" });
    const { partner: flat } = await hostWith("Flat Host", [SEP], { commissionBp: 1_500 });
    expect((await pay(tiered.id, SEP, "2026-10-05")).status).toBe(200);
    expect((await pay(flat.id, SEP, "2026-10-05")).status).toBe(200);
    const entries = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("partnerId", "in", [tiered.id, flat.id])
      .where("action", "=", "commission_paid")
      .orderBy("id")
      .execute();
    expect(described(entries)).toEqual([
      "Marked commission paid: £8.55 under the standard tiers",
      "Marked commission paid: £8.55 at 15%",
    ]);
  });
});
