/**
 * Payment states that agree (ARCHITECTURE §11):
 * - the account state of a fee-paying partner ("Overdue" / "Payment due" / "Up to date" and the next
 *   payment due) is the same in GET /api/partners, GET /api/partners/{id} and GET /api/user;
 * - marking an invoice paid through POST /{id}/status and /{id}/update-status records the paid date
 *   (today by default, never in the future) and an optional payment reference, both shown in the
 *   invoice answer and the PDF; any other status clears them;
 * - Send Email sends an overdue invoice as the overdue reminder;
 * - every invoice change is audited with the partner, the month, and the money before and after.
 * Dates are fixed in 2026 (the invoices are raised with an explicit "today").
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { loader as partnersLoader } from "#app/routes/api.partners.ts";
import { loader as partnerLoader } from "#app/routes/api.partners.$id.ts";
import { loader as userLoader } from "#app/routes/api.user.ts";
import { loader as downloadLoader } from "#app/routes/api.fee-payments.$id.download.ts";
import { action as sendEmailAction } from "#app/routes/api.fee-payments.$id.send-email.ts";
import { action as statusAction } from "#app/routes/api.fee-payments.$id.status.ts";
import { action as updateStatusAction } from "#app/routes/api.fee-payments.$id.update-status.ts";
import { action as deleteAction } from "#app/routes/api.fee-payments.$id.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR, MAIL_CONFIG } from "#app/utils/env.server.ts";
import { checkDueInvoices } from "#domain/invoices/invoice-due.ts";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { listInvoices, type InvoiceView } from "#domain/invoices/invoice-queries.ts";
import { updateInvoiceStatus } from "#domain/invoices/invoice-lifecycle.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { pdfText, subjectOf } from "./mail.ts";
import { loginCookie } from "./session.ts";

const todayIso = () => new Date().toISOString().slice(0, 10);
const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const displayId = (id: number) => `INV-${String(id).padStart(5, "0")}`;

let adminId: number;
let adminCookie: string;

type Cookie = string | null;
const STATUS_ROUTES = {
  status: (id: number | string, json: unknown, cookie: Cookie = adminCookie) =>
    call(statusAction, `/api/fee-payments/${id}/status`, { json, cookie, params: { id: String(id) } }),
  "update-status": (id: number | string, json: unknown, cookie: Cookie = adminCookie) =>
    call(updateStatusAction, `/api/fee-payments/${id}/update-status`, { json, cookie, params: { id: String(id) } }),
};
const listPartners = (cookie: Cookie = adminCookie) => call(partnersLoader, "/api/partners", { cookie });
const partnerDetail = (id: number, cookie: Cookie = adminCookie) =>
  call(partnerLoader, `/api/partners/${id}`, { cookie, params: { id: String(id) } });
const currentUser = (cookie: Cookie) => call(userLoader, "/api/user", { cookie });
const download = (id: number) =>
  call(downloadLoader, `/api/fee-payments/${id}/download`, { cookie: adminCookie, params: { id: String(id) } });
const sendEmail = (id: number, cookie: Cookie = adminCookie) =>
  call(sendEmailAction, `/api/fee-payments/${id}/send-email`, { method: "POST", cookie, params: { id: String(id) } });
const remove = (id: number) =>
  call(deleteAction, `/api/fee-payments/${id}`, { method: "DELETE", cookie: adminCookie, params: { id: String(id) } });

const feePartner = (overrides: Parameters<typeof makePartner>[1] = {}) =>
  makePartner(db, {
    partnerType: "fee-paying",
    monthlyFeePence: 7500,
    commissionBp: 0,
    email: "gym@example.com",
    ...overrides,
  });
const invoiceRow = (id: number) =>
  db.selectFrom("feePayments").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const partnerRow = (id: number) =>
  db.selectFrom("users").select(["nextPaymentDue", "lastPaymentDate"]).where("id", "=", id).executeTakeFirstOrThrow();
const auditOf = async (invoiceId: number) =>
  (
    await db
      .selectFrom("auditLog")
      .select(["actorId", "action", "partnerId", "month", "before", "after", "details"])
      .where("entity", "=", "fee_payment")
      .where("entityId", "=", String(invoiceId))
      .orderBy("id")
      .execute()
  ).map((e) => ({
    ...e,
    before: e.before && JSON.parse(e.before),
    after: e.after && JSON.parse(e.after),
    details: e.details && JSON.parse(e.details),
  }));

/** Three monthly invoices from 1 January 2026: due 15 Jan, 15 Feb and 15 Mar; the next period starts 1 April. */
async function threeMonths(partnerId: number) {
  const jan = await generateInvoice(db, partnerId, "monthly", adminId, "2026-01-01");
  const feb = await generateInvoice(db, partnerId, "monthly", adminId, "2026-01-01");
  const mar = await generateInvoice(db, partnerId, "monthly", adminId, "2026-01-01");
  return { jan, feb, mar };
}

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
});

