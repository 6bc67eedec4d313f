/**
 * Payments and credit notes through the API: POST/GET /api/partners/{id}/payments,
 * DELETE /api/payments/{id}, POST /api/fee-payments/{id}/credit-notes, GET /api/credit-notes/{id}/pdf.
 * Invoices of £75.00 net at 20% VAT: £90.00 gross each; exact pence throughout.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as paymentsAction, loader as paymentsLoader } from "#app/routes/api.partners.$id.payments.ts";
import { action as deletePaymentAction } from "#app/routes/api.payments.$id.ts";
import { action as creditAction } from "#app/routes/api.fee-payments.$id.credit-notes.ts";
import { loader as creditPdfLoader } from "#app/routes/api.credit-notes.$id.pdf.ts";
import { action as statusAction } from "#app/routes/api.fee-payments.$id.status.ts";
import { action as deleteInvoiceAction } from "#app/routes/api.fee-payments.$id.ts";
import { loader as downloadLoader } from "#app/routes/api.fee-payments.$id.download.ts";
import { db } from "#app/utils/db.server.ts";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { pdfText } from "./mail.ts";
import { loginCookie } from "./session.ts";

let adminId: number;
let adminCookie: string;
type Cookie = string | null;

const post = (partnerId: number | string, json: unknown, cookie: Cookie = adminCookie) =>
  call(paymentsAction, `/api/partners/${partnerId}/payments`, { json, cookie, params: { id: String(partnerId) } });
const list = (partnerId: number, cookie: Cookie = adminCookie) =>
  call(paymentsLoader, `/api/partners/${partnerId}/payments`, { cookie, params: { id: String(partnerId) } });
const removePayment = (id: number, cookie: Cookie = adminCookie) =>
  call(deletePaymentAction, `/api/payments/${id}`, { method: "DELETE", cookie, params: { id: String(id) } });
const credit = (invoiceId: number, json: unknown, cookie: Cookie = adminCookie) =>
  call(creditAction, `/api/fee-payments/${invoiceId}/credit-notes`, {
    json,
    cookie,
    params: { id: String(invoiceId) },
  });
const creditPdf = (id: number, cookie: Cookie = adminCookie) =>
  call(creditPdfLoader, `/api/credit-notes/${id}/pdf`, { cookie, params: { id: String(id) } });
const status = (id: number, json: unknown) =>
  call(statusAction, `/api/fee-payments/${id}/status`, { json, cookie: adminCookie, params: { id: String(id) } });
const removeInvoice = (id: number) =>
  call(deleteInvoiceAction, `/api/fee-payments/${id}`, {
    method: "DELETE",
    cookie: adminCookie,
    params: { id: String(id) },
  });
const download = (id: number, cookie: Cookie = adminCookie) =>
  call(downloadLoader, `/api/fee-payments/${id}/download`, { cookie, params: { id: String(id) } });

const invoiceRow = (id: number) =>
  db
    .selectFrom("feePayments")
    .select(["status", "paidDate", "paymentReference"])
    .where("id", "=", id)
    .executeTakeFirstOrThrow();
const allocationsOf = (invoiceId: number) =>
  db
    .selectFrom("paymentAllocations")
    .select(["paymentId", "amountPence"])
    .where("invoiceId", "=", invoiceId)
    .orderBy("id")
    .execute();
const counts = async () => ({
  payments: (
    await db
      .selectFrom("payments")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n,
  credits: (
    await db
      .selectFrom("creditNotes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
  ).n,
});

/** A fee partner with `n` monthly invoices from 1 Jan 2026 (due 15 Jan, 15 Feb, …), each £75.00 + 20% VAT = £90.00. */
async function partnerWithInvoices(n: number) {
  const partner = await makePartner(db, {
    partnerType: "fee-paying",
    monthlyFeePence: 7500,
    commissionBp: 0,
    email: "fees@example.com",
  });
  const invoices = [];
  for (let i = 0; i < n; i++) invoices.push(await generateInvoice(db, partner.id, "monthly", adminId, "2026-01-01"));
  await db.updateTable("feePayments").set({ vatRateBp: 2000 }).where("partnerId", "=", partner.id).execute();
  // VAT given by a direct write after raising: their documents as issued are drawn again, with it.
  await db
    .deleteFrom("issuedDocuments")
    .where("kind", "=", "invoice")
    .where(
      "documentId",
      "in",
      invoices.map((i) => i.id),
    )
    .execute();
  return { partner, invoices, cookie: await loginCookie(partner.username) };
}

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
});

