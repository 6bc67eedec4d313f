/**
 * Issue 31, points 3 and 4: UK bank details valid or absent (POST /api/register, PATCH
 * /api/partners/{id}, Add Partner and Edit as page actions, a message per field), and a change of
 * them guarded: audited masked, the old address emailed (over SMTP), every way of paying held 72
 * hours (Mark as Paid on the page and the API, the payout file and batch, `commissions pay` and
 * `commissions payouts`), a bank file made before the change refused, and another admin's
 * confirmation (POST /api/partners/{id}/bank-details/confirm, the partner page's form).
 */
import type { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { action as registerAction } from "#app/routes/api.register.ts";
import { action as partnerApi } from "#app/routes/api.partners.$id.ts";
import { action as confirmApi } from "#app/routes/api.partners.$id.bank-details.confirm.ts";
import { action as paymentApi } from "#app/routes/api.partners.$id.commission-payment.ts";
import { loader as candidatesLoader } from "#app/routes/api.commissions.payouts.ts";
import { loader as fileLoader } from "#app/routes/api.commissions.payouts.file.ts";
import { action as markPaidApi } from "#app/routes/api.commissions.payouts.mark-paid.ts";
import { action as adminAction } from "#app/routes/admin._index.tsx";
import { action as editAction } from "#app/routes/partners.$partnerId_.edit.tsx";
import { action as commissionsAction } from "#app/routes/admin.commissions.tsx";
import { action as partnerPageAction, loader as partnerPageLoader } from "#app/routes/partners.$partnerId.tsx";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG } from "#app/utils/env.server.ts";
import { updatePartner } from "#domain/partners/partner-service.ts";
import { partnerUpdateSchema } from "#domain/partners/partner-schemas.ts";
import { markCommissionPaid } from "#domain/commissions/commission-payment-service.ts";
import { payoutCandidates } from "#domain/payouts/payout-service.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";
import { runCli } from "./cli-run.ts";
import { startMailServer, stopMailServer, subjectOf, textBody, type ReceivedMail } from "./mail.ts";

const MONTH = "2026-09";
const ORIGIN = "http://localhost:3000";
const BANK = {
  bankName: "Yorkshire Bank",
  accountHolderName: "Held Kiosks Ltd",
  sortCode: "050123",
  accountNumber: "41234567",
};

const received: ReceivedMail[] = [];
let server: SMTPServer;
let port: number;
let adminA: { id: number; cookie: string };
let adminB: { id: number; cookie: string };
let partnerCookie: string;
let otherPartnerId: number;

beforeAll(async () => {
  ({ server, port } = await startMailServer((mail) => received.push(mail)));
  const a = await makeAdmin(db);
  const b = await makeAdmin(db);
  adminA = { id: a.id, cookie: await loginCookie(a.username) };
  adminB = { id: b.id, cookie: await loginCookie(b.username) };
  const partner = await makePartner(db, { name: "Some Partner" });
  partnerCookie = await loginCookie(partner.username);
  otherPartnerId = partner.id;
});

afterAll(async () => {
  await stopMailServer(server);
});

let savedSmtp: string | undefined;
beforeEach(() => {
  savedSmtp = MAIL_CONFIG.smtpUrl;
  MAIL_CONFIG.smtpUrl = `smtp://127.0.0.1:${port}`;
  return () => {
    MAIL_CONFIG.smtpUrl = savedSmtp;
  };
});

