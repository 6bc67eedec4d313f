/**
 * Map columns on the page: a file with unknown headers is refused by /admin/import with the spec's
 * words and kept, /admin/import/profile shows its first rows and a first guess, refuses a bad answer
 * with a message per field, saves a good one (audited) and sends the admin back to a preview of the
 * file through it; a second file of the layout is then recognised by its headers alone.
 */
import * as XLSX from "xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { action as importAction, loader as importLoader } from "#app/routes/admin.import.tsx";
import { action, loader } from "#app/routes/admin.import_.profile.tsx";
import { db } from "#app/utils/db.server.ts";
import type { ImportActionData } from "#app/utils/import.server.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";
import { BASE, call } from "./http.ts";
import { loginCookie } from "./session.ts";

let adminCookie: string;
let partnerCookie: string;
const HEADERS = [
  "Device",
  "Txn",
  "Machine Authorization Time",
  "Product Selection Info",
  "Amount",
  "Vend Price",
  "Unit Cost",
  "Status",
];

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  const partner = await makePartner(db);
  partnerCookie = await loginCookie(partner.username);
  await makeMachine(db, partner.id, "Seed Kiosk");
});

/** A Cantaloupe-like export: a title and notes above the headers on row 4; amounts in pounds. */
function workbook(first: number, rows: [number, string, number, number, string][]): Uint8Array {
  const sheet = [
    ["Cantaloupe Seed transactions"],
    ["Generated 2026-11-02"],
    ["Operator: Harbour Vending"],
    HEADERS,
    ...rows.map(([day, product, price, cost, status], i) => [
      "Seed Kiosk",
      String(first + i),
      `2026-10-${String(day).padStart(2, "0")} 12:00:00`,
      product,
      price,
      price,
      cost,
      status,
    ]),
  ];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(sheet), "Sheet1");
  return new Uint8Array(XLSX.write(book, { type: "array", bookType: "xlsx" }));
}

async function postImport(fields: Record<string, string>, files: [string, Uint8Array][] = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  for (const [name, bytes] of files) form.append("files", new File([bytes as Uint8Array<ArrayBuffer>], name));
  const request = new Request(`${BASE}/admin/import`, { method: "POST", body: form, headers: { cookie: adminCookie } });
  return importAction({ request, params: {}, context: {} });
}

const FIRST = workbook(5001, [
  [3, "Twix", 1.1, 0.43, "Success"],
  [4, "Mars", 1.25, 0.47, "Declined"],
  [5, "Mars", 1.25, 0.47, "Success"],
]);
let key = "";
const page = (search: string, cookie: string | null = adminCookie) =>
  call(loader, `/admin/import/profile?${search}`, { cookie });
const answer: Record<string, string> = {
  file: "",
  fileName: "seed-october.xlsx",
  name: "Cantaloupe Seed",
  headerRow: "4",
  "col:machineName": "Device",
  "col:transactionId": "Txn",
  "col:date": "Machine Authorization Time",
  "col:productName": "Product Selection Info",
  "col:settlementValue": "Amount",
  "col:machinePrice": "Vend Price",
  "col:costPrice": "Unit Cost",
  "col:quantity": "",
  "col:refundAmount": "",
  "col:status": "Status",
  dateOrder: "dmy",
  timeZone: "Europe/London",
  saleStatuses: "Success",
};
const save = (fields: Record<string, string>, cookie: string | null = adminCookie) =>
  call(action, "/admin/import/profile", { form: fields, cookie });