describe("POST /api/partners/{id}/payments", () => {
  it("401 anonymous, 403 a partner (even for themselves); nothing is stored", async () => {
    const { partner, cookie } = await partnerWithInvoices(1);
    const before = await counts();
    expect((await post(partner.id, { receivedOn: "2026-02-01", amount: 90, method: "cash" }, null)).status).toBe(401);
    const forbidden = await post(partner.id, { receivedOn: "2026-02-01", amount: 90, method: "cash" }, cookie);
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({ message: "Forbidden" });
    expect(await counts()).toEqual(before);
  });

  it.each([
    [{ amount: 90, method: "cash" }, "Received date must be a date (YYYY-MM-DD)"],
    [{ receivedOn: "2026-02-30", amount: 90, method: "cash" }, "Received date must be a date (YYYY-MM-DD)"],
    [{ receivedOn: "2999-01-01", amount: 90, method: "cash" }, "Received date cannot be in the future"],
    [{ receivedOn: "2026-02-01", amount: 0, method: "cash" }, "Amount must be more than £0.00"],
    [{ receivedOn: "2026-02-01", amount: "12.345", method: "cash" }, "Amount must be in whole pence"],
    [{ receivedOn: "2026-02-01", amount: "ten", method: "cash" }, "Amount must be a number"],
    [{ receivedOn: "2026-02-01", amount: 1_000_000.01, method: "cash" }, "Amount must be at most £1,000,000.00"],
    [
      { receivedOn: "2026-02-01", amount: 90, method: "barter" },
      "Method must be bank-transfer, card, cash, cheque, direct-debit or other",
    ],
    [
      { receivedOn: "2026-02-01", amount: 90, method: "cash", reference: "a\nb" },
      "Payment reference must be one line of text",
    ],
    [
      { receivedOn: "2026-02-01", amount: 100, method: "cash" },
      "The payment is £10.00 more than it settles (£90.00 is due): record the amount due, or raise the invoice first",
    ],
  ])("400 %j: %s; nothing is stored", async (body, message) => {
    const { partner, invoices } = await partnerWithInvoices(1);
    const before = await counts();
    const response = await post(partner.id, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(await counts()).toEqual(before);
    expect(await invoiceRow(invoices[0].id)).toMatchObject({ paidDate: null });
  });

  it("400 for an allocation to another partner's invoice or more than its balance; 404 for a missing partner", async () => {
    const { partner, invoices } = await partnerWithInvoices(1);
    const other = await partnerWithInvoices(1);
    const foreign = await post(partner.id, {
      receivedOn: "2026-02-01",
      amount: 90,
      method: "cash",
      allocations: [{ invoiceId: other.invoices[0].id, amount: 90 }],
    });
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toEqual({
      message: `INV-${String(other.invoices[0].id).padStart(5, "0")} is not an unpaid invoice of this partner`,
    });
    const over = await post(partner.id, {
      receivedOn: "2026-02-01",
      amount: 90.01,
      method: "cash",
      allocations: [{ invoiceId: invoices[0].id, amount: 90.01 }],
    });
    expect(await over.json()).toEqual({
      message: `INV-${String(invoices[0].id).padStart(5, "0")} has only £90.00 left to pay`,
    });
    expect((await post(999_999, { receivedOn: "2026-02-01", amount: 90, method: "cash" })).status).toBe(404);
  });

  it("a partial payment of £40.00 leaves £50.00 due; paying £50.00 more settles it, paid on that day", async () => {
    const { partner, invoices } = await partnerWithInvoices(1);
    const [invoice] = invoices;
    const first = await post(partner.id, {
      receivedOn: "2026-01-20",
      amount: "40.00",
      method: "bank-transfer",
      reference: " BACS 1 ",
    });
    expect(first.status).toBe(201);
    const payment = await first.json();
    expect(payment).toMatchObject({
      partnerId: partner.id,
      receivedOn: "2026-01-20",
      amount: 40,
      method: "bank-transfer",
      reference: "BACS 1",
      allocations: [{ invoiceId: invoice.id, amount: 40 }],
    });
    expect(await allocationsOf(invoice.id)).toEqual([{ paymentId: payment.id, amountPence: 4000 }]);
    // Due on 15 January: still due, and late.
    expect(await invoiceRow(invoice.id)).toEqual({ status: "overdue", paidDate: null, paymentReference: null });
    // Its PDF keeps the issued request for £90.00; the stamp over it says what is left.
    const pdf = pdfText(Buffer.from(await (await download(invoice.id)).arrayBuffer()));
    expect(pdf).toContain("Of the £90.00 total, £40.00 paid so far: £50.00 is left to pay.");
    expect(pdf).toContain("Please pay £90.00 by");

    const second = await (
      await post(partner.id, { receivedOn: "2026-01-25", amount: 50, method: "cheque", reference: "Chq 7" })
    ).json();
    expect(second.allocations).toEqual([
      { invoiceId: invoice.id, displayId: expect.stringMatching(/^INV-/), amount: 50 },
    ]);
    expect(await invoiceRow(invoice.id)).toEqual({ status: "paid", paidDate: "2026-01-25", paymentReference: "Chq 7" });
    expect(
      await db.selectFrom("users").select("lastPaymentDate").where("id", "=", partner.id).executeTakeFirstOrThrow(),
    ).toEqual({ lastPaymentDate: "2026-01-25" });
    // Nothing is left to pay: another payment is refused.
    expect(await (await post(partner.id, { receivedOn: "2026-01-26", amount: 1, method: "cash" })).json()).toEqual({
      message: "Nothing is due from this partner: a payment must settle an invoice",
    });
  });

  it("one payment of £135.00 settles the oldest invoice (£90.00) and £45.00 of the next, oldest due first", async () => {
    const { partner, invoices } = await partnerWithInvoices(3);
    const payment = await (
      await post(partner.id, { receivedOn: "2026-02-20", amount: 135, method: "bank-transfer" })
    ).json();
    expect(payment.allocations.map((a: { invoiceId: number; amount: number }) => [a.invoiceId, a.amount])).toEqual([
      [invoices[0].id, 90],
      [invoices[1].id, 45],
    ]);
    expect((await invoiceRow(invoices[0].id)).status).toBe("paid");
    expect(await allocationsOf(invoices[1].id)).toEqual([{ paymentId: payment.id, amountPence: 4500 }]);
    expect((await invoiceRow(invoices[1].id)).status).toBe("overdue");
    expect(await allocationsOf(invoices[2].id)).toEqual([]);
  });

  it("chosen allocations: £90.00 to the newest invoice and £30.00 to the oldest", async () => {
    const { partner, invoices } = await partnerWithInvoices(2);
    const response = await post(partner.id, {
      receivedOn: "2026-02-20",
      amount: 120,
      method: "card",
      allocations: [
        { invoiceId: invoices[1].id, amount: 90 },
        { invoiceId: String(invoices[0].id), amount: "30" },
      ],
    });
    expect(response.status).toBe(201);
    expect((await invoiceRow(invoices[1].id)).status).toBe("paid");
    expect(await allocationsOf(invoices[0].id)).toEqual([{ paymentId: (await response.json()).id, amountPence: 3000 }]);
  });
});

describe("GET /api/partners/{id}/payments and DELETE /api/payments/{id}", () => {
  it("the admin and the partner see the payments, newest first; another partner 403, anonymous 401", async () => {
    const { partner, cookie } = await partnerWithInvoices(2);
    const other = await partnerWithInvoices(1);
    await post(partner.id, { receivedOn: "2026-01-10", amount: 20, method: "cash" });
    await post(partner.id, { receivedOn: "2026-02-10", amount: 30, method: "cash" });
    const mine = await (await list(partner.id, cookie)).json();
    expect(mine.map((p: { receivedOn: string; amount: number }) => [p.receivedOn, p.amount])).toEqual([
      ["2026-02-10", 30],
      ["2026-01-10", 20],
    ]);
    expect(await (await list(partner.id)).json()).toEqual(mine);
    expect((await list(partner.id, other.cookie)).status).toBe(403);
    expect((await list(partner.id, null)).status).toBe(401);
  });

  it("deleting a payment makes the invoices it settled due again; 401, 403 and 404 leave it", async () => {
    const { partner, invoices, cookie } = await partnerWithInvoices(2);
    const payment = await (
      await post(partner.id, { receivedOn: "2026-02-20", amount: 180, method: "bank-transfer", reference: "BACS 9" })
    ).json();
    expect((await invoiceRow(invoices[1].id)).status).toBe("paid");
    expect((await removePayment(payment.id, null)).status).toBe(401);
    expect((await removePayment(payment.id, cookie)).status).toBe(403);
    expect((await removePayment(999_999)).status).toBe(404);
    const response = await removePayment(payment.id);
    expect(await response.json()).toEqual({ deleted: payment.id });
    expect(await invoiceRow(invoices[0].id)).toEqual({ status: "overdue", paidDate: null, paymentReference: null });
    expect(await allocationsOf(invoices[1].id)).toEqual([]);
    const entry = await db
      .selectFrom("auditLog")
      .select(["action", "actorId", "partnerId", "before"])
      .where("entity", "=", "payment")
      .where("entityId", "=", String(payment.id))
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ action: "delete", actorId: adminId, partnerId: partner.id });
    expect(JSON.parse(entry.before!)).toMatchObject({ amount: 180, reference: "BACS 9" });
  });
});

