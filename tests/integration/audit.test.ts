/**
 * The audit trail: what partner, user and machine changes write (partner, month,
 * before and after, never a password hash, a rate change as its own entry); listAudit's filters,
 * pages and order; and the same trail through GET /api/audit, the /admin/audit loader and
 * `vendboard audit`, with every guard.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader as apiAudit } from "#app/routes/api.audit.ts";
import { loader as auditPage } from "#app/routes/admin.audit.tsx";
import { db } from "#app/utils/db.server.ts";
import { audit } from "#domain/shared/audit-writer.ts";
import { auditPartnerOptions, listAudit, type AuditPage } from "#domain/audit/audit-service.ts";
import { auditFilterSchema, type AuditFilterInput } from "#domain/audit/audit-schemas.ts";
import { createMachine, updateMachine } from "#domain/machines/machine-service.ts";
import { newMachineSchema, machineUpdateSchema } from "#domain/machines/machine-schemas.ts";
import { partnerUpdateSchema } from "#domain/partners/partner-schemas.ts";
import { deletePartner, updatePartner } from "#domain/partners/partner-service.ts";
import { makeAdmin, makePartner, TEST_PASSWORD } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { cliDatabase, runCli } from "./cli-run.ts";

const list = (input: AuditFilterInput) => listAudit(db, auditFilterSchema.parse(input));

let admin: { id: number; username: string; name: string | null };
let adminCookie: string;
let partnerCookie: string;
/* Harbour: rate 10% → 12.5% in November 2026, a new email and password, a machine added and made inactive. */
let harbour: { id: number; username: string };
let machineId: number;
/* Moorland: deleted after a change, so only the trail still knows it. */
let moorland: { id: number };
/* Entries written with fixed times for the date filter, about a partner id no user has. */
const HISTORIC_PARTNER = 900_001;

beforeAll(async () => {
  const a = await makeAdmin(db, { name: "Ada Admin" });
  admin = a;
  adminCookie = await loginCookie(a.username);

  harbour = await makePartner(db, { name: "Harbour Vending Co", commissionBp: 1000 });
  partnerCookie = await loginCookie((await makePartner(db, { name: "Someone Else" })).username);
  machineId = (
    await createMachine(db, newMachineSchema.parse({ partnerId: harbour.id, location: "Quay Kiosk" }), admin.id)
  ).id;
  await updateMachine(db, machineId, machineUpdateSchema.parse({ status: "inactive" }), admin.id);
  await updatePartner(
    db,
    harbour.id,
    partnerUpdateSchema.parse({ commissionPercentage: "0.125", email: "money@harbour.example" }),
    admin.id,
    new Date("2026-11-23T10:00:00Z"),
  );
  await updatePartner(db, harbour.id, partnerUpdateSchema.parse({ password: "another-password-9" }), admin.id);

  moorland = await makePartner(db, { name: "Moorland Snacks" });
  await updatePartner(db, moorland.id, partnerUpdateSchema.parse({ name: "Moorland Snacks Ltd" }), admin.id);
  await deletePartner(db, moorland.id, admin, TEST_PASSWORD);

  for (const [at, month] of [
    ["2026-10-30T12:00:00.000Z", "2026-09"],
    ["2026-10-31T23:59:59.999Z", "2026-10"],
    ["2026-11-01T00:00:00.000Z", "2026-10"],
    ["2026-11-02T08:30:00.000Z", "2026-11"],
  ] as const) {
    await db
      .insertInto("auditLog")
      .values({
        at,
        actorId: null,
        action: "commission_reset",
        entity: "commission_payment",
        entityId: null,
        partnerId: HISTORIC_PARTNER,
        month,
        details: JSON.stringify({ reset: 0 }),
      })
      .execute();
  }
});

const actions = (page: AuditPage) => page.entries.map((e) => e.action);

