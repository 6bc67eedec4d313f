/**
 * Issue 31, point 2: what a fee-paying partner has left to pay, and invoice numbers as on the PDF.
 * An invoice of £75.00 + 20% VAT = £90.00, part paid (£25.00) and credited (£15.00): GET
 * /api/fee-payments answers leftToPay 50 (pounds); My Fee Payments shows INV-00004-style numbers and
 * "£50.00 of £90.00" in its Left to pay column; the invoice email says "Left to pay £50.00 of
 * £90.00."; the invoice PDF, a document already issued, keeps its total.
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SMTPServer } from "smtp-server";
import { loader as feePaymentsLoader } from "#app/routes/api.fee-payments.ts";
import { action as paymentsAction } from "#app/routes/api.partners.$id.payments.ts";
import { action as creditAction } from "#app/routes/api.fee-payments.$id.credit-notes.ts";
import { loader as dashboardLoader } from "#app/routes/_index.tsx";
import { MyFeePayments, type MyFees } from "#app/components/invoices/my-fee-payments.tsx";
import { db } from "#app/utils/db.server.ts";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { renderInvoice, sendInvoiceEmail } from "#domain/invoices/invoice-documents.ts";
import { formatInvoiceId } from "#domain/invoices/invoice-rules.ts";
import type { InvoiceView } from "#domain/invoices/invoice-queries.ts";
import { formatDate, isoDay } from "#domain/shared/dates.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { pdfText, startMailServer, stopMailServer, subjectOf, textBody, type ReceivedMail } from "./mail.ts";
import { loginCookie } from "./session.ts";

let adminId: number;
let adminCookie: string;
let partnerCookie: string;
let partnerId: number;
/** Part paid and credited: £50.00 of £90.00 left. */
let partPaid: InvoiceView;
/** Nothing paid yet: £90.00 left. */
let untouched: InvoiceView;
/** Paid in full: £0.00 left. */
let settled: InvoiceView;

/** Raised today, so pending (due in 14 days) whatever day the tests run. */
const TODAY = isoDay(new Date());

const list = (cookie: string | null, query = "") => call(feePaymentsLoader, `/api/fee-payments${query}`, { cookie });

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  const partner = await makePartner(db, {
    name: "Left To Pay Gym",
    partnerType: "fee-paying",
    monthlyFeePence: 7500,
    commissionBp: 0,
    email: "left@example.com",
  });
  partnerId = partner.id;
  partnerCookie = await loginCookie(partner.username);
  const invoices = [];
  for (let i = 0; i < 3; i++) invoices.push(await generateInvoice(db, partner.id, "monthly", adminId, TODAY));
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
  const pay = (invoiceId: number, amount: number) =>
    call(paymentsAction, `/api/partners/${partner.id}/payments`, {
      json: { receivedOn: TODAY, amount, method: "bank-transfer", allocations: [{ invoiceId, amount }] },
      cookie: adminCookie,
      params: { id: String(partner.id) },
    });
  expect((await pay(invoices[0].id, 90)).status).toBe(201);
  expect((await pay(invoices[1].id, 25)).status).toBe(201);
  const credit = await call(creditAction, `/api/fee-payments/${invoices[1].id}/credit-notes`, {
    json: { amount: 15, reason: "Machine out of order for a week" },
    cookie: adminCookie,
    params: { id: String(invoices[1].id) },
  });
  expect(credit.status).toBe(201);
  [settled, partPaid, untouched] = invoices;
});

describe("GET /api/fee-payments carries what is left to pay, in pounds", () => {
  it("401 signed out; 400 on a bad status", async () => {
    expect((await list(null)).status).toBe(401);
    expect((await list(partnerCookie, "?status=late")).status).toBe(400);
  });

  it("the partner's own invoices: total 90, leftToPay 0, 50 and 90", async () => {
    const response = await list(partnerCookie);
    expect(response.status).toBe(200);
    const invoices = (await response.json()) as { id: number; total: number; leftToPay: number; status: string }[];
    const byId = new Map(invoices.map((i) => [i.id, i]));
    expect(byId.get(settled.id)).toMatchObject({ total: 90, leftToPay: 0, status: "paid" });
    expect(byId.get(partPaid.id)).toMatchObject({ total: 90, leftToPay: 50, status: "pending" });
    expect(byId.get(untouched.id)).toMatchObject({ total: 90, leftToPay: 90, status: "pending" });
  });

  it("admins get the same figure on every invoice", async () => {
    const invoices = (await (await list(adminCookie, "?status=pending")).json()) as { id: number; leftToPay: number }[];
    expect(invoices.find((i) => i.id === partPaid.id)?.leftToPay).toBe(50);
  });
});