describe("Account state in every answer: Overdue, else Payment due, else Up to date; next payment due", () => {
  const partners: Record<string, { id: number; username: string }> = {};

  beforeAll(async () => {
    // Paid January, overdue February, pending March.
    partners.mixed = await feePartner({ name: "Mixed Gym" });
    const mixed = await threeMonths(partners.mixed.id);
    await updateInvoiceStatus(db, mixed.jan.id, "paid", adminId, "2026-01-10");
    await updateInvoiceStatus(db, mixed.feb.id, "overdue", adminId, "2026-02-16");
    // January and February paid: the next period starts 1 March.
    partners.paid = await feePartner({ name: "Paid Gym" });
    const jan = await generateInvoice(db, partners.paid.id, "monthly", adminId, "2026-01-01");
    const feb = await generateInvoice(db, partners.paid.id, "monthly", adminId, "2026-01-01");
    await updateInvoiceStatus(db, jan.id, "paid", adminId, "2026-01-12");
    await updateInvoiceStatus(db, feb.id, "paid", adminId, "2026-02-12");
    // One pending invoice for January.
    partners.pending = await feePartner({ name: "Pending Gym" });
    await generateInvoice(db, partners.pending.id, "monthly", adminId, "2026-01-01");
    // Paid January, cancelled February: February is raised again, so the next period starts 1 February.
    partners.cancelled = await feePartner({ name: "Cancelled Gym" });
    const cJan = await generateInvoice(db, partners.cancelled.id, "monthly", adminId, "2026-01-01");
    const cFeb = await generateInvoice(db, partners.cancelled.id, "monthly", adminId, "2026-01-01");
    await updateInvoiceStatus(db, cJan.id, "paid", adminId, "2026-01-05");
    await updateInvoiceStatus(db, cFeb.id, "cancelled", adminId, "2026-01-06");
    // No invoice yet.
    partners.fresh = await feePartner({ name: "Fresh Gym" });
    partners.profit = await makePartner(db, { name: "Profit Share Café", partnerType: "profit-sharing" });
  });

  const EXPECTED = {
    mixed: { paymentStatus: "Overdue", nextPaymentDue: "2026-02-15" },
    paid: { paymentStatus: "Up to date", nextPaymentDue: "2026-03-01" },
    pending: { paymentStatus: "Payment due", nextPaymentDue: "2026-01-15" },
    cancelled: { paymentStatus: "Up to date", nextPaymentDue: "2026-02-01" },
    fresh: { paymentStatus: "Up to date", nextPaymentDue: null },
    profit: { paymentStatus: null, nextPaymentDue: null },
  } as const;

  it("GET /api/partners: 401 anonymous, 403 partner", async () => {
    expect((await listPartners(null)).status).toBe(401);
    const partner = await listPartners(await loginCookie(partners.mixed.username));
    expect(partner.status).toBe(403);
    expect(await partner.json()).toEqual({ message: "Forbidden" });
  });

  it("GET /api/partners gives each partner's paymentStatus and nextPaymentDue", async () => {
    const response = await listPartners();
    expect(response.status).toBe(200);
    const list = (await response.json()) as {
      id: number;
      paymentStatus: string | null;
      nextPaymentDue: string | null;
    }[];
    for (const [key, expected] of Object.entries(EXPECTED)) {
      const row = list.find((p) => p.id === partners[key].id)!;
      expect({ paymentStatus: row.paymentStatus, nextPaymentDue: row.nextPaymentDue }, key).toEqual(expected);
    }
  });

  it("GET /api/partners/{id} gives the same; 401 anonymous, 403 partner, 404 missing", async () => {
    expect((await partnerDetail(partners.mixed.id, null)).status).toBe(401);
    expect((await partnerDetail(partners.mixed.id, await loginCookie(partners.mixed.username))).status).toBe(403);
    expect((await partnerDetail(987_654)).status).toBe(404);
    for (const [key, expected] of Object.entries(EXPECTED)) {
      const response = await partnerDetail(partners[key].id);
      expect(response.status).toBe(200);
      expect(await response.json(), key).toMatchObject(expected);
    }
  });

  it("GET /api/user gives a fee-paying partner the same; other users are answered as before; 401 signed out", async () => {
    expect((await currentUser(null)).status).toBe(401);
    for (const key of ["mixed", "paid", "pending", "cancelled", "fresh"] as const) {
      const response = await currentUser(await loginCookie(partners[key].username));
      expect(response.status).toBe(200);
      expect(await response.json(), key).toMatchObject({ id: partners[key].id, ...EXPECTED[key] });
    }
    const profit = await (await currentUser(await loginCookie(partners.profit.username))).json();
    expect(profit).toMatchObject({ id: partners.profit.id, nextPaymentDue: null });
    expect(profit).not.toHaveProperty("paymentStatus");
    const admin = await (await currentUser(adminCookie)).json();
    expect(admin).toMatchObject({ isAdmin: true });
    expect(admin).not.toHaveProperty("paymentStatus");
  });

  it("the stored next period start that drives the due check is left as it was", async () => {
    expect(await partnerRow(partners.mixed.id)).toEqual({
      nextPaymentDue: "2026-04-01",
      lastPaymentDate: "2026-01-10",
    });
    expect(await partnerRow(partners.pending.id)).toEqual({ nextPaymentDue: "2026-02-01", lastPaymentDate: null });
  });

  it("marking the overdue invoice paid moves the account to Payment due, due on the pending one's date; paying that makes it Up to date", async () => {
    const partner = await feePartner({ name: "Catching Up Gym" });
    const { jan, feb, mar } = await threeMonths(partner.id);
    await updateInvoiceStatus(db, jan.id, "overdue", adminId, "2026-01-16");
    await updateInvoiceStatus(db, feb.id, "overdue", adminId, "2026-02-16");
    const state = async () => {
      const detail = await (await partnerDetail(partner.id)).json();
      return { paymentStatus: detail.paymentStatus, nextPaymentDue: detail.nextPaymentDue };
    };
    expect(await state()).toEqual({ paymentStatus: "Overdue", nextPaymentDue: "2026-01-15" });
    await STATUS_ROUTES.status(jan.id, { status: "paid", paidDate: "2026-02-20" });
    expect(await state()).toEqual({ paymentStatus: "Overdue", nextPaymentDue: "2026-02-15" });
    await STATUS_ROUTES.status(feb.id, { status: "paid", paidDate: "2026-02-20" });
    expect(await state()).toEqual({ paymentStatus: "Payment due", nextPaymentDue: "2026-03-15" });
    await STATUS_ROUTES["update-status"](mar.id, {
      status: "paid",
      paidDate: "2026-03-02",
      paymentReference: "SO 4471",
    });
    expect(await state()).toEqual({ paymentStatus: "Up to date", nextPaymentDue: "2026-04-01" });
  });
});

