/**
 * The machine cards' forms post to /partners/{id}'s own action (machineIntents): Add, Edit, the
 * status switch and Delete of a machine, Add Monthly Record's Preview and Save (a multipart form
 * with the export) and a record's Delete. The same domain calls as POST /api/machines,
 * PATCH/DELETE /api/machines/{id}, POST /api/machines/{id}/records(/preview) and
 * DELETE /api/records/{id}, answered as a redirect back with a toast, a failure the dialog shows, a
 * preview (nothing saved), or (a deletion not confirmed in its dialog) the question first. Also the
 * dialogs' reads (/resources/machines/{id}/records|popular) and the partner page's upload limit.
 */
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader as pageLoader } from "#app/routes/partners.$partnerId.tsx";
import { loader as dialogLoader } from "#app/routes/resources.machines.$id.$view.ts";
import { db } from "#app/utils/db.server.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { BODY_LIMIT, MULTIPART_SLACK, bodyLimitFor } from "../../server/body-limit.js";
import { BASE, call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";

const ORIGIN = "http://localhost:3000";
const FIXTURES = path.resolve(import.meta.dirname, "../../fixtures");
const fixture = (name: string) => ({ name, bytes: new Uint8Array(fs.readFileSync(path.join(FIXTURES, name))) });

let adminCookie: string;
let partnerCookie: string;
let otherCookie: string;
let partner: { id: number; username: string };

const post = (form: Record<string, string>, cookie: string | null = adminCookie, id = partner.id) =>
  call(action, `/partners/${id}`, { form, cookie, origin: ORIGIN, params: { partnerId: String(id) } });

/** A multipart post, as the Add Monthly Record dialog's fetchers send it. */
async function upload(
  fields: Record<string, string>,
  file: { name: string; bytes: Uint8Array<ArrayBuffer> } | null,
  cookie: string | null = adminCookie,
): Promise<Response> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) form.set("reportFile", new File([file.bytes], file.name));
  const headers: Record<string, string> = { origin: ORIGIN };
  if (cookie) headers.cookie = cookie;
  const request = new Request(`${BASE}/partners/${partner.id}`, { method: "POST", body: form, headers });
  try {
    const result = await action({
      request,
      params: { partnerId: String(partner.id) },
      context: { clientAddress: "127.0.0.1" },
    });
    if (result instanceof Response) return result;
    const { data, init } = result as unknown as { data: unknown; init?: ResponseInit };
    return Response.json(data ?? null, init ?? undefined);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const machineRow = (id: number) =>
  db
    .selectFrom("machines")
    .select(["location", "imageUrl", "status", "partnerId"])
    .where("id", "=", id)
    .executeTakeFirst();

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  partner = await makePartner(db, { name: "Machine Page Partner", partnerType: "profit-sharing", commissionBp: 1000 });
  partnerCookie = await loginCookie(partner.username);
  otherCookie = await loginCookie((await makePartner(db)).username);
});

