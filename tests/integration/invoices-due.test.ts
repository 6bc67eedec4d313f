/**
 * The due-invoice check: POST /api/fee-payments/check-due (on a faked clock), the domain's
 * checkDueInvoices run twice on a fixed date with reminders going to a real SMTP server on
 * 127.0.0.1, and `vendboard invoices check-due` / `invoices list`. The check acts on every invoice
 * in the database, so it has this file (and its own database) to itself; every partner below has
 * a hand-worked outcome.
 */
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { action as checkDueAction } from "#app/routes/api.fee-payments.check-due.ts";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { checkDueInvoices } from "#domain/invoices/invoice-due.ts";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { updateInvoiceStatus } from "#domain/invoices/invoice-lifecycle.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { cliDatabase, runCli } from "./cli-run.ts";
import { startMailServer, stopMailServer, type ReceivedMail, pdfAttachment, subjectOf } from "./mail.ts";

const FROM = "Vendboard <due@vendboard.local>";
const D1 = "2027-03-20";

const received: ReceivedMail[] = [];
let server: SMTPServer;
let port: number;
let adminId: number;
let adminCookie: string;
let adminName: string;

const smtpUrl = () => `smtp://127.0.0.1:${port}`;
const mail = () => ({ smtpUrl: smtpUrl(), from: FROM, outboxDir: "/nonexistent-outbox-not-used" });
const displayId = (id: number) => `INV-${String(id).padStart(5, "0")}`;

type Partner = { id: number; username: string; email: string | null };
const feePartner = (name: string, overrides: Parameters<typeof makePartner>[1] = {}) =>
  makePartner(db, {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
    partnerType: "fee-paying",
    monthlyFeePence: 5000,
    commissionBp: 0,
    ...overrides,
  }) as Promise<Partner>;

const invoicesOf = (partnerId: number) =>
  db
    .selectFrom("feePayments")
    .selectAll()
    .where("partnerId", "=", partnerId)
    .orderBy("periodStart")
    .orderBy("id")
    .execute();
