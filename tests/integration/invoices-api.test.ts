/**
 * Fee invoices over the API: every /api/fee-payments route and its guards (401, 403, 404, 400),
 * generation with term discounts and consecutive periods (the 31 January rule), the quote, every
 * status transition through /status and /update-status, the partner's payment dates, deletion,
 * the PDFs (text read back with poppler's pdftotext) and sending an invoice by email (a real SMTP
 * server on 127.0.0.1, and the outbox when there is no SMTP_URL).
 * The due check (which acts on every invoice in the database) has its own file: invoices-due.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader as listLoader } from "#app/routes/api.fee-payments.ts";
import { loader as downloadLoader } from "#app/routes/api.fee-payments.$id.download.ts";
import { loader as inlineLoader } from "#app/routes/api.fee-payments.$id.invoice.ts";
import { action as sendEmailAction } from "#app/routes/api.fee-payments.$id.send-email.ts";
import { action as statusAction, loader as statusGetLoader } from "#app/routes/api.fee-payments.$id.status.ts";
import { action as updateStatusAction } from "#app/routes/api.fee-payments.$id.update-status.ts";
import { action as deleteAction } from "#app/routes/api.fee-payments.$id.ts";
import { action as checkDueAction, loader as checkDueLoader } from "#app/routes/api.fee-payments.check-due.ts";
import {
  action as generateAction,
  loader as quoteLoader,
} from "#app/routes/api.fee-payments.generate-invoice.$partnerId.ts";
import { action as regenerateAction } from "#app/routes/api.fee-payments.generate.$id.ts";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR, MAIL_CONFIG } from "#app/utils/env.server.ts";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { sendInvoiceEmail } from "#domain/invoices/invoice-documents.ts";
import { updateInvoiceStatus } from "#domain/invoices/invoice-lifecycle.ts";
import { type InvoiceView } from "#domain/invoices/invoice-queries.ts";
import type { InvoiceJson } from "#domain/invoices/invoice-json.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { startMailServer, stopMailServer, type ReceivedMail, pdfAttachment, pdfText } from "./mail.ts";

const TMP = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-invoices-"));
const FROM = "Vendboard <invoices@vendboard.local>";
const MISSING = 987_654;

/* ---------- independent date arithmetic (not domain/shared/dates.ts) ---------- */

const dayMs = 86_400_000;
const utc = (day: string) => new Date(`${day}T00:00:00Z`);
const iso = (date: Date) => date.toISOString().slice(0, 10);
const plusDays = (day: string, days: number) => iso(new Date(utc(day).getTime() + days * dayMs));
/** The day after a period of `months` months from `start` ends: a missing day rolls to the 1st of the month after. */
function nextStart(start: string, months: number): string {
  const d = utc(start);
  const target = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate()));
  if (target.getUTCDate() !== d.getUTCDate())
    return iso(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months + 1, 1)));
  return iso(target);
}
const periodEnd = (start: string, months: number) => plusDays(nextStart(start, months), -1);
const todayIso = () => new Date().toISOString().slice(0, 10);
const displayId = (id: number) => `INV-${String(id).padStart(5, "0")}`;
const enGB = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/* ---------- the SMTP server ---------- */

const received: ReceivedMail[] = [];
let server: SMTPServer;
let port: number;
const smtpConfig = () => ({
  smtpUrl: `smtp://127.0.0.1:${port}`,
  from: FROM,
  outboxDir: path.join(TMP, "unused-outbox"),
});

/* ---------- people and invoices ---------- */

let adminId: number;
let adminCookie: string;
/** Fee-paying, £50 a month; its invoices are the ones a partner may see. */
let owner: { id: number; username: string };
let ownerCookie: string;
/** Another fee-paying partner: not the owner's business. */
let other: { id: number; username: string };
let otherCookie: string;
let profitSharing: { id: number };
let noFee: { id: number };
/* The owner's invoices: a 6-month pending one (the PDF), a paid month, an overdue month. */
let ownerSixMonths: InvoiceView;
let ownerPaid: InvoiceView;
let ownerOverdue: InvoiceView;
let otherPending: InvoiceView;
let otherPaid: InvoiceView;

const feePartner = (overrides: Parameters<typeof makePartner>[1] = {}) =>
  makePartner(db, { partnerType: "fee-paying", monthlyFeePence: 5000, commissionBp: 0, ...overrides });

beforeAll(async () => {
  ({ server, port } = await startMailServer((mail) => received.push(mail)));

  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);

  owner = await feePartner({
    name: "Brightside Leisure Ltd",
    email: "accounts@brightside.example",
    billingAddress: "12 Canal Wharf, Leeds LS1 4BR",
  });
  ownerCookie = await loginCookie(owner.username);
  other = await feePartner({ name: "Other Fees Ltd", email: "other@example.com" });
  otherCookie = await loginCookie(other.username);
  profitSharing = await makePartner(db, { name: "Profit Sharers", partnerType: "profit-sharing" });
  noFee = await makePartner(db, { name: "No Fee Yet", partnerType: "fee-paying", monthlyFeePence: null });

  ownerSixMonths = await generateInvoice(db, owner.id, "6-months", adminId, "2027-04-01");
  ownerPaid = await generateInvoice(db, owner.id, "monthly", adminId, "2027-04-01");
  ownerPaid = await updateInvoiceStatus(db, ownerPaid.id, "paid", adminId, "2027-10-05");
  ownerOverdue = await generateInvoice(db, owner.id, "monthly", adminId, "2027-04-01");
  ownerOverdue = await updateInvoiceStatus(db, ownerOverdue.id, "overdue", adminId, "2027-11-20");
  otherPending = await generateInvoice(db, other.id, "monthly", adminId, "2027-04-01");
  otherPaid = await generateInvoice(db, other.id, "monthly", adminId, "2027-04-01");
  otherPaid = await updateInvoiceStatus(db, otherPaid.id, "paid", adminId, "2027-05-03");
});