describe("POST /partners/{id} intent=machine-create", () => {
  it("sends the anonymous to /auth and a partner home; nothing is added", async () => {
    const anonymous = await post(
      { intent: "machine-create", partnerId: String(partner.id), location: "Nope Kiosk" },
      null,
    );
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
    const asPartner = await post(
      { intent: "machine-create", partnerId: String(partner.id), location: "Nope Kiosk" },
      partnerCookie,
    );
    expect(asPartner.status).toBe(302);
    expect(asPartner.headers.get("location")).toBe("/");
    expect(await db.selectFrom("machines").select("id").where("location", "=", "Nope Kiosk").execute()).toEqual([]);
  });

  it("bad input answers 400 with the dialog's title and the field's message", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ location: "  " }, "location", "Location is required"],
      [{ location: "Kiosk", imageUrl: "not a url" }, "imageUrl", "Image URL must be a web address"],
      [
        { location: "Kiosk", imageUrl: "http://example.com/m.png" },
        "imageUrl",
        "Image URL must be an https:// address",
      ],
      [{ location: "Kiosk", status: "broken" }, "status", "Status must be active or inactive"],
    ];
    for (const [fields, field, message] of cases) {
      const bad = await post({ intent: "machine-create", partnerId: String(partner.id), ...fields });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({
        intent: "machine-create",
        title: "Failed to add machine",
        error: message,
        fieldErrors: { [field]: message },
      });
    }
    const unknownPartner = await post({ intent: "machine-create", partnerId: "999999", location: "Kiosk" });
    expect(unknownPartner.status).toBe(404);
    expect(await unknownPartner.json()).toMatchObject({ title: "Failed to add machine", error: "Partner not found" });
  });

  it("adds the machine (a blank image URL is none, active by default) and redirects back with 'Machine added'", async () => {
    const added = await post({
      intent: "machine-create",
      partnerId: String(partner.id),
      location: "  Leeds Page Kiosk ",
      imageUrl: "",
      status: "active",
    });
    expect(added.status).toBe(302);
    expect(added.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect(await flashedToast(added)).toMatchObject({
      title: "Machine added",
      description: "Leeds Page Kiosk",
      variant: "default",
    });
    const rows = await db
      .selectFrom("machines")
      .select(["location", "imageUrl", "status"])
      .where("partnerId", "=", partner.id)
      .execute();
    expect(rows).toContainEqual({ location: "Leeds Page Kiosk", imageUrl: null, status: "active" });
  });
});

describe("POST /partners/{id} intent=machine-update and machine-status", () => {
  it("Edit changes the fields sent and redirects back with 'Machine updated'; a blank image URL clears it", async () => {
    const machine = await makeMachine(db, partner.id, "Edit Me");
    await db
      .updateTable("machines")
      .set({ imageUrl: "https://example.com/a.png" })
      .where("id", "=", machine.id)
      .execute();
    const saved = await post({
      intent: "machine-update",
      id: String(machine.id),
      location: "Edited Kiosk",
      imageUrl: "",
      status: "inactive",
    });
    expect(saved.status).toBe(302);
    expect(await flashedToast(saved)).toMatchObject({ title: "Machine updated" });
    expect(await machineRow(machine.id)).toEqual({
      location: "Edited Kiosk",
      imageUrl: null,
      status: "inactive",
      partnerId: partner.id,
    });
  });

  it("Edit refuses bad input (400) and an unknown machine (404) with 'Failed to update machine'; a partner is sent home", async () => {
    const machine = await makeMachine(db, partner.id, "Stay Put");
    const bad = await post({
      intent: "machine-update",
      id: String(machine.id),
      location: "",
      imageUrl: "",
      status: "active",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      title: "Failed to update machine",
      error: "Location is required",
      fieldErrors: { location: "Location is required" },
    });
    const missing = await post({
      intent: "machine-update",
      id: "999999",
      location: "Anywhere",
      imageUrl: "",
      status: "active",
    });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ title: "Failed to update machine", error: "Machine not found" });
    const asPartner = await post(
      { intent: "machine-update", id: String(machine.id), location: "Hijacked" },
      partnerCookie,
    );
    expect(asPartner.headers.get("location")).toBe("/");
    expect((await machineRow(machine.id))?.location).toBe("Stay Put");
  });

  it("the switch sets the status with 'Status updated' naming it; a bad status is 400 'Failed to update status'", async () => {
    const machine = await makeMachine(db, partner.id, "Switch Kiosk");
    const off = await post({ intent: "machine-status", id: String(machine.id), status: "inactive" });
    expect(off.status).toBe(302);
    expect(await flashedToast(off)).toMatchObject({
      title: "Status updated",
      description: "Switch Kiosk is now inactive.",
    });
    expect((await machineRow(machine.id))?.status).toBe("inactive");
    const bad = await post({ intent: "machine-status", id: String(machine.id), status: "broken" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      title: "Failed to update status",
      error: "Status must be active or inactive",
    });
    const anonymous = await post({ intent: "machine-status", id: String(machine.id), status: "active" }, null);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
    expect((await machineRow(machine.id))?.status).toBe("inactive");
  });
});

