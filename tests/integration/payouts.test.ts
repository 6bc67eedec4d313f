/**
 * Commission payouts and remittances: the candidates and the bank file over
 * the API (read back row by row, exact pence), a batch marked paid with its snapshots and audit, each
 * partner's remittance received over a real SMTP server on 127.0.0.1 (subject, amount, reference,
 * the PDF), never sent twice, a mail failure that leaves the payment and is retried, Mark as Paid on
 * its own, the page's intent, the CLI, and every guard (401, 403, 400, 409).
 */
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loader as candidatesLoader, action as candidatesAction } from "#app/routes/api.commissions.payouts.ts";
import { loader as fileLoader } from "#app/routes/api.commissions.payouts.file.ts";
import { action as markPaidAction } from "#app/routes/api.commissions.payouts.mark-paid.ts";
import { action as paymentAction } from "#app/routes/api.partners.$id.commission-payment.ts";
import { action as resetAction } from "#app/routes/api.partners.commissions.reset.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { retryRemittances, remittanceSubject } from "#domain/payouts/remittance-service.ts";
import { currentMonth } from "#domain/shared/dates.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";
import { runCli } from "./cli-run.ts";
import {
  pdfAttachment,
  pdfText,
  startMailServer,
  stopMailServer,
  subjectOf,
  textBody,
  type ReceivedMail,
} from "./mail.ts";

const M_BATCH = "2026-08";
const M_SINGLE = "2026-07";
const M_FAIL = "2026-06";
const M_CLI = "2026-05";
const M_PAGE = "2026-04";
const M_WEB = "2026-03";

const received: ReceivedMail[] = [];
let server: SMTPServer;
let port: number;
let adminId: number;
let adminCookie: string;
let partnerCookie: string;
const ids: Record<string, number> = {};

/** A partner with one record per machine in `month` (rev 100.00, COGS 40.00 each unless given). */
async function partnerWith(
  key: string,
  fields: Parameters<typeof makePartner>[1],
  months: string[],
  machines = 1,
  figures = { revenuePence: 10_000, cogsPence: 4_000 },
) {
  const partner = await makePartner(db, fields);
  ids[key] = partner.id;
  for (let i = 0; i < machines; i++) {
    const machine = await makeMachine(db, partner.id, `${key} machine ${i + 1}`);
    for (const month of months) await makeRecord(db, machine.id, month, figures);
  }
  return partner;
}

const BANK = { bankName: "Yorkshire Bank", sortCode: "05-01-23", accountNumber: "41234567" };
const ALL = [M_BATCH, M_SINGLE, M_FAIL, M_CLI, M_PAGE, M_WEB];

beforeAll(async () => {
  ({ server, port } = await startMailServer((mail) => received.push(mail)));
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  // Alpha: 10% on two machines of net 57.01 each → 5.70 + 5.70 = £11.40 a month.
  await partnerWith(
    "alpha",
    {
      name: "Alpha Kiosks",
      accountHolderName: "Alpha Kiosks Limited",
      email: "alpha@example.com",
      commissionBp: 1000,
      ...BANK,
    },
    ALL,
    2,
  );
  // Beta: tiered on net 500.00 − 100.00 − 14.95 = 385.05 → 22.50 + 30.00 + 25.52 (30% of 85.05, half-up) = £78.02.
  await partnerWith(
    "beta",
    {
      name: "Beta Hospital Trust",
      partnerType: "tiered-profit-sharing",
      email: "beta@example.com",
      bankName: "NatWest",
      sortCode: "600214",
      accountNumber: "8765 4321",
    },
    ALL,
    1,
    {
      revenuePence: 50_000,
      cogsPence: 10_000,
    },
  );
  // Quiet: eligible with bank details but no email address: paid, no remittance.
  await partnerWith(
    "quiet",
    { name: "Quiet Corner", email: null, commissionBp: 1000, ...BANK, accountNumber: "11112222" },
    [M_BATCH, M_CLI],
  );
  await partnerWith("nobank", { name: "No Bank Cafe", email: "nobank@example.com", commissionBp: 1000 }, ALL);
  await partnerWith(
    "badsort",
    {
      name: "Bad Sort Shop",
      email: "badsort@example.com",
      commissionBp: 1000,
      bankName: "Barclays",
      sortCode: "12-34",
      accountNumber: "12345678",
    },
    ALL,
  );
  const partial = await partnerWith(
    "partial",
    { name: "Partial Depot", email: "partial@example.com", commissionBp: 1000, ...BANK },
    ALL,
  );
  await makeMachine(db, partial.id, "partial machine without records");
  await partnerWith("fee", { name: "Fee Gym", partnerType: "fee-paying", email: "gym@example.com", ...BANK }, ALL);
  const stranger = await makePartner(db, { name: "Stranger" });
  partnerCookie = await loginCookie(stranger.username);
  ids.stranger = stranger.id;
});