afterAll(async () => {
  await stopMailServer(server);
});

/* ---------- calls ---------- */

type Cookie = string | null;
const list = (query = "", cookie: Cookie = adminCookie) => call(listLoader, `/api/fee-payments${query}`, { cookie });
const download = (id: number | string, cookie: Cookie = adminCookie) =>
  call(downloadLoader, `/api/fee-payments/${id}/download`, { cookie, params: { id: String(id) } });
const inline = (id: number | string, cookie: Cookie = adminCookie) =>
  call(inlineLoader, `/api/fee-payments/${id}/invoice`, { cookie, params: { id: String(id) } });
const generate = (partnerId: number | string, json: unknown, cookie: Cookie = adminCookie) =>
  call(generateAction, `/api/fee-payments/generate-invoice/${partnerId}`, {
    json,
    cookie,
    params: { partnerId: String(partnerId) },
  });
const quote = (partnerId: number | string, period?: string, cookie: Cookie = adminCookie) =>
  call(
    quoteLoader,
    `/api/fee-payments/generate-invoice/${partnerId}${period === undefined ? "" : `?requestedPaymentPeriod=${encodeURIComponent(period)}`}`,
    {
      cookie,
      params: { partnerId: String(partnerId) },
    },
  );
const regenerate = (id: number | string, cookie: Cookie = adminCookie) =>
  call(regenerateAction, `/api/fee-payments/generate/${id}`, { method: "POST", cookie, params: { id: String(id) } });
const STATUS_ROUTES = {
  status: (id: number | string, json: unknown, cookie: Cookie = adminCookie) =>
    call(statusAction, `/api/fee-payments/${id}/status`, { json, cookie, params: { id: String(id) } }),
  "update-status": (id: number | string, json: unknown, cookie: Cookie = adminCookie) =>
    call(updateStatusAction, `/api/fee-payments/${id}/update-status`, { json, cookie, params: { id: String(id) } }),
};
const remove = (id: number | string, cookie: Cookie = adminCookie) =>
  call(deleteAction, `/api/fee-payments/${id}`, { method: "DELETE", cookie, params: { id: String(id) } });
const sendEmail = (id: number | string, cookie: Cookie = adminCookie) =>
  call(sendEmailAction, `/api/fee-payments/${id}/send-email`, { method: "POST", cookie, params: { id: String(id) } });
const checkDue = (cookie: Cookie = adminCookie) =>
  call(checkDueAction, "/api/fee-payments/check-due", { method: "POST", cookie });

async function expectError(response: Response, status: number, message?: string | RegExp) {
  expect(response.status).toBe(status);
  const body = await response.json();
  if (message instanceof RegExp) expect(body.message).toMatch(message);
  else if (message !== undefined) expect(body).toEqual({ message });
  else expect(typeof body.message).toBe("string");
}

