/**
 * GET/POST /api/import-profiles and GET/DELETE /api/import-profiles/{name}: admins only (401, 403),
 * a bad definition 400 naming its problem, a name saved again its next version, creating and deleting
 * audited; and the machine upload's `profile` field.
 */
import * as XLSX from "xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { action as createAction, loader as listLoader } from "#app/routes/api.import-profiles.ts";
import { action as deleteAction, loader as showLoader } from "#app/routes/api.import-profiles.$name.ts";
import { action as previewAction } from "#app/routes/api.machines.$id.records.preview.ts";
import { db } from "#app/utils/db.server.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";
import { BASE, call } from "./http.ts";
import { loginCookie } from "./session.ts";

const HEADERS = ["Device", "Txn", "Machine Authorization Time", "Product Selection Info", "Amount", "Unit Cost"];
const definition = {
  name: "Cantaloupe Seed",
  headerRow: 2,
  headers: HEADERS,
  columns: {
    machineName: "Device",
    transactionId: "Txn",
    date: "Machine Authorization Time",
    productName: "Product Selection Info",
    settlementValue: "Amount",
    machinePrice: "Amount",
    costPrice: "Unit Cost",
  },
  dateOrder: "dmy",
  timeZone: "UTC",
};

let adminCookie: string;
let adminId: number;
let partnerCookie: string;
let machineId: number;

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  const partner = await makePartner(db);
  partnerCookie = await loginCookie(partner.username);
  machineId = (await makeMachine(db, partner.id, "Profile Kiosk")).id;
});

const post = (json: unknown, cookie: string | null = adminCookie) =>
  call(createAction, "/api/import-profiles", { json, cookie });
const named = (fn: typeof showLoader, name: string, cookie: string | null = adminCookie, method = "GET") =>
  call(fn, `/api/import-profiles/${encodeURIComponent(name)}`, { cookie, method, params: { name } });

describe("/api/import-profiles", () => {
  it("401 without a session, 403 for a partner, on every verb", async () => {
    for (const [cookie, status] of [
      [null, 401],
      [partnerCookie, 403],
    ] as const) {
      expect((await call(listLoader, "/api/import-profiles", { cookie })).status).toBe(status);
      expect((await post(definition, cookie)).status).toBe(status);
      expect((await named(showLoader, "Cantaloupe Seed", cookie)).status).toBe(status);
      expect((await named(deleteAction, "Cantaloupe Seed", cookie, "DELETE")).status).toBe(status);
    }
    expect(await db.selectFrom("importProfiles").selectAll().execute()).toEqual([]);
  });

  it("400 naming the problem: a column that is not a header, a bad time zone", async () => {
    const answers = await Promise.all([
      post({ ...definition, columns: { ...definition.columns, productName: "Product Name" } }),
      post({ ...definition, timeZone: "Europe/Paris" }),
      post({ ...definition, name: " " }),
    ]);
    expect(answers.map((a) => a.status)).toEqual([400, 400, 400]);
    expect(await Promise.all(answers.map(async (a) => (await a.json()).message))).toEqual([
      'Product name: "Product Name" is not one of the file\'s headers',
      "The time zone is UTC or Europe/London",
      "Name the profile",
    ]);
  });

  it("saves a profile (201), lists and shows it; saved again it is version 2; both audited", async () => {
    const created = await post(definition);
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: "Cantaloupe Seed", version: 1, headerRow: 2 });
    const again = await post({ ...definition, name: "cantaloupe seed", dateOrder: "mdy" });
    expect(await again.json()).toMatchObject({ name: "cantaloupe seed", version: 2, dateOrder: "mdy" });
    const list = await (await call(listLoader, "/api/import-profiles", { cookie: adminCookie })).json();
    expect(list.map((p: { name: string; version: number }) => [p.name, p.version])).toEqual([["cantaloupe seed", 2]]);
    const shown = await named(showLoader, " CANTALOUPE SEED ");
    expect(await shown.json()).toMatchObject({ version: 2, columns: definition.columns, saleStatuses: [] });
    expect((await named(showLoader, "Vendon")).status).toBe(404);
    const audit = await db
      .selectFrom("auditLog")
      .select(["actorId", "action", "entity", "entityId", "after"])
      .where("entity", "=", "import_profile")
      .orderBy("id")
      .execute();
    expect(audit.map((a) => [a.actorId, a.action, a.entityId, JSON.parse(a.after!)])).toEqual([
      [adminId, "import_profile_create", "Cantaloupe Seed", { name: "Cantaloupe Seed", version: 1 }],
      [adminId, "import_profile_create", "cantaloupe seed", { name: "cantaloupe seed", version: 2, replaces: 1 }],
    ]);
  });

  it("the machine upload's preview: a file recognised by its headers or read with the profile named; an unknown name 400", async () => {
    // Headers match version 2 (month/day): the preview names that profile when asked for it.
    const rows = [
      ["Profile Kiosk export"],
      HEADERS,
      ["Profile Kiosk", 9001, "10/02/2026 10:00", "Twix", 1.1, 0.43],
      ["Profile Kiosk", 9002, "10/03/2026 11:00", "Mars", 1.25, 0.5],
    ];
    const book = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
    const bytes = new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }));
    const preview = (profile?: string) => {
      const form = new FormData();
      form.set("month", "2026-10");
      form.set("reportFile", new File([bytes], "cantaloupe.xlsx"));
      if (profile) form.set("profile", profile);
      const request = new Request(`${BASE}/api/machines/${machineId}/records/preview`, {
        method: "POST",
        body: form,
        headers: { cookie: adminCookie },
      });
      return previewAction({ request, params: { id: String(machineId) }, context: {} });
    };
    // Recognised by its headers: the one saved profile reads it.
    const recognised = await (await preview()).json();
    expect(recognised).toMatchObject({ profile: { name: "cantaloupe seed", version: 2 }, units: 2, revenuePence: 235 });
    const asked = await (await preview("Cantaloupe Seed")).json();
    expect(asked).toMatchObject({ profile: { name: "cantaloupe seed", version: 2 }, imported: 2, cogsPence: 93 });
    const unknown = await preview("Vendon");
    expect(unknown.status).toBe(400);
    expect((await unknown.json()).message).toBe('No import profile is named "Vendon"');
  });

  it("DELETE removes the profile from the list (audited); its name then answers 404", async () => {
    const deleted = await named(deleteAction, "Cantaloupe Seed", adminCookie, "DELETE");
    expect(deleted.status).toBe(200);
    expect((await deleted.json()).deleted).toMatchObject({ name: "cantaloupe seed", version: 2 });
    expect(await (await call(listLoader, "/api/import-profiles", { cookie: adminCookie })).json()).toEqual([]);
    expect((await named(deleteAction, "Cantaloupe Seed", adminCookie, "DELETE")).status).toBe(404);
    const last = await db
      .selectFrom("auditLog")
      .select(["action", "before"])
      .where("entity", "=", "import_profile")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    expect([last.action, JSON.parse(last.before!)]).toEqual([
      "import_profile_delete",
      { name: "cantaloupe seed", version: 2 },
    ]);
    // Saved again after the delete, the name's versions count on.
    expect(await (await post(definition)).json()).toMatchObject({ version: 3 });
  });
});
