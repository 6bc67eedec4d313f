/**
 * A partner whose commission balance (the adjustments on months not
 * paid) is negative and who has no later month to take it (no active machine, now fee-paying,
 * account disabled) owes it. Shown on the admin's partner page (with Write off) and the partner's
 * dashboard; POST /api/partners/{id}/write-off writes it off with one audited `written_off`
 * adjustment; the partner is not deleted while they owe. The negative adjustments are written
 * directly, as the corrections and Mark as Paid write them (their own tests cover that).
 */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { action as writeOffAction } from "#app/routes/api.partners.$id.write-off.ts";
import { action as partnerAction } from "#app/routes/api.partners.$id.ts";
import { action as pageAction, loader as pageLoader } from "#app/routes/partners.$partnerId.tsx";
import { loader as dashboardLoader } from "#app/routes/_index.tsx";
import { OwingCallout } from "#app/components/partners/owing-callout.tsx";
import { Toaster } from "#app/components/toaster.tsx";
import { db } from "#app/utils/db.server.ts";
import type { AdjustmentReason } from "#db/schema.ts";
import { describeAuditEntry } from "#domain/audit/audit-entries.ts";
import { partnerOwing, pendingAdjustments } from "#domain/commissions/balance-service.ts";
import type { Owing } from "#domain/commissions/balance-rules.ts";
import { makeAdmin, makeMachine, makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

const OCT = "2026-10";
const NOV = "2026-11";
const DEC = "2026-12";

let adminCookie: string;
let adminId: number;
let partnerCookie: string;

type Partner = { id: number; name: string | null; username: string };

const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
const params = (id: number | string) => ({ params: { id: String(id) } });
const writeOff = (id: number | string, cookie: string | null = adminCookie) =>
  call(writeOffAction, `/api/partners/${id}/write-off`, { method: "POST", json: {}, cookie, ...params(id) });
const deletePartner = (id: number) =>
  call(partnerAction, `/api/partners/${id}`, {
    method: "DELETE",
    json: { password: TEST_PASSWORD },
    cookie: adminCookie,
    ...params(id),
  });

async function adjust(
  partnerId: number,
  month: string,
  forMonth: string,
  amountPence: number,
  reason: AdjustmentReason,
) {
  await db
    .insertInto("commissionAdjustments")
    .values({ partnerId, month, forMonth, amountPence, reason, sourcePaymentId: null, createdBy: null })
    .execute();
}

/** A profit-sharing partner carrying −£2.15 from October (paid again) on November, not paid. */
async function carrying(name: string, machine: "active" | "inactive" | "none"): Promise<Partner> {
  const partner = await makePartner(db, { name, partnerType: "profit-sharing", commissionBp: 1000 });
  if (machine !== "none") {
    const m = await makeMachine(db, partner.id);
    if (machine === "inactive")
      await db.updateTable("machines").set({ status: "inactive" }).where("id", "=", m.id).execute();
  }
  await adjust(partner.id, NOV, OCT, -215, "repaid");
  return partner;
}

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
});

describe("what a partner owes", () => {
  it("a negative carried balance with no active machine is owed; with an active machine it is not", async () => {
    const idle = await carrying("Idle Kiosk", "inactive");
    const busy = await carrying("Busy Kiosk", "active");
    expect(await partnerOwing(db, idle.id)).toEqual({
      owingPence: 215,
      months: [{ month: NOV, forMonth: OCT, amountPence: -215, reason: "repaid" }],
      why: "no active machine",
    });
    expect(await partnerOwing(db, busy.id)).toBeNull();
  });

  it("counts the adjustments on months not paid only, positive ones too", async () => {
    const partner = await carrying("Partly Paid", "none");
    // October's own adjustment sits on a paid month: it was absorbed when October was paid.
    await db
      .insertInto("commissionPayments")
      .values({
        partnerId: partner.id,
        month: OCT,
        status: "completed",
        paidDate: "2026-11-02",
        amountPence: 0,
        rateBp: 1000,
      })
      .execute();
    await adjust(partner.id, OCT, "2026-09", -999, "carried");
    await adjust(partner.id, DEC, NOV, 40, "late_sales");
    const owing = await partnerOwing(db, partner.id);
    expect(owing?.owingPence).toBe(175);
    expect(owing?.months).toEqual([
      { month: NOV, forMonth: OCT, amountPence: -215, reason: "repaid" },
      { month: DEC, forMonth: NOV, amountPence: 40, reason: "late_sales" },
    ]);
    expect((await pendingAdjustments(db, partner.id)).map((a) => a.month)).toEqual([NOV, DEC]);
  });

  it("a fee-paying partner or a disabled account owes it even with an active machine", async () => {
    const fee = await carrying("Now Fee Paying", "active");
    await db
      .updateTable("users")
      .set({ partnerType: "fee-paying", monthlyFeePence: 5000, paymentPeriod: "monthly" })
      .where("id", "=", fee.id)
      .execute();
    expect((await partnerOwing(db, fee.id))?.why).toBe("now fee-paying");
    const left = await carrying("Left Us", "active");
    await db.updateTable("users").set({ disabledAt: new Date().toISOString() }).where("id", "=", left.id).execute();
    expect((await partnerOwing(db, left.id))?.why).toBe("account disabled");
  });
});