const invoiceRow = (id: number) => db.selectFrom("feePayments").selectAll().where("id", "=", id).executeTakeFirst();
const partnerRow = (id: number) =>
  db
    .selectFrom("users")
    .select(["paymentPeriod", "nextPaymentDue", "lastPaymentDate"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const allInvoices = () => db.selectFrom("feePayments").selectAll().orderBy("id").execute();
const allUsers = () => db.selectFrom("users").selectAll().orderBy("id").execute();
const partnerInvoices = (partnerId: number) =>
  db.selectFrom("feePayments").selectAll().where("partnerId", "=", partnerId).orderBy("id").execute();

/* ====================================================================== */

describe("guards on every /api/fee-payments route", () => {
  const id = () => String(ownerSixMonths.id);
  const everyRoute = (cookie: Cookie): [string, () => Promise<Response>][] => [
    ["GET /api/fee-payments", () => list("", cookie)],
    ["GET /{id}/download", () => download(id(), cookie)],
    ["GET /{id}/invoice", () => inline(id(), cookie)],
    ["POST /generate-invoice/{partnerId}", () => generate(owner.id, { requestedPaymentPeriod: "monthly" }, cookie)],
    ["GET /generate-invoice/{partnerId}?requestedPaymentPeriod=", () => quote(owner.id, "monthly", cookie)],
    ["POST /generate/{id}", () => regenerate(id(), cookie)],
    ["POST /{id}/update-status", () => STATUS_ROUTES["update-status"](id(), { status: "paid" }, cookie)],
    ["POST /{id}/status", () => STATUS_ROUTES.status(id(), { status: "paid" }, cookie)],
    ["DELETE /{id}", () => remove(id(), cookie)],
    ["POST /{id}/send-email", () => sendEmail(id(), cookie)],
    ["POST /check-due", () => checkDue(cookie)],
  ];

  it("answers 401 {message} to an anonymous caller on every route and changes nothing", async () => {
    const invoicesBefore = await allInvoices();
    const usersBefore = await allUsers();
    const mailsBefore = received.length;
    for (const [name, run] of everyRoute(null)) {
      const response = await run();
      expect(response.status, name).toBe(401);
      expect(await response.json(), name).toEqual({ message: "Not authenticated" });
    }
    expect(await allInvoices()).toEqual(invoicesBefore);
    expect(await allUsers()).toEqual(usersBefore);
    expect(received.length).toBe(mailsBefore);
  });

  it("answers 403 {message: 'Forbidden'} to a partner on the admin-only routes and changes nothing", async () => {
    const invoicesBefore = await allInvoices();
    const usersBefore = await allUsers();
    const adminOnly = new Set([
      "POST /generate-invoice/{partnerId}",
      "GET /generate-invoice/{partnerId}?requestedPaymentPeriod=",
      "POST /generate/{id}",
      "POST /{id}/update-status",
      "POST /{id}/status",
      "DELETE /{id}",
      "POST /{id}/send-email",
      "POST /check-due",
    ]);
    const routes = everyRoute(ownerCookie).filter(([name]) => adminOnly.has(name));
    expect(routes).toHaveLength(adminOnly.size);
    for (const [name, run] of routes) {
      const response = await run();
      expect(response.status, name).toBe(403);
      expect(await response.json(), name).toEqual({ message: "Forbidden" });
    }
    expect(await allInvoices()).toEqual(invoicesBefore);
    expect(await allUsers()).toEqual(usersBefore);
  });

  it("a partner gets 403 for another partner's invoice PDF (download and inline) and 200 for their own", async () => {
    await expectError(await download(otherPending.id, ownerCookie), 403, "Forbidden");
    await expectError(await inline(otherPending.id, ownerCookie), 403, "Forbidden");
    await expectError(await download(ownerSixMonths.id, otherCookie), 403, "Forbidden");
    await expectError(await inline(ownerPaid.id, otherCookie), 403, "Forbidden");
    expect((await download(ownerSixMonths.id, ownerCookie)).status).toBe(200);
    expect((await inline(ownerSixMonths.id, ownerCookie)).status).toBe(200);
    expect((await download(otherPaid.id, otherCookie)).status).toBe(200);
  });

  it("404 {message} for a missing or malformed invoice id on every invoice route", async () => {
    for (const bad of [String(MISSING), "abc", "0", "-3"]) {
      await expectError(await download(bad), 404, "Invoice not found");
      await expectError(await inline(bad), 404, "Invoice not found");
      await expectError(await regenerate(bad), 404, "Invoice not found");
      await expectError(await STATUS_ROUTES.status(bad, { status: "paid" }), 404, "Invoice not found");
      await expectError(await STATUS_ROUTES["update-status"](bad, { status: "paid" }), 404, "Invoice not found");
      await expectError(await remove(bad), 404, "Invoice not found");
      await expectError(await sendEmail(bad), 404, "Invoice not found");
    }
    // A partner asking for a missing invoice learns nothing more than 404.
    await expectError(await download(MISSING, ownerCookie), 404, "Invoice not found");
  });

  it("404 {message: 'Partner not found'} for a missing partner, a malformed id or an admin's id", async () => {
    const before = (await allInvoices()).length;
    for (const bad of [String(MISSING), "abc", String(adminId)]) {
      await expectError(await generate(bad, { requestedPaymentPeriod: "monthly" }), 404, "Partner not found");
      await expectError(await quote(bad, "monthly"), 404, "Partner not found");
    }
    expect((await allInvoices()).length).toBe(before);
  });

  it("a cross-origin POST is refused (403) before anything happens", async () => {
    const before = await invoiceRow(ownerSixMonths.id);
    const response = await call(statusAction, `/api/fee-payments/${ownerSixMonths.id}/status`, {
      json: { status: "paid" },
      cookie: adminCookie,
      origin: "https://evil.example",
      params: { id: String(ownerSixMonths.id) },
    });
    await expectError(response, 403);
    expect(await invoiceRow(ownerSixMonths.id)).toEqual(before);
  });

  it("GET on POST-only routes answers 405", async () => {
    const get = await call(statusGetLoader, `/api/fee-payments/${ownerSixMonths.id}/status`, {
      cookie: adminCookie,
      params: { id: String(ownerSixMonths.id) },
    });
    await expectError(get, 405);
    await expectError(await call(checkDueLoader, "/api/fee-payments/check-due", { cookie: adminCookie }), 405);
  });
});

describe("GET /api/fee-payments", () => {
  it("a partner sees only their own invoices, newest period first, with the list fields", async () => {
    const response = await list("", ownerCookie);
    expect(response.status).toBe(200);
    const rows = (await response.json()) as InvoiceJson[];
    expect(rows.map((r) => r.id)).toEqual([ownerOverdue.id, ownerPaid.id, ownerSixMonths.id]);
    expect(rows.every((r) => r.partnerId === owner.id)).toBe(true);
    expect(rows[2]).toMatchObject({
      id: ownerSixMonths.id,
      displayId: displayId(ownerSixMonths.id),
      partnerId: owner.id,
      partnerName: "Brightside Leisure Ltd",
      amount: 270,
      paymentPeriod: "6-months",
      periodStart: "2027-04-01",
      periodEnd: "2027-09-30",
      dueDate: "2027-04-15",
      paidDate: null,
      status: "pending",
      invoiceUrl: `/api/fee-payments/${ownerSixMonths.id}/invoice`,
    });
    expect(rows[1]).toMatchObject({
      status: "paid",
      paidDate: "2027-10-05",
      periodStart: "2027-10-01",
      periodEnd: "2027-10-31",
      amount: 50,
    });
    expect(rows[0]).toMatchObject({
      status: "overdue",
      paidDate: null,
      periodStart: "2027-11-01",
      periodEnd: "2027-11-30",
    });

    const theirs = (await (await list("", otherCookie)).json()) as InvoiceJson[];
    expect(theirs.map((r) => r.id).sort((a, b) => a - b)).toEqual([otherPending.id, otherPaid.id]);
  });

  it("a partner's ?status= filter stays within their own invoices", async () => {
    const ids = async (status: string) =>
      ((await (await list(`?status=${status}`, ownerCookie)).json()) as InvoiceJson[]).map((r) => r.id);
    expect(await ids("pending")).toEqual([ownerSixMonths.id]);
    expect(await ids("paid")).toEqual([ownerPaid.id]);
    expect(await ids("overdue")).toEqual([ownerOverdue.id]);
    expect(await ids("cancelled")).toEqual([]);
    // An empty filter is no filter.
    expect(await ids("")).toHaveLength(3);
  });

  it("an admin sees every partner's invoices, and ?status= filters them", async () => {
    const rows = (await (await list()).json()) as InvoiceJson[];
    const db_ = await allInvoices();
    expect(rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(db_.map((r) => r.id));
    for (const wanted of [ownerSixMonths, ownerPaid, ownerOverdue, otherPending, otherPaid])
      expect(rows.map((r) => r.id)).toContain(wanted.id);
    expect(rows.find((r) => r.id === otherPending.id)!.partnerName).toBe("Other Fees Ltd");
    const starts = rows.map((r) => r.periodStart);
    expect(starts).toEqual([...starts].sort().reverse());

    for (const status of ["pending", "paid", "overdue", "cancelled"] as const) {
      const filtered = (await (await list(`?status=${status}`)).json()) as InvoiceJson[];
      expect(filtered.every((r) => r.status === status)).toBe(true);
      expect(filtered.length).toBe(db_.filter((r) => r.status === status).length);
    }
    const paid = ((await (await list("?status=paid")).json()) as InvoiceJson[]).map((r) => r.id);
    expect(paid).toEqual(expect.arrayContaining([ownerPaid.id, otherPaid.id]));
  });

  it("400 with the message for an unknown status", async () => {
    for (const cookie of [adminCookie, ownerCookie]) {
      for (const bad of ["refunded", "PAID", "paid,pending"]) {
        await expectError(
          await list(`?status=${encodeURIComponent(bad)}`, cookie),
          400,
          "Status must be pending, paid, overdue or cancelled",
        );
      }
    }
  });
});

describe("POST /api/fee-payments/generate-invoice/{partnerId}", () => {
  it("£50 a month: 50.00 monthly, 270.00 for 6 months, 510.00 for 12 months, in consecutive periods from today", async () => {
    const partner = await feePartner({ name: "Consecutive Co" });
    const today = todayIso();

    const monthly = await generate(partner.id, { requestedPaymentPeriod: "monthly" });
    expect(monthly.status).toBe(201);
    const first = (await monthly.json()) as InvoiceView;
    expect(first).toMatchObject({
      partnerId: partner.id,
      partnerName: "Consecutive Co",
      amount: 50,
      paymentPeriod: "monthly",
      periodStart: today,
      periodEnd: periodEnd(today, 1),
      dueDate: plusDays(today, 14),
      paidDate: null,
      status: "pending",
      displayId: displayId(first.id),
      invoiceUrl: `/api/fee-payments/${first.id}/invoice`,
    });
    expect(await partnerRow(partner.id)).toMatchObject({
      paymentPeriod: "monthly",
      nextPaymentDue: nextStart(today, 1),
    });

    const six = (await (await generate(partner.id, { requestedPaymentPeriod: "6-months" })).json()) as InvoiceView;
    const secondStart = plusDays(first.periodEnd, 1);
    expect(six).toMatchObject({
      amount: 270,
      paymentPeriod: "6-months",
      periodStart: secondStart,
      periodEnd: periodEnd(secondStart, 6),
      dueDate: plusDays(secondStart, 14),
      status: "pending",
    });
    expect(await partnerRow(partner.id)).toMatchObject({
      paymentPeriod: "6-months",
      nextPaymentDue: plusDays(six.periodEnd, 1),
    });

    const twelveResponse = await generate(partner.id, { requestedPaymentPeriod: "12-months" });
    expect(twelveResponse.status).toBe(201);
    const twelve = (await twelveResponse.json()) as InvoiceView;
    const thirdStart = plusDays(six.periodEnd, 1);
    expect(twelve).toMatchObject({
      amount: 510,
      paymentPeriod: "12-months",
      periodStart: thirdStart,
      periodEnd: periodEnd(thirdStart, 12),
      dueDate: plusDays(thirdStart, 14),
    });
    expect(await partnerRow(partner.id)).toMatchObject({
      paymentPeriod: "12-months",
      nextPaymentDue: plusDays(twelve.periodEnd, 1),
      lastPaymentDate: null,
    });

    const stored = await partnerInvoices(partner.id);
    expect(stored.map((r) => [r.amountPence, r.periodStart, r.periodEnd, r.dueDate, r.status])).toEqual([
      [5000, first.periodStart, first.periodEnd, first.dueDate, "pending"],
      [27000, six.periodStart, six.periodEnd, six.dueDate, "pending"],
      [51000, twelve.periodStart, twelve.periodEnd, twelve.dueDate, "pending"],
    ]);
    // The partner sees the three in their own list.
    const cookie = await loginCookie(partner.username);
    expect(((await (await list("", cookie)).json()) as InvoiceJson[]).map((r) => r.id)).toEqual([
      twelve.id,
      six.id,
      first.id,
    ]);
  });

  it("the amount follows the partner's fee, rounded to the penny (£49.99: 49.99 / 269.95 / 509.90)", async () => {
    const partner = await feePartner({ monthlyFeePence: 4999 });
    const amounts = [];
    for (const requestedPaymentPeriod of ["monthly", "6-months", "12-months"]) {
      const response = await generate(partner.id, { requestedPaymentPeriod });
      expect(response.status).toBe(201);
      amounts.push(((await response.json()) as InvoiceJson).amount);
    }
    // 4999 × 6 × 0.9 = 26994.6 → 26995; 4999 × 12 × 0.85 = 50989.8 → 50990.
    expect(amounts).toEqual([49.99, 269.95, 509.9]);
  });

  it("400 with the message for an unknown requestedPaymentPeriod, and nothing is saved", async () => {
    const partner = await feePartner();
    for (const bad of ["weekly", "6-month", "", 6, null]) {
      await expectError(
        await generate(partner.id, { requestedPaymentPeriod: bad }),
        400,
        "requestedPaymentPeriod must be monthly, 6-months or 12-months",
      );
    }
    await expectError(
      await quote(partner.id, "weekly"),
      400,
      "requestedPaymentPeriod must be monthly, 6-months or 12-months",
    );
    expect(await partnerInvoices(partner.id)).toEqual([]);
    expect(await partnerRow(partner.id)).toMatchObject({ paymentPeriod: null, nextPaymentDue: null });
  });

  it("409 for a partner who is not fee-paying, or has no monthly fee; nothing is saved", async () => {
    const before = (await allInvoices()).length;
    await expectError(
      await generate(profitSharing.id, { requestedPaymentPeriod: "monthly" }),
      409,
      "Only fee-paying partners are invoiced",
    );
    await expectError(await quote(profitSharing.id, "monthly"), 409, "Only fee-paying partners are invoiced");
    await expectError(await generate(noFee.id, { requestedPaymentPeriod: "monthly" }), 409);
    expect((await allInvoices()).length).toBe(before);
    expect(await partnerRow(profitSharing.id)).toMatchObject({ paymentPeriod: null, nextPaymentDue: null });
  });

  it("GET ?requestedPaymentPeriod= answers the quote without saving anything", async () => {
    const partner = await feePartner();
    await generateInvoice(db, partner.id, "monthly", adminId, "2027-05-10");
    const invoicesBefore = await allInvoices();
    const partnerBefore = await partnerRow(partner.id);

    const response = await quote(partner.id, "6-months");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      partnerId: partner.id,
      paymentPeriod: "6-months",
      months: 6,
      discountPercent: 10,
      monthlyFee: 50,
      gross: 300,
      discount: 30,
      amount: 270,
      vatPercent: null,
      vat: 0,
      total: 270,
      periodStart: "2027-06-10",
      periodEnd: "2027-12-09",
      dueDate: "2027-06-24",
    });
    expect(await (await quote(partner.id, "12-months")).json()).toMatchObject({
      months: 12,
      discountPercent: 15,
      gross: 600,
      discount: 90,
      amount: 510,
      periodStart: "2027-06-10",
      periodEnd: "2028-06-09",
    });
    expect(await (await quote(partner.id, "monthly")).json()).toMatchObject({
      months: 1,
      discountPercent: 0,
      gross: 50,
      discount: 0,
      amount: 50,
      periodEnd: "2027-07-09",
    });
    expect(await allInvoices()).toEqual(invoicesBefore);
    expect(await partnerRow(partner.id)).toEqual(partnerBefore);

    // The quote is what generating then produces.
    const made = (await (await generate(partner.id, { requestedPaymentPeriod: "6-months" })).json()) as InvoiceView;
    expect(made).toMatchObject({
      amount: 270,
      periodStart: "2027-06-10",
      periodEnd: "2027-12-09",
      dueDate: "2027-06-24",
    });
  });

  it("a quote for a partner with no invoice starts today", async () => {
    const partner = await feePartner();
    const today = todayIso();
    expect(await (await quote(partner.id, "monthly")).json()).toMatchObject({
      periodStart: today,
      periodEnd: periodEnd(today, 1),
      dueDate: plusDays(today, 14),
      amount: 50,
    });
    expect(await partnerInvoices(partner.id)).toEqual([]);
  });
});

describe("generateInvoice periods (domain, fixed dates)", () => {
  it("the first period starts on the generation date; a monthly one from 31 Jan 2027 ends 28 Feb, the next starts 1 Mar", async () => {
    const partner = await feePartner();
    const first = await generateInvoice(db, partner.id, "monthly", adminId, "2027-01-31");
    expect(first).toMatchObject({
      periodStart: "2027-01-31",
      periodEnd: "2027-02-28",
      dueDate: "2027-02-14",
      amountPence: 5000,
      status: "pending",
    });
    expect(await partnerRow(partner.id)).toMatchObject({ paymentPeriod: "monthly", nextPaymentDue: "2027-03-01" });
    // The next invoice follows the last period, whatever day it is generated on.
    const second = await generateInvoice(db, partner.id, "monthly", adminId, "2027-01-31");
    expect(second).toMatchObject({ periodStart: "2027-03-01", periodEnd: "2027-03-31", dueDate: "2027-03-15" });
    // Raised on 9 Sep for a period from 1 Apr: due 14 days after it is issued, not already overdue.
    const third = await generateInvoice(db, partner.id, "monthly", adminId, "2027-09-09");
    expect(third).toMatchObject({ periodStart: "2027-04-01", periodEnd: "2027-04-30", dueDate: "2027-09-23" });
    expect(await partnerRow(partner.id)).toMatchObject({ nextPaymentDue: "2027-05-01" });
  });

  it("in a leap year, 31 Jan 2028 ends 29 Feb 2028 and the next starts 1 Mar", async () => {
    const partner = await feePartner();
    expect(await generateInvoice(db, partner.id, "monthly", adminId, "2028-01-31")).toMatchObject({
      periodStart: "2028-01-31",
      periodEnd: "2028-02-29",
      dueDate: "2028-02-14",
    });
    expect(await partnerRow(partner.id)).toMatchObject({ nextPaymentDue: "2028-03-01" });
    expect(await generateInvoice(db, partner.id, "monthly", adminId, "2028-01-31")).toMatchObject({
      periodStart: "2028-03-01",
      periodEnd: "2028-03-31",
    });
  });

  it("a mid-month start, 6 and 12 months, and 29 Feb + 12 months", async () => {
    const partner = await feePartner();
    expect(await generateInvoice(db, partner.id, "6-months", adminId, "2027-05-17")).toMatchObject({
      periodStart: "2027-05-17",
      periodEnd: "2027-11-16",
      dueDate: "2027-05-31",
      amountPence: 27000,
    });
    expect(await generateInvoice(db, partner.id, "12-months", adminId, "2027-05-17")).toMatchObject({
      periodStart: "2027-11-17",
      periodEnd: "2028-11-16",
      dueDate: "2027-12-01",
      amountPence: 51000,
    });
    expect(await partnerRow(partner.id)).toMatchObject({ paymentPeriod: "12-months", nextPaymentDue: "2028-11-17" });

    const leap = await feePartner();
    expect(await generateInvoice(db, leap.id, "12-months", adminId, "2028-02-29")).toMatchObject({
      periodStart: "2028-02-29",
      periodEnd: "2029-02-28",
      dueDate: "2028-03-14",
    });
    expect(await partnerRow(leap.id)).toMatchObject({ nextPaymentDue: "2029-03-01" });
  });
});

describe("status changes: POST /{id}/status and /{id}/update-status", () => {
  const STATES = ["pending", "paid", "overdue", "cancelled"] as const;
  type State = (typeof STATES)[number];
  const allowed = (from: State, to: State) =>
    from !== "cancelled" && (to !== "cancelled" || from === "pending" || from === "overdue");
  const EARLIER_PAID = "2027-02-02";

  /** A fresh partner with one invoice in the given state. */
  async function invoiceIn(state: State) {
    const partner = await feePartner();
    let invoice = await generateInvoice(db, partner.id, "monthly", adminId, "2027-01-15");
    if (state !== "pending") invoice = await updateInvoiceStatus(db, invoice.id, state, adminId, EARLIER_PAID);
    return { partner, invoice };
  }

  const cases = (Object.keys(STATUS_ROUTES) as (keyof typeof STATUS_ROUTES)[]).flatMap((route) =>
    STATES.flatMap((from) => STATES.map((to) => ({ route, from, to, ok: allowed(from, to) }))),
  );

  it.each(cases)("$route: $from → $to (allowed: $ok)", async ({ route, from, to, ok }) => {
    const { partner, invoice } = await invoiceIn(from);
    const rowBefore = await invoiceRow(invoice.id);
    const partnerBefore = await partnerRow(partner.id);
    expect(rowBefore!.status).toBe(from);

    const response = await STATUS_ROUTES[route](invoice.id, { status: to });
    if (!ok) {
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ message: "Failed to update payment status" });
      expect(await invoiceRow(invoice.id)).toEqual(rowBefore);
      expect(await partnerRow(partner.id)).toEqual(partnerBefore);
      return;
    }
    expect(response.status).toBe(200);
    const body = (await response.json()) as InvoiceView;
    const expectedPaid = to === "paid" ? (from === "paid" ? EARLIER_PAID : todayIso()) : null;
    expect(body).toMatchObject({
      id: invoice.id,
      status: to,
      paidDate: expectedPaid,
      amount: 50,
      periodStart: "2027-01-15",
    });
    const rowAfter = await invoiceRow(invoice.id);
    expect(rowAfter).toEqual({ ...rowBefore, status: to, paidDate: expectedPaid });
    const partnerAfter = await partnerRow(partner.id);
    expect(partnerAfter.lastPaymentDate).toBe(expectedPaid);
    expect(partnerAfter.paymentPeriod).toBe("monthly");
    // Cancelling the only invoice leaves no period to follow.
    expect(partnerAfter.nextPaymentDue).toBe(to === "cancelled" ? null : "2027-02-15");
  });

  it("both routes refuse an unknown or missing status with 400 and change nothing", async () => {
    const { invoice } = await invoiceIn("pending");
    const before = await invoiceRow(invoice.id);
    for (const send of Object.values(STATUS_ROUTES)) {
      for (const body of [{ status: "refunded" }, { status: "PAID" }, { status: 3 }, {}]) {
        await expectError(await send(invoice.id, body), 400, "Status must be pending, paid, overdue or cancelled");
      }
    }
    expect(await invoiceRow(invoice.id)).toEqual(before);
  });

  it("paid sets paidDate and lastPaymentDate; paid → pending clears paidDate and lastPaymentDate falls back to the latest remaining paid date, then null", async () => {
    const partner = await feePartner();
    const a = await generateInvoice(db, partner.id, "monthly", adminId, "2027-01-01");
    const b = await generateInvoice(db, partner.id, "monthly", adminId, "2027-01-01");
    const c = await generateInvoice(db, partner.id, "monthly", adminId, "2027-01-01");
    // Paid on days before today, so the route's payment (today) is the latest.
    await updateInvoiceStatus(db, a.id, "paid", adminId, "2025-02-10");
    await updateInvoiceStatus(db, b.id, "paid", adminId, "2025-03-12");
    expect(await partnerRow(partner.id)).toMatchObject({ lastPaymentDate: "2025-03-12", nextPaymentDue: "2027-04-01" });

    const today = todayIso();
    const paidC = await STATUS_ROUTES.status(c.id, { status: "paid" });
    expect(paidC.status).toBe(200);
    expect(await paidC.json()).toMatchObject({ status: "paid", paidDate: today });
    expect((await invoiceRow(c.id))!.paidDate).toBe(today);
    expect(await partnerRow(partner.id)).toMatchObject({ lastPaymentDate: today });

    const backC = await STATUS_ROUTES["update-status"](c.id, { status: "pending" });
    expect(await backC.json()).toMatchObject({ status: "pending", paidDate: null });
    expect(await partnerRow(partner.id)).toMatchObject({ lastPaymentDate: "2025-03-12" });

    const backB = await STATUS_ROUTES.status(b.id, { status: "pending" });
    expect(await backB.json()).toMatchObject({ status: "pending", paidDate: null });
    expect((await invoiceRow(b.id))!.paidDate).toBeNull();
    expect(await partnerRow(partner.id)).toMatchObject({ lastPaymentDate: "2025-02-10" });

    expect((await STATUS_ROUTES["update-status"](a.id, { status: "pending" })).status).toBe(200);
    expect(await partnerRow(partner.id)).toMatchObject({ lastPaymentDate: null, nextPaymentDue: "2027-04-01" });
  });

  it("paying an invoice that is already paid keeps its paid date", async () => {
    const { partner, invoice } = await invoiceIn("paid");
    const response = await STATUS_ROUTES.status(invoice.id, { status: "paid" });
    expect(await response.json()).toMatchObject({ status: "paid", paidDate: EARLIER_PAID });
    expect(await partnerRow(partner.id)).toMatchObject({ lastPaymentDate: EARLIER_PAID });
  });
});