describe("Marking paid with a paid date and a payment reference: POST /{id}/status and /{id}/update-status", () => {
  /** A fresh £75 monthly invoice for January 2026 in the given state. */
  async function invoiceIn(state: "pending" | "overdue" | "paid" | "cancelled") {
    const partner = await feePartner({ name: "Harrogate Test Gym" });
    let invoice = await generateInvoice(db, partner.id, "monthly", adminId, "2026-01-01");
    if (state !== "pending") invoice = await updateInvoiceStatus(db, invoice.id, state, adminId, "2026-01-20");
    return { partner, invoice };
  }

  it("401 anonymous and 403 for a partner (even the invoice's own), and nothing changes", async () => {
    const { partner, invoice } = await invoiceIn("overdue");
    const before = await invoiceRow(invoice.id);
    const body = { status: "paid", paidDate: "2026-02-01", paymentReference: "BACS 1" };
    for (const send of Object.values(STATUS_ROUTES)) {
      expect((await send(invoice.id, body, null)).status).toBe(401);
      const forbidden = await send(invoice.id, body, await loginCookie(partner.username));
      expect(forbidden.status).toBe(403);
      expect(await forbidden.json()).toEqual({ message: "Forbidden" });
    }
    expect(await invoiceRow(invoice.id)).toEqual(before);
  });

  it("400 with a clear message for a bad paid date or reference, or either with another status; nothing changes", async () => {
    const { invoice } = await invoiceIn("overdue");
    const before = await invoiceRow(invoice.id);
    const auditBefore = (await auditOf(invoice.id)).length;
    const cases: [unknown, string][] = [
      [{ status: "paid", paidDate: plusDays(todayIso(), 1) }, "Paid date cannot be in the future"],
      [{ status: "paid", paidDate: "2026-02-30" }, "Paid date must be a date (YYYY-MM-DD)"],
      [{ status: "paid", paidDate: "20/02/2026" }, "Paid date must be a date (YYYY-MM-DD)"],
      [{ status: "paid", paidDate: "" }, "Paid date must be a date (YYYY-MM-DD)"],
      [{ status: "paid", paymentReference: "R".repeat(101) }, "Payment reference must be at most 100 characters"],
      [{ status: "paid", paymentReference: "line one\nline two" }, "Payment reference must be one line of text"],
      [{ status: "paid", paymentReference: 4471 }, "Payment reference must be text"],
      [
        { status: "pending", paidDate: "2026-02-01" },
        "A paid date and payment reference are recorded only with status paid",
      ],
      [
        { status: "cancelled", paymentReference: "BACS 1" },
        "A paid date and payment reference are recorded only with status paid",
      ],
    ];
    for (const send of Object.values(STATUS_ROUTES)) {
      for (const [body, message] of cases) {
        const response = await send(invoice.id, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(await response.json()).toEqual({ message });
      }
    }
    expect(await invoiceRow(invoice.id)).toEqual(before);
    expect(await auditOf(invoice.id)).toHaveLength(auditBefore);
  });

  it("409 for a cancelled invoice, even with a paid date and reference", async () => {
    const { invoice } = await invoiceIn("cancelled");
    const response = await STATUS_ROUTES.status(invoice.id, {
      status: "paid",
      paidDate: "2026-02-01",
      paymentReference: "BACS 1",
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "Failed to update payment status" });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "cancelled", paidDate: null, paymentReference: null });
  });

  it.each(Object.keys(STATUS_ROUTES) as (keyof typeof STATUS_ROUTES)[])(
    "%s: an overdue invoice paid on 03/02/2026 with a reference (trimmed) answers and stores both; the partner's last payment follows",
    async (route) => {
      const { partner, invoice } = await invoiceIn("overdue");
      const response = await STATUS_ROUTES[route](invoice.id, {
        status: "paid",
        paidDate: "2026-02-03",
        paymentReference: "  BACS HARROGATE 0042  ",
      });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({
        id: invoice.id,
        status: "paid",
        paidDate: "2026-02-03",
        paymentReference: "BACS HARROGATE 0042",
        amount: 75,
      });
      expect(await invoiceRow(invoice.id)).toMatchObject({
        status: "paid",
        paidDate: "2026-02-03",
        paymentReference: "BACS HARROGATE 0042",
      });
      expect(await partnerRow(partner.id)).toEqual({ lastPaymentDate: "2026-02-03", nextPaymentDue: "2026-02-01" });
    },
  );

  it("a pending invoice with no date or reference is paid today with none; a blank reference is none; 100 characters are kept", async () => {
    const { invoice } = await invoiceIn("pending");
    expect(await (await STATUS_ROUTES.status(invoice.id, { status: "paid" })).json()).toMatchObject({
      status: "paid",
      paidDate: todayIso(),
      paymentReference: null,
    });
    const second = (await invoiceIn("pending")).invoice;
    expect(
      await (
        await STATUS_ROUTES.status(second.id, { status: "paid", paidDate: todayIso(), paymentReference: "   " })
      ).json(),
    ).toMatchObject({
      paidDate: todayIso(),
      paymentReference: null,
    });
    const third = (await invoiceIn("pending")).invoice;
    const longest = "R".repeat(100);
    expect(
      await (await STATUS_ROUTES.status(third.id, { status: "paid", paymentReference: longest })).json(),
    ).toMatchObject({ paymentReference: longest });
  });

  it("paid again: without details the date and reference stay; with them they are corrected", async () => {
    const { invoice } = await invoiceIn("pending");
    await STATUS_ROUTES.status(invoice.id, { status: "paid", paidDate: "2026-02-03", paymentReference: "BACS 1" });
    expect(await (await STATUS_ROUTES.status(invoice.id, { status: "paid" })).json()).toMatchObject({
      paidDate: "2026-02-03",
      paymentReference: "BACS 1",
    });
    expect(
      await (
        await STATUS_ROUTES.status(invoice.id, { status: "paid", paidDate: "2026-02-04", paymentReference: "BACS 2" })
      ).json(),
    ).toMatchObject({
      paidDate: "2026-02-04",
      paymentReference: "BACS 2",
    });
  });

  it.each(["pending", "overdue"] as const)("paid → %s clears the paid date and the reference", async (to) => {
    const { partner, invoice } = await invoiceIn("pending");
    await STATUS_ROUTES.status(invoice.id, { status: "paid", paidDate: "2026-02-03", paymentReference: "BACS 1" });
    const response = await STATUS_ROUTES["update-status"](invoice.id, { status: to });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status: to, paidDate: null, paymentReference: null });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: to, paidDate: null, paymentReference: null });
    expect(await partnerRow(partner.id)).toMatchObject({ lastPaymentDate: null });
  });

  it("the invoice list answers the reference", async () => {
    const { invoice } = await invoiceIn("overdue");
    await STATUS_ROUTES.status(invoice.id, { status: "paid", paidDate: "2026-02-03", paymentReference: "BACS 77" });
    const listed = (await listInvoices(db)).find((i) => i.id === invoice.id)!;
    expect(listed).toMatchObject({ paidDate: "2026-02-03", paymentReference: "BACS 77" });
  });

  it("the PDF of a paid invoice says 'Paid on 03/02/2026' and 'Reference: BACS HARROGATE 0042'; set back to pending it shows neither", async () => {
    const { invoice } = await invoiceIn("overdue");
    await STATUS_ROUTES.status(invoice.id, {
      status: "paid",
      paidDate: "2026-02-03",
      paymentReference: "BACS HARROGATE 0042",
    });
    const paid = pdfText(Buffer.from(await (await download(invoice.id)).arrayBuffer()));
    // The document as issued is unchanged; the stamp over it says it is paid, when and how.
    expect(paid).toContain("Status: Awaiting payment");
    expect(paid).toContain("PAID");
    expect(paid).toContain("Paid on 03/02/2026. Thank you.");
    expect(paid).toContain("Reference: BACS HARROGATE 0042");
    await STATUS_ROUTES.status(invoice.id, { status: "pending" });
    const pending = pdfText(Buffer.from(await (await download(invoice.id)).arrayBuffer()));
    expect(pending).toContain("Status: Awaiting payment");
    expect(pending).not.toContain("Paid on");
    expect(pending).not.toContain("Reference:");
  });
});