afterAll(async () => {
  await stopMailServer(server);
});

let savedSmtp: string | undefined;
beforeEach(() => {
  savedSmtp = MAIL_CONFIG.smtpUrl;
  MAIL_CONFIG.smtpUrl = `smtp://127.0.0.1:${port}`;
  return () => {
    MAIL_CONFIG.smtpUrl = savedSmtp;
  };
});

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const free = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

const mailsTo = (to: string, month: string) =>
  received.filter((m) => m.to.includes(to) && subjectOf(m.raw) === remittanceSubject(month));
const candidates = (month: string, cookie: string | null = adminCookie) =>
  call(candidatesLoader, `/api/commissions/payouts?month=${month}`, { cookie });

describe("GET /api/commissions/payouts", () => {
  it("401 anonymous, 403 for a partner, 400 on a bad month, 409 for the month in progress, 405 on POST", async () => {
    expect((await candidates(M_BATCH, null)).status).toBe(401);
    expect((await candidates(M_BATCH, partnerCookie)).status).toBe(403);
    const bad = await candidates("October");
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Month must be YYYY-MM or an ISO date" });
    const running = await candidates(currentMonth());
    expect(running.status).toBe(409);
    expect((await running.json()).message).toMatch(/has not ended yet/);
    expect(
      (await call(candidatesAction, "/api/commissions/payouts", { method: "POST", json: {}, cookie: adminCookie }))
        .status,
    ).toBe(405);
  });

  it("lists the eligible partners with their amount and bank line, and the others with why", async () => {
    const response = await candidates(M_BATCH);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.month).toBe(M_BATCH);
    expect(body.eligible).toEqual([
      {
        partnerId: ids.alpha,
        partnerName: "Alpha Kiosks",
        payeeName: "ALPHA KIOSKS LTD",
        bankName: "Yorkshire Bank",
        sortCode: "050123",
        accountNumber: "****4567",
        amount: 11.4,
        monthAmount: 11.4,
        alreadyPaid: 0,
        reference: "VB COMM 2026-08",
      },
      {
        partnerId: ids.beta,
        partnerName: "Beta Hospital Trust",
        payeeName: "BETA HOSPITAL TRUS",
        bankName: "NatWest",
        sortCode: "600214",
        accountNumber: "****4321",
        amount: 78.02,
        monthAmount: 78.02,
        alreadyPaid: 0,
        reference: "VB COMM 2026-08",
      },
      {
        partnerId: ids.quiet,
        partnerName: "Quiet Corner",
        payeeName: "QUIET CORNER",
        bankName: "Yorkshire Bank",
        sortCode: "050123",
        accountNumber: "****2222",
        amount: 5.7,
        monthAmount: 5.7,
        alreadyPaid: 0,
        reference: "VB COMM 2026-08",
      },
    ]);
    expect(body.total).toBe(95.12);
    const leftOut = Object.fromEntries(
      body.leftOut.map((l: { partnerId: number; reason: string; message: string }) => [
        l.partnerId,
        [l.reason, l.message],
      ]),
    );
    expect(leftOut[ids.nobank]).toEqual(["bank_missing", "Bank details missing: no sort code and no account number"]);
    expect(leftOut[ids.badsort]).toEqual([
      "bank_invalid",
      'Bank details need checking: sort code "12-34" is not 6 digits',
    ]);
    expect(leftOut[ids.partial]).toEqual([
      "incomplete",
      "Waiting for machine reports: 1 of 2 active machines reported",
    ]);
    expect(leftOut[ids.stranger]).toEqual(["incomplete", "No active machines"]);
    expect(ids.fee in leftOut).toBe(false);
  });
});