describe("DELETE /api/fee-payments/{id}", () => {
  it("deletes pending, overdue and cancelled invoices; the partner's next payment due follows what is left", async () => {
    const partner = await feePartner();
    const first = await generateInvoice(db, partner.id, "monthly", adminId, "2027-03-01");
    const second = await generateInvoice(db, partner.id, "monthly", adminId, "2027-03-01");
    const third = await generateInvoice(db, partner.id, "monthly", adminId, "2027-03-01");
    await updateInvoiceStatus(db, second.id, "overdue", adminId, "2027-05-01");
    expect(await partnerRow(partner.id)).toMatchObject({ nextPaymentDue: "2027-06-01" });

    const response = await remove(third.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: third.id });
    expect(await invoiceRow(third.id)).toBeUndefined();
    expect(await partnerRow(partner.id)).toMatchObject({ nextPaymentDue: "2027-05-01" });
    await expectError(await download(third.id), 404, "Invoice not found");

    expect((await remove(second.id)).status).toBe(200);
    expect(await partnerRow(partner.id)).toMatchObject({ nextPaymentDue: "2027-04-01" });

    await updateInvoiceStatus(db, first.id, "cancelled", adminId, "2027-05-01");
    expect((await remove(first.id)).status).toBe(200);
    expect(await partnerInvoices(partner.id)).toEqual([]);
    expect(await partnerRow(partner.id)).toMatchObject({ nextPaymentDue: null });
    // Deleting it again: 404.
    await expectError(await remove(first.id), 404, "Invoice not found");
  });

  it("a paid invoice: 409 with the spec's message and nothing changes", async () => {
    const partner = await feePartner();
    const invoice = await generateInvoice(db, partner.id, "monthly", adminId, "2027-03-01");
    await updateInvoiceStatus(db, invoice.id, "paid", adminId, "2027-03-05");
    const before = await invoiceRow(invoice.id);
    const partnerBefore = await partnerRow(partner.id);
    const response = await remove(invoice.id);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "Failed to delete invoice. Paid invoices cannot be deleted." });
    expect(await invoiceRow(invoice.id)).toEqual(before);
    expect(await partnerRow(partner.id)).toEqual(partnerBefore);
    expect(partnerBefore).toMatchObject({ lastPaymentDate: "2027-03-05", nextPaymentDue: "2027-04-01" });
  });

  it("a cancelled invoice does not move the next period start (cancelled, then deleted)", async () => {
    const partner = await feePartner();
    const kept = await generateInvoice(db, partner.id, "monthly", adminId, "2027-01-01");
    const dropped = await generateInvoice(db, partner.id, "monthly", adminId, "2027-01-01");
    expect(dropped.periodStart).toBe("2027-02-01");
    expect((await STATUS_ROUTES.status(dropped.id, { status: "cancelled" })).status).toBe(200);
    expect(await partnerRow(partner.id)).toMatchObject({ nextPaymentDue: "2027-02-01" });
    expect(await (await quote(partner.id, "monthly")).json()).toMatchObject({
      periodStart: "2027-02-01",
      periodEnd: "2027-02-28",
    });

    expect((await remove(dropped.id)).status).toBe(200);
    expect(await partnerRow(partner.id)).toMatchObject({ nextPaymentDue: "2027-02-01" });
    expect(await (await quote(partner.id, "monthly")).json()).toMatchObject({ periodStart: "2027-02-01" });

    // A cancelled invoice stays in the list but the next one takes its period again.
    const again = await generateInvoice(db, partner.id, "monthly", adminId, "2027-01-01");
    await updateInvoiceStatus(db, again.id, "cancelled", adminId, "2027-01-02");
    const replacement = await generateInvoice(db, partner.id, "monthly", adminId, "2027-01-01");
    expect(replacement).toMatchObject({ periodStart: "2027-02-01", periodEnd: "2027-02-28" });
    expect((await partnerInvoices(partner.id)).map((r) => [r.id, r.status])).toEqual([
      [kept.id, "pending"],
      [again.id, "cancelled"],
      [replacement.id, "pending"],
    ]);
  });
});