describe("POST /api/partners/{id}/write-off", () => {
  it("401 anonymous, 403 a partner, 404 an unknown partner, 409 nothing owed", async () => {
    const idle = await carrying("Guarded Kiosk", "none");
    const busy = await carrying("Absorbing Kiosk", "active");
    partnerCookie = await loginCookie(idle.username);
    expect((await writeOff(idle.id, null)).status).toBe(401);
    expect((await writeOff(idle.id, partnerCookie)).status).toBe(403);
    const unknown = await writeOff(999_999);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ message: "Partner not found" });
    expect((await writeOff("abc")).status).toBe(404);
    expect((await writeOff(adminId)).status).toBe(404);
    // Nothing negative at all: 409. (A balance a later month would take can still be written off, before a delete.)
    const clean = await makePartner(db, { name: "Clean Kiosk" });
    const nothing = await writeOff(clean.id);
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toEqual({ message: "Nothing is owed by Clean Kiosk" });
    expect(
      await db
        .selectFrom("commissionAdjustments")
        .select("id")
        .where("reason", "=", "written_off")
        .where("partnerId", "in", [idle.id, busy.id])
        .execute(),
    ).toEqual([]);
    expect(
      (
        await call(writeOffAction, `/api/partners/${idle.id}/write-off`, {
          method: "PUT",
          cookie: adminCookie,
          ...params(idle.id),
        })
      ).status,
    ).toBe(405);
  });

  it("200: one written_off adjustment nets the balance to 0, audited; a second answers 409", async () => {
    const partner = await carrying("Write Me Off", "inactive");
    await adjust(partner.id, DEC, NOV, -30, "record_deleted");
    await adjust(partner.id, DEC, NOV, 5, "late_sales");
    // −215 − 30 + 5 = −240; the latest negative adjustment waits on December.
    const response = await writeOff(partner.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ writtenOff: 2.4, month: DEC });
    const rows = await db
      .selectFrom("commissionAdjustments")
      .select(["id", "month", "forMonth", "amountPence", "reason", "createdBy", "sourcePaymentId"])
      .where("partnerId", "=", partner.id)
      .where("reason", "=", "written_off")
      .execute();
    expect(rows).toEqual([
      {
        id: expect.any(Number),
        month: DEC,
        forMonth: DEC,
        amountPence: 240,
        reason: "written_off",
        createdBy: adminId,
        sourcePaymentId: null,
      },
    ]);
    const pending = await pendingAdjustments(db, partner.id);
    expect(pending.reduce((s, a) => s + a.amountPence, 0)).toBe(0);
    expect(await partnerOwing(db, partner.id)).toBeNull();

    const audit = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("action", "=", "commission_adjustment")
      .where("partnerId", "=", partner.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: adminId,
      entity: "commission_adjustment",
      entityId: String(rows[0].id),
      month: DEC,
    });
    expect(parsed(audit[0].after)).toEqual({ forMonth: DEC, amountPence: 240, reason: "written_off" });
    expect(
      describeAuditEntry({
        ...audit[0],
        before: null,
        after: parsed(audit[0].after),
        details: parsed(audit[0].details),
      }),
    ).toBe("Wrote off £2.40 owed (December 2026)");

    const again = await writeOff(partner.id);
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ message: "Nothing is owed by Write Me Off" });
  });
});

describe("deleting a partner who owes", () => {
  it("409 while owing; allowed once written off", async () => {
    const partner = await carrying("Owing Leaver", "inactive");
    const refused = await deletePartner(partner.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message:
        "Owing Leaver owes £2.15 of commission paid in advance: write it off or settle it before deleting the partner",
    });
    expect(await db.selectFrom("users").select("id").where("id", "=", partner.id).executeTakeFirst()).toEqual({
      id: partner.id,
    });
    expect((await writeOff(partner.id)).status).toBe(200);
    const deleted = await deletePartner(partner.id);
    expect(deleted.status).toBe(200);
    expect(await db.selectFrom("users").select("id").where("id", "=", partner.id).executeTakeFirst()).toBeUndefined();
  });

  it("a partner whose balance a later month would take owes it once leaving: 409 until it is written off", async () => {
    const partner = await carrying("Absorbing Leaver", "active");
    const refused = await deletePartner(partner.id);
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({
      message:
        "Absorbing Leaver owes £2.15 of commission paid in advance: write it off or settle it before deleting the partner",
    });
    expect((await writeOff(partner.id)).status).toBe(200);
    expect((await deletePartner(partner.id)).status).toBe(200);
  });
});