describe("What changes write to the trail", () => {
  it("a rate change is its own entry, for the partner and the month it takes effect, with the rates before and after", async () => {
    const { entries } = await list({ partnerId: harbour.id, month: "2026-11" });
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      action: "rate_change",
      actorId: admin.id,
      actor: "Ada Admin",
      partner: { id: harbour.id, name: "Harbour Vending Co", exists: true },
      month: "2026-11",
      before: { rateBp: 1000 },
      after: { rateBp: 1250 },
      description: "Changed commission rate 10% → 12.5% from November 2026",
    });
  });

  it("a partner update keeps the changed fields' values before and after, and never the password hash", async () => {
    const updates = (await list({ partnerId: harbour.id })).entries.filter(
      (e) => e.action === "update" && e.entity === "user",
    );
    expect(updates.map((e) => [e.before, e.after, e.details])).toEqual([
      [{}, {}, { changed: ["password"] }],
      [
        { email: "pat@example.com", commissionBp: 1000 },
        { email: "money@harbour.example", commissionBp: 1250 },
        { changed: ["email", "commissionBp"] },
      ],
    ]);
    expect(updates.map((e) => e.description)).toEqual([
      "Changed password",
      "Updated partner details: email, commission rate",
    ]);
    const stored = await db
      .selectFrom("auditLog")
      .select(["before", "after", "details"])
      .where("partnerId", "=", harbour.id)
      .execute();
    expect(JSON.stringify(stored)).not.toMatch(/scrypt|passwordHash|another-password/);
  });

  it("creating a partner and a machine, and making the machine inactive, name the partner and the values", async () => {
    const entries = (await list({ partnerId: harbour.id })).entries;
    const created = entries.find((e) => e.action === "create" && e.entity === "user");
    expect(created?.after).toMatchObject({
      name: "Harbour Vending Co",
      partnerType: "profit-sharing",
      commissionBp: 1000,
    });
    expect(created?.description).toBe("Added partner Harbour Vending Co");
    expect(entries.filter((e) => e.entity === "machine").map((e) => [e.description, e.before, e.after])).toEqual([
      ["Made machine Quay Kiosk inactive", { status: "active" }, { status: "inactive" }],
      ["Added machine Quay Kiosk", null, { location: "Quay Kiosk", imageUrl: null, status: "active" }],
    ]);
  });

  it("a deleted partner's entries keep its id and the name it had", async () => {
    const { entries } = await list({ partnerId: moorland.id });
    expect(entries.map((e) => e.description)).toEqual([
      "Deleted partner Moorland Snacks Ltd",
      "Updated partner details: name",
      "Added partner Moorland Snacks",
    ]);
    for (const e of entries) expect(e.partner).toEqual({ id: moorland.id, name: "Moorland Snacks Ltd", exists: false });
    expect(entries[0].before).toMatchObject({ name: "Moorland Snacks Ltd", partnerType: "profit-sharing" });
    const options = await auditPartnerOptions(db);
    expect(options).toContainEqual({ id: moorland.id, name: "Moorland Snacks Ltd", exists: false });
    expect(options).toContainEqual({ id: harbour.id, name: "Harbour Vending Co", exists: true });
    expect(options.map((o) => o.id)).not.toContain(admin.id);
  });
});

describe("listAudit: filters, order and pages", () => {
  it("by date of change: on or after the day, UTC, inclusive", async () => {
    const since = await list({ partnerId: HISTORIC_PARTNER, since: "2026-11-01" });
    expect(since.entries.map((e) => e.at)).toEqual(["2026-11-02T08:30:00.000Z", "2026-11-01T00:00:00.000Z"]);
    expect((await list({ partnerId: HISTORIC_PARTNER, since: "2026-10-31" })).total).toBe(3);
    expect((await list({ partnerId: HISTORIC_PARTNER, since: "2026-11-03" })).total).toBe(0);
  });

  it("by the business month the change affects, combined with the others", async () => {
    expect((await list({ partnerId: HISTORIC_PARTNER, month: "2026-10" })).entries.map((e) => e.at)).toEqual([
      "2026-11-01T00:00:00.000Z",
      "2026-10-31T23:59:59.999Z",
    ]);
    expect((await list({ partnerId: HISTORIC_PARTNER, month: "2026-10", since: "2026-11-01" })).total).toBe(1);
  });

  it("newest first, a page at a time, with the total", async () => {
    const all = await list({ pageSize: 500 });
    const ids = all.entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(all.total).toBe(ids.length);
    const first = await list({ pageSize: 3 });
    const second = await list({ pageSize: 3, page: 2 });
    expect(first).toMatchObject({ total: all.total, page: 1, pageSize: 3 });
    expect([...first.entries, ...second.entries].map((e) => e.id)).toEqual(ids.slice(0, 6));
    expect((await list({ pageSize: 3, page: 1000 })).entries).toEqual([]);
  });

  it("an entry with no actor was made by the system; one about no partner has none", async () => {
    await audit(db, {
      actorId: null,
      action: "check_due",
      entity: "fee_payment",
      entityId: "2026-11-22",
      details: { markedOverdue: 0, invoicesRaised: 0 },
    });
    const [latest] = (await list({ pageSize: 1 })).entries;
    expect(latest).toMatchObject({
      actor: "System",
      actorId: null,
      partner: null,
      month: null,
      description: "Ran the due check: 0 marked overdue, 0 invoices raised",
    });
    expect(actions(await list({ partnerId: HISTORIC_PARTNER }))).toEqual([
      "commission_reset",
      "commission_reset",
      "commission_reset",
      "commission_reset",
    ]);
  });
});