describe("invoice PDFs", () => {
  it("/download is an attachment and /invoice inline, both application/pdf named by the invoice number", async () => {
    const attachment = await download(ownerSixMonths.id);
    expect(attachment.status).toBe(200);
    expect(attachment.headers.get("content-type")).toBe("application/pdf");
    expect(attachment.headers.get("content-disposition")).toBe(
      `attachment; filename="${displayId(ownerSixMonths.id)}.pdf"`,
    );
    const viewed = await inline(ownerSixMonths.id);
    expect(viewed.status).toBe(200);
    expect(viewed.headers.get("content-type")).toBe("application/pdf");
    expect(viewed.headers.get("content-disposition")).toBe(`inline; filename="${displayId(ownerSixMonths.id)}.pdf"`);
    for (const response of [attachment, viewed])
      expect(
        Buffer.from(await response.arrayBuffer())
          .subarray(0, 5)
          .toString("latin1"),
      ).toBe("%PDF-");
  });

  it("the 6-month invoice reads: number, partner, billing address, period, 6 months, the 10% discount line and the total", async () => {
    const text = pdfText(Buffer.from(await (await download(ownerSixMonths.id, ownerCookie)).arrayBuffer()));
    const number = displayId(ownerSixMonths.id);
    expect(number).toMatch(/^INV-\d{5}$/);
    expect(text).toContain(`Invoice ${number}`);
    expect(text).toContain("Brightside Leisure Ltd");
    expect(text).toContain("12 Canal Wharf, Leeds LS1 4BR");
    expect(text).toContain(`${enGB("2027-04-01")} - ${enGB("2027-09-30")}`);
    expect(text).toContain("Due date: 15/04/2027");
    expect(text).toMatch(/6 months\s+£300\.00/);
    expect(text).toMatch(/term discount \(10%\)\s+-£30\.00/);
    expect(text).toMatch(/Total due\s+£270\.00/);
    expect(text).toContain("Awaiting payment");
  });

  it("a paid monthly invoice shows its paid date and no discount line", async () => {
    const text = pdfText(Buffer.from(await (await inline(ownerPaid.id)).arrayBuffer()));
    expect(text).toContain(`Invoice ${displayId(ownerPaid.id)}`);
    expect(text).toContain("Paid on 05/10/2027");
    expect(text).toContain("01/10/2027 - 31/10/2027");
    expect(text).toMatch(/1 month\s+£50\.00/);
    expect(text).not.toContain("discount");
    expect(text).toMatch(/Total due\s+£50\.00/);
  });

  it("POST /generate/{id} re-renders the PDF from the stored invoice (admin)", async () => {
    const response = await regenerate(ownerSixMonths.id);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      id: ownerSixMonths.id,
      displayId: displayId(ownerSixMonths.id),
      amount: 270,
      status: "pending",
      periodStart: "2027-04-01",
    });
    expect(body.pdfBytes).toBeGreaterThan(500);
    expect(await invoiceRow(ownerSixMonths.id)).toMatchObject({ amountPence: 27000, status: "pending" });
  });
});