describe("credit notes", () => {
  it("401, 403, 400 with a message; at most the balance; 409 on a paid invoice", async () => {
    const { partner, invoices, cookie } = await partnerWithInvoices(1);
    const [invoice] = invoices;
    expect((await credit(invoice.id, { amount: 10, reason: "Goodwill" }, null)).status).toBe(401);
    expect((await credit(invoice.id, { amount: 10, reason: "Goodwill" }, cookie)).status).toBe(403);
    expect(await (await credit(invoice.id, { amount: 10, reason: " " })).json()).toEqual({
      message: "Reason is required",
    });
    expect(await (await credit(invoice.id, { amount: -1, reason: "x" })).json()).toEqual({
      message: "Amount must be more than £0.00",
    });
    await post(partner.id, { receivedOn: "2026-01-20", amount: 40, method: "cash" });
    const over = await credit(invoice.id, { amount: 50.01, reason: "Too much" });
    expect(over.status).toBe(400);
    expect(await over.json()).toEqual({
      message: `A credit note can be at most the £50.00 left to pay on INV-${String(invoice.id).padStart(5, "0")}`,
    });
    expect((await counts()).credits).toBe((await counts()).credits);
    expect((await credit(999_999, { amount: 1, reason: "x" })).status).toBe(404);

    const response = await credit(invoice.id, { amount: 15, reason: "Machine out of order for a week" });
    expect(response.status).toBe(201);
    const note = await response.json();
    expect(note).toMatchObject({
      displayId: expect.stringMatching(/^CN-\d{5}$/),
      invoiceId: invoice.id,
      amount: 15,
      kind: "credit",
      reason: "Machine out of order for a week",
      pdfUrl: `/api/credit-notes/${note.id}/pdf`,
    });
    // £90.00 − £40.00 − £15.00 = £35.00 still due; paying it settles the invoice.
    expect(await (await post(partner.id, { receivedOn: "2026-01-30", amount: 35.01, method: "cash" })).json()).toEqual({
      message:
        "The payment is £0.01 more than it settles (£35.00 is due): record the amount due, or raise the invoice first",
    });
    await post(partner.id, { receivedOn: "2026-01-30", amount: 35, method: "cash" });
    expect(await invoiceRow(invoice.id)).toMatchObject({ status: "paid", paidDate: "2026-01-30" });
    expect((await credit(invoice.id, { amount: 1, reason: "x" })).status).toBe(409);
    // An invoice with a payment or a credit cannot be deleted.
    const refused = await removeInvoice(invoice.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "Failed to delete invoice. Paid invoices cannot be deleted." });
  });

  it("the PDF: 'Credit note CN-…' against the invoice, the amount and reason; the partner's own 200, another partner 403", async () => {
    const { invoices, cookie } = await partnerWithInvoices(1);
    const other = await partnerWithInvoices(1);
    const note = await (await credit(invoices[0].id, { amount: 12.5, reason: "Late delivery" })).json();
    const response = await creditPdf(note.id, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${note.displayId}.pdf"`);
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain(`Credit note ${note.displayId}`);
    expect(text).toContain(`Against invoice: ${note.invoiceDisplayId}`);
    expect(text).toContain("-£12.50");
    expect(text).toContain("Reason: Late delivery");
    expect(text).toContain("£77.50");
    expect((await creditPdf(note.id, other.cookie)).status).toBe(403);
    expect((await creditPdf(note.id, null)).status).toBe(401);
    expect((await creditPdf(999_999)).status).toBe(404);
  });
});