/** The section as the server renders it (the page works without JavaScript). */
const textOf = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");

async function renderFees(fees: MyFees): Promise<string> {
  const handler = createStaticHandler([{ id: "index", path: "/", element: createElement(MyFeePayments, { fees }) }]);
  const context = await handler.query(new Request("http://localhost:3000/"));
  if (context instanceof Response) throw new Error("the static handler redirected");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

describe("My Fee Payments on the partner's dashboard", () => {
  it("numbers each invoice as its PDF does and shows what is left to pay beside the amount", async () => {
    const response = await call(dashboardLoader, "/", { cookie: partnerCookie });
    expect(response.status).toBe(200);
    const { fees } = (await response.json()) as { fees: MyFees };
    const html = await renderFees(fees);
    const text = textOf(html);
    expect(text).toContain("Invoice ID Amount (£) Left to pay Period Due Date Status");
    // Newest period first: the untouched, the part paid, the paid one.
    const row = (invoice: InvoiceView) =>
      new RegExp(`${formatInvoiceId(invoice.id)} 90\\.00 incl\\. VAT 15\\.00 (.+?) \\d`);
    expect(text).toMatch(row(partPaid));
    expect(row(partPaid).exec(text)?.[1]).toBe("£50.00 of £90.00");
    expect(row(untouched).exec(text)?.[1]).toBe("£90.00");
    expect(row(settled).exec(text)?.[1]).toBe("£0.00");
    expect(text).not.toMatch(/#\d/);
    expect(html).toContain(`aria-label="Download invoice ${formatInvoiceId(partPaid.id)}"`);
  });
});

describe("The invoice email says what is left; the PDF keeps its total", () => {
  let server: SMTPServer;
  let port: number;
  const received: ReceivedMail[] = [];
  beforeAll(async () => {
    ({ server, port } = await startMailServer((mail) => received.push(mail)));
  });
  afterAll(() => stopMailServer(server));
  const config = () => ({
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: "Vendboard <test@vendboard.local>",
    outboxDir: "",
  });

  it("a part-paid invoice's email: 'Left to pay £50.00 of £90.00.' under the total", async () => {
    await sendInvoiceEmail(db, config(), partPaid.id);
    const mail = received.at(-1)!;
    expect(mail.to).toEqual(["left@example.com"]);
    expect(subjectOf(mail.raw)).toBe(`Invoice ${formatInvoiceId(partPaid.id)} from Vendboard`);
    const text = textBody(mail.raw);
    expect(text).toContain(
      `Please find attached invoice ${formatInvoiceId(partPaid.id)} for £90.00, due on ${formatDate(partPaid.dueDate)}.`,
    );
    expect(text).toContain("Left to pay £50.00 of £90.00.");
  });

  it("an invoice nothing was paid on says nothing more", async () => {
    await sendInvoiceEmail(db, config(), untouched.id);
    expect(textBody(received.at(-1)!.raw)).not.toContain("Left to pay");
  });

  it("the overdue reminder says it too", async () => {
    await db.updateTable("feePayments").set({ status: "overdue" }).where("id", "=", partPaid.id).execute();
    await sendInvoiceEmail(db, config(), partPaid.id);
    const text = textBody(received.at(-1)!.raw);
    expect(subjectOf(received.at(-1)!.raw)).toBe(`Reminder: invoice ${formatInvoiceId(partPaid.id)} is overdue`);
    expect(text).toContain("Left to pay £50.00 of £90.00.");
    await db.updateTable("feePayments").set({ status: "pending" }).where("id", "=", partPaid.id).execute();
  });

  it("the PDF keeps its total due of £90.00 and names the rest", async () => {
    const text = pdfText(Buffer.from((await renderInvoice(db, partPaid.id)).bytes)).replace(/\s+/g, " ");
    expect(text).toContain("Total due £90.00");
    expect(text).toContain("Of the £90.00 total, £25.00 paid and £15.00 credited so far: £50.00 is left to pay.");
    expect(partnerId).toBeGreaterThan(0);
  });
});