describe("send-email", () => {
  it("sendInvoiceEmail over SMTP delivers one message with the invoice PDF attached, and logs it", async () => {
    const before = received.length;
    const result = await sendInvoiceEmail(db, smtpConfig(), ownerSixMonths.id);
    expect(result).toEqual({ emailSent: true, details: "Sent to accounts@brightside.example" });
    expect(received.length).toBe(before + 1);
    const message = received.at(-1)!;
    const number = displayId(ownerSixMonths.id);
    expect(message.to).toEqual(["accounts@brightside.example"]);
    expect(message.raw).toMatch(new RegExp(`^Subject: Invoice ${number} from Vendboard\\r?$`, "m"));
    const attachment = pdfAttachment(message.raw);
    expect(attachment.headers).toMatch(new RegExp(`filename="?${number}\\.pdf"?`));
    expect(attachment.headers).toMatch(/Content-Transfer-Encoding:\s*base64/i);
    expect(attachment.base64.startsWith("JVBERi")).toBe(true);
    const text = pdfText(attachment.bytes);
    expect(text).toContain(`Invoice ${number}`);
    expect(text).toMatch(/Total due\s+£270\.00/);
    const log = await db
      .selectFrom("emailLog")
      .selectAll()
      .where("toAddress", "=", "accounts@brightside.example")
      .orderBy("id")
      .execute();
    expect(log.at(-1)).toMatchObject({ result: "sent", subject: `Invoice ${number} from Vendboard`, error: null });
  });

  it("an overdue invoice can be sent too", async () => {
    const before = received.length;
    expect(await sendInvoiceEmail(db, smtpConfig(), ownerOverdue.id)).toMatchObject({ emailSent: true });
    expect(received.length).toBe(before + 1);
  });

  it("the route without SMTP_URL writes an .eml with the PDF into <data dir>/outbox", async () => {
    expect(MAIL_CONFIG.smtpUrl).toBeUndefined();
    const outbox = path.join(DATA_DIR, "outbox");
    const existing = new Set(fs.existsSync(outbox) ? fs.readdirSync(outbox) : []);
    const before = received.length;
    const response = await sendEmail(otherPending.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ emailSent: true });
    const added = fs.readdirSync(outbox).filter((f) => !existing.has(f));
    expect(added).toHaveLength(1);
    expect(added[0]).toMatch(/\.eml$/);
    const eml = fs.readFileSync(path.join(outbox, added[0]), "utf8");
    const number = displayId(otherPending.id);
    expect(eml).toMatch(new RegExp(`^Subject: Invoice ${number} from Vendboard$`, "m"));
    expect(eml).toMatch(/^To: other@example\.com$/m);
    const attachment = pdfAttachment(eml);
    expect(attachment.headers).toMatch(new RegExp(`filename="?${number}\\.pdf"?`));
    expect(attachment.base64.startsWith("JVBERi")).toBe(true);
    expect(received.length).toBe(before);
  });

  it("a paid or cancelled invoice: 409 and nothing is written", async () => {
    const outbox = path.join(DATA_DIR, "outbox");
    const count = () => (fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0);
    const files = count();
    await expectError(await sendEmail(ownerPaid.id), 409);
    const partner = await feePartner();
    const cancelled = await generateInvoice(db, partner.id, "monthly", adminId, "2027-01-01");
    await updateInvoiceStatus(db, cancelled.id, "cancelled", adminId, "2027-01-02");
    await expectError(await sendEmail(cancelled.id), 409);
    expect(count()).toBe(files);
    await expect(sendInvoiceEmail(db, smtpConfig(), ownerPaid.id)).rejects.toMatchObject({ status: 409 });
  });

  it("a partner without an email address: 409 and nothing is written", async () => {
    const partner = await feePartner({ email: null });
    const invoice = await generateInvoice(db, partner.id, "monthly", adminId, "2027-01-01");
    const outbox = path.join(DATA_DIR, "outbox");
    const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    await expectError(await sendEmail(invoice.id), 409);
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0).toBe(files);
  });
});