describe("GET /api/commissions/payouts/file", () => {
  const file = (query: string, cookie: string | null = adminCookie) =>
    call(fileLoader, `/api/commissions/payouts/file?${query}`, { cookie });

  it("401, 403, 400 on bad partnerIds, 409 for a partner left out (with why)", async () => {
    expect((await file(`month=${M_BATCH}`, null)).status).toBe(401);
    expect((await file(`month=${M_BATCH}`, partnerCookie)).status).toBe(403);
    const bad = await file(`month=${M_BATCH}&partnerIds=1,x`);
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe(
      "partnerIds must be partner ids (positive whole numbers) separated by commas",
    );
    const left = await file(`month=${M_BATCH}&partnerIds=${ids.alpha},${ids.nobank}`);
    expect(left.status).toBe(409);
    expect((await left.json()).message).toBe(
      "No Bank Cafe cannot be paid for August 2026: Bank details missing: no sort code and no account number",
    );
  });

  it("is a CSV attachment: header row, one row per chosen payee, read back row by row to the penny", async () => {
    const response = await file(`month=${M_BATCH}&partnerIds=${ids.beta},${ids.alpha}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="commission-payouts-2026-08.csv"');
    const rows = (await response.text()).split("\r\n");
    expect(rows.at(-1)).toBe("");
    expect(rows.slice(0, -1).map((r) => r.split(","))).toEqual([
      ["Payee name", "Sort code", "Account number", "Amount", "Reference"],
      ["ALPHA KIOSKS LTD", "050123", "41234567", "11.40", "VB COMM 2026-08"],
      ["BETA HOSPITAL TRUS", "600214", "87654321", "78.02", "VB COMM 2026-08"],
    ]);
    expect(response.headers.get("x-payout-total")).toBe("8942");
  });

  it("without partnerIds: every eligible partner", async () => {
    const text = await (await file(`month=${M_BATCH}`)).text();
    expect(
      text
        .trimEnd()
        .split("\r\n")
        .map((r) => r.split(",")[3]),
    ).toEqual(["Amount", "11.40", "78.02", "5.70"]);
  });
});

describe("POST /api/commissions/payouts/mark-paid", () => {
  const markPaid = (json: unknown, cookie: string | null = adminCookie) =>
    call(markPaidAction, "/api/commissions/payouts/mark-paid", { json, cookie });

  it("401, 403, 400 with a message, 409 for a partner left out (nothing paid)", async () => {
    expect((await markPaid({ month: M_BATCH, partnerIds: [ids.alpha] }, null)).status).toBe(401);
    expect((await markPaid({ month: M_BATCH, partnerIds: [ids.alpha] }, partnerCookie)).status).toBe(403);
    for (const [json, message] of [
      [{ partnerIds: [ids.alpha] }, "Month is required (YYYY-MM)"],
      [{ month: "soon", partnerIds: [ids.alpha] }, "Month must be YYYY-MM or an ISO date"],
      [{ month: M_BATCH, partnerIds: [] }, "Choose at least one partner to pay"],
      [
        { month: M_BATCH, partnerIds: ["x"] },
        "partnerIds must be partner ids (positive whole numbers) separated by commas",
      ],
      [{ month: M_BATCH, partnerIds: [ids.alpha], paidDate: "01/09/2026" }, "Paid date must be YYYY-MM-DD"],
    ] as const) {
      const response = await markPaid(json);
      expect(response.status, JSON.stringify(json)).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
    const refused = await markPaid({ month: M_BATCH, partnerIds: [ids.alpha, ids.partial] });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      "Partial Depot cannot be paid for August 2026: Waiting for machine reports: 1 of 2 active machines reported",
    );
    const paid = await db
      .selectFrom("commissionPayments")
      .selectAll()
      .where("month", "=", M_BATCH)
      .where("status", "=", "completed")
      .execute();
    expect(paid).toEqual([]);
  });

  it("pays the batch with each snapshot, audits it, and emails each partner a remittance with the report attached", async () => {
    const before = received.length;
    const response = await markPaid({
      month: M_BATCH,
      partnerIds: [ids.alpha, ids.beta, ids.quiet],
      paidDate: "2026-09-10",
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({ month: M_BATCH, paidDate: "2026-09-10", total: 95.12 });
    expect(body.paid).toEqual([
      { partnerId: ids.alpha, partnerName: "Alpha Kiosks", amount: 11.4, reference: "VB COMM 2026-08" },
      { partnerId: ids.beta, partnerName: "Beta Hospital Trust", amount: 78.02, reference: "VB COMM 2026-08" },
      { partnerId: ids.quiet, partnerName: "Quiet Corner", amount: 5.7, reference: "VB COMM 2026-08" },
    ]);
    expect(body.remittances.map((r: { partnerId: number; status: string }) => [r.partnerId, r.status])).toEqual([
      [ids.alpha, "sent"],
      [ids.beta, "sent"],
      [ids.quiet, "no_email"],
    ]);

    // Each payment as Mark as Paid records it: amount and rate snapshot, paid date, audited one by one.
    const payments = await db
      .selectFrom("commissionPayments")
      .selectAll()
      .where("month", "=", M_BATCH)
      .orderBy("partnerId")
      .execute();
    expect(payments.map((p) => [p.partnerId, p.status, p.paidDate, p.amountPence, p.rateBp])).toEqual([
      [ids.alpha, "completed", "2026-09-10", 1_140, 1000],
      [ids.beta, "completed", "2026-09-10", 7_802, 1000],
      [ids.quiet, "completed", "2026-09-10", 570, 1000],
    ]);
    const audits = await db.selectFrom("auditLog").selectAll().where("month", "=", M_BATCH).orderBy("id").execute();
    expect(audits.filter((a) => a.action === "commission_paid").map((a) => a.partnerId)).toEqual([
      ids.alpha,
      ids.beta,
      ids.quiet,
    ]);
    const batchEntry = audits.find((a) => a.action === "payout_batch")!;
    expect(batchEntry).toMatchObject({ entity: "payout_batch", entityId: String(body.batchId), actorId: adminId });
    expect(JSON.parse(batchEntry.after!)).toEqual({ paidDate: "2026-09-10", partners: 3, totalPence: 9_512 });
    expect(
      await db.selectFrom("payoutBatches").selectAll().where("id", "=", body.batchId).executeTakeFirst(),
    ).toMatchObject({ month: M_BATCH, partnerCount: 3, totalPence: 9_512, createdBy: adminId });

    // The remittance over SMTP: subject, the amount, the reference, the consolidated report attached.
    expect(received.length).toBe(before + 2);
    const [alphaMail] = mailsTo("alpha@example.com", M_BATCH);
    expect(subjectOf(alphaMail.raw)).toBe("Remittance advice: your commission for August 2026");
    const text = textBody(alphaMail.raw);
    expect(text).toContain("We have paid your commission for August 2026.");
    expect(text).toContain("Amount: £11.40");
    expect(text).toContain("Payment reference: VB COMM 2026-08");
    expect(text).toContain("Paid on: 10/09/2026");
    expect(text).toContain("Paid into: Yorkshire Bank account ****4567");
    const pdf = pdfAttachment(alphaMail.raw);
    expect(pdf.headers).toMatch(/filename="?consolidated-report-2026-08\.pdf"?/);
    const pdfWords = pdfText(pdf.bytes);
    expect(pdfWords).toContain("Alpha Kiosks");
    expect(pdfWords).toContain("August 2026");
    expect(textBody(mailsTo("beta@example.com", M_BATCH)[0].raw)).toContain("Amount: £78.02");

    // Logged like every send; the remittance rows say what became of each.
    const log = await db.selectFrom("emailLog").selectAll().where("subject", "=", remittanceSubject(M_BATCH)).execute();
    expect(log.map((l) => [l.toAddress, l.result]).sort()).toEqual([
      ["alpha@example.com", "sent"],
      ["beta@example.com", "sent"],
    ]);
    const remittances = await db
      .selectFrom("commissionRemittances")
      .selectAll()
      .where("month", "=", M_BATCH)
      .orderBy("partnerId")
      .execute();
    expect(remittances.map((r) => [r.partnerId, r.status, r.amountPence, r.reference, r.batchId])).toEqual([
      [ids.alpha, "sent", 1_140, "VB COMM 2026-08", body.batchId],
      [ids.beta, "sent", 7_802, "VB COMM 2026-08", body.batchId],
      [ids.quiet, "no_email", 570, "VB COMM 2026-08", body.batchId],
    ]);
  });

  it("a second mark-paid is refused and sends nothing again; the paid partners leave the eligible list", async () => {
    const before = received.length;
    const again = await markPaid({ month: M_BATCH, partnerIds: [ids.alpha] });
    expect(again.status).toBe(409);
    expect((await again.json()).message).toMatch(
      /^Alpha Kiosks cannot be paid for August 2026: Already paid on 10\/09\/2026 \(£11\.40\)$/,
    );
    expect((await retryRemittances(db, MAIL_CONFIG, M_BATCH)).length).toBe(0);
    expect(received.length).toBe(before);
    const body = await (await candidates(M_BATCH)).json();
    expect(body.eligible).toEqual([]);
    expect(body.total).toBe(0);
    expect(
      body.leftOut
        .filter((l: { reason: string }) => l.reason === "already_paid")
        .map((l: { partnerId: number }) => l.partnerId),
    ).toEqual([ids.alpha, ids.beta, ids.quiet]);
  });
});

describe("Mark as Paid on its own (POST /api/partners/{id}/commission-payment) sends the remittance too", () => {
  const pay = () =>
    call(paymentAction, `/api/partners/${ids.alpha}/commission-payment`, {
      json: { month: M_SINGLE },
      cookie: adminCookie,
      params: { id: String(ids.alpha) },
    });

  it("once per payment; Reset Month then paying again is a new payment with its own remittance", async () => {
    const first = await pay();
    expect(first.status).toBe(200);
    expect((await first.json()).remittance).toEqual({
      status: "sent",
      to: "alpha@example.com",
      reference: "VB COMM 2026-07",
      error: null,
    });
    expect(mailsTo("alpha@example.com", M_SINGLE)).toHaveLength(1);

    const second = await pay();
    expect(second.status).toBe(409);
    expect(mailsTo("alpha@example.com", M_SINGLE)).toHaveLength(1);

    const reset = await call(resetAction, "/api/partners/commissions/reset", {
      json: { month: M_SINGLE },
      cookie: adminCookie,
    });
    expect(reset.status).toBe(200);
    // Money paid is kept now (this pinned "reset deletes the payment"): the payment row goes back to pending, the remittance stays with it.
    const history = await db.selectFrom("commissionRemittances").selectAll().where("month", "=", M_SINGLE).execute();
    expect(history.map((r) => [r.status, r.amountPence, r.reference])).toEqual([["sent", 1_140, "VB COMM 2026-07"]]);

    // Paid again: £11.40 was already paid, so this payment sends £0.00 with the top-up reference, and its own remittance says both figures.
    const again = await pay();
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ amount: 11.4, paid: 0, alreadyPaid: 11.4, reference: "VB ADJ 2026-07" });
    const mails = mailsTo("alpha@example.com", M_SINGLE);
    expect(mails).toHaveLength(2);
    const all = await db
      .selectFrom("commissionRemittances")
      .select(["amountPence", "reference", "transferId"])
      .where("month", "=", M_SINGLE)
      .orderBy("id")
      .execute();
    expect(all.map((r) => [r.amountPence, r.reference])).toEqual([
      [1_140, "VB COMM 2026-07"],
      [0, "VB ADJ 2026-07"],
    ]);
    expect(new Set(all.map((r) => r.transferId)).size).toBe(2);
  });
});

describe("a mail failure never undoes the payment, and the remittance can be sent again", () => {
  it("the batch is paid, the remittance failed and logged; retrying sends it once", async () => {
    MAIL_CONFIG.smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    const response = await call(markPaidAction, "/api/commissions/payouts/mark-paid", {
      json: { month: M_FAIL, partnerIds: [ids.alpha] },
      cookie: adminCookie,
    });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.remittances[0]).toMatchObject({ partnerId: ids.alpha, status: "failed", to: "alpha@example.com" });
    expect(body.remittances[0].error).toMatch(/^The email could not be sent: /);
    const payment = await db
      .selectFrom("commissionPayments")
      .selectAll()
      .where("month", "=", M_FAIL)
      .where("partnerId", "=", ids.alpha)
      .executeTakeFirstOrThrow();
    expect([payment.status, payment.amountPence]).toEqual(["completed", 1_140]);
    const failed = await db
      .selectFrom("emailLog")
      .selectAll()
      .where("subject", "=", remittanceSubject(M_FAIL))
      .execute();
    expect(failed.map((l) => l.result)).toEqual(["failed"]);

    MAIL_CONFIG.smtpUrl = `smtp://127.0.0.1:${port}`;
    const retried = await retryRemittances(db, MAIL_CONFIG, M_FAIL);
    expect(retried.map((r) => [r.partnerId, r.status])).toEqual([[ids.alpha, "sent"]]);
    expect(mailsTo("alpha@example.com", M_FAIL)).toHaveLength(1);
    expect(await retryRemittances(db, MAIL_CONFIG, M_FAIL)).toEqual([]);
    expect(mailsTo("alpha@example.com", M_FAIL)).toHaveLength(1);
  });
});

describe("the payouts page's Mark as Paid intent on the summary (commissionIntents)", () => {
  it("the toast says the remittance was sent", async () => {
    const { action: summaryAction } = await import("#app/routes/admin.commissions.tsx");
    const response = await call(summaryAction as never, "/admin/commissions", {
      form: { intent: "mark-paid", partnerId: String(ids.beta), month: M_PAGE, confirmed: "yes" },
      cookie: adminCookie,
      origin: "http://localhost:3000",
    });
    expect(response.status).toBe(302);
    expect(await flashedToast(response)).toMatchObject({
      title: "Payment status updated",
      description: "Beta Hospital Trust: April 2026 marked as paid. 1 remittance sent.",
    });
    expect(mailsTo("beta@example.com", M_PAGE)).toHaveLength(1);
  });
});

describe("vendboard commissions payouts", () => {
  const TMP = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-payouts-"));
  const vendboard = (args: string[]) => runCli(args, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });

  it("exits 2 on a bad or missing flag, 1 for a month in progress, with a one-line message", async () => {
    const bad = await vendboard(["commissions", "payouts", "--month", "May", "--out", path.join(TMP, "x.csv")]);
    expect(bad.code).toBe(2);
    expect(bad.err).toBe("error: --month takes a month as YYYY-MM\n");
    expect((await vendboard(["commissions", "payouts", "--month", M_CLI])).code).toBe(2);
    const running = await vendboard([
      "commissions",
      "payouts",
      "--month",
      currentMonth(),
      "--out",
      path.join(TMP, "x.csv"),
    ]);
    expect(running.code).toBe(1);
    expect(running.err).toMatch(/^error: .* has not ended yet: it ends on .*\n$/);
    expect(fs.existsSync(path.join(TMP, "x.csv"))).toBe(false);
  });

  it("writes the file and lists who is left out and why (--json); nothing is paid without --mark-paid", async () => {
    const out = path.join(TMP, "may.csv");
    const run = await vendboard(["commissions", "payouts", "--month", M_CLI, "--out", out, "--json"]);
    expect(run.code).toBe(0);
    const summary = JSON.parse(run.out);
    expect(summary).toMatchObject({ month: M_CLI, file: out, total: 95.12, markedPaid: null });
    expect(summary.payees.map((p: { partnerId: number; amount: number }) => [p.partnerId, p.amount])).toEqual([
      [ids.alpha, 11.4],
      [ids.beta, 78.02],
      [ids.quiet, 5.7],
    ]);
    expect(summary.leftOut.find((l: { partnerId: number }) => l.partnerId === ids.badsort)).toMatchObject({
      reason: "bank_invalid",
    });
    expect(fs.readFileSync(out, "utf8").split("\r\n")[1]).toBe(
      "ALPHA KIOSKS LTD,050123,41234567,11.40,VB COMM 2026-05",
    );
    expect(await db.selectFrom("commissionPayments").selectAll().where("month", "=", M_CLI).execute()).toEqual([]);
  });

  it("--mark-paid pays the batch and sends the remittances; a second run finds nobody to pay", async () => {
    const out = path.join(TMP, "may-paid.csv");
    const run = await vendboard(["commissions", "payouts", "--month", M_CLI, "--out", out, "--mark-paid"]);
    expect(run.code).toBe(0);
    expect(run.out).toContain("pay      Alpha Kiosks: £11.40 to ALPHA KIOSKS LTD 050123 ****4567 (VB COMM 2026-05)\n");
    expect(run.out).toContain(
      'left out Bad Sort Shop: Bank details need checking: sort code "12-34" is not 6 digits\n',
    );
    expect(run.err).toContain("3 payments of £95.12 for May 2026 in");
    expect(run.err).toContain("2 remittances sent. Not sent to Quiet Corner: no email address.");
    expect(mailsTo("alpha@example.com", M_CLI)).toHaveLength(1);
    expect(mailsTo("beta@example.com", M_CLI)).toHaveLength(1);
    const again = await vendboard([
      "commissions",
      "payouts",
      "--month",
      M_CLI,
      "--out",
      path.join(TMP, "again.csv"),
      "--mark-paid",
      "--json",
    ]);
    expect(again.code).toBe(0);
    expect(JSON.parse(again.out)).toMatchObject({ file: null, payees: [], markedPaid: null });
    expect(fs.existsSync(path.join(TMP, "again.csv"))).toBe(false);
    expect(mailsTo("alpha@example.com", M_CLI)).toHaveLength(1);
  });
});

