/**
 * The partner forms as page actions (app/utils/intents/partners.server.ts): Add Partner, the Edit
 * dialog's fields and Delete Partner on /admin, the inline commission rate and Delete on
 * /partners/{id}. The same domain calls as POST /api/register and PATCH / DELETE /api/partners/{id},
 * answered as a redirect back with a toast, or a failure the dialog shows. Also /admin's search (?q=).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as adminAction, loader as adminLoader } from "#app/routes/admin._index.tsx";
import { action as partnerPageAction } from "#app/routes/partners.$partnerId.tsx";
import { db } from "#app/utils/db.server.ts";
import { makeAdmin, makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";

let adminCookie: string;
let partnerCookie: string;

const onAdmin = (
  form: Record<string, string>,
  cookie: string | null = adminCookie,
  query = "?index",
  address?: string,
) => call(adminAction, `/admin${query}`, { form, cookie, origin: "http://localhost:3000", address });
const onPartnerPage = (id: number, form: Record<string, string>, cookie: string | null = adminCookie) =>
  call(partnerPageAction, `/partners/${id}`, {
    form,
    cookie,
    origin: "http://localhost:3000",
    params: { partnerId: String(id) },
  });
const user = (id: number) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
const byUsername = (username: string) =>
  db.selectFrom("users").selectAll().where("username", "=", username).executeTakeFirst();

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  partnerCookie = await loginCookie((await makePartner(db)).username);
});

const NEW_PARTNER = {
  intent: "partner-create",
  name: "Page Created Partner",
  password: "a-good-password",
  partnerType: "fee-paying",
  commissionPercent: "10",
  monthlyFee: "45.50",
  paymentPeriod: "6-months",
  email: "created@example.com",
  billingAddress: "1 Test Street, Leeds",
  bankName: "",
  accountHolderName: "",
  accountNumber: "",
  sortCode: "",
};

describe("POST /admin intent=partner-create", () => {
  it("sends the anonymous to /auth and a partner home; nobody is created", async () => {
    const form = { ...NEW_PARTNER, username: "page-create-guard" };
    const anonymous = await onAdmin(form, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
    const asPartner = await onAdmin(form, partnerCookie);
    expect(asPartner.status).toBe(302);
    expect(asPartner.headers.get("location")).toBe("/");
    expect(await byUsername("page-create-guard")).toBeUndefined();
  });

  it("bad input answers 400 with the title, the first message and each field's", async () => {
    const bad = await onAdmin({
      ...NEW_PARTNER,
      username: "page-create-bad",
      email: "not-an-email",
      billingAddress: "",
    });
    expect(bad.status).toBe(400);
    const reply = await bad.json();
    expect(reply).toMatchObject({
      intent: "partner-create",
      title: "Error creating partner",
      error: "Invalid email address",
    });
    expect(reply.fieldErrors).toEqual({
      email: "Invalid email address",
      billingAddress: "Billing address is required",
    });
    expect(await byUsername("page-create-bad")).toBeUndefined();
  });

  it("a profit-sharing commission outside 0–100 is the form's message under the field", async () => {
    for (const commissionPercent of ["150", "", "ten"]) {
      const bad = await onAdmin({
        ...NEW_PARTNER,
        username: "page-create-rate",
        partnerType: "profit-sharing",
        commissionPercent,
      });
      expect(bad.status).toBe(400);
      expect((await bad.json()).fieldErrors).toEqual({ commissionPercentage: "Commission must be between 0 and 100" });
    }
    expect(await byUsername("page-create-rate")).toBeUndefined();
  });

  it("a username taken is the server's message (no field)", async () => {
    const taken = await onAdmin({ ...NEW_PARTNER, username: (await makePartner(db)).username });
    expect(taken.status).toBe(409);
    const reply = await taken.json();
    expect(reply).toMatchObject({ title: "Error creating partner", error: "Username already exists" });
    expect(reply.fieldErrors).toBeUndefined();
  });

  it("creates a fee-paying partner (fee in pence, no commission) and redirects back to the search with the toast", async () => {
    const created = await onAdmin({ ...NEW_PARTNER, username: "page-created" }, adminCookie, "?index&q=page");
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/admin?q=page");
    expect(await flashedToast(created)).toMatchObject({
      title: "Partner created",
      description: "Page Created Partner can now sign in as page-created.",
      variant: "default",
    });
    expect(await byUsername("page-created")).toMatchObject({
      name: "Page Created Partner",
      partnerType: "fee-paying",
      commissionBp: 0,
      monthlyFeePence: 45_50,
      paymentPeriod: "6-months",
      email: "created@example.com",
      bankName: null,
      isAdmin: 0,
    });
  });

  it("a profit-sharing partner gets the percent as entered, and no fee or period", async () => {
    const created = await onAdmin({
      ...NEW_PARTNER,
      username: "page-created-share",
      partnerType: "profit-sharing",
      commissionPercent: "12.5",
    });
    expect(created.status).toBe(302);
    expect(await byUsername("page-created-share")).toMatchObject({
      partnerType: "profit-sharing",
      commissionBp: 1250,
      monthlyFeePence: null,
      paymentPeriod: null,
    });
  });
});

describe("POST /admin intent=partner-update (one field of the Edit dialog)", () => {
  let partner: { id: number; username: string };
  beforeAll(async () => {
    partner = (await makePartner(db, {
      name: "Edited Partner",
      partnerType: "fee-paying",
      monthlyFeePence: 30_00,
    })) as unknown as { id: number; username: string };
  });

  it("guards: anonymous to /auth, a partner home; nothing changes", async () => {
    const form = { intent: "partner-update", id: String(partner.id), email: "guard@example.com" };
    expect((await onAdmin(form, null)).headers.get("location")).toMatch(/^\/auth/);
    expect((await onAdmin(form, partnerCookie)).headers.get("location")).toBe("/");
    expect((await user(partner.id))?.email).not.toBe("guard@example.com");
  });

  it("bad input: the field's message; an unknown partner 404; a field that is not a partner's refused", async () => {
    const bad = await onAdmin({ intent: "partner-update", id: String(partner.id), email: "broken" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      title: "Update failed",
      error: "Invalid email address",
      fieldErrors: { email: "Invalid email address" },
    });
    const blank = await onAdmin({ intent: "partner-update", id: String(partner.id), username: "" });
    expect((await blank.json()).fieldErrors).toEqual({ username: "Username is required" });
    const missing = await onAdmin({ intent: "partner-update", id: "999999", email: "a@example.com" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ title: "Update failed", error: "Partner not found" });
    const admin = await onAdmin({ intent: "partner-update", id: String(partner.id), isAdmin: "1" });
    expect(admin.status).toBe(400);
    expect((await user(partner.id))?.isAdmin).toBe(0);
  });

  it("saves the one field and redirects back with 'Partner updated'", async () => {
    const saved = await onAdmin({ intent: "partner-update", id: String(partner.id), email: "edited@example.com" });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/admin");
    expect(await flashedToast(saved)).toMatchObject({ title: "Partner updated", variant: "default" });
    expect((await user(partner.id))?.email).toBe("edited@example.com");
  });

  it("the fee in pounds is stored in pence; a blank fee or bank field clears it", async () => {
    await onAdmin({ intent: "partner-update", id: String(partner.id), monthlyFee: "12.34" });
    expect((await user(partner.id))?.monthlyFeePence).toBe(12_34);
    await onAdmin({ intent: "partner-update", id: String(partner.id), bankName: "Yorkshire Bank" });
    expect((await user(partner.id))?.bankName).toBe("Yorkshire Bank");
    await onAdmin({ intent: "partner-update", id: String(partner.id), bankName: " " });
    await onAdmin({ intent: "partner-update", id: String(partner.id), monthlyFee: "" });
    expect(await user(partner.id)).toMatchObject({ bankName: null, monthlyFeePence: null });
  });

  it("works the same from the partner's page, back to it", async () => {
    const saved = await onPartnerPage(partner.id, {
      intent: "partner-update",
      id: String(partner.id),
      name: "Renamed On Page",
    });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect((await user(partner.id))?.name).toBe("Renamed On Page");
  });
});

describe("POST /partners/{id} intent=partner-commission (the inline rate)", () => {
  let partner: { id: number };
  beforeAll(async () => {
    partner = await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1000 });
  });
  const rate = (commissionPercent: string, cookie?: string | null) =>
    onPartnerPage(partner.id, { intent: "partner-commission", id: String(partner.id), commissionPercent }, cookie);

  it("guards: anonymous to /auth, a partner home; the rate stays", async () => {
    expect((await rate("20", null)).headers.get("location")).toMatch(/^\/auth/);
    expect((await rate("20", partnerCookie)).headers.get("location")).toBe("/");
    expect((await user(partner.id))?.commissionBp).toBe(1000);
  });

  it("the spec's messages: 'Commission must be between 0 and 100', 'Invalid commission'", async () => {
    const high = await rate("150");
    expect(high.status).toBe(400);
    expect(await high.json()).toMatchObject({
      intent: "partner-commission",
      title: "Failed to update commission rate",
      error: "Commission must be between 0 and 100",
      fieldErrors: { commissionPercent: "Commission must be between 0 and 100" },
    });
    const blank = await rate("");
    expect(await blank.json()).toMatchObject({
      error: "Invalid commission",
      fieldErrors: { commissionPercent: "Invalid commission" },
    });
    expect((await user(partner.id))?.commissionBp).toBe(1000);
  });

  it("sets the entered percent (as basis points) and redirects back with the toast", async () => {
    const saved = await rate("12.5");
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect(await flashedToast(saved)).toMatchObject({
      title: "Partner updated",
      description: "Commission rate set to 12.5%.",
    });
    expect(await user(partner.id)).toMatchObject({ commissionBp: 1250, partnerType: "profit-sharing" });
  });
});

describe("intent=partner-delete (the admin's password, attempt-limited)", () => {
  // Wrong confirmations count per admin too: each test that makes them has its own admin.
  const freshAdmin = async () => loginCookie((await makeAdmin(db)).username);

  it("guards: anonymous to /auth, a partner home; the partner stays", async () => {
    const partner = await makePartner(db);
    const form = { intent: "partner-delete", id: String(partner.id), password: TEST_PASSWORD };
    expect((await onAdmin(form, null)).headers.get("location")).toMatch(/^\/auth/);
    expect((await onAdmin(form, partnerCookie)).headers.get("location")).toBe("/");
    expect(await user(partner.id)).toBeDefined();
  });

  it("no password is 400; a wrong one 403 'Incorrect password'; the partner stays", async () => {
    const partner = await makePartner(db);
    const none = await onAdmin({ intent: "partner-delete", id: String(partner.id), password: "" });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ title: "Deletion failed", error: "Password is required" });
    const wrong = await onAdmin(
      { intent: "partner-delete", id: String(partner.id), password: "not-my-password" },
      await freshAdmin(),
      "?index",
      "10.9.0.1",
    );
    expect(wrong.status).toBe(403);
    expect(await wrong.json()).toMatchObject({
      intent: "partner-delete",
      title: "Deletion failed",
      error: "Incorrect password",
    });
    expect(await user(partner.id)).toBeDefined();
  });

  it("five wrong confirmations from one address, then 429 with Retry-After even for the right password", async () => {
    const partner = await makePartner(db);
    const cookie = await freshAdmin();
    const remove = (password: string) =>
      onAdmin({ intent: "partner-delete", id: String(partner.id), password }, cookie, "?index", "10.9.1.1");
    for (let i = 0; i < 5; i++) expect((await remove(`wrong-${i}`)).status).toBe(403);
    const limited = await remove(TEST_PASSWORD);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({
      title: "Deletion failed",
      error: "Too many wrong password confirmations. Please wait and try again.",
    });
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(await user(partner.id)).toBeDefined();
  });

  it("the right password deletes and redirects back to /admin (its search kept) with the toast", async () => {
    const partner = await makePartner(db, { name: "Doomed On Admin" });
    const deleted = await onAdmin(
      { intent: "partner-delete", id: String(partner.id), password: TEST_PASSWORD },
      adminCookie,
      "?index&q=doomed",
      "10.9.2.1",
    );
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin?q=doomed");
    expect(await flashedToast(deleted)).toMatchObject({
      title: "Partner deleted",
      description: "Doomed On Admin and all their data were removed.",
    });
    expect(await user(partner.id)).toBeUndefined();
  });

  it("from the partner's own page it redirects to /admin", async () => {
    const partner = await makePartner(db, { name: "Doomed On Page" });
    const deleted = await onPartnerPage(partner.id, {
      intent: "partner-delete",
      id: String(partner.id),
      password: TEST_PASSWORD,
    });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe("/admin");
    expect(await flashedToast(deleted)).toMatchObject({
      title: "Partner deleted",
      description: "Doomed On Page and all their data were removed.",
    });
    expect(await user(partner.id)).toBeUndefined();
  });
});

describe("GET /admin?q= (the partner search, in the loader)", () => {
  it("keeps partners whose name or username contains the query, ignoring case, and the total", async () => {
    await makePartner(db, { name: "Searchable Quayside Kiosk" });
    const all = await call(adminLoader, "/admin", { cookie: adminCookie });
    const { total } = await all.json();
    const found = await call(adminLoader, "/admin?q=QUAYSIDE", { cookie: adminCookie });
    const body = await found.json();
    expect(body.q).toBe("QUAYSIDE");
    expect(body.total).toBe(total);
    expect(body.partners.map((p: { name: string }) => p.name)).toEqual(["Searchable Quayside Kiosk"]);
    const none = await call(adminLoader, "/admin?q=no-such-partner-anywhere", { cookie: adminCookie });
    expect((await none.json()).partners).toEqual([]);
  });

  it("is for admins only", async () => {
    expect((await call(adminLoader, "/admin?q=a", { cookie: partnerCookie })).headers.get("location")).toBe("/");
  });
});

describe("GET /admin?page= (24 partners to a page, cut on the server)", () => {
  const load = async (query: string) => (await call(adminLoader, `/admin${query}`, { cookie: adminCookie })).json();

  it("a search's pages: its count of every partner's, 24 cards, then the rest; past the end is the last page; stats stay whole", async () => {
    for (let n = 1; n <= 25; n++) await makePartner(db, { name: `Paged Route ${String(n).padStart(2, "0")}` });
    const first = await load("?q=paged+route");
    expect(first.partners).toHaveLength(24);
    expect(first.matching).toBe(25);
    expect(first.total).toBe(first.stats.totalPartners);
    expect(first.page).toEqual({ page: 1, size: 24, total: 25, pageCount: 2 });
    const second = await load("?q=paged+route&page=2");
    expect(second.partners.map((p: { name: string }) => p.name)).toEqual(["Paged Route 25"]);
    expect(second.page).toEqual({ page: 2, size: 24, total: 25, pageCount: 2 });
    expect((await load("?q=paged+route&page=40")).page.page).toBe(2);
    expect((await load("?q=paged+route&page=nonsense")).page.page).toBe(1);
  });

  it("answers only the page: no partner's invoices, no other page's cards", async () => {
    const all = await load("");
    expect(all.partners.length).toBeLessThanOrEqual(24);
    expect(all.matching).toBe(all.total);
    for (const partner of all.partners) {
      expect(partner).not.toHaveProperty("feePayments");
      expect(Object.keys(partner)).toEqual(
        expect.arrayContaining([
          "machineCount",
          "totalRevenuePence",
          "totalNetProfitPence",
          "paymentStatus",
          "invoicePeriod",
        ]),
      );
    }
  });
});
