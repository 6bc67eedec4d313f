/**
 * The accounting export on the web: GET /api/accounting/export (401 anonymous, 403 partners, 400 for
 * a bad query or a kind the package cannot import, the CSV for an admin, logged as theirs), the
 * /admin/accounting page's loader (the preview; partners get the Unauthorized card) and the settings
 * page's accounting form (saved, audited; a refused field answered, without JavaScript too).
 */
import { beforeAll, describe, expect, it } from "vitest";
import { loader as exportLoader } from "#app/routes/api.accounting.export.ts";
import { loader as pageLoader } from "#app/routes/admin.accounting.tsx";
import { action as settingsAction } from "#app/routes/admin.settings.tsx";
import { db } from "#app/utils/db.server.ts";
import { getAccountingSettings } from "#domain/accounting/accounting-settings-service.ts";
import { DEFAULT_ACCOUNTING_SETTINGS, FORMATS, SETTING_FIELDS } from "#domain/accounting/accounting-settings.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

const OCT = "2026-10";
let adminCookie: string;
let partnerCookie: string;
let adminId: number;

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  partnerCookie = await loginCookie((await makePartner(db)).username);
  const gym = await makePartner(db, { name: "Gym", partnerType: "fee-paying" });
  await db
    .insertInto("feePayments")
    .values({
      partnerId: gym.id,
      amountPence: 2_500,
      paymentPeriod: "monthly",
      periodStart: "2026-10-01",
      periodEnd: "2026-10-31",
      dueDate: "2026-10-15",
      vatRateBp: 2000,
      createdAt: "2026-10-01T09:00:00.000Z",
    })
    .execute();
});

const exportPath = (query: string) => `/api/accounting/export?${query}`;

describe("GET /api/accounting/export", () => {
  it("401 anonymous, 403 for a partner", async () => {
    const query = `month=${OCT}&format=xero&kind=sales`;
    expect((await call(exportLoader, exportPath(query))).status).toBe(401);
    expect((await call(exportLoader, exportPath(query), { cookie: partnerCookie })).status).toBe(403);
  });

  it("400 for a bad query and for a kind the package has no import for", async () => {
    const bad = await call(exportLoader, exportPath(`month=${OCT}&format=excel&kind=sales`), { cookie: adminCookie });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: "Format must be xero, quickbooks or sage" });
    const none = await call(exportLoader, exportPath(`month=${OCT}&format=quickbooks&kind=bills`), {
      cookie: adminCookie,
    });
    expect(none.status).toBe(400);
    expect(((await none.json()) as { message: string }).message).toContain("takes invoices but no bills");
    const part = await call(exportLoader, exportPath(`month=${OCT}&format=xero&kind=sales&part=2`), {
      cookie: adminCookie,
    });
    expect(part.status).toBe(400);
  });

  it("the CSV for an admin, logged as the admin's export", async () => {
    const response = await call(exportLoader, exportPath(`month=${OCT}&format=xero&kind=sales`), {
      cookie: adminCookie,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="xero-sales-${OCT}.csv"`);
    const [header, row] = (await response.text()).split("\r\n");
    expect(header.startsWith("ContactName,EmailAddress,POAddressLine1")).toBe(true);
    expect(row).toContain(",25.00,,200,20% (VAT on Income),5.00,,,GBP");
    const logged = await db.selectFrom("accountingExports").selectAll().execute();
    expect(logged.map((l) => [l.month, l.kind, l.format, l.exportedBy])).toEqual([[OCT, "sales", "xero", adminId]]);
  });
});

describe("/admin/accounting", () => {
  it("previews the rows for an admin; partners get the Unauthorized card", async () => {
    const page = (await (
      await call(pageLoader, `/admin/accounting?month=${OCT}&format=sage&kind=sales`, { cookie: adminCookie })
    ).json()) as { authorized: boolean; preview: { rows: string[][]; files: { name: string }[] } };
    expect(page.authorized).toBe(true);
    expect(page.preview.rows).toEqual([
      [
        "Invoice",
        expect.any(String),
        "01-10-2026",
        "Gym",
        expect.stringMatching(/^INV-/),
        "4000",
        expect.any(String),
        "25.00",
        "Standard",
        "5.00",
        "30.00",
        "",
        "",
        "",
      ],
    ]);
    expect(page.preview.files.map((f) => f.name)).toEqual([`sage-sales-${OCT}.csv`]);
    const partner = (await (await call(pageLoader, "/admin/accounting", { cookie: partnerCookie })).json()) as {
      authorized: boolean;
    };
    expect(partner.authorized).toBe(false);
  });
});

describe("the settings page's accounting form", () => {
  const form = (overrides: Record<string, string> = {}) => {
    const fields: Record<string, string> = { intent: "accounting-update" };
    for (const format of FORMATS)
      for (const field of SETTING_FIELDS) fields[`${format}.${field}`] = DEFAULT_ACCOUNTING_SETTINGS[format][field];
    return { ...fields, ...overrides };
  };

  it("saves (audited) without JavaScript and the export uses it", async () => {
    const saved = await call(settingsAction, "/admin/settings", {
      form: form({ "xero.salesAccount": "4100", "xero.trackingName": "Region", "xero.trackingOption": "North" }),
      cookie: adminCookie,
    });
    expect(saved.status).toBe(302);
    expect((await getAccountingSettings(db)).xero).toMatchObject({ salesAccount: "4100", trackingName: "Region" });
    const audited = await db.selectFrom("auditLog").selectAll().where("entity", "=", "accounting_settings").execute();
    expect(audited).toHaveLength(1);
    const csv = await (
      await call(exportLoader, exportPath(`month=${OCT}&format=xero&kind=sales`), { cookie: adminCookie })
    ).text();
    expect(csv).toContain(",25.00,,4100,20% (VAT on Income),5.00,Region,North,GBP");
  });

  it("a blank required field is refused, the values sent answered back", async () => {
    const refused = await call(settingsAction, "/admin/settings", {
      form: form({ "sage.billsAccount": " " }),
      cookie: adminCookie,
      headers: { accept: "application/json" },
    });
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { fieldErrors: Record<string, string>; values: Record<string, string> };
    expect(body.fieldErrors).toEqual({ "sage.billsAccount": "The bills account is required" });
    expect(body.values["xero.salesAccount"]).toBe("200");
  });
});