describe("/admin/payouts: the page's loader and forms", () => {
  const page = () => import("#app/routes/admin.payouts.tsx");
  const post = async (form: Record<string, string | string[]>, cookie = adminCookie) => {
    const body = new URLSearchParams();
    for (const [key, value] of Object.entries(form)) for (const v of [value].flat()) body.append(key, v);
    const { action } = await page();
    const request = new Request(`http://localhost:3000/admin/payouts?month=${M_WEB}`, {
      method: "POST",
      headers: { cookie, origin: "http://localhost:3000", "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    try {
      return (await action({ request, params: {}, context: {} })) as unknown;
    } catch (thrown) {
      return thrown;
    }
  };

  it("a partner is sent to /; the admin gets the month's plan and its unsent remittances", async () => {
    const { loader } = await page();
    const refused = await call(loader as never, `/admin/payouts?month=${M_WEB}`, { cookie: partnerCookie });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/");
    const body = await (await call(loader as never, `/admin/payouts?month=${M_WEB}`, { cookie: adminCookie })).json();
    expect(body.plan.month).toBe(M_WEB);
    expect(body.plan.eligible.map((l: { partnerId: number }) => l.partnerId)).toEqual([ids.alpha, ids.beta]);
    expect(body.unsent).toEqual([]);
    expect(body.months).toHaveLength(12);
  });

  it("Mark batch as paid asks first (without JavaScript), naming the count and total; confirmed, it pays and toasts the remittances", async () => {
    const question = (await post({
      intent: "mark-batch-paid",
      month: M_WEB,
      partnerIds: [String(ids.alpha), String(ids.beta)],
    })) as { data: { confirm: { title: string; description: string; fields: [string, string][] } } };
    expect(question.data.confirm.title).toBe("Mark 2 partners paid for March 2026?");
    expect(question.data.confirm.description).toMatch(/^£89\.42 in all is recorded as paid today/);
    expect(question.data.confirm.fields.filter(([k]) => k === "partnerIds")).toHaveLength(2);
    expect(await db.selectFrom("commissionPayments").selectAll().where("month", "=", M_WEB).execute()).toEqual([]);

    const none = (await post({ intent: "mark-batch-paid", month: M_WEB, confirmed: "yes" })) as {
      data: { error: string };
      init: { status: number };
    };
    expect(none.init.status).toBe(400);
    expect(none.data.error).toBe("Choose at least one partner to pay");

    MAIL_CONFIG.smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    const paid = (await post({
      intent: "mark-batch-paid",
      month: M_WEB,
      partnerIds: [String(ids.alpha), String(ids.beta)],
      confirmed: "yes",
    })) as Response;
    expect(paid.status).toBe(302);
    const toast = await flashedToast(paid);
    expect(toast?.title).toBe("Batch marked as paid");
    expect(toast?.description).toMatch(
      /^2 partners paid £89\.42 for March 2026\. 0 remittances sent\. Failed for Alpha Kiosks \(The email could not be sent: .*\), Beta Hospital Trust \(.*\): the payment stands; send it again from Payouts\.$/,
    );

    // The page lists them to send again; Send again sends each once.
    const { loader } = await page();
    const body = await (await call(loader as never, `/admin/payouts?month=${M_WEB}`, { cookie: adminCookie })).json();
    expect(body.unsent.map((r: { partnerName: string; status: string }) => [r.partnerName, r.status])).toEqual([
      ["Alpha Kiosks", "failed"],
      ["Beta Hospital Trust", "failed"],
    ]);
    MAIL_CONFIG.smtpUrl = `smtp://127.0.0.1:${port}`;
    const retried = (await post({ intent: "retry-remittances", month: M_WEB })) as Response;
    expect(await flashedToast(retried)).toMatchObject({ title: "Remittances", description: "2 remittances sent." });
    expect(mailsTo("alpha@example.com", M_WEB)).toHaveLength(1);
    expect(mailsTo("beta@example.com", M_WEB)).toHaveLength(1);
    const again = (await post({ intent: "retry-remittances", month: M_WEB })) as Response;
    expect(await flashedToast(again)).toMatchObject({
      description: "No remittance is waiting to be sent for March 2026.",
    });
  });
});
