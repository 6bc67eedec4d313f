/**
 * The partner page's commission cards post to /partners/{id}'s own action (commissionIntents):
 * Mark as Paid for that partner's month, Reset Month for that partner only (partnerId), and Send
 * Report. The same domain calls as POST /api/partners/{id}/commission-payment,
 * /api/partners/commissions/reset {month, partnerId} and /api/partners/{id}/send-report, answered as
 * a redirect back with a toast, a failure the page shows (a mail failure is 502, as the API), or
 * (a form not confirmed in its dialog) the question first.
 */
import net from "node:net";
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "#app/routes/partners.$partnerId.tsx";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { formatMonth, previousMonth } from "#domain/shared/dates.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";

const MONTH = previousMonth();
let adminCookie: string;
let partnerCookie: string;
let partner: { id: number; name: string | null };
let other: { id: number; name: string | null };
let noEmail: { id: number; name: string | null };

const post = (form: Record<string, string>, cookie: string | null = adminCookie, id = partner.id) =>
  call(action, `/partners/${id}`, { form, cookie, origin: "http://localhost:3000", params: { partnerId: String(id) } });
const payment = (partnerId = partner.id) =>
  db
    .selectFrom("commissionPayments")
    .select(["status", "month", "amountPence"])
    .where("partnerId", "=", partnerId)
    .where("month", "=", MONTH)
    .executeTakeFirst();

async function closedPort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const free = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return free;
}

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  partner = await makePartner(db, {
    name: "Cards Partner",
    partnerType: "profit-sharing",
    commissionBp: 1000,
    email: "cards.partner@example.com",
  });
  partnerCookie = await loginCookie((partner as unknown as { username: string }).username);
  other = await makePartner(db, { name: "Cards Other", partnerType: "profit-sharing", commissionBp: 1000 });
  noEmail = await makePartner(db, {
    name: "Cards No Email",
    partnerType: "profit-sharing",
    commissionBp: 1000,
    email: null,
  });
  // Net profit £100 − £40 − £2.99 card fee (2.99%) = £57.01; a 10% share is £5.70 (ARCHITECTURE.md section 5).
  for (const p of [partner, other, noEmail])
    await makeRecord(db, (await makeMachine(db, p.id)).id, MONTH, { revenuePence: 100_00, cogsPence: 40_00 });
});

describe("POST /partners/{id} intent=mark-paid", () => {
  it("sends the anonymous to /auth and a partner home; nothing is paid", async () => {
    const anonymous = await post(
      { intent: "mark-paid", partnerId: String(partner.id), month: MONTH, confirmed: "yes" },
      null,
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
    const asPartner = await post(
      { intent: "mark-paid", partnerId: String(partner.id), month: MONTH, confirmed: "yes" },
      partnerCookie,
    );
    expect(asPartner.status).toBe(302);
    expect(asPartner.headers.get("location")).toBe("/");
    expect(await payment()).toBeUndefined();
  });

  it("bad input answers 400 with the failure's title and message", async () => {
    const bad = await post({ intent: "mark-paid", partnerId: String(partner.id), month: "someday", confirmed: "yes" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      intent: "mark-paid",
      title: "Failed to update payment status",
      error: "Month must be YYYY-MM",
    });
  });

  it("without confirmed=yes answers the card's question, and pays nothing", async () => {
    const asked = await post({ intent: "mark-paid", partnerId: String(partner.id), month: MONTH });
    expect(asked.status).toBe(200);
    const reply = await asked.json();
    expect(reply.confirm).toMatchObject({
      title: `Mark Cards Partner's ${formatMonth(MONTH)} commission paid?`,
      description: `£5.70 is recorded as paid today, and ${formatMonth(MONTH)} is closed for Cards Partner: its figures are locked until the month is reset.`,
      confirmLabel: "Mark as Paid",
    });
    expect(await payment()).toBeUndefined();
  });

  it("confirmed: pays £5.70, and redirects back to the partner page with the toast", async () => {
    const paid = await post({ intent: "mark-paid", partnerId: String(partner.id), month: MONTH, confirmed: "yes" });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect(await flashedToast(paid)).toMatchObject({
      title: "Payment status updated",
      description: `Cards Partner: ${formatMonth(MONTH)} marked as paid. 1 remittance kept in the server's outbox: no mail server is set up (SMTP_URL).`,
    });
    expect(await payment()).toEqual({ status: "completed", month: MONTH, amountPence: 570 });
  });

  it("a month already paid is refused with 409", async () => {
    const again = await post({ intent: "mark-paid", partnerId: String(partner.id), month: MONTH, confirmed: "yes" });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ title: "Failed to update payment status" });
  });
});