describe("the spec's status calls on top of payments", () => {
  it("paid records a payment of the rest (date and reference given); paid → pending takes back only this invoice's part of a shared payment", async () => {
    const { partner, invoices } = await partnerWithInvoices(2);
    const [jan, feb] = invoices;
    await post(partner.id, { receivedOn: "2026-01-20", amount: 40, method: "cash" });
    expect((await status(jan.id, { status: "paid", paidDate: "2026-01-28", paymentReference: "BACS 5" })).status).toBe(
      200,
    );
    expect(await invoiceRow(jan.id)).toEqual({ status: "paid", paidDate: "2026-01-28", paymentReference: "BACS 5" });
    const payments = await db
      .selectFrom("payments")
      .select(["receivedOn", "amountPence", "method", "reference"])
      .where("partnerId", "=", partner.id)
      .orderBy("id")
      .execute();
    expect(payments).toEqual([
      { receivedOn: "2026-01-20", amountPence: 4000, method: "cash", reference: null },
      { receivedOn: "2026-01-28", amountPence: 5000, method: "bank-transfer", reference: "BACS 5" },
    ]);
    // Back to pending: both payments settled only January, so both go.
    expect((await status(jan.id, { status: "pending" })).status).toBe(200);
    expect(await allocationsOf(jan.id)).toEqual([]);
    expect(await invoiceRow(jan.id)).toEqual({ status: "pending", paidDate: null, paymentReference: null });

    // One payment of £180.00 settles both; February back to pending leaves a £90.00 payment for January.
    const shared = await (
      await post(partner.id, { receivedOn: "2026-02-20", amount: 180, method: "bank-transfer" })
    ).json();
    await status(feb.id, { status: "pending" });
    expect(
      await db.selectFrom("payments").select(["amountPence"]).where("id", "=", shared.id).executeTakeFirstOrThrow(),
    ).toEqual({ amountPence: 9000 });
    expect(await allocationsOf(jan.id)).toEqual([{ paymentId: shared.id, amountPence: 9000 }]);
    expect((await invoiceRow(jan.id)).status).toBe("paid");
    expect(await invoiceRow(feb.id)).toEqual({ status: "pending", paidDate: null, paymentReference: null });
  });

  it("cancelled issues a cancellation credit note for the unpaid balance; the invoice PDF still downloads", async () => {
    const { partner, invoices } = await partnerWithInvoices(1);
    await post(partner.id, { receivedOn: "2026-01-20", amount: 30, method: "cash" });
    expect((await status(invoices[0].id, { status: "cancelled" })).status).toBe(200);
    expect(
      await db
        .selectFrom("creditNotes")
        .select(["amountPence", "kind", "reason"])
        .where("invoiceId", "=", invoices[0].id)
        .execute(),
    ).toEqual([{ amountPence: 6000, kind: "cancellation", reason: "Invoice cancelled" }]);
    expect((await invoiceRow(invoices[0].id)).status).toBe("cancelled");
    expect((await download(invoices[0].id)).status).toBe(200);
    // A payment cannot go to a cancelled invoice.
    expect((await post(partner.id, { receivedOn: "2026-01-21", amount: 1, method: "cash" })).status).toBe(400);
  });
});
