/**
 * The partner page's payment forms (app/utils/intents/payments.server.ts), with or without JavaScript:
 * Record payment, Delete payment, Credit note. Without confirmation each asks first (its fields on the
 * question's page); confirmed, the same domain call as the API, redirected back with a toast.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as partnerAction, loader as partnerLoader } from "#app/routes/partners.$partnerId.tsx";
import { db } from "#app/utils/db.server.ts";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";

const ORIGIN = "http://localhost:3000";
let adminId: number;
let adminCookie: string;

const displayId = (id: number) => `INV-${String(id).padStart(5, "0")}`;

async function feePartner() {
  const partner = await makePartner(db, {
    name: "Ledger Gym",
    partnerType: "fee-paying",
    monthlyFeePence: 7500,
    commissionBp: 0,
  });
  const jan = await generateInvoice(db, partner.id, "monthly", adminId, "2026-01-01");
  const feb = await generateInvoice(db, partner.id, "monthly", adminId, "2026-01-01");
  await db.updateTable("feePayments").set({ vatRateBp: 2000 }).where("partnerId", "=", partner.id).execute();
  const post = (form: Record<string, string>, cookie: string | null = adminCookie) =>
    call(partnerAction, `/partners/${partner.id}`, {
      form,
      cookie,
      origin: ORIGIN,
      params: { partnerId: String(partner.id) },
    });
  return { partner, jan, feb, post, cookie: await loginCookie(partner.username) };
}

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
});

describe("Record payment on the partner page", () => {
  it("asks first naming what is due, then records £135.00: INV jan in full and £45.00 of feb; the page shows £45.00 of £90.00 due", async () => {
    const { partner, jan, feb, post } = await feePartner();
    const asked = await (await post({ intent: "payment-record", partnerId: String(partner.id) })).json();
    expect(asked.confirm).toMatchObject({
      title: "Record payment",
      description: `A payment from Ledger Gym settles the oldest invoice due first. Due now: ${displayId(jan.id)} £90.00, ${displayId(feb.id)} £90.00; £180.00 in all.`,
      confirmLabel: "Record payment",
    });
    const recorded = await post({
      intent: "payment-record",
      partnerId: String(partner.id),
      receivedOn: "2026-02-01",
      amount: "135.00",
      method: "bank-transfer",
      reference: "BACS 77",
      confirmed: "yes",
    });
    expect(recorded.status).toBe(302);
    expect(recorded.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect(await flashedToast(recorded)).toMatchObject({
      title: "Payment recorded",
      description: `£135.00 settles ${displayId(jan.id)} (£90.00, in full) and ${displayId(feb.id)} (£45.00 of £90.00 due).`,
    });
    const page = await (
      await call(partnerLoader, `/partners/${partner.id}`, {
        cookie: adminCookie,
        params: { partnerId: String(partner.id) },
      })
    ).json();
    expect(page.partner.receivables.balances[feb.id]).toEqual({
      grossPence: 9000,
      paidPence: 4500,
      creditedPence: 0,
      balancePence: 4500,
    });
    expect(page.partner.receivables.duePence).toBe(4500);
    expect(page.partner.receivables.payments).toHaveLength(1);
  });

  it("a bad amount is refused with the failure's title and message; a partner is refused", async () => {
    const { partner, post, cookie } = await feePartner();
    const bad = await post({
      intent: "payment-record",
      partnerId: String(partner.id),
      receivedOn: "2026-02-01",
      amount: "200",
      method: "cash",
      confirmed: "yes",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      title: "Failed to record payment",
      error:
        "The payment is £20.00 more than it settles (£180.00 is due): record the amount due, or raise the invoice first",
    });
    const blank = await post({
      intent: "payment-record",
      partnerId: String(partner.id),
      receivedOn: "",
      amount: "10",
      method: "cash",
      confirmed: "yes",
    });
    expect(await blank.json()).toMatchObject({ error: "Received date must be a date (YYYY-MM-DD)" });
    const refused = await post(
      {
        intent: "payment-record",
        partnerId: String(partner.id),
        receivedOn: "2026-02-01",
        amount: "10",
        method: "cash",
        confirmed: "yes",
      },
      cookie,
    );
    // A partner is sent away from the admin's page (as every intent there), and nothing is stored.
    expect(refused.headers.get("location")).not.toBe(`/partners/${partner.id}`);
    expect(await db.selectFrom("payments").select("id").where("partnerId", "=", partner.id).execute()).toEqual([]);
  });
});

describe("Delete payment and Credit note on the partner page", () => {
  it("delete asks first, then the invoice is due again", async () => {
    const { partner, jan, post } = await feePartner();
    await post({
      intent: "payment-record",
      partnerId: String(partner.id),
      receivedOn: "2026-02-01",
      amount: "90",
      method: "cash",
      confirmed: "yes",
    });
    const payment = await db
      .selectFrom("payments")
      .select("id")
      .where("partnerId", "=", partner.id)
      .executeTakeFirstOrThrow();
    const asked = await (await post({ intent: "payment-delete", id: String(payment.id) })).json();
    expect(asked.confirm).toMatchObject({
      title: "Delete payment?",
      description: `£90.00 received 01/02/2026 (Cash) is removed; ${displayId(jan.id)} will be due again.`,
    });
    const deleted = await post({ intent: "payment-delete", id: String(payment.id), confirmed: "yes" });
    expect(deleted.status).toBe(302);
    expect(
      await db.selectFrom("feePayments").select("status").where("id", "=", jan.id).executeTakeFirstOrThrow(),
    ).toEqual({ status: "overdue" });
  });

  it("credit note asks first (amount and reason on the question's page), then issues CN-… for £15.00", async () => {
    const { jan, post } = await feePartner();
    const asked = await (await post({ intent: "credit-note-issue", id: String(jan.id) })).json();
    expect(asked.confirm).toMatchObject({ title: "Credit note", confirmLabel: "Issue credit note" });
    expect(asked.confirm.description).toContain(`${displayId(jan.id)} (£90.00 left to pay)`);
    const over = await post({
      intent: "credit-note-issue",
      id: String(jan.id),
      amount: "90.01",
      reason: "Too much",
      confirmed: "yes",
    });
    expect(await over.json()).toMatchObject({
      title: "Failed to issue credit note",
      error: `A credit note can be at most the £90.00 left to pay on ${displayId(jan.id)}`,
    });
    const issued = await post({
      intent: "credit-note-issue",
      id: String(jan.id),
      amount: "15",
      reason: "Machine broken for a week",
      confirmed: "yes",
    });
    expect(issued.status).toBe(302);
    expect(await flashedToast(issued)).toMatchObject({
      title: "Credit note issued",
      description: expect.stringMatching(new RegExp(`^CN-\\d{5} for £15\\.00 against ${displayId(jan.id)}$`)),
    });
  });
});