/** A profit-sharing partner with one machine that reported MONTH (10% of net 57.01 → £5.70). */
async function payable(name: string, extra: Record<string, unknown> = {}) {
  const partner = await makePartner(db, {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, ".")}@example.com`,
    commissionBp: 1000,
    ...BANK,
    ...extra,
  });
  await makeRecord(db, (await makeMachine(db, partner.id, `${name} lobby`)).id, MONTH, {
    revenuePence: 10_000,
    cogsPence: 4_000,
  });
  return partner;
}

const patch = (id: number, json: unknown, cookie: string | null = adminA.cookie) =>
  call(partnerApi, `/api/partners/${id}`, {
    method: "PATCH",
    json,
    cookie,
    origin: ORIGIN,
    params: { id: String(id) },
  });
const confirm = (id: number, json: unknown, cookie: string | null) =>
  call(confirmApi, `/api/partners/${id}/bank-details/confirm`, {
    json,
    cookie,
    origin: ORIGIN,
    params: { id: String(id) },
  });
const stored = (id: number) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const message = async (response: Response) => ((await response.json()) as { message: string }).message;
const mailsTo = (to: string) => received.filter((m) => m.to.includes(to));

describe("bank details are valid or absent", () => {
  const NEW = {
    username: "bank-new",
    password: "a-good-password",
    name: "Bank New",
    partnerType: "profit-sharing",
    email: "bank.new@example.com",
    billingAddress: "1 Test Street",
    commissionPercentage: "0.10",
  };
  const register = (json: unknown) =>
    call(registerAction, "/api/register", { json, cookie: adminA.cookie, origin: ORIGIN });

  it("POST /api/register: each field's message, the holder with either number; stored as digits, 7 padded", async () => {
    const cases: [Record<string, string>, string][] = [
      [
        { sortCode: "12-34-5", accountNumber: "12345678", accountHolderName: "A" },
        "Sort code: use the 6 digits, like 12-34-56",
      ],
      [
        { sortCode: "12-34-56", accountNumber: "123456789", accountHolderName: "A" },
        "Account number: use the 8-digit number your bank gives for Bacs payments",
      ],
      [
        { sortCode: "12-34-56", accountNumber: "1234567890", accountHolderName: "A" },
        "Account number: use the 8-digit number your bank gives for Bacs payments",
      ],
      [
        { sortCode: "12-34-56", accountNumber: "12345678" },
        "Account holder: required with a sort code or account number",
      ],
      [
        { accountNumber: "12345678", accountHolderName: " " },
        "Account holder: required with a sort code or account number",
      ],
      [
        { rollNumber: "ROLL#1", accountHolderName: "A" },
        "Roll number: use up to 18 letters, digits, spaces, hyphens, slashes or dots",
      ],
    ];
    for (const [fields, text] of cases) {
      const response = await register({ ...NEW, ...fields });
      expect(response.status).toBe(400);
      expect(await message(response)).toBe(text);
    }
    const created = await register({
      ...NEW,
      sortCode: "12 34 56",
      accountNumber: "1234567",
      accountHolderName: "Bank New Ltd",
      rollNumber: "abc/1",
    });
    expect(created.status).toBe(201);
    const id = ((await created.json()) as { id: number }).id;
    expect(await stored(id)).toMatchObject({ sortCode: "123456", accountNumber: "01234567", rollNumber: "ABC/1" });
    // Details given when a partner is created are not a change: no hold, no email.
    expect(await db.selectFrom("bankDetailChanges").selectAll().where("partnerId", "=", id).execute()).toEqual([]);
    expect(mailsTo("bank.new@example.com")).toEqual([]);
    // Absent is fine too.
    expect((await register({ ...NEW, username: "bank-none", sortCode: "", accountNumber: "" })).status).toBe(201);
  });

  it("PATCH /api/partners/{id}: 401, 403 for a partner, 400 per field, the holder checked against what is saved", async () => {
    const partner = await makePartner(db, { name: "Patch Bank", email: null });
    expect((await patch(partner.id, { sortCode: "123456" }, null)).status).toBe(401);
    expect((await patch(partner.id, { sortCode: "123456" }, partnerCookie)).status).toBe(403);
    const bad = await patch(partner.id, { sortCode: "12345" });
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe("Sort code: use the 6 digits, like 12-34-56");
    expect(await message(await patch(partner.id, { accountNumber: "1234 5678 90" }))).toBe(
      "Account number: use the 8-digit number your bank gives for Bacs payments",
    );
    // No holder on record: a sort code alone is refused, naming the holder.
    const noHolder = await patch(partner.id, { sortCode: "12-34-56" });
    expect(noHolder.status).toBe(400);
    expect(await message(noHolder)).toBe("Account holder: required with a sort code or account number");
    expect((await patch(partner.id, { accountHolderName: "Patch Bank Ltd" })).status).toBe(200);
    const ok = await patch(partner.id, { sortCode: "12 34 56", accountNumber: "7654321" });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ sortCode: "123456", accountNumber: "07654321" });
    // An older partner with numbers but no holder still changes other fields.
    const older = await makePartner(db, { name: "Older", sortCode: "05-01-23", accountNumber: "41234567" });
    expect((await patch(older.id, { name: "Older Renamed" })).status).toBe(200);
    // Saving the same details as the forms keep them is no change: no hold.
    expect((await patch(older.id, { sortCode: "050123", accountHolderName: "Older Ltd" })).status).toBe(200);
    const changes = await db.selectFrom("bankDetailChanges").selectAll().where("partnerId", "=", older.id).execute();
    expect(changes.map((c) => JSON.parse(c.after))).toEqual([{ accountHolderName: "Older Ltd" }]);
    // The holder cannot be cleared while numbers are on record.
    expect(await message(await patch(partner.id, { accountHolderName: null }))).toBe(
      "Account holder: required with a sort code or account number",
    );
  });

  it("stored details a bank file cannot take: kept, and the partner page says they need checking", async () => {
    const older = await makePartner(db, { name: "Needs Check", sortCode: "12-34", accountNumber: "12345678" });
    const page = await (
      await call(partnerPageLoader, `/partners/${older.id}`, {
        cookie: adminA.cookie,
        params: { partnerId: String(older.id) },
      })
    ).json();
    expect(page.bank).toEqual({
      hold: null,
      needsChecking: 'Bank details need checking: sort code "12-34" is not 6 digits',
    });
    expect(page.partner.sortCode).toBe("12-34");
  });

  it("Add Partner and Edit as page actions: the message under its field", async () => {
    const add = await call(adminAction, "/admin?index", {
      form: {
        intent: "partner-create",
        username: "page-bank",
        password: "a-good-password",
        name: "Page Bank",
        partnerType: "profit-sharing",
        commissionPercent: "10",
        email: "page.bank@example.com",
        billingAddress: "1 Road",
        bankName: "",
        accountHolderName: "",
        accountNumber: "123456789",
        sortCode: "12-34",
      },
      cookie: adminA.cookie,
      origin: ORIGIN,
    });
    expect(add.status).toBe(400);
    expect((await add.json()).fieldErrors).toEqual({
      accountNumber: "Account number: use the 8-digit number your bank gives for Bacs payments",
      sortCode: "Sort code: use the 6 digits, like 12-34-56",
    });
    const noHolder = await call(adminAction, "/admin?index", {
      form: {
        intent: "partner-create",
        username: "page-bank",
        password: "a-good-password",
        name: "Page Bank",
        partnerType: "profit-sharing",
        commissionPercent: "10",
        email: "page.bank@example.com",
        billingAddress: "1 Road",
        accountHolderName: "",
        accountNumber: "12345678",
        sortCode: "12-34-56",
      },
      cookie: adminA.cookie,
      origin: ORIGIN,
    });
    expect(noHolder.status).toBe(400);
    expect((await noHolder.json()).fieldErrors).toEqual({
      accountHolderName: "Account holder: required with a sort code or account number",
    });
    const partner = await makePartner(db, { name: "Edit Bank", ...BANK });
    const edit = (fields: Record<string, string>) =>
      call(editAction, `/partners/${partner.id}/edit`, {
        form: { intent: "partner-update", id: String(partner.id), ...fields },
        cookie: adminA.cookie,
        origin: ORIGIN,
        params: { partnerId: String(partner.id) },
      });
    const bad = await edit({ sortCode: "1234567" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      error: "Sort code: use the 6 digits, like 12-34-56",
      fieldErrors: { sortCode: "Sort code: use the 6 digits, like 12-34-56" },
    });
    const cleared = await edit({ accountHolderName: "" });
    expect(cleared.status).toBe(400);
    expect((await cleared.json()).error).toBe("Account holder: required with a sort code or account number");
    expect((await edit({ sortCode: "40-11-62" })).status).toBe(302);
    expect((await stored(partner.id)).sortCode).toBe("401162");
  });
});

describe("a change of bank details is guarded", () => {
  it("is audited masked and emailed to the address on record before it; a new email address notifies the old one", async () => {
    const partner = await payable("Mail Change");
    const response = await patch(partner.id, { accountNumber: "87654321", email: "new.mail.change@example.com" });
    expect(response.status).toBe(200);
    const toOld = mailsTo("mail.change@example.com");
    const bankMail = toOld.find((m) => subjectOf(m.raw) === "Your bank details for payments were changed")!;
    expect(bankMail).toBeDefined();
    const text = textBody(bankMail.raw);
    expect(text).toMatch(/Your bank details for payments were changed on \d\d\/\d\d\/\d{4} \d\d:\d\d/);
    expect(text).toContain("Account number: ****4321");
    expect(text).not.toContain("87654321");
    expect(toOld.map((m) => subjectOf(m.raw))).toContain("Your email address was changed");
    expect(mailsTo("new.mail.change@example.com")).toEqual([]);
    const entries = await db
      .selectFrom("auditLog")
      .select(["action", "before", "after"])
      .where("partnerId", "=", partner.id)
      .where("action", "in", ["bank_change", "bank_hold", "update"])
      .orderBy("id")
      .execute();
    expect(entries.map((e) => e.action)).toEqual(["update", "bank_change", "bank_hold"]);
    expect(JSON.parse(entries[1].before!)).toEqual({ accountNumber: "****4567" });
    expect(JSON.parse(entries[1].after!)).toEqual({ accountNumber: "****4321" });
    // The generic update entry masks the numbers too.
    expect(entries[0].before).not.toContain("41234567");
    expect(entries[0].after).not.toContain("87654321");
  });

  it("holds every way of paying for 72 hours; another admin's confirmation ends it, the changing admin's is 403", async () => {
    const held = await payable("Held Kiosks");
    const other = await payable("Other Kiosks");
    expect((await patch(held.id, { sortCode: "40-11-62" })).status).toBe(200);

    // Payouts list them with reason bank_changed.
    const plan = await (
      await call(candidatesLoader, `/api/commissions/payouts?month=${MONTH}`, { cookie: adminA.cookie })
    ).json();
    const left = plan.leftOut.find((l: { partnerId: number }) => l.partnerId === held.id);
    expect(left.reason).toBe("bank_changed");
    expect(left.message).toMatch(
      /^Bank details changed on \d\d\/\d\d\/\d{4} \d\d:\d\d; payable from \d\d\/\d\d\/\d{4} \d\d:\d\d$/,
    );
    expect(plan.eligible.map((e: { partnerId: number }) => e.partnerId)).toContain(other.id);

    // The bank file leaves them out; asked for by name, 409 with why.
    const file = await call(fileLoader, `/api/commissions/payouts/file?month=${MONTH}&partnerIds=${held.id}`, {
      cookie: adminA.cookie,
    });
    expect(file.status).toBe(409);
    expect(await message(file)).toContain("Bank details changed on");
    // A batch naming them: 409, nothing paid.
    const batch = await call(markPaidApi, "/api/commissions/payouts/mark-paid", {
      json: { month: MONTH, partnerIds: [held.id, other.id], paidDate: "2026-10-05" },
      cookie: adminA.cookie,
      origin: ORIGIN,
    });
    expect(batch.status).toBe(409);
    expect(await message(batch)).toMatch(/^Held Kiosks cannot be paid for September 2026: Bank details changed on/);
    // Mark as Paid, the API.
    const single = await call(paymentApi, `/api/partners/${held.id}/commission-payment`, {
      json: { month: MONTH, paidDate: "2026-10-05" },
      cookie: adminA.cookie,
      origin: ORIGIN,
      params: { id: String(held.id) },
    });
    expect(single.status).toBe(409);
    expect(await message(single)).toMatch(/^Held Kiosks cannot be paid yet: Bank details changed on .*; payable from /);
    // Mark as Paid, the page (confirmed).
    const page = await call(commissionsAction, `/admin/commissions?month=${MONTH}`, {
      form: { intent: "mark-paid", partnerId: String(held.id), month: MONTH, confirmed: "yes" },
      cookie: adminA.cookie,
      origin: ORIGIN,
    });
    expect(page.status).toBe(409);
    expect((await page.json()).error).toContain("Held Kiosks cannot be paid yet: Bank details changed on");
    // The CLI: commissions pay and commissions payouts.
    const pay = await runCli([
      "commissions",
      "pay",
      "--partner",
      String(held.id),
      "--month",
      MONTH,
      "--paid-date",
      "2026-10-05",
    ]);
    expect(pay.code).toBe(1);
    expect(pay.err).toContain("Held Kiosks cannot be paid yet: Bank details changed on");
    const payouts = await runCli([
      "commissions",
      "payouts",
      "--month",
      MONTH,
      "--out",
      `/tmp/bank-hold-${process.pid}.csv`,
      "--json",
    ]);
    expect(payouts.code, payouts.err).toBe(0);
    const listed = JSON.parse(payouts.out).leftOut.find((l: { partnerId: number }) => l.partnerId === held.id);
    expect(listed).toMatchObject({ reason: "bank_changed" });
    expect(await db.selectFrom("commissionPayments").selectAll().where("partnerId", "=", held.id).execute()).toEqual(
      [],
    );

    // The partner page shows the hold and offers the confirmation.
    const shown = await (
      await call(partnerPageLoader, `/partners/${held.id}`, {
        cookie: adminB.cookie,
        params: { partnerId: String(held.id) },
      })
    ).json();
    expect(shown.bank.hold.message).toMatch(/^Bank details changed on .*; payable from /);
    expect(shown.bank.hold.canConfirm).toBe(true);
    const ownView = await (
      await call(partnerPageLoader, `/partners/${held.id}`, {
        cookie: adminA.cookie,
        params: { partnerId: String(held.id) },
      })
    ).json();
    expect(ownView.bank.hold.canConfirm).toBe(false);

    // Confirming: 401, 403 for a partner, 400 without how, 403 for the admin who changed them.
    expect((await confirm(held.id, { verifiedBy: "called" }, null)).status).toBe(401);
    expect((await confirm(held.id, { verifiedBy: "called" }, partnerCookie)).status).toBe(403);
    const noHow = await confirm(held.id, { verifiedBy: " " }, adminB.cookie);
    expect(noHow.status).toBe(400);
    expect(await message(noHow)).toBe("How were they verified? Say how the new bank details were checked");
    const own = await confirm(held.id, { verifiedBy: "I know them" }, adminA.cookie);
    expect(own.status).toBe(403);
    expect(await message(own)).toBe("Another admin must confirm bank details: you made this change");
    const confirmed = await confirm(held.id, { verifiedBy: "called the site on its known number" }, adminB.cookie);
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({
      partnerId: held.id,
      verifiedBy: "called the site on its known number",
      holdEnded: true,
    });
    expect((await confirm(held.id, { verifiedBy: "again" }, adminB.cookie)).status).toBe(409);
    const trail = await db
      .selectFrom("auditLog")
      .select(["action", "actorId", "after"])
      .where("partnerId", "=", held.id)
      .where("action", "in", ["bank_confirm", "bank_hold_end"])
      .orderBy("id")
      .execute();
    expect(trail.map((t) => [t.action, t.actorId])).toEqual([
      ["bank_confirm", adminB.id],
      ["bank_hold_end", adminB.id],
    ]);
    expect(JSON.parse(trail[0].after!)).toMatchObject({ verifiedBy: "called the site on its known number" });

    // Now payable.
    const paid = await call(paymentApi, `/api/partners/${held.id}/commission-payment`, {
      json: { month: MONTH, paidDate: "2026-10-05" },
      cookie: adminA.cookie,
      origin: ORIGIN,
      params: { id: String(held.id) },
    });
    expect(paid.status).toBe(200);
  });

  it("a bank file made before the change cannot be marked paid (409); a new file can", async () => {
    const partner = await payable("File Before");
    const made = await call(fileLoader, `/api/commissions/payouts/file?month=${MONTH}&partnerIds=${partner.id}`, {
      cookie: adminA.cookie,
    });
    expect(made.status).toBe(200);
    expect(await made.text()).toContain("41234567");
    expect((await patch(partner.id, { accountNumber: "11223344" })).status).toBe(200);
    expect(
      (await confirm(partner.id, { verifiedBy: "letter on headed paper, called back" }, adminB.cookie)).status,
    ).toBe(200);
    const markPaid = () =>
      call(markPaidApi, "/api/commissions/payouts/mark-paid", {
        json: { month: MONTH, partnerIds: [partner.id], paidDate: "2026-10-05" },
        cookie: adminA.cookie,
        origin: ORIGIN,
      });
    const refused = await markPaid();
    expect(refused.status).toBe(409);
    expect(await message(refused)).toMatch(
      /^The bank file was made before File Before's bank details changed on .*: it pays the old account\. Download the bank file again/,
    );
    const again = await call(fileLoader, `/api/commissions/payouts/file?month=${MONTH}&partnerIds=${partner.id}`, {
      cookie: adminA.cookie,
    });
    expect(await again.text()).toContain("11223344");
    expect((await markPaid()).status).toBe(200);
  });

  it("a business with one admin waits the 72 hours; a partner with no email address waits for a second admin", async () => {
    const t0 = new Date("2026-11-02T09:00:00Z");
    const waits = await payable("Waits Out");
    await updatePartner(db, waits.id, partnerUpdateSchema.parse({ accountNumber: "99887766" }), adminA.id, t0);
    const at = (hours: number) => new Date(t0.getTime() + hours * 3_600_000);
    const reason = async (id: number, now: Date) =>
      (await payoutCandidates(db, MONTH, now)).leftOut.find((l) => l.partnerId === id)?.reason;
    expect(await reason(waits.id, at(71.9))).toEqual({
      code: "bank_changed",
      message: "Bank details changed on 02/11/2026 09:00; payable from 05/11/2026 09:00",
    });
    await expect(markCommissionPaid(db, waits.id, MONTH, adminA.id, "2026-11-04", at(47))).rejects.toThrow(
      "Waits Out cannot be paid yet: Bank details changed on 02/11/2026 09:00; payable from 05/11/2026 09:00",
    );
    expect(await reason(waits.id, at(72))).toBeUndefined();
    expect((await markCommissionPaid(db, waits.id, MONTH, adminA.id, "2026-11-05", at(72))).status).toBe("completed");
    const ends = await db
      .selectFrom("auditLog")
      .select(["details"])
      .where("partnerId", "=", waits.id)
      .where("action", "=", "bank_hold_end")
      .execute();
    expect(ends.map((e) => JSON.parse(e.details!).reason)).toEqual([
      "The hold on Waits Out's payments ended on 05/11/2026 09:00: 72 hours passed",
    ]);

    const quiet = await payable("No Address", { email: null });
    await updatePartner(db, quiet.id, partnerUpdateSchema.parse({ sortCode: "20-00-00" }), adminA.id, t0);
    expect((await reason(quiet.id, at(24 * 30)))?.message).toBe(
      "Bank details changed on 02/11/2026 09:00; payable once another admin confirms them (no email address to tell the partner)",
    );
    expect((await confirm(quiet.id, { verifiedBy: "met the site manager" }, adminB.cookie)).status).toBe(200);
    expect(await reason(quiet.id, at(24 * 30))).toBeUndefined();
  });

  it("the partner page's Confirm bank details works without JavaScript, and names the changing admin's 403", async () => {
    const partner = await payable("Page Confirm");
    expect((await patch(partner.id, { accountNumber: "55554444" })).status).toBe(200);
    const onPage = (cookie: string, fields: Record<string, string>) =>
      call(partnerPageAction, `/partners/${partner.id}`, {
        form: { intent: "bank-confirm", id: String(partner.id), ...fields },
        cookie,
        origin: ORIGIN,
        params: { partnerId: String(partner.id) },
      });
    const own = await onPage(adminA.cookie, { verifiedBy: "I know them" });
    expect(own.status).toBe(403);
    expect((await own.json()).error).toBe("Another admin must confirm bank details: you made this change");
    const empty = await onPage(adminB.cookie, { verifiedBy: "" });
    expect(empty.status).toBe(400);
    expect((await empty.json()).fieldErrors).toEqual({
      verifiedBy: "How were they verified? Say how the new bank details were checked",
    });
    const ok = await onPage(adminB.cookie, { verifiedBy: "called the site on its known number" });
    expect(ok.status).toBe(302);
    expect(await flashedToast(ok)).toMatchObject({ title: "Bank details confirmed" });
    const shown = await (
      await call(partnerPageLoader, `/partners/${partner.id}`, {
        cookie: adminB.cookie,
        params: { partnerId: String(partner.id) },
      })
    ).json();
    expect(shown.bank.hold).toBeNull();
    expect(otherPartnerId).toBeGreaterThan(0);
  });
});
