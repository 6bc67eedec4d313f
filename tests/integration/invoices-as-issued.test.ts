/**
 * Decision 67 (issue 33 point 1): Generate Invoice from a chosen first day (API and page), overlaps
 * refused, due 14 days after the later of the start and the issue; an invoice once sent (emailed,
 * downloaded by anyone, marked sent), cancelled or not, is never deleted (409 naming when); a
 * never-sent one is, and its number stays in the audit; the spec's paid message only for a paid
 * one; the invoice's and the credit note's PDF served unchanged after a business profile change.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as invoicesAction } from "#app/routes/admin.invoices.tsx";
import { action as partnerAction } from "#app/routes/partners.$partnerId.tsx";
import {
  action as generateAction,
  loader as quoteLoader,
} from "#app/routes/api.fee-payments.generate-invoice.$partnerId.ts";
import { action as deleteAction } from "#app/routes/api.fee-payments.$id.ts";
import { action as markSentAction } from "#app/routes/api.fee-payments.$id.mark-sent.ts";
import { loader as downloadLoader } from "#app/routes/api.fee-payments.$id.download.ts";
import { loader as creditNotePdfLoader } from "#app/routes/api.credit-notes.$id.pdf.ts";
import { db } from "#app/utils/db.server.ts";
import { getBusinessProfile, updateBusinessProfile } from "#domain/business/business-service.ts";
import { DEMO_BUSINESS } from "#domain/demo/demo-seed.ts";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { listInvoices } from "#domain/invoices/invoice-queries.ts";
import { addDaysIso, formatDate, isoDay } from "#domain/shared/dates.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { pdfText } from "./mail.ts";
import { loginCookie } from "./session.ts";

const ORIGIN = "http://localhost:3000";
const today = () => isoDay(new Date());
let adminId: number;
let adminCookie: string;
let partnerCookie: string;
let partnerId: number;

const displayId = (id: number) => `INV-${String(id).padStart(5, "0")}`;
const api = (path: string, body?: unknown) =>
  call(generateAction, path, {
    method: "POST",
    json: body,
    cookie: adminCookie,
    params: { partnerId: String(partnerId) },
  });
const remove = (id: number) =>
  call(deleteAction, `/api/fee-payments/${id}`, { method: "DELETE", cookie: adminCookie, params: { id: String(id) } });
const download = async (id: number, cookie = adminCookie) => {
  const res = await call(downloadLoader, `/api/fee-payments/${id}/download`, { cookie, params: { id: String(id) } });
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
};
const cancel = (id: number) =>
  call(invoicesAction, "/admin/invoices", {
    form: { intent: "invoice-status", id: String(id), status: "cancelled", confirmed: "yes" },
    cookie: adminCookie,
    origin: ORIGIN,
  });

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  const partner = await makePartner(db, {
    name: "Issued Gym",
    partnerType: "fee-paying",
    monthlyFeePence: 7_500,
    commissionBp: 0,
    email: "issued-gym@example.com",
  });
  partnerId = partner.id;
  partnerCookie = await loginCookie(partner.username);
});

describe("Generate Invoice from a chosen first day", () => {
  it("the due date: 14 days after the start, or after the issue when later (exact dates, both ways)", async () => {
    const other = await makePartner(db, { partnerType: "fee-paying", monthlyFeePence: 5_000, commissionBp: 0 });
    const backdated = await generateInvoice(db, other.id, "monthly", adminId, "2026-11-27", "2026-11-01");
    expect(backdated).toMatchObject({ periodStart: "2026-11-01", periodEnd: "2026-11-30", dueDate: "2026-12-11" });
    const ahead = await generateInvoice(db, other.id, "monthly", adminId, "2026-11-27", "2026-12-01");
    expect(ahead).toMatchObject({ periodStart: "2026-12-01", periodEnd: "2026-12-31", dueDate: "2026-12-15" });
    // Without a start: the day after the latest invoice, as before.
    const next = await generateInvoice(db, other.id, "monthly", adminId, "2026-11-27");
    expect(next).toMatchObject({ periodStart: "2027-01-01", periodEnd: "2027-01-31", dueDate: "2027-01-15" });
  });

  it("the API takes periodStart (quote and invoice); an overlap is 409 naming the invoice; a bad day 400", async () => {
    const path = `/api/fee-payments/generate-invoice/${partnerId}`;
    const quote = await call(quoteLoader, `${path}?requestedPaymentPeriod=monthly&periodStart=2025-03-01`, {
      cookie: adminCookie,
      params: { partnerId: String(partnerId) },
    });
    expect(await quote.json()).toMatchObject({
      periodStart: "2025-03-01",
      periodEnd: "2025-03-31",
      dueDate: addDaysIso(today(), 14),
    });
    const made = await api(path, { requestedPaymentPeriod: "monthly", periodStart: "2025-03-01" });
    expect(made.status).toBe(201);
    const invoice = await made.json();
    expect(invoice).toMatchObject({
      periodStart: "2025-03-01",
      periodEnd: "2025-03-31",
      dueDate: addDaysIso(today(), 14),
      status: "pending",
      sentAt: null,
    });
    expect(invoice.createdAt.slice(0, 10)).toBe(today());

    const overlap = await api(path, { requestedPaymentPeriod: "monthly", periodStart: "2025-03-15" });
    expect(overlap.status).toBe(409);
    expect((await overlap.json()).message).toBe(
      `The period 15/03/2025 - 14/04/2025 overlaps ${invoice.displayId} (01/03/2025 - 31/03/2025): choose another first day, or cancel ${invoice.displayId} first`,
    );
    const bad = await api(path, { requestedPaymentPeriod: "monthly", periodStart: "2025-02-30" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "periodStart must be a date (YYYY-MM-DD)" });
  });

  it("the page's form (no JavaScript too) takes periodStart; an overlap is refused with the reason", async () => {
    const post = (form: Record<string, string>) =>
      call(partnerAction, `/partners/${partnerId}`, {
        form,
        cookie: adminCookie,
        origin: ORIGIN,
        params: { partnerId: String(partnerId) },
      });
    const base = { intent: "invoice-generate", partnerId: String(partnerId), requestedPaymentPeriod: "monthly" };
    const asked = await (await post({ ...base, periodStart: "2025-06-01" })).json();
    expect(asked.confirm.description).toMatch(/^Monthly, 01\/06\/2025 - 30\/06\/2025: /);
    // The question carries the field on to the confirmation (the page without JavaScript).
    expect(asked.confirm.fields).toContainEqual(["periodStart", "2025-06-01"]);
    const done = await post({ ...base, periodStart: "2025-06-01", confirmed: "yes" });
    expect(done.status).toBe(302);
    const rows = await db
      .selectFrom("feePayments")
      .select(["periodStart", "periodEnd"])
      .where("partnerId", "=", partnerId)
      .where("periodStart", "=", "2025-06-01")
      .execute();
    expect(rows).toEqual([{ periodStart: "2025-06-01", periodEnd: "2025-06-30" }]);
    const refused = await post({ ...base, periodStart: "2025-05-20", confirmed: "yes" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      title: "Failed to generate invoice",
      error: expect.stringMatching(
        /^The period 20\/05\/2025 - 19\/06\/2025 overlaps INV-\d{5} \(01\/06\/2025 - 30\/06\/2025\)/,
      ),
    });
  });
});

describe("a sent invoice is never deleted; a never-sent one is", () => {
  const raise = (start: string) => generateInvoice(db, partnerId, "monthly", adminId, undefined, start);
  const sentOn = () => formatDate(today());

  it("emailed: Delete is not offered, with the reason, and the API answers 409 naming when", async () => {
    const invoice = await raise("2024-01-01");
    const emailed = await call(invoicesAction, "/admin/invoices", {
      form: { intent: "invoice-email", id: String(invoice.id), confirmed: "yes" },
      cookie: adminCookie,
      origin: ORIGIN,
    });
    expect(emailed.status).toBe(302);
    const [view] = (await listInvoices(db, { partnerId })).filter((v) => v.id === invoice.id);
    expect(view).toMatchObject({
      sentVia: "email",
      deletable: false,
      notDeletableBecause: `Sent (emailed on ${sentOn()}): cancel it instead, which issues a credit note`,
    });
    const refused = await remove(invoice.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message: `${displayId(invoice.id)} cannot be deleted. Sent (emailed on ${sentOn()}): cancel it instead, which issues a credit note.`,
    });
    // Cancelled, it is still never deleted, nor its credit note.
    expect((await cancel(invoice.id)).status).toBe(302);
    const again = await remove(invoice.id);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toContain(`emailed on ${sentOn()}`);
    expect(await db.selectFrom("creditNotes").select("id").where("invoiceId", "=", invoice.id).execute()).toHaveLength(
      1,
    );
  });

  it("downloaded by its partner, or by an admin: 409 naming the download", async () => {
    for (const cookie of [partnerCookie, adminCookie]) {
      const invoice = await raise(cookie === partnerCookie ? "2024-02-01" : "2024-03-01");
      await download(invoice.id, cookie);
      const refused = await remove(invoice.id);
      expect(refused.status).toBe(409);
      expect((await refused.json()).message).toBe(
        `${displayId(invoice.id)} cannot be deleted. Sent (downloaded on ${sentOn()}): cancel it instead, which issues a credit note.`,
      );
    }
  });

  it("marked sent (POST /api/fee-payments/{id}/mark-sent), then cancelled: 409 naming it; marking again keeps the first", async () => {
    const invoice = await raise("2024-04-01");
    const markSent = () =>
      call(markSentAction, `/api/fee-payments/${invoice.id}/mark-sent`, {
        method: "POST",
        cookie: adminCookie,
        params: { id: String(invoice.id) },
      });
    const marked = await (await markSent()).json();
    expect(marked).toMatchObject({ sentVia: "marked", deletable: false });
    expect((await (await markSent()).json()).sentAt).toBe(marked.sentAt);
    expect((await cancel(invoice.id)).status).toBe(302);
    const refused = await remove(invoice.id);
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe(
      `${displayId(invoice.id)} cannot be deleted. Sent (marked sent on ${sentOn()}): cancel it instead, which issues a credit note.`,
    );
  });

  it("never sent: deleted, its number in the audit trail; paid: the spec's message, and only then", async () => {
    const invoice = await raise("2024-05-01");
    const deleted = await remove(invoice.id);
    expect(deleted.status).toBe(200);
    const entry = await db
      .selectFrom("auditLog")
      .select(["action", "details"])
      .where("entity", "=", "fee_payment")
      .where("entityId", "=", String(invoice.id))
      .where("action", "=", "delete")
      .executeTakeFirstOrThrow();
    const details = typeof entry.details === "string" ? JSON.parse(entry.details) : entry.details;
    expect(details).toMatchObject({ invoice: displayId(invoice.id), periodStart: "2024-05-01" });
    expect(
      await db
        .selectFrom("issuedDocuments")
        .select("documentId")
        .where("documentId", "=", invoice.id)
        .where("kind", "=", "invoice")
        .execute(),
    ).toEqual([]);

    const paid = await raise("2024-06-01");
    await call(invoicesAction, "/admin/invoices", {
      form: { intent: "invoice-status", id: String(paid.id), status: "paid", confirmed: "yes" },
      cookie: adminCookie,
      origin: ORIGIN,
    });
    const refused = await remove(paid.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ message: "Failed to delete invoice. Paid invoices cannot be deleted." });
    // The page: the spec's title no longer stands over other refusals.
    const sent = await raise("2024-07-01");
    await download(sent.id);
    const page = await call(invoicesAction, "/admin/invoices", {
      form: { intent: "invoice-delete", id: String(sent.id), confirmed: "yes" },
      cookie: adminCookie,
      origin: ORIGIN,
    });
    expect(page.status).toBe(409);
    const body = await page.json();
    expect(body.title).toBe("Failed to delete invoice");
    expect(body.error).not.toContain("Paid invoices cannot be deleted");
  });
});

describe("documents as issued: the PDF bytes do not change with the business profile", () => {
  const changeProfile = async (suffix: string) => {
    await updateBusinessProfile(
      db,
      {
        ...DEMO_BUSINESS,
        tradingName: `Renamed Vending ${suffix}`,
        address: `${suffix} New Street\nLeeds`,
        vatNumber: "GB123456789",
      },
      { keep: true },
      adminId,
    );
    expect((await getBusinessProfile(db)).tradingName).toBe(`Renamed Vending ${suffix}`);
  };

  it("an invoice: stored when raised, served unchanged after a new name, address and VAT number", async () => {
    const invoice = await generateInvoice(db, partnerId, "monthly", adminId, undefined, "2023-01-01");
    const stored = await db
      .selectFrom("issuedDocuments")
      .select("documentId")
      .where("kind", "=", "invoice")
      .where("documentId", "=", invoice.id)
      .execute();
    expect(stored).toHaveLength(1);
    const before = await download(invoice.id);
    await changeProfile("A");
    const after = await download(invoice.id, partnerCookie);
    expect(Buffer.from(after).equals(Buffer.from(before))).toBe(true);
  });

  it("an invoice raised before the store: kept on its first request, then unchanged", async () => {
    const invoice = await generateInvoice(db, partnerId, "monthly", adminId, undefined, "2023-02-01");
    await db.deleteFrom("issuedDocuments").where("kind", "=", "invoice").where("documentId", "=", invoice.id).execute();
    const first = await download(invoice.id);
    await changeProfile("B");
    expect(Buffer.from(await download(invoice.id)).equals(Buffer.from(first))).toBe(true);
  });

  it("paid, then cancelled: the stored bytes stay as issued and the status is stamped over them when served", async () => {
    const invoice = await generateInvoice(db, partnerId, "monthly", adminId, undefined, "2023-04-01");
    const stored = async () =>
      Buffer.from(
        (
          await db
            .selectFrom("issuedDocuments")
            .select("bytes")
            .where("kind", "=", "invoice")
            .where("documentId", "=", invoice.id)
            .executeTakeFirstOrThrow()
        ).bytes,
      );
    const asIssued = await stored();
    expect(Buffer.from(await download(invoice.id)).equals(asIssued)).toBe(true);
    const paid = await call(invoicesAction, "/admin/invoices", {
      form: {
        intent: "invoice-status",
        id: String(invoice.id),
        status: "paid",
        paidDate: "2026-02-03",
        paymentReference: "BACS ISSUED 7",
        confirmed: "yes",
      },
      cookie: adminCookie,
      origin: ORIGIN,
    });
    expect(paid.status).toBe(302);
    const paidText = pdfText(Buffer.from(await download(invoice.id)));
    expect(paidText).toContain("Status: Awaiting payment");
    expect(paidText).toContain("PAID");
    expect(paidText).toContain("Paid on 03/02/2026. Thank you.");
    expect(paidText).toContain("Reference: BACS ISSUED 7");
    expect((await stored()).equals(asIssued)).toBe(true);

    const other = await generateInvoice(db, partnerId, "monthly", adminId, undefined, "2023-05-01");
    expect((await cancel(other.id)).status).toBe(302);
    const note = await db
      .selectFrom("creditNotes")
      .select(["id", "issuedOn"])
      .where("invoiceId", "=", other.id)
      .executeTakeFirstOrThrow();
    const cancelledText = pdfText(Buffer.from(await download(other.id)));
    expect(cancelledText).toContain("Status: Awaiting payment");
    expect(cancelledText).toContain("CANCELLED");
    expect(cancelledText).toContain(
      `Cancelled by credit note CN-${String(note.id).padStart(5, "0")} of ${formatDate(note.issuedOn)}: nothing is due.`,
    );
  });

  it("a credit note: stored when issued, served unchanged after a profile change", async () => {
    const invoice = await generateInvoice(db, partnerId, "monthly", adminId, undefined, "2023-03-01");
    expect((await cancel(invoice.id)).status).toBe(302);
    const note = await db
      .selectFrom("creditNotes")
      .select("id")
      .where("invoiceId", "=", invoice.id)
      .executeTakeFirstOrThrow();
    const pdf = async () => {
      const res = await call(creditNotePdfLoader, `/api/credit-notes/${note.id}/pdf`, {
        cookie: adminCookie,
        params: { id: String(note.id) },
      });
      expect(res.status).toBe(200);
      return Buffer.from(await res.arrayBuffer());
    };
    const before = await pdf();
    await changeProfile("C");
    expect((await pdf()).equals(before)).toBe(true);
  });
});