describe("Audit trail of invoice changes: partner, month (the period's start), before and after", () => {
  it("generate, mark paid with a reference, back to pending, cancel and delete", async () => {
    const partner = await feePartner({ name: "Audited Gym" });
    const invoice = await generateInvoice(db, partner.id, "monthly", adminId, "2026-03-17");
    await STATUS_ROUTES.status(invoice.id, { status: "paid", paidDate: "2026-03-20", paymentReference: "BACS 9" });
    await STATUS_ROUTES.status(invoice.id, { status: "pending" });
    await STATUS_ROUTES.status(invoice.id, { status: "cancelled" });
    expect((await remove(invoice.id)).status).toBe(200);
    const money = (status: string, paidDate: string | null = null, paymentReference: string | null = null) => ({
      status,
      paidDate,
      paymentReference,
      amount: 75,
    });
    const common = { actorId: adminId, partnerId: partner.id, month: "2026-03" };
    expect(await auditOf(invoice.id)).toEqual([
      {
        ...common,
        action: "generate",
        before: null,
        after: money("pending"),
        details: expect.objectContaining({ periodStart: "2026-03-17", periodEnd: "2026-04-16" }),
      },
      {
        ...common,
        action: "status",
        before: money("pending"),
        after: money("paid", "2026-03-20", "BACS 9"),
        details: { from: "pending", to: "paid" },
      },
      {
        ...common,
        action: "status",
        before: money("paid", "2026-03-20", "BACS 9"),
        after: money("pending"),
        details: { from: "paid", to: "pending" },
      },
      {
        ...common,
        action: "status",
        before: money("pending"),
        after: money("cancelled"),
        details: { from: "pending", to: "cancelled" },
      },
      {
        ...common,
        action: "delete",
        before: money("cancelled"),
        after: null,
        details: expect.objectContaining({ partnerId: partner.id, amountPence: 7500 }),
      },
    ]);
  });
});