describe("GET /api/audit", () => {
  it("401 anonymous, 403 for a partner", async () => {
    const anonymous = await call(apiAudit, "/api/audit");
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Not authenticated" });
    const partner = await call(apiAudit, "/api/audit", { cookie: partnerCookie });
    expect(partner.status).toBe(403);
    expect(await partner.json()).toEqual({ message: "Forbidden" });
  });

  it.each([
    ["month=2026-13", "Month must be YYYY-MM"],
    ["since=23/11/2026", "Since must be a date as YYYY-MM-DD"],
    ["partnerId=harbour", "Partner must be a partner id (a positive whole number)"],
    ["page=0", "Page must be a positive whole number"],
  ])("400 for a bad filter: %s", async (query, message) => {
    const response = await call(apiAudit, `/api/audit?${query}`, { cookie: adminCookie });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
  });

  it("answers {entries, total, page, pageSize} for the filters", async () => {
    const response = await call(
      apiAudit,
      `/api/audit?partnerId=${HISTORIC_PARTNER}&month=2026-10&since=2026-10-01&page=1`,
      { cookie: adminCookie },
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["entries", "page", "pageSize", "total"]);
    expect(body).toMatchObject({ total: 2, page: 1, pageSize: 25 });
    expect(body.entries[0]).toEqual({
      id: expect.any(Number),
      at: "2026-11-01T00:00:00.000Z",
      actorId: null,
      actor: "System",
      action: "commission_reset",
      entity: "commission_payment",
      entityId: null,
      partner: { id: HISTORIC_PARTNER, name: null, exists: false },
      month: "2026-10",
      before: null,
      after: null,
      details: { reset: 0 },
      description: "Reset month (no payment to reset)",
    });
  });
});

describe("/admin/audit loader", () => {
  it("sends anonymous visitors to /auth and partners to /", async () => {
    const anonymous = await call(auditPage, "/admin/audit");
    expect([anonymous.status, anonymous.headers.get("location")]).toEqual([302, "/auth"]);
    const partner = await call(auditPage, "/admin/audit", { cookie: partnerCookie });
    expect([partner.status, partner.headers.get("location")]).toEqual([302, "/"]);
  });

  it("reads the filters and the page from the URL", async () => {
    const response = await call(
      auditPage,
      `/admin/audit?partnerId=${harbour.id}&month=2026-11&since=2026-01-01&page=1`,
      { cookie: adminCookie },
    );
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.form).toEqual({ partnerId: String(harbour.id), month: "2026-11", since: "2026-01-01" });
    expect(body.filter).toEqual({
      partnerId: harbour.id,
      month: "2026-11",
      since: "2026-01-01",
      page: 1,
      pageSize: 25,
    });
    expect(body.error).toBeNull();
    expect(body.result.total).toBe(1);
    expect(body.result.entries[0].description).toBe("Changed commission rate 10% → 12.5% from November 2026");
    expect(body.partners).toContainEqual({ id: harbour.id, name: "Harbour Vending Co", exists: true });
  });

  it("a bad filter answers 400 with its message and keeps what was typed", async () => {
    const response = await call(auditPage, "/admin/audit?month=2026-13&partnerId=", { cookie: adminCookie });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({
      error: "Month must be YYYY-MM",
      result: null,
      form: { partnerId: "", month: "2026-13", since: "" },
    });
  });
});

describe("vendboard audit", () => {
  const vendboard = (args: string[]) =>
    runCli(["audit", ...args], { env: { DATABASE_PATH: process.env.DATABASE_PATH } });

  it("prints the filtered trail as a table, newest first, and the count on stderr", async () => {
    const { code, out, err } = await vendboard(["--partner", String(harbour.id), "--month", "2026-11"]);
    expect(code).toBe(0);
    expect(out).toContain("Changed commission rate 10% →");
    expect(out).toMatch(
      /│ Ada Admin +│ Changed commission rate 10% → 12\.5% +│ Harbour Vending +│ 2026-11 +│ rate: 10% → 12\.5% +│/,
    );
    expect(err).toBe("1 of 1 entry, newest first.\n");
  });

  it("--json prints only { database, entries, total, page, pageSize }, --limit caps the entries", async () => {
    const { code, out, err } = await vendboard([
      "--partner",
      String(HISTORIC_PARTNER),
      "--since",
      "2026-10-31",
      "--limit",
      "2",
      "--json",
    ]);
    expect(code).toBe(0);
    expect(err).toBe("");
    const body = JSON.parse(out);
    expect(Object.keys(body).sort()).toEqual(["database", "entries", "page", "pageSize", "total"]);
    expect(body).toMatchObject({ database: cliDatabase(), total: 3, page: 1, pageSize: 2 });
    expect(body.entries.map((e: { at: string }) => e.at)).toEqual([
      "2026-11-02T08:30:00.000Z",
      "2026-11-01T00:00:00.000Z",
    ]);
    const table = await vendboard(["--partner", String(HISTORIC_PARTNER), "--limit", "1"]);
    expect(table.err).toBe("1 of 4 entries, newest first (--limit 1; more with a higher --limit).\n");
  });

  it("says so when nothing matches", async () => {
    const { code, out } = await vendboard(["--partner", "999999"]);
    expect([code, out]).toEqual([0, "No audit entries found\n"]);
  });

  it.each([
    [["--month", "2026-13"], "error: --month: Month must be YYYY-MM\n"],
    [["--since", "yesterday"], "error: --since: Since must be a date as YYYY-MM-DD\n"],
    [["--partner", "abc"], "error: --partner: Partner must be a partner id (a positive whole number)\n"],
    [["--limit", "0"], "error: --limit: Page size must be a whole number from 1 to 500\n"],
  ])("a bad flag is a usage error (exit 2): %j", async (args, message) => {
    const { code, out, err } = await vendboard(args);
    expect([code, out, err]).toEqual([2, "", message]);
  });
});