const partnerRow = (id: number) =>
  db
    .selectFrom("users")
    .select(["paymentPeriod", "nextPaymentDue", "lastPaymentDate"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const allInvoices = () => db.selectFrom("feePayments").selectAll().orderBy("id").execute();
const allUsers = () => db.selectFrom("users").selectAll().orderBy("id").execute();
const summary = async (partnerId: number) =>
  (await invoicesOf(partnerId)).map((i) => [i.periodStart, i.periodEnd, i.dueDate, i.amountPence, i.status]);

/** Runs the CLI on the test database, capturing what it prints. */
const vendboard = (args: string[], env: Record<string, string | undefined> = {}) => runCli(args, { env });

beforeAll(async () => {
  ({ server, port } = await startMailServer((mail) => received.push(mail)));
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminName = admin.username;
  adminCookie = await loginCookie(admin.username);
});

afterAll(async () => {
  await stopMailServer(server);
});

/* Route's partner: a month from 10 Jan 2027 (due 24 Jan); its next period starts 10 Feb. */
let routePartner: Partner;

describe("POST /api/fee-payments/check-due (clock set to 12 Feb 2027)", () => {
  const checkDue = (cookie: string | null = adminCookie) =>
    call(checkDueAction, "/api/fee-payments/check-due", { method: "POST", cookie });

  it("401 anonymous, 403 for a partner; nothing changes", async () => {
    routePartner = await feePartner("Route Partner");
    await generateInvoice(db, routePartner.id, "monthly", adminId, "2027-01-10");
    const before = await allInvoices();
    const anonymous = await checkDue(null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Not authenticated" });
    const partner = await checkDue(await loginCookie(routePartner.username));
    expect(partner.status).toBe(403);
    expect(await partner.json()).toEqual({ message: "Forbidden" });
    expect(await allInvoices()).toEqual(before);
  });

  it("answers the counts: the late invoice overdue with one reminder, the started period raised; a second call does nothing", async () => {
    const savedUrl = MAIL_CONFIG.smtpUrl;
    MAIL_CONFIG.smtpUrl = smtpUrl();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2027-02-12T09:00:00Z"));
    try {
      // Sessions expire after 7 days, so sign in again on the faked date.
      const cookie = await loginCookie(adminName);
      const before = received.length;
      const first = await checkDue(cookie);
      expect(first.status).toBe(200);
      expect(await first.json()).toEqual({
        today: "2027-02-12",
        markedOverdue: 1,
        invoicesRaised: 1,
        remindersSent: 1,
        reminderFailures: [],
      });
      // The February period, raised on 12 Feb: due 14 days after it is issued (26 Feb), not after it starts.
      expect(await summary(routePartner.id)).toEqual([
        ["2027-01-10", "2027-02-09", "2027-01-24", 5000, "overdue"],
        ["2027-02-10", "2027-03-09", "2027-02-26", 5000, "pending"],
      ]);
      expect(await partnerRow(routePartner.id)).toMatchObject({
        nextPaymentDue: "2027-03-10",
        paymentPeriod: "monthly",
      });
      const mails = received.slice(before);
      expect(mails).toHaveLength(1);
      const overdueId = (await invoicesOf(routePartner.id))[0].id;
      expect(mails[0].to).toEqual(["route.partner@example.com"]);
      expect(subjectOf(mails[0].raw)).toBe(`Reminder: invoice ${displayId(overdueId)} is overdue`);

      const snapshot = await allInvoices();
      const second = await checkDue(cookie);
      expect(second.status).toBe(200);
      expect(await second.json()).toEqual({
        today: "2027-02-12",
        markedOverdue: 0,
        invoicesRaised: 0,
        remindersSent: 0,
        reminderFailures: [],
      });
      expect(await allInvoices()).toEqual(snapshot);
      expect(received.length).toBe(before + 1);
    } finally {
      vi.useRealTimers();
      MAIL_CONFIG.smtpUrl = savedUrl;
    }
  });
});

describe(`checkDueInvoices run twice on ${D1}`, () => {
  let overdueOnly: Partner; // 12 months from 1 Mar 2027, due 15 Mar: overdue; next period 2028
  let dueToday: Partner; // 6 months from 6 Mar 2027, due 20 Mar = today: not yet overdue
  let catchUp: Partner; // a paid month from 20 Oct 2026; next due 20 Nov 2026: five months to raise, due 3 Apr
  let catchUpSix: Partner; // 6 months from 1 Mar 2026, paid; next due 1 Sep 2026: two terms to raise
  let started: Partner; // a month from 18 Feb 2027 (due 4 Mar): overdue; the next period (18 Mar) raised, due 3 Apr
  let manualOverdue: Partner; // set overdue by hand before: not counted, no reminder
  let paidLate: Partner; // paid: never overdue
  let cancelledOnly: Partner; // only a cancelled invoice: nothing due, nothing raised
  let noInvoices: Partner; // fee-paying without invoices: nothing raised
  let profitSharing: { id: number };

  let invoicesBefore: Awaited<ReturnType<typeof allInvoices>>;
  let overdueBefore: Set<number>;
  let first: Awaited<ReturnType<typeof checkDueInvoices>>;
  let firstMails: ReceivedMail[];
  let afterFirst: { invoices: Awaited<ReturnType<typeof allInvoices>>; users: Awaited<ReturnType<typeof allUsers>> };

  beforeAll(async () => {
    overdueOnly = await feePartner("Overdue Only");
    await generateInvoice(db, overdueOnly.id, "12-months", adminId, "2027-03-01");
    dueToday = await feePartner("Due Today");
    await generateInvoice(db, dueToday.id, "6-months", adminId, "2027-03-06");
    catchUp = await feePartner("Catch Up");
    const paidMonth = await generateInvoice(db, catchUp.id, "monthly", adminId, "2026-10-20");
    await updateInvoiceStatus(db, paidMonth.id, "paid", adminId, "2026-10-25");
    catchUpSix = await feePartner("Catch Up Six");
    const paidTerm = await generateInvoice(db, catchUpSix.id, "6-months", adminId, "2026-03-01");
    await updateInvoiceStatus(db, paidTerm.id, "paid", adminId, "2026-03-10");
    started = await feePartner("Period Started");
    await generateInvoice(db, started.id, "monthly", adminId, "2027-02-18");
    manualOverdue = await feePartner("Manual Overdue");
    const manual = await generateInvoice(db, manualOverdue.id, "6-months", adminId, "2027-01-05");
    await updateInvoiceStatus(db, manual.id, "overdue", adminId, "2027-01-25");
    paidLate = await feePartner("Paid Late");
    const paid = await generateInvoice(db, paidLate.id, "6-months", adminId, "2027-01-10");
    await updateInvoiceStatus(db, paid.id, "paid", adminId, "2027-01-20");
    cancelledOnly = await feePartner("Cancelled Only");
    const cancelled = await generateInvoice(db, cancelledOnly.id, "monthly", adminId, "2027-02-01");
    await updateInvoiceStatus(db, cancelled.id, "cancelled", adminId, "2027-02-02");
    noInvoices = await feePartner("No Invoices");
    profitSharing = await makePartner(db, { name: "Profit Sharer", partnerType: "profit-sharing" });

    invoicesBefore = await allInvoices();
    overdueBefore = new Set(invoicesBefore.filter((i) => i.status === "overdue").map((i) => i.id));
    const mailsBefore = received.length;
    first = await checkDueInvoices(db, mail(), D1);
    firstMails = received.slice(mailsBefore);
    afterFirst = { invoices: await allInvoices(), users: await allUsers() };
  });

  it("marks the pending invoices past their due date overdue (due today is not late)", async () => {
    expect(await summary(overdueOnly.id)).toEqual([["2027-03-01", "2028-02-29", "2027-03-15", 51000, "overdue"]]);
    expect(await partnerRow(overdueOnly.id)).toMatchObject({ nextPaymentDue: "2028-03-01" });
    expect(await summary(dueToday.id)).toEqual([["2027-03-06", "2027-09-05", "2027-03-20", 27000, "pending"]]);
  });

  it("raises the invoice whose period has started, due 14 days after the day it is raised (later than the start's)", async () => {
    expect(await summary(started.id)).toEqual([
      ["2027-02-18", "2027-03-17", "2027-03-04", 5000, "overdue"],
      ["2027-03-18", "2027-04-17", "2027-04-03", 5000, "pending"],
    ]);
    expect(await partnerRow(started.id)).toMatchObject({ paymentPeriod: "monthly", nextPaymentDue: "2027-04-18" });
    // The route's partner from before: its February month is now late and March has started.
    expect(await summary(routePartner.id)).toEqual([
      ["2027-01-10", "2027-02-09", "2027-01-24", 5000, "overdue"],
      ["2027-02-10", "2027-03-09", "2027-02-26", 5000, "overdue"],
      ["2027-03-10", "2027-04-09", "2027-04-03", 5000, "pending"],
    ]);
  });

  it("catches up every period that has started when nextPaymentDue is far behind; each is due 14 days after the check raises it, so none is overdue the day it is raised", async () => {
    expect(await summary(catchUp.id)).toEqual([
      ["2026-10-20", "2026-11-19", "2026-11-03", 5000, "paid"],
      ["2026-11-20", "2026-12-19", "2027-04-03", 5000, "pending"],
      ["2026-12-20", "2027-01-19", "2027-04-03", 5000, "pending"],
      ["2027-01-20", "2027-02-19", "2027-04-03", 5000, "pending"],
      ["2027-02-20", "2027-03-19", "2027-04-03", 5000, "pending"],
      ["2027-03-20", "2027-04-19", "2027-04-03", 5000, "pending"],
    ]);
    expect(await partnerRow(catchUp.id)).toEqual({
      paymentPeriod: "monthly",
      nextPaymentDue: "2027-04-20",
      lastPaymentDate: "2026-10-25",
    });
    // A 6-month partner is caught up in 6-month terms at the 10% discount.
    expect(await summary(catchUpSix.id)).toEqual([
      ["2026-03-01", "2026-08-31", "2026-03-15", 27000, "paid"],
      ["2026-09-01", "2027-02-28", "2027-04-03", 27000, "pending"],
      ["2027-03-01", "2027-08-31", "2027-04-03", 27000, "pending"],
    ]);
    expect(await partnerRow(catchUpSix.id)).toEqual({
      paymentPeriod: "6-months",
      nextPaymentDue: "2027-09-01",
      lastPaymentDate: "2026-03-10",
    });
  });

  it("leaves paid, cancelled and already-overdue invoices, and partners with nothing due, alone", async () => {
    for (const partner of [dueToday, manualOverdue, paidLate, cancelledOnly]) {
      expect(afterFirst.invoices.filter((i) => i.partnerId === partner.id)).toEqual(
        invoicesBefore.filter((i) => i.partnerId === partner.id),
      );
    }
    expect(await partnerRow(cancelledOnly.id)).toMatchObject({ nextPaymentDue: null });
    expect(await invoicesOf(noInvoices.id)).toEqual([]);
    expect(await invoicesOf(profitSharing.id)).toEqual([]);
    expect((await invoicesOf(manualOverdue.id))[0].reminderSentAt).toBeNull();
  });

  it("the counts in the answer match what changed", async () => {
    const newlyOverdue = afterFirst.invoices.filter((i) => i.status === "overdue" && !overdueBefore.has(i.id));
    const raised = afterFirst.invoices.filter((i) => !invoicesBefore.some((b) => b.id === i.id));
    expect(first.today).toBe(D1);
    expect(first.invoicesRaised).toBe(raised.length);
    expect(first.markedOverdue).toBe(newlyOverdue.length);
    expect(first.remindersSent).toBe(firstMails.length);
    // Overdue Only 1, Period Started 1, Route Partner 1 (what was raised today is not late); raised: 1 + 1 + 5 + 2.
    expect(first).toEqual({ today: D1, markedOverdue: 3, invoicesRaised: 9, remindersSent: 3, reminderFailures: [] });
    // Nothing is left pending past its due date.
    expect(afterFirst.invoices.filter((i) => i.status === "pending" && i.dueDate < D1)).toEqual([]);
  });

  it("sends exactly one reminder per newly overdue invoice, to the partner, with the invoice PDF", async () => {
    const newlyOverdue = afterFirst.invoices.filter((i) => i.status === "overdue" && !overdueBefore.has(i.id));
    const emails = new Map((await allUsers()).map((u) => [u.id, u.email]));
    const expected = newlyOverdue
      .map((i) => `${emails.get(i.partnerId)} Reminder: invoice ${displayId(i.id)} is overdue`)
      .sort();
    expect(firstMails.map((m) => `${m.to.join(",")} ${subjectOf(m.raw)}`).sort()).toEqual(expected);
    for (const message of firstMails) {
      const attachment = pdfAttachment(message.raw);
      expect(attachment.base64.startsWith("JVBERi")).toBe(true);
      expect(attachment.headers).toMatch(/filename="?INV-\d{5}\.pdf"?/);
    }
    for (const invoice of newlyOverdue) expect(invoice.reminderSentAt, displayId(invoice.id)).not.toBeNull();
  });

  it("the second run on the same date changes nothing, raises nothing and sends nothing", async () => {
    const before = received.length;
    const second = await checkDueInvoices(db, mail(), D1);
    expect(second).toEqual({ today: D1, markedOverdue: 0, invoicesRaised: 0, remindersSent: 0, reminderFailures: [] });
    expect(received.length).toBe(before);
    expect(await allInvoices()).toEqual(afterFirst.invoices);
    expect(await allUsers()).toEqual(afterFirst.users);
  });
});

describe("vendboard invoices check-due / list", () => {
  it(`check-due --today ${D1} --json: a third run on the same date does nothing`, async () => {
    const invoices = await allInvoices();
    const before = received.length;
    const run = await vendboard(["invoices", "check-due", "--today", D1, "--json"], {
      SMTP_URL: smtpUrl(),
      MAIL_FROM: FROM,
    });
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out)).toEqual({
      database: cliDatabase(),
      today: D1,
      markedOverdue: 0,
      invoicesRaised: 0,
      remindersSent: 0,
      reminderFailures: [],
    });
    expect(await allInvoices()).toEqual(invoices);
    expect(received.length).toBe(before);
  });

  it("check-due --today 2027-04-05 --json: the invoices that fell due since, with reminders; then again does nothing", async () => {
    const pendingLate = (await allInvoices()).filter((i) => i.status === "pending" && i.dueDate < "2027-04-05");
    // Due Today (20 Mar); raised on 20 Mar, due 3 Apr: Route Partner, Period Started, Catch Up 5, Catch Up Six 2.
    expect(pendingLate.map((i) => i.dueDate).sort()).toEqual(["2027-03-20", ...Array<string>(9).fill("2027-04-03")]);
    const before = received.length;
    const run = await vendboard(["invoices", "check-due", "--today", "2027-04-05", "--json"], {
      SMTP_URL: smtpUrl(),
      MAIL_FROM: FROM,
    });
    expect(run.code, run.err).toBe(0);
    expect(JSON.parse(run.out)).toEqual({
      database: cliDatabase(),
      today: "2027-04-05",
      markedOverdue: 10,
      invoicesRaised: 0,
      remindersSent: 10,
      reminderFailures: [],
    });
    const mails = received.slice(before);
    expect(mails.map((m) => subjectOf(m.raw)).sort()).toEqual(
      pendingLate.map((i) => `Reminder: invoice ${displayId(i.id)} is overdue`).sort(),
    );
    for (const invoice of pendingLate)
      expect(
        (await db.selectFrom("feePayments").select("status").where("id", "=", invoice.id).executeTakeFirstOrThrow())
          .status,
      ).toBe("overdue");

    const again = await vendboard(["invoices", "check-due", "--today", "2027-04-05"], {
      SMTP_URL: smtpUrl(),
      MAIL_FROM: FROM,
    });
    expect(again.code, again.err).toBe(0);
    expect(again.out).toBe("Due check for 05/04/2027: 0 marked overdue, 0 invoices raised, 0 reminders sent.\n");
    expect(received.length).toBe(before + 10);
  });

  it("list --status overdue --json lists exactly the overdue invoices, newest period first", async () => {
    const run = await vendboard(["invoices", "list", "--status", "overdue", "--json"]);
    expect(run.code, run.err).toBe(0);
    const listed = JSON.parse(run.out) as {
      id: number;
      status: string;
      periodStart: string;
      displayId: string;
      partnerName: string;
    }[];
    const overdue = (await allInvoices()).filter((i) => i.status === "overdue");
    expect(listed.map((i) => i.id).sort((a, b) => a - b)).toEqual(overdue.map((i) => i.id));
    expect(listed.every((i) => i.status === "overdue")).toBe(true);
    expect(listed.every((i) => i.displayId === displayId(i.id))).toBe(true);
    const starts = listed.map((i) => i.periodStart);
    expect(starts).toEqual([...starts].sort().reverse());
    expect(listed.some((i) => i.partnerName === "Catch Up")).toBe(true);

    const all = await vendboard(["invoices", "list", "--json"]);
    expect(all.code).toBe(0);
    expect(JSON.parse(all.out)).toHaveLength((await allInvoices()).length);
    const table = await vendboard(["invoices", "list", "--status", "cancelled"]);
    expect(table.code).toBe(0);
    expect(table.out).toContain("Cancelled Only");
  });

  it("a bad --today or --status exits 2 and changes nothing", async () => {
    const invoices = await allInvoices();
    for (const bad of ["2027-02-30", "20270320", "2027-3-20", "tomorrow", ""]) {
      const run = await vendboard(["invoices", "check-due", "--today", bad, "--json"], { SMTP_URL: smtpUrl() });
      expect(run.code, bad).toBe(2);
      expect(run.err, bad).toContain("--today takes a date as YYYY-MM-DD");
      expect(run.out, bad).toBe("");
    }
    expect((await vendboard(["invoices", "check-due", "--today"])).code).toBe(2);
    const status = await vendboard(["invoices", "list", "--status", "late"]);
    expect(status.code).toBe(2);
    expect(status.err).toContain("--status takes one of: pending, paid, overdue, cancelled");
    expect(await allInvoices()).toEqual(invoices);
  });

  it("a reminder that cannot be sent is said on stderr with its reason, the run exits 1, and the invoice is still overdue", async () => {
    // Nothing listens on port 9: every reminder fails. The email log keeps each failure too.
    const env = { SMTP_URL: "smtp://127.0.0.1:9", MAIL_FROM: FROM };
    // On 20 May the periods started since are raised, due 3 June: nothing is late yet, nothing is sent.
    const raising = await vendboard(["invoices", "check-due", "--today", "2027-05-20", "--json"], env);
    expect(raising.code, raising.err).toBe(0);
    expect(JSON.parse(raising.out)).toMatchObject({ markedOverdue: 0, remindersSent: 0, reminderFailures: [] });
    expect(JSON.parse(raising.out).invoicesRaised).toBeGreaterThan(0);
    const run = await vendboard(["invoices", "check-due", "--today", "2027-06-20", "--json"], env);
    expect(run.code, run.err).toBe(1);
    const result = JSON.parse(run.out) as {
      markedOverdue: number;
      remindersSent: number;
      reminderFailures: { invoiceId: number; reason: string }[];
    };
    expect(result.markedOverdue).toBeGreaterThan(0);
    expect(result.remindersSent).toBe(0);
    expect(result.reminderFailures.length).toBe(result.markedOverdue);
    for (const failure of result.reminderFailures) {
      expect(failure.reason).toMatch(/^The email could not be sent: /);
      expect(run.err).toContain(`Invoice ${failure.invoiceId}: the reminder failed: ${failure.reason}\n`);
      expect(
        (
          await db
            .selectFrom("feePayments")
            .select("status")
            .where("id", "=", failure.invoiceId)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe("overdue");
    }
  });
});