describe("Send Email: a pending invoice as the invoice, an overdue one as the overdue reminder", () => {
  const outbox = path.join(DATA_DIR, "outbox");
  const newMail = async (run: () => Promise<Response>) => {
    const before = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    const response = await run();
    const added = (fs.existsSync(outbox) ? fs.readdirSync(outbox) : []).filter((f) => !before.has(f));
    return { response, mails: added.map((f) => fs.readFileSync(path.join(outbox, f), "utf8")) };
  };

  it("401 anonymous, 403 for a partner, and nothing is sent", async () => {
    expect(MAIL_CONFIG.smtpUrl).toBeUndefined();
    const partner = await feePartner();
    const invoice = await generateInvoice(db, partner.id, "monthly", adminId, "2026-01-01");
    const anonymous = await newMail(() => sendEmail(invoice.id, null));
    expect(anonymous.response.status).toBe(401);
    const own = await newMail(async () => sendEmail(invoice.id, await loginCookie(partner.username)));
    expect(own.response.status).toBe(403);
    expect([...anonymous.mails, ...own.mails]).toEqual([]);
  });

  it("an overdue invoice goes out as 'Reminder: invoice INV-… is overdue' with the reminder text, and is noted as reminded", async () => {
    const partner = await feePartner({ name: "Late Gym", email: "late@example.com" });
    let invoice: InvoiceView = await generateInvoice(db, partner.id, "monthly", adminId, "2026-01-01");
    invoice = await updateInvoiceStatus(db, invoice.id, "overdue", adminId, "2026-01-16");
    const { response, mails } = await newMail(() => sendEmail(invoice.id));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ emailSent: true, details: "Written to the outbox for late@example.com" });
    expect(mails).toHaveLength(1);
    expect(subjectOf(mails[0])).toBe(`Reminder: invoice ${displayId(invoice.id)} is overdue`);
    // The text part is quoted-printable: soft line breaks joined, =XX bytes decoded.
    const text = Buffer.from(
      mails[0].replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex) => String.fromCharCode(parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
    expect(text).toContain(
      `Invoice ${displayId(invoice.id)} for £75.00 was due on 15/01/2026 and has not been paid yet.`,
    );
    expect((await invoiceRow(invoice.id)).reminderSentAt).not.toBeNull();
  });

  it("a pending invoice goes out as 'Invoice INV-… from Vendboard'", async () => {
    const partner = await feePartner({ email: "prompt@example.com" });
    const invoice = await generateInvoice(db, partner.id, "monthly", adminId, "2026-01-01");
    const { response, mails } = await newMail(() => sendEmail(invoice.id));
    expect(response.status).toBe(200);
    expect(mails.map(subjectOf)).toEqual([`Invoice ${displayId(invoice.id)} from Vendboard`]);
    expect((await invoiceRow(invoice.id)).reminderSentAt).toBeNull();
  });
});

// Last: the due check acts on every invoice in this file's database.
describe("The due check audits each invoice it marks overdue", () => {
  it("a status entry per invoice, with no user, the partner, the month and pending → overdue", async () => {
    const partner = await feePartner({ name: "Due Check Gym" });
    const invoice = await generateInvoice(db, partner.id, "monthly", adminId, "2026-05-01");
    await checkDueInvoices(db, MAIL_CONFIG, "2026-05-20");
    expect((await invoiceRow(invoice.id)).status).toBe("overdue");
    const entries = (await auditOf(invoice.id)).filter((e) => e.action === "status");
    expect(entries).toEqual([
      {
        actorId: null,
        action: "status",
        partnerId: partner.id,
        month: "2026-05",
        before: { status: "pending", paidDate: null, paymentReference: null, amount: 75 },
        after: { status: "overdue", paidDate: null, paymentReference: null, amount: 75 },
        details: { from: "pending", to: "overdue", dueCheck: "2026-05-20" },
      },
    ]);
  });
});