describe("Map columns", () => {
  it("refuses the unknown layout with the spec's words and keeps the file", async () => {
    const result = await postImport({ intent: "preview" }, [["seed-october.xlsx", FIRST]]);
    const [outcome] = result.outcomes;
    expect(outcome).toMatchObject({ ok: false, needsProfile: true });
    expect(!outcome.ok && outcome.error).toMatch(/^Missing required headers: /);
    key = result.stored["seed-october.xlsx"];
    expect(key).toMatch(/^uploads\/[0-9a-f]{64}\.xlsx$/);
    answer.file = key;
  });

  it("is for administrators only", async () => {
    const search = new URLSearchParams({ file: key, name: "seed-october.xlsx" }).toString();
    expect((await page(search, null)).headers.get("location")).toMatch(/^\/auth/);
    expect((await page(search, partnerCookie)).headers.get("location")).toBe("/");
    expect((await save(answer, null)).headers.get("location")).toMatch(/^\/auth/);
    expect((await save(answer, partnerCookie)).headers.get("location")).toBe("/");
  });

  it("shows the first rows, finds the header row and guesses every column", async () => {
    const response = await page(new URLSearchParams({ file: key, name: "seed-october.xlsx" }).toString());
    expect(response.status).toBe(200);
    const { page: shown } = await response.json();
    expect(shown.headerRow).toBe(4);
    expect(shown.headers).toEqual(HEADERS);
    expect(shown.rows).toHaveLength(7);
    expect(shown.rows[3]).toEqual(HEADERS);
    expect(shown.statusValues).toEqual(["Success", "Declined"]);
    const { name: _, file: __, fileName: ___, ...guessed } = answer;
    expect(shown.defaults).toEqual({ ...guessed, name: "" });
    // Another header row offers that row's cells.
    const other = await (await page(new URLSearchParams({ file: key, name: "x.xlsx", row: "1" }).toString())).json();
    expect(other.page.headers).toEqual(["Cantaloupe Seed transactions"]);
  });

  it("says why it cannot show a file it does not keep", async () => {
    expect((await page("file=nope&name=a.xlsx")).status).toBe(400);
    const missing = await page(
      new URLSearchParams({ file: `uploads/${"0".repeat(64)}.xlsx`, name: "a.xlsx" }).toString(),
    );
    expect(missing.status).toBe(404);
    expect((await missing.json()).error).toBe("a.xlsx: The file is no longer kept: choose it again");
  });

  it("refuses a bad answer with a message under each field, saving nothing", async () => {
    const response = await save({
      ...answer,
      name: " ",
      "col:date": "",
      "col:costPrice": "",
      saleStatuses: "",
      timeZone: "Mars/Base",
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.fieldErrors).toEqual({
      name: "Name the profile",
      "col:date": "Each column is a header of the file",
      timeZone: "The time zone is UTC or Europe/London",
    });
    expect(body.values.timeZone).toBe("Mars/Base");
    // The checks against the file's headers follow once the rest is answered.
    const second = await (await save({ ...answer, "col:machinePrice": "Nope", saleStatuses: "" })).json();
    expect(second.fieldErrors).toEqual({
      "col:machinePrice": 'Machine price: "Nope" is not one of the file\'s headers',
      saleStatuses: "Say which status values count as a sale",
    });
    const rows = await db.selectFrom("importProfiles").select("id").execute();
    expect(rows).toHaveLength(0);
  });

  it("saves a good answer (audited) and previews the file through it", async () => {
    const response = await save(answer);
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toBe(
      `/admin/import?${new URLSearchParams({ stored: key, name: "seed-october.xlsx", profile: "Cantaloupe Seed" })}`,
    );
    const audit = await db
      .selectFrom("auditLog")
      .select(["action", "entityId"])
      .where("action", "=", "import_profile_create")
      .execute();
    expect(audit).toEqual([{ action: "import_profile_create", entityId: "Cantaloupe Seed" }]);

    const { preview } = (await (await call(importLoader, location, { cookie: adminCookie })).json()) as {
      preview: ImportActionData;
    };
    const [outcome] = preview.outcomes;
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.result.profile).toEqual({ name: "Cantaloupe Seed", version: 1 });
    expect(outcome.result.groups.map((g) => [g.location, g.month, g.units, g.revenuePence, g.imported])).toEqual([
      ["Seed Kiosk", "2026-10", 2, 235, 2],
    ]);
    expect(preview.stored).toEqual({ "seed-october.xlsx": key });

    // Import from the kept file, as the page's form sends it without a new upload.
    const imported = await postImport({ intent: "import", [`stored:seed-october.xlsx`]: key });
    expect(imported.error).toBeNull();
    expect(imported.newRows).toBe(2);
    expect(imported.stored).toEqual({});
  });

  it("recognises a second file of the layout by its headers alone", async () => {
    const second = workbook(6001, [
      [9, "Twix", 1.1, 0.43, "Success"],
      [10, "Twix", 1.1, 0.43, "Success"],
    ]);
    const result = await postImport({ intent: "preview" }, [["seed-november.xlsx", second]]);
    const [outcome] = result.outcomes;
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.result.profile).toEqual({ name: "Cantaloupe Seed", version: 1 });
    expect(outcome.result.groups.map((g) => [g.units, g.revenuePence])).toEqual([[2, 220]]);
  });

  it("asks which profile reads a file several match, and reads it with the one chosen", async () => {
    await save({ ...answer, name: "Seed Everything", saleStatuses: "Success, Declined" });
    const second = workbook(7001, [
      [10, "Mars", 1.25, 0.47, "Declined"],
      [11, "Twix", 1.1, 0.43, "Success"],
    ]);
    const asked = await postImport({ intent: "preview" }, [["seed-late.xlsx", second]]);
    expect(asked.outcomes[0]).toMatchObject({ ok: false, profiles: ["Cantaloupe Seed", "Seed Everything"] });
    const chosen = await postImport({
      intent: "preview",
      "profile:seed-late.xlsx": "Seed Everything",
      "stored:seed-late.xlsx": asked.stored["seed-late.xlsx"],
    });
    const [outcome] = chosen.outcomes;
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.result.profile).toEqual({ name: "Seed Everything", version: 1 });
    expect(outcome.result.groups.map((g) => [g.units, g.revenuePence])).toEqual([[2, 235]]);
  });
  it("saves a layout with no cost column, (none) for the cost: its sales wait for the product cost list", async () => {
    const response = await save({ ...answer, name: "Seed No Cost", "col:costPrice": "" });
    expect(response.status).toBe(302);
    const saved = await db
      .selectFrom("importProfiles")
      .select("definition")
      .where("nameKey", "=", "seed no cost")
      .executeTakeFirstOrThrow();
    expect(JSON.parse(saved.definition).columns.costPrice).toBeNull();
    const previewed = await postImport({
      intent: "preview",
      "profile:seed-october.xlsx": "Seed No Cost",
      "stored:seed-october.xlsx": key,
    });
    const [outcome] = previewed.outcomes;
    if (!outcome.ok) throw new Error(outcome.error);
    // No product has a cost on the list here: each sale is left out, its revenue named, needing confirmation.
    expect(outcome.result.leftOut.filter((l) => l.kind === "cost")).toEqual([
      {
        kind: "cost",
        reason: "with no cost price (none in the file or the product cost list)",
        count: 2,
        revenuePence: 235,
        needsConfirmation: true,
      },
    ]);
  });
});