describe("POST /partners/{id} intent=reset-month with partnerId", () => {
  it("asks first, naming the payment it removes", async () => {
    const asked = await post({ intent: "reset-month", partnerId: String(partner.id), month: MONTH });
    expect(asked.status).toBe(200);
    const { confirm } = await asked.json();
    expect(confirm.title).toBe(`Reopen Cards Partner's ${formatMonth(MONTH)}?`);
    expect(confirm.description).toMatch(
      /^The payment of £5\.70 recorded on \d\d\/\d\d\/\d{4} goes back to pending and the month can change again\. The money paid stays recorded: paying the month again pays only the difference\./,
    );
    expect((await payment())?.status).toBe("completed");
  });

  it("confirmed: reopens that partner's month only", async () => {
    await post(
      { intent: "mark-paid", partnerId: String(other.id), month: MONTH, confirmed: "yes" },
      adminCookie,
      other.id,
    );
    expect((await payment(other.id))?.status).toBe("completed");
    const reset = await post({ intent: "reset-month", partnerId: String(partner.id), month: MONTH, confirmed: "yes" });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect(await flashedToast(reset)).toMatchObject({
      title: "Reset successful",
      description: `Cards Partner: ${formatMonth(MONTH)} is open again.`,
    });
    // The payment goes back to pending (it was deleted before); the money paid stays recorded.
    expect((await payment())?.status).toBe("pending");
    expect((await payment(other.id))?.status).toBe("completed");
  });

  it("an unknown partner is 404 'Partner not found'; a bad partnerId is 400", async () => {
    const unknown = await post({ intent: "reset-month", partnerId: "999999", month: MONTH, confirmed: "yes" });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ title: "Reset failed", error: "Partner not found" });
    const bad = await post({ intent: "reset-month", partnerId: "x", month: MONTH, confirmed: "yes" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ title: "Reset failed", error: "Partner not found" });
  });
});

describe("POST /partners/{id} intent=send-report", () => {
  it("a partner is sent home; asks first with the amount", async () => {
    const asPartner = await post(
      { intent: "send-report", partnerId: String(partner.id), month: MONTH, confirmed: "yes" },
      partnerCookie,
    );
    expect(asPartner.headers.get("location")).toBe("/");
    const asked = await post({ intent: "send-report", partnerId: String(partner.id), month: MONTH });
    expect((await asked.json()).confirm).toMatchObject({
      title: `Send Cards Partner the ${formatMonth(MONTH)} report?`,
      description: `The consolidated report for ${formatMonth(MONTH)}, with commission of £5.70, is emailed to the partner.`,
      confirmLabel: "Send Report",
    });
  });

  it("confirmed: sends (to the outbox without SMTP) and toasts 'Monthly report has been sent successfully', saying where it went", async () => {
    const sent = await post({ intent: "send-report", partnerId: String(partner.id), month: MONTH, confirmed: "yes" });
    expect(sent.status).toBe(302);
    expect(sent.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect(await flashedToast(sent)).toMatchObject({
      title: "Monthly report has been sent successfully",
      description:
        "No mail server is set up (SMTP_URL), so the email to cards.partner@example.com was kept in the server's outbox instead of being delivered.",
    });
  });

  it("a partner without an email address: the spec's notice, nothing sent", async () => {
    const sent = await post(
      { intent: "send-report", partnerId: String(noEmail.id), month: MONTH, confirmed: "yes" },
      adminCookie,
      noEmail.id,
    );
    expect(sent.status).toBe(302);
    expect(await flashedToast(sent)).toMatchObject({
      title: "Report processed, but no email was sent because partner has no email address",
    });
  });

  it("a mail failure is 502 'Failed to send report' with the mail error, as the API", async () => {
    const saved = MAIL_CONFIG.smtpUrl;
    MAIL_CONFIG.smtpUrl = `smtp://127.0.0.1:${await closedPort()}`;
    try {
      const failed = await post({
        intent: "send-report",
        partnerId: String(partner.id),
        month: MONTH,
        confirmed: "yes",
      });
      expect(failed.status).toBe(502);
      const reply = await failed.json();
      expect(reply).toMatchObject({ intent: "send-report", title: "Failed to send report" });
      expect(reply.error).toMatch(/^The email could not be sent: /);
    } finally {
      MAIL_CONFIG.smtpUrl = saved;
    }
  });

  it("a bad month is 400", async () => {
    const bad = await post({
      intent: "send-report",
      partnerId: String(partner.id),
      month: "2026-13",
      confirmed: "yes",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ title: "Failed to send report", error: "Month must be YYYY-MM" });
  });
});