describe("POST /partners/{id} intent=machine-delete", () => {
  it("without confirmed=yes answers the dialog's question (its records and revenue) and deletes nothing", async () => {
    const machine = await makeMachine(db, partner.id, "Doomed Kiosk");
    await makeRecord(db, machine.id, "2026-08", { totalSales: 10, revenuePence: 12_34, cogsPence: 5_00 });
    await makeRecord(db, machine.id, "2026-09", { totalSales: 5, revenuePence: 1_00_01, cogsPence: 2_00 });
    const asked = await post({ intent: "machine-delete", id: String(machine.id) });
    expect(asked.status).toBe(200);
    const reply = await asked.json();
    expect(reply.confirm).toEqual({
      title: "Delete Doomed Kiosk?",
      description:
        "This deletes the machine with its 2 monthly records (£112.35 revenue) and their sales. It cannot be undone, and a machine with a record in a paid month cannot be deleted until that month is reset.",
      confirmLabel: "Delete Machine",
      fields: [
        ["intent", "machine-delete"],
        ["id", String(machine.id)],
      ],
    });
    expect(await machineRow(machine.id)).toBeDefined();
  });

  it("confirmed: deletes the machine with its records and redirects back with 'Machine deleted'", async () => {
    const machine = await makeMachine(db, partner.id, "Gone Kiosk");
    await makeRecord(db, machine.id, "2026-08", { totalSales: 1, revenuePence: 100, cogsPence: 50 });
    const deleted = await post({ intent: "machine-delete", id: String(machine.id), confirmed: "yes" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect(await flashedToast(deleted)).toMatchObject({ title: "Machine deleted", description: "Gone Kiosk" });
    expect(await machineRow(machine.id)).toBeUndefined();
    expect(await db.selectFrom("monthlyRecords").select("id").where("machineId", "=", machine.id).execute()).toEqual(
      [],
    );
    const again = await post({ intent: "machine-delete", id: String(machine.id), confirmed: "yes" });
    expect(again.status).toBe(404);
    expect(await again.json()).toMatchObject({ title: "Failed to delete machine", error: "Machine not found" });
  });

  it("a partner is sent home and the machine stays", async () => {
    const machine = await makeMachine(db, partner.id, "Kept Kiosk");
    const asPartner = await post({ intent: "machine-delete", id: String(machine.id), confirmed: "yes" }, partnerCookie);
    expect(asPartner.headers.get("location")).toBe("/");
    expect(await machineRow(machine.id)).toBeDefined();
  });
});

describe("Add Monthly Record: intents record-preview and record-add (multipart)", () => {
  let machineId: number;
  beforeAll(async () => {
    machineId = (await makeMachine(db, partner.id, "Leeds Station Concourse")).id;
  });
  const records = () =>
    db
      .selectFrom("monthlyRecords")
      .select(["month", "totalSales", "revenuePence", "cogsPence"])
      .where("machineId", "=", machineId)
      .execute();

  it("refuses the anonymous and partners before reading the file", async () => {
    const fields = { intent: "record-add", machineId: String(machineId), month: "2026-10" };
    const anonymous = await upload(fields, fixture("single-machine-2026-10.xlsx"), null);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
    const asPartner = await upload(fields, fixture("single-machine-2026-10.xlsx"), partnerCookie);
    expect(asPartner.headers.get("location")).toBe("/");
    expect(await records()).toEqual([]);
  });

  it("Preview answers the spec's messages for a missing, wrong or bad file as 'Error processing Excel file'", async () => {
    const fields = { intent: "record-preview", machineId: String(machineId), month: "2026-10" };
    const cases: [{ name: string; bytes: Uint8Array<ArrayBuffer> } | null, string][] = [
      [null, "No file selected"],
      [{ name: "notes.txt", bytes: new TextEncoder().encode("hello") }, "Please select an Excel file to upload"],
      [fixture("bad-missing-cost-price.xlsx"), "Missing required headers: Cost Price"],
      [
        fixture("bad-too-few-rows.xlsx"),
        "Excel file does not contain enough rows. Expected headers in row 2 and at least one data row.",
      ],
    ];
    for (const [file, message] of cases) {
      const refused = await upload(fields, file);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        intent: "record-preview",
        title: "Error processing Excel file",
        error: message,
      });
    }
    const noMonth = await upload({ ...fields, month: "" }, fixture("single-machine-2026-10.xlsx"));
    expect(await noMonth.json()).toMatchObject({ error: "Month is required (YYYY-MM or an ISO date)" });
    const unknown = await upload({ ...fields, machineId: "999999" }, fixture("single-machine-2026-10.xlsx"));
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: "Machine not found" });
    expect(await records()).toEqual([]);
  });

  it("Preview answers the file's figures in pence and saves nothing", async () => {
    const previewed = await upload(
      { intent: "record-preview", machineId: String(machineId), month: "2026-10" },
      fixture("single-machine-2026-10.xlsx"),
    );
    expect(previewed.status).toBe(200);
    const reply = await previewed.json();
    expect(reply.intent).toBe("record-preview");
    expect(reply.preview).toMatchObject({
      month: "2026-10",
      units: 44,
      revenuePence: 61_50,
      cogsPence: 24_48,
      imported: 44,
      duplicates: 0,
    });
    expect(reply.preview.topProducts.map((p: { name: string }) => p.name)).toContain("Coca-Cola Zero 330ml");
    // A month with nothing yet on the machine: nothing said of what it already has.
    expect(reply.monthHas).toBeNull();
    expect(await records()).toEqual([]);
  });

  it("Save imports the file and redirects back with 'Monthly record added'; the same file again adds nothing new", async () => {
    const saved = await upload(
      { intent: "record-add", machineId: String(machineId), month: "2026-10" },
      fixture("single-machine-2026-10.xlsx"),
    );
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect(await flashedToast(saved)).toMatchObject({
      title: "Monthly record added",
      description: "October 2026: 44 new transactions, 0 already imported.",
      variant: "default",
    });
    expect(await records()).toEqual([{ month: "2026-10", totalSales: 44, revenuePence: 61_50, cogsPence: 24_48 }]);
    const again = await upload(
      { intent: "record-add", machineId: String(machineId), month: "2026-10" },
      fixture("single-machine-2026-10.xlsx"),
    );
    expect(await flashedToast(again)).toMatchObject({
      description: "October 2026: 0 new transactions, 44 already imported.",
    });
    expect(await records()).toEqual([{ month: "2026-10", totalSales: 44, revenuePence: 61_50, cogsPence: 24_48 }]);
  });

  it("Preview of a month with data says what the month already has, from the database", async () => {
    const previewed = await upload(
      { intent: "record-preview", machineId: String(machineId), month: "2026-10" },
      fixture("single-machine-2026-10.xlsx"),
    );
    const reply = await previewed.json();
    expect(reply.monthHas).toBe(
      "October 2026 already has 44 transactions (£61.50) on this machine; the file adds only what is new",
    );
    expect(reply.preview).toMatchObject({ imported: 0, duplicates: 44 });
  });

  it("a failed Save is 'Failed to add monthly record' with the reason", async () => {
    const refused = await upload(
      { intent: "record-add", machineId: String(machineId), month: "2026-10" },
      fixture("bad-no-valid-rows.xlsx"),
    );
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      intent: "record-add",
      title: "Failed to add monthly record",
      error: "No valid transaction data found in the Excel file",
    });
  });
});