/** The words of rendered HTML (the amounts sit in no-wrap spans). */
const textOf = (html: string) => html.replace(/<[^>]+>/g, "");

/** The callout as the server renders it, before hydration (the Write off form posts without JavaScript). */
async function renderCallout(props: Parameters<typeof OwingCallout>[0]): Promise<string> {
  const handler = createStaticHandler([
    { id: "partner", path: "/partners/:partnerId", element: createElement(OwingCallout, props) },
  ]);
  const context = await handler.query(new Request("http://localhost:3000/partners/1"));
  if (context instanceof Response) throw new Error("the static handler redirected");
  const router = createStaticRouter(handler.dataRoutes, context);
  const html = renderToStaticMarkup(
    createElement(Toaster, null, createElement(StaticRouterProvider, { router, context, hydrate: false })),
  );
  // The Toaster's live region is always there; the callout is what comes before it.
  return html.replace('<div aria-live="off" style="display:contents"></div>', "");
}

describe("the pages", () => {
  it("the admin's partner page: the loader's owing, the callout's text and its Write off form", async () => {
    const partner = await carrying("Shown Kiosk", "inactive");
    const response = await call(pageLoader, `/partners/${partner.id}`, {
      cookie: adminCookie,
      params: { partnerId: String(partner.id) },
    });
    expect(response.status).toBe(200);
    const { owing } = (await response.json()) as { owing: Owing };
    expect(owing).toEqual({
      owingPence: 215,
      months: [{ month: NOV, forMonth: OCT, amountPence: -215, reason: "repaid" }],
      why: "no active machine",
    });
    const html = await renderCallout({ owing, to: "admin", partnerId: partner.id, partnerName: "Shown Kiosk" });
    expect(textOf(html)).toContain(
      "Owes £2.15: −£2.15 carried from October 2026 (paid again) with no later month to take it (no active machine).",
    );
    expect(html).toContain('name="intent" value="write-off"');
    expect(html).toContain(`name="partnerId" value="${partner.id}"`);
    expect(html).toContain("Write off</button>");

    const busy = await carrying("Quiet Kiosk", "active");
    const quiet = await call(pageLoader, `/partners/${busy.id}`, {
      cookie: adminCookie,
      params: { partnerId: String(busy.id) },
    });
    expect(((await quiet.json()) as { owing: Owing | null }).owing).toBeNull();
    expect(await renderCallout({ owing: null, to: "admin", partnerId: busy.id })).toBe("");
  });

  it("the page's write-off intent asks first, then writes off and redirects back with the toast", async () => {
    const partner = await carrying("Intent Kiosk", "none");
    const post = (form: Record<string, string>, cookie = adminCookie) =>
      call(pageAction, `/partners/${partner.id}`, {
        form,
        cookie,
        origin: "http://localhost:3000",
        params: { partnerId: String(partner.id) },
      });
    const asked = await post({ intent: "write-off", partnerId: String(partner.id) });
    expect(asked.status).toBe(200);
    expect((await asked.json()).confirm).toMatchObject({
      title: "Write off £2.15 owed by Intent Kiosk?",
      description:
        "An adjustment of +£2.15 (written off) is added to November 2026, so Intent Kiosk owes nothing. It is kept in the audit trail.",
      confirmLabel: "Write off",
    });
    expect(await partnerOwing(db, partner.id)).not.toBeNull();
    const done = await post({ intent: "write-off", partnerId: String(partner.id), confirmed: "yes" });
    expect(done.status).toBe(302);
    expect(await partnerOwing(db, partner.id)).toBeNull();
    const nothing = await post({ intent: "write-off", partnerId: String(partner.id), confirmed: "yes" });
    expect(nothing.status).toBe(409);
    expect(await nothing.json()).toMatchObject({
      intent: "write-off",
      title: "Write-off failed",
      error: "Nothing is owed by Intent Kiosk",
    });
  });

  it("the partner's dashboard: the same callout addressed to them, without the button", async () => {
    const partner = await carrying("Dashboard Kiosk", "inactive");
    const response = await call(dashboardLoader, "/", { cookie: await loginCookie(partner.username) });
    expect(response.status).toBe(200);
    const { owing } = (await response.json()) as { owing: Owing };
    expect(owing.owingPence).toBe(215);
    const html = await renderCallout({ owing, to: "partner" });
    expect(textOf(html)).toContain(
      "You owe £2.15: −£2.15 carried from October 2026 (paid again) with no later month to take it (no active machine).",
    );
    expect(html).not.toContain("Write off");
  });
});
