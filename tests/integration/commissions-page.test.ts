/**
 * /admin/commissions' own action (the page's forms, with or without JavaScript): Mark as Paid and
 * Reset Month. The same domain calls as POST /api/partners/{id}/commission-payment and
 * /api/partners/commissions/reset, answered as a redirect back with a toast, a failure the page
 * shows, or (a form not confirmed in its dialog) the question first.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action } from "#app/routes/admin.commissions.tsx";
import { db } from "#app/utils/db.server.ts";
import { currentMonth, formatMonth, previousMonth } from "#domain/shared/dates.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";

const MONTH = previousMonth();
let adminCookie: string;
let partnerCookie: string;
let partner: { id: number; name: string | null };

const post = (form: Record<string, string>, cookie: string | null = adminCookie, query = `?month=${MONTH}`) =>
  call(action, `/admin/commissions${query}`, { form, cookie, origin: "http://localhost:3000" });
const payment = () =>
  db
    .selectFrom("commissionPayments")
    .select(["status", "month"])
    .where("partnerId", "=", partner.id)
    .where("month", "=", MONTH)
    .executeTakeFirst();

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  partner = await makePartner(db, { name: "Page Action Partner", partnerType: "profit-sharing", commissionBp: 1000 });
  partnerCookie = await loginCookie((partner as unknown as { username: string }).username);
  const machine = await makeMachine(db, partner.id);
  // Net profit £100 − £40 − £2.99 card fee (2.99%) = £57.01; a 10% share is £5.70 (ARCHITECTURE.md section 5).
  await makeRecord(db, machine.id, MONTH, { revenuePence: 100_00, cogsPence: 40_00 });
});

describe("POST /admin/commissions intent=mark-paid", () => {
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
    const bad = await post({ intent: "mark-paid", partnerId: "x", month: MONTH, confirmed: "yes" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      intent: "mark-paid",
      title: "Failed to update payment status",
      error: "Partner not found",
    });
    const unknown = await post({ intent: "pay-everyone" });
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toMatchObject({ error: "Unknown action" });
  });

  it("without confirmed=yes answers the dialog's question with the form's fields, and pays nothing", async () => {
    const asked = await post({ intent: "mark-paid", partnerId: String(partner.id), month: MONTH });
    expect(asked.status).toBe(200);
    const reply = await asked.json();
    expect(reply.confirm.title).toBe(`Mark Page Action Partner's ${formatMonth(MONTH)} commission paid?`);
    expect(reply.confirm.description).toBe(
      `£5.70 is recorded as paid today, and ${formatMonth(MONTH)} is closed for Page Action Partner: its figures are locked until the month is reset.`,
    );
    expect(reply.confirm.fields).toEqual([
      ["intent", "mark-paid"],
      ["partnerId", String(partner.id)],
      ["month", MONTH],
    ]);
    expect(await payment()).toBeUndefined();
  });

  it("the month in progress is refused with 409 and its reason", async () => {
    const refused = await post({
      intent: "mark-paid",
      partnerId: String(partner.id),
      month: currentMonth(),
      confirmed: "yes",
    });
    expect(refused.status).toBe(409);
    expect((await refused.json()).error).toMatch(/has not ended yet/);
  });

  it("confirmed: pays, and redirects back to the same month with the success toast", async () => {
    const paid = await post({ intent: "mark-paid", partnerId: String(partner.id), month: MONTH, confirmed: "yes" });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe(`/admin/commissions?month=${MONTH}`);
    expect(await flashedToast(paid)).toMatchObject({
      title: "Payment status updated",
      description: `Page Action Partner: ${formatMonth(MONTH)} marked as paid. 1 remittance kept in the server's outbox: no mail server is set up (SMTP_URL).`,
      variant: "default",
    });
    expect(await payment()).toEqual({ status: "completed", month: MONTH });
  });

  it("a cross-site post is refused with 403", async () => {
    const response = await call(action, "/admin/commissions", {
      form: { intent: "reset-month", month: MONTH, confirmed: "yes" },
      cookie: adminCookie,
      origin: "https://evil.example",
    });
    expect(response.status).toBe(403);
    expect((await payment())?.status).toBe("completed");
  });
});

describe("POST /admin/commissions intent=reset-month", () => {
  it("asks first, naming the payments it undoes; confirmed, resets and says how many", async () => {
    const asked = await post({ intent: "reset-month", month: MONTH });
    expect((await asked.json()).confirm.description).toContain("Page Action Partner £5.70");
    expect((await payment())?.status).toBe("completed");
    const reset = await post({ intent: "reset-month", month: MONTH, confirmed: "yes" });
    expect(reset.status).toBe(302);
    const toast = await flashedToast(reset);
    expect(toast?.title).toBe("Reset successful");
    const said = new RegExp(`^(\\d+) (payments?) for ${formatMonth(MONTH)} set back to pending\\.$`).exec(
      toast?.description ?? "",
    );
    expect(said, toast?.description).not.toBeNull();
    expect(said![2]).toBe(said![1] === "1" ? "payment" : "payments");
    // Back to pending (it was deleted before); the money paid stays recorded.
    expect((await payment())?.status).toBe("pending");
  });

  it("a bad month is 400 with its message", async () => {
    const bad = await post({ intent: "reset-month", month: "last month", confirmed: "yes" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ title: "Reset failed", error: "Month must be YYYY-MM" });
  });
});