describe("POST /partners/{id} intent=record-delete", () => {
  it("asks first in the dialog's words, then deletes the record with 'Record deleted'", async () => {
    const machine = await makeMachine(db, partner.id, "Record Kiosk");
    const record = await makeRecord(db, machine.id, "2026-07", {
      totalSales: 12,
      revenuePence: 45_67,
      cogsPence: 10_00,
    });
    const asked = await post({ intent: "record-delete", recordId: String(record.id) });
    expect(asked.status).toBe(200);
    expect((await asked.json()).confirm).toEqual({
      title: "Delete Record Kiosk's July 2026 record?",
      // An open month's record says nothing of payment; a paid month's names its difference (late-sales.test.ts).
      description: "Its 12 sales (£45.67 revenue) and their receipts are deleted, and the month's figures change.",
      confirmLabel: "Delete record",
      fields: [
        ["intent", "record-delete"],
        ["recordId", String(record.id)],
      ],
    });
    const asPartner = await post(
      { intent: "record-delete", recordId: String(record.id), confirmed: "yes" },
      partnerCookie,
    );
    expect(asPartner.headers.get("location")).toBe("/");
    expect(
      await db.selectFrom("monthlyRecords").select("id").where("id", "=", record.id).executeTakeFirst(),
    ).toBeDefined();

    const deleted = await post({ intent: "record-delete", recordId: String(record.id), confirmed: "yes" });
    expect(deleted.status).toBe(302);
    expect(deleted.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect(await flashedToast(deleted)).toMatchObject({ title: "Record deleted" });
    expect(
      await db.selectFrom("monthlyRecords").select("id").where("id", "=", record.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it("an unknown or malformed record is 'Failed to delete record' (404, 400)", async () => {
    const missing = await post({ intent: "record-delete", recordId: "999999", confirmed: "yes" });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ title: "Failed to delete record", error: "Record not found" });
    const bad = await post({ intent: "record-delete", recordId: "x", confirmed: "yes" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ title: "Failed to delete record", error: "Record not found" });
  });
});

describe("the dialogs' reads: /resources/machines/{id}/records and /popular", () => {
  it("answer the owner and an admin; another partner or an unknown machine get the failure as {error}", async () => {
    const machine = await makeMachine(db, partner.id, "Read Kiosk");
    await makeRecord(db, machine.id, "2026-06", { totalSales: 3, revenuePence: 9_99, cogsPence: 3_00 });
    const read = (view: string, cookie: string, id: number | string = machine.id) =>
      call(dialogLoader, `/resources/machines/${id}/${view}`, { cookie, params: { id: String(id), view } }).then((r) =>
        r.json(),
      );
    for (const cookie of [adminCookie, partnerCookie]) {
      const { records } = await read("records", cookie);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({ month: "2026-06", totalSales: 3, revenuePence: 999, cogsPence: 300 });
      expect(await read("popular", cookie)).toEqual({ popular: [] });
    }
    expect(await read("records", otherCookie)).toEqual({ error: "Forbidden" });
    expect(await read("popular", adminCookie, 999999)).toEqual({ error: "Machine not found" });
  });
});

describe("the partner page's body limit", () => {
  it("takes an export's size as a multipart post (page or .data), and 256 KB otherwise", () => {
    const upload = 10 * 1024 * 1024 + MULTIPART_SLACK;
    expect(bodyLimitFor("/partners/12", 10, "multipart/form-data; boundary=x")).toBe(upload);
    expect(bodyLimitFor("/partners/12.data", 10, "multipart/form-data; boundary=x")).toBe(upload);
    expect(bodyLimitFor("/partners/12.data", 10, "application/x-www-form-urlencoded")).toBe(BODY_LIMIT);
    expect(bodyLimitFor("/partners/12", 10)).toBe(BODY_LIMIT);
    expect(bodyLimitFor("/admin/commissions.data", 10, "multipart/form-data; boundary=x")).toBe(BODY_LIMIT);
  });

  it("the page's loader tells Add Monthly Record the limit, so a larger file is refused before it is sent", async () => {
    const page = await call(pageLoader, `/partners/${partner.id}`, {
      cookie: adminCookie,
      params: { partnerId: String(partner.id) },
    });
    expect((await page.json()).uploadMaxMb).toBe(10);
  });
});
