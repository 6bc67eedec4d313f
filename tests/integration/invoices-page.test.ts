/**
 * The invoice forms' page actions (app/utils/intents/invoices.server.ts), with or without JavaScript:
 * on /admin/invoices (status changes, email, delete, Check Due Invoices) and on the partner page
 * (the same intents, and Generate Invoice with its term and discount). The same domain calls as
 * /api/fee-payments/*, answered as a redirect back with a toast, a failure the page shows, or (a
 * form not confirmed in its dialog) the question first. Also the status tabs' loaders (`?status=`).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/admin.invoices.tsx";
import { loader as dashboardLoader } from "#app/routes/_index.tsx";
import { action as partnerAction } from "#app/routes/partners.$partnerId.tsx";
import { db } from "#app/utils/db.server.ts";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { type InvoiceView } from "#domain/invoices/invoice-queries.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";

const ORIGIN = "http://localhost:3000";
const todayIso = () => new Date().toISOString().slice(0, 10);

let adminId: number;
let adminCookie: string;
let partnerCookie: string;
let partner: { id: number; name: string | null };

const post = (form: Record<string, string>, cookie: string | null = adminCookie, query = "") =>
  call(action, `/admin/invoices${query}`, { form, cookie, origin: ORIGIN });
const postPartnerPage = (form: Record<string, string>, cookie: string | null = adminCookie) =>
  call(partnerAction, `/partners/${partner.id}`, {
    form,
    cookie,
    origin: ORIGIN,
    params: { partnerId: String(partner.id) },
  });
const row = (id: number) =>
  db
    .selectFrom("feePayments")
    .select(["status", "paidDate", "paymentReference", "amountPence"])
    .where("id", "=", id)
    .executeTakeFirst();
const raise = (period: "monthly" | "6-months" | "12-months" = "monthly") =>
  generateInvoice(db, partner.id, period, adminId);
const displayId = (id: number) => `INV-${String(id).padStart(5, "0")}`;

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  const made = await makePartner(db, {
    name: "Page Invoice Gym",
    partnerType: "fee-paying",
    monthlyFeePence: 5000,
    commissionBp: 0,
    email: "gym-page@example.com",
  });
  partner = made;
  partnerCookie = await loginCookie(made.username);
});

describe("POST /admin/invoices intent=invoice-status", () => {
  it("sends the anonymous to /auth and a partner home; nothing changes", async () => {
    const invoice = await raise();
    const form = { intent: "invoice-status", id: String(invoice.id), status: "paid", confirmed: "yes" };
    const anonymous = await post(form, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
    const asPartner = await post(form, partnerCookie);
    expect(asPartner.status).toBe(302);
    expect(asPartner.headers.get("location")).toBe("/");
    expect((await row(invoice.id))?.status).toBe("pending");
  });

  it("bad input answers 400 with the failure's title and message, per field", async () => {
    const invoice = await raise();
    const badStatus = await post({
      intent: "invoice-status",
      id: String(invoice.id),
      status: "lost",
      confirmed: "yes",
    });
    expect(badStatus.status).toBe(400);
    expect(await badStatus.json()).toMatchObject({
      intent: "invoice-status",
      title: "Failed to update payment status",
      error: "Status must be pending, paid, overdue or cancelled",
      fieldErrors: { status: "Status must be pending, paid, overdue or cancelled" },
    });
    const future = await post({
      intent: "invoice-status",
      id: String(invoice.id),
      status: "paid",
      paidDate: "2999-01-01",
      confirmed: "yes",
    });
    expect(future.status).toBe(400);
    expect(await future.json()).toMatchObject({
      title: "Failed to update payment status",
      error: "Paid date cannot be in the future",
    });
    const badId = await post({ intent: "invoice-status", id: "x", status: "paid", confirmed: "yes" });
    expect(badId.status).toBe(400);
    expect(await badId.json()).toMatchObject({ error: "Invoice not found", fieldErrors: { id: "Invoice not found" } });
    const missing = await post({ intent: "invoice-status", id: "99999999", status: "paid", confirmed: "yes" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({
      title: "Failed to update payment status",
      error: "Invoice not found",
    });
    expect((await row(invoice.id))?.status).toBe("pending");
  });

  it("without confirmed=yes answers the dialog's question with the form's fields, and changes nothing", async () => {
    const invoice = await raise();
    const asked = await post(
      { intent: "invoice-status", id: String(invoice.id), status: "paid" },
      adminCookie,
      "?status=pending",
    );
    expect(asked.status).toBe(200);
    const reply = await asked.json();
    expect(reply).toEqual({
      intent: "invoice-status",
      confirm: {
        title: `Mark ${displayId(invoice.id)} as paid?`,
        description: `${displayId(invoice.id)} for Page Invoice Gym (£50.00) is recorded as paid.`,
        confirmLabel: "Mark as Paid",
        fields: [
          ["intent", "invoice-status"],
          ["id", String(invoice.id)],
          ["status", "paid"],
        ],
      },
    });
    const cancel = await (await post({ intent: "invoice-status", id: String(invoice.id), status: "cancelled" })).json();
    expect(cancel.confirm).toMatchObject({
      title: `Cancel ${displayId(invoice.id)}?`,
      description: `${displayId(invoice.id)} for Page Invoice Gym (£50.00) is cancelled for good: it can no longer be paid or sent, and its period can be invoiced again.`,
      confirmLabel: "Cancel Invoice",
    });
    expect((await row(invoice.id))?.status).toBe("pending");
  });

  it("confirmed: marks paid with the paid date and reference, back to the same tab with the toast", async () => {
    const invoice = await raise();
    const paid = await post(
      {
        intent: "invoice-status",
        id: String(invoice.id),
        status: "paid",
        paidDate: todayIso(),
        paymentReference: "  BACS PAGE 7 ",
        confirmed: "yes",
      },
      adminCookie,
      "?status=overdue",
    );
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toBe("/admin/invoices?status=overdue");
    expect(await flashedToast(paid)).toMatchObject({
      title: "Payment status updated",
      description: `${displayId(invoice.id)} is now paid.`,
      variant: "default",
    });
    expect(await row(invoice.id)).toEqual({
      status: "paid",
      paidDate: todayIso(),
      paymentReference: "BACS PAGE 7",
      amountPence: 5000,
    });
  });

  it("a blank paid date is today and a blank reference none (the confirmation page's defaults)", async () => {
    const invoice = await raise();
    const paid = await post({
      intent: "invoice-status",
      id: String(invoice.id),
      status: "paid",
      paidDate: "",
      paymentReference: "",
      confirmed: "yes",
    });
    expect(paid.status).toBe(302);
    expect(await row(invoice.id)).toMatchObject({ status: "paid", paidDate: todayIso(), paymentReference: null });
  });

  it("cancelling a paid invoice is refused with 409 and the spec's title", async () => {
    const invoice = await raise();
    await post({ intent: "invoice-status", id: String(invoice.id), status: "paid", confirmed: "yes" });
    const refused = await post({
      intent: "invoice-status",
      id: String(invoice.id),
      status: "cancelled",
      confirmed: "yes",
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      title: "Failed to update payment status",
      error: "Failed to update payment status",
    });
    expect((await row(invoice.id))?.status).toBe("paid");
  });
});

describe("POST /admin/invoices intent=invoice-email and invoice-delete", () => {
  it("email: asks first, then sends the invoice (an overdue one as the reminder)", async () => {
    const invoice = await raise();
    const asked = await (await post({ intent: "invoice-email", id: String(invoice.id) })).json();
    expect(asked.confirm).toMatchObject({ title: `Email ${displayId(invoice.id)}?`, confirmLabel: "Send Email" });
    const sent = await post({ intent: "invoice-email", id: String(invoice.id), confirmed: "yes" });
    expect(sent.status).toBe(302);
    // One toast that says what happened: no mail server here, so the email waits in the outbox.
    expect(await flashedToast(sent)).toMatchObject({
      title: "Invoice sent",
      description: `${displayId(invoice.id)}: No mail server is set up (SMTP_URL), so the email to gym-page@example.com was kept in the server's outbox instead of being delivered.`,
    });

    await post({ intent: "invoice-status", id: String(invoice.id), status: "overdue", confirmed: "yes" });
    const reminderQuestion = await (await post({ intent: "invoice-email", id: String(invoice.id) })).json();
    expect(reminderQuestion.confirm).toMatchObject({
      title: `Send a reminder for ${displayId(invoice.id)}?`,
      confirmLabel: "Send Reminder",
    });
    const reminded = await post({ intent: "invoice-email", id: String(invoice.id), confirmed: "yes" });
    expect(await flashedToast(reminded)).toMatchObject({ title: "Reminder sent" });
  });

  it("email: a paid invoice is refused with the spec's title", async () => {
    const invoice = await raise();
    await post({ intent: "invoice-status", id: String(invoice.id), status: "paid", confirmed: "yes" });
    const refused = await post({ intent: "invoice-email", id: String(invoice.id), confirmed: "yes" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      title: "Failed to send invoice email",
      error: "Only pending or overdue invoices are sent",
    });
  });

  it("delete: asks first, removes an unpaid invoice, refuses a paid one", async () => {
    const invoice = await raise();
    const asked = await (await post({ intent: "invoice-delete", id: String(invoice.id) })).json();
    expect(asked.confirm).toMatchObject({
      title: `Delete ${displayId(invoice.id)}?`,
      description: `${displayId(invoice.id)} for Page Invoice Gym (£50.00) is removed; its number stays in the audit trail. Only an invoice never sent is deleted.`,
    });
    expect(await row(invoice.id)).toBeDefined();
    const deleted = await post({ intent: "invoice-delete", id: String(invoice.id), confirmed: "yes" });
    expect(deleted.status).toBe(302);
    expect(await flashedToast(deleted)).toMatchObject({ title: "Invoice deleted", description: displayId(invoice.id) });
    expect(await row(invoice.id)).toBeUndefined();

    const paid = await raise();
    await post({ intent: "invoice-status", id: String(paid.id), status: "paid", confirmed: "yes" });
    const refused = await post({ intent: "invoice-delete", id: String(paid.id), confirmed: "yes" });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      title: "Failed to delete invoice",
      error: "Failed to delete invoice. Paid invoices cannot be deleted.",
    });
    expect(await row(paid.id)).toBeDefined();
  });
});

describe("POST /admin/invoices intent=invoice-check-due", () => {
  it("partners are sent home; the admin gets the counts as the toast, reminder failures included", async () => {
    const asPartner = await post({ intent: "invoice-check-due" }, partnerCookie);
    expect(asPartner.headers.get("location")).toBe("/");
    const checked = await post({ intent: "invoice-check-due" }, adminCookie, "?status=pending");
    expect(checked.status).toBe(302);
    expect(checked.headers.get("location")).toBe("/admin/invoices?status=pending");
    const toast = await flashedToast(checked);
    expect(toast?.title).toBe("Due invoices checked");
    const said =
      /^\d+ marked overdue, (\d+) (invoices?) raised, (\d+) (reminders?) sent(?:; (\d+) (reminders?) could not be sent \(the reasons are in the server log\))?\.$/.exec(
        toast?.description ?? "",
      );
    expect(said, toast?.description).not.toBeNull();
    // Real plurals: "1 invoice", "2 invoices".
    for (const at of [1, 3, 5]) if (said![at]) expect(said![at + 1].endsWith("s"), said![0]).toBe(said![at] !== "1");
  });
});

describe("the partner page's action: Generate Invoice and status changes", () => {
  it("generate: asks first with the term's discount, then raises the invoice (6 months at 10%: £300.00 − £30.00 = £270.00)", async () => {
    const asked = await postPartnerPage({
      intent: "invoice-generate",
      partnerId: String(partner.id),
      requestedPaymentPeriod: "6-months",
    });
    expect(asked.status).toBe(200);
    const question = await asked.json();
    expect(question.confirm.title).toBe("Generate an invoice for Page Invoice Gym?");
    expect(question.confirm.description).toMatch(
      /^6 Months, \d\d\/\d\d\/\d{4} - \d\d\/\d\d\/\d{4}: £50\.00 × 6 = £300\.00, 10% discount \(£30\.00\), £270\.00 due \d\d\/\d\d\/\d{4}\.$/,
    );
    expect(question.confirm.confirmLabel).toBe("Generate Invoice");

    const before = await db.selectFrom("feePayments").select("id").where("partnerId", "=", partner.id).execute();
    const generated = await postPartnerPage({
      intent: "invoice-generate",
      partnerId: String(partner.id),
      requestedPaymentPeriod: "6-months",
      confirmed: "yes",
    });
    expect(generated.status).toBe(302);
    expect(generated.headers.get("location")).toBe(`/partners/${partner.id}`);
    const toast = await flashedToast(generated);
    expect(toast).toMatchObject({
      title: "Invoice generated",
      description: expect.stringMatching(/^INV-\d{5} for £270\.00$/),
    });
    const after = await db
      .selectFrom("feePayments")
      .select(["id", "amountPence", "paymentPeriod"])
      .where("partnerId", "=", partner.id)
      .execute();
    const added = after.filter((a) => !before.some((b) => b.id === a.id));
    expect(added).toEqual([{ id: expect.any(Number), amountPence: 27000, paymentPeriod: "6-months" }]);
  });

  it("generate: a bad term is 400 with the API's message; a partner without a fee is 409", async () => {
    const bad = await postPartnerPage({
      intent: "invoice-generate",
      partnerId: String(partner.id),
      requestedPaymentPeriod: "weekly",
      confirmed: "yes",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      title: "Failed to generate invoice",
      error: "requestedPaymentPeriod must be monthly, 6-months or 12-months",
    });
    const noFee = await makePartner(db, { partnerType: "fee-paying", commissionBp: 0 });
    const refused = await postPartnerPage({
      intent: "invoice-generate",
      partnerId: String(noFee.id),
      requestedPaymentPeriod: "monthly",
      confirmed: "yes",
    });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({ title: "Failed to generate invoice" });
  });

  it("a paid invoice set back to pending asks first (its paid date and reference are cleared), then does it", async () => {
    const invoice = await raise();
    await post({
      intent: "invoice-status",
      id: String(invoice.id),
      status: "paid",
      paymentReference: "REF 1",
      confirmed: "yes",
    });
    const asked = await (
      await postPartnerPage({ intent: "invoice-status", id: String(invoice.id), status: "pending" })
    ).json();
    expect(asked.confirm).toMatchObject({
      title: `Set ${displayId(invoice.id)} to Pending?`,
      description: `${displayId(invoice.id)} for Page Invoice Gym (£50.00) goes from Paid to Pending. Its paid date and payment reference are cleared.`,
      confirmLabel: "Set to Pending",
    });
    const done = await postPartnerPage({
      intent: "invoice-status",
      id: String(invoice.id),
      status: "pending",
      confirmed: "yes",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect(await row(invoice.id)).toMatchObject({ status: "pending", paidDate: null, paymentReference: null });
  });
});

describe("the status tabs (?status=) filter in the loader", () => {
  it("/admin/invoices lists the tab's invoices; an unknown status is All", async () => {
    const overdue = await raise();
    await post({ intent: "invoice-status", id: String(overdue.id), status: "overdue", confirmed: "yes" });
    const tab = async (query: string) =>
      (await (await call(loader, `/admin/invoices${query}`, { cookie: adminCookie })).json()) as {
        status: string;
        invoices: InvoiceView[];
      };
    const overdueTab = await tab("?status=overdue");
    expect(overdueTab.status).toBe("overdue");
    expect(overdueTab.invoices.length).toBeGreaterThan(0);
    expect(overdueTab.invoices.every((i) => i.status === "overdue")).toBe(true);
    expect(overdueTab.invoices.some((i) => i.id === overdue.id)).toBe(true);
    const all = await tab("?status=nonsense");
    expect(all.status).toBe("all");
    expect(new Set(all.invoices.map((i) => i.status)).size).toBeGreaterThan(1);
  });

  it("/admin/invoices: 24 to a page (?page= within the tab), every tab's count, a page past the end is the last", async () => {
    const tab = async (query: string) =>
      (await (await call(loader, `/admin/invoices${query}`, { cookie: adminCookie })).json()) as {
        invoices: InvoiceView[];
        counts: Record<string, number>;
        page: { page: number; size: number; total: number; pageCount: number };
      };
    const before = await tab("?status=pending");
    for (let n = before.counts.pending; n < 26; n++) await raise();
    const counts = await db
      .selectFrom("feePayments")
      .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
      .groupBy("status")
      .execute();
    const expected = Object.fromEntries(
      ["pending", "paid", "overdue", "cancelled"].map((s) => [s, counts.find((c) => c.status === s)?.n ?? 0]),
    );
    const first = await tab("?status=pending");
    expect(first.counts).toEqual({ all: counts.reduce((a, c) => a + c.n, 0), ...expected });
    expect(first.invoices).toHaveLength(24);
    expect(first.page).toEqual({ page: 1, size: 24, total: expected.pending, pageCount: 2 });
    const second = await tab("?status=pending&page=2");
    expect(second.invoices).toHaveLength(expected.pending - 24);
    expect(second.invoices.every((i) => i.status === "pending")).toBe(true);
    expect(new Set([...first.invoices, ...second.invoices].map((i) => i.id)).size).toBe(expected.pending);
    expect((await tab("?status=pending&page=9")).page.page).toBe(2);
    expect((await tab("?status=paid&page=2")).page).toMatchObject({ page: 1, total: expected.paid });
  });

  it("/ for the fee-paying partner: their own invoices of the tab, and the account state from all of them", async () => {
    const mine = async (query: string) =>
      (await (await call(dashboardLoader, `/${query}`, { cookie: partnerCookie })).json()) as {
        fees: { status: string; invoices: InvoiceView[]; account: { paymentStatus: string } };
      };
    const paid = await mine("?status=paid");
    expect(paid.fees.status).toBe("paid");
    expect(paid.fees.invoices.length).toBeGreaterThan(0);
    expect(paid.fees.invoices.every((i) => i.status === "paid" && i.partnerId === partner.id)).toBe(true);
    // An overdue invoice (raised above) makes the account Overdue whichever tab is shown.
    expect(paid.fees.account.paymentStatus).toBe("Overdue");
    const cancelled = await mine("?status=cancelled");
    expect(cancelled.fees.status).toBe("all");
  });
});
