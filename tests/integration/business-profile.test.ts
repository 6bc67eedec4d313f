/**
 * The business profile: the table and its defaults, /admin/settings (loader, action with
 * or without JavaScript, field errors, the logo checked by its bytes, the audit entry), the logo's
 * route, invoices keeping their VAT rate and showing net, VAT and gross, the letterhead and bank
 * details on the PDFs (read back with pdftotext), HTML emails with a plain-text part linking to
 * APP_URL, and APP_URL itself (required in production, never a request's Host).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/admin.settings.tsx";
import { loader as logoLoader } from "#app/routes/resources.business-logo.ts";
import { action as invoicesAction } from "#app/routes/admin.invoices.tsx";
import { db } from "#app/utils/db.server.ts";
import { MAIL_CONFIG, parseEnv } from "#app/utils/env.server.ts";
import { APP_URL_REQUIRED, DEFAULT_APP_URL, appUrl, mailConfig } from "#db/config.ts";
import { describeAuditEntry } from "#domain/audit/audit-entries.ts";
import { DEFAULT_PROFILE } from "#domain/business/business-rules.ts";
import { getBusinessProfile, updateBusinessProfile } from "#domain/business/business-service.ts";
import { DEMO_BUSINESS } from "#domain/demo/demo-seed.ts";
import { demoLogoPng } from "#domain/demo/demo-logo.ts";
import { recordStatement, sendReport } from "#domain/commissions/statement-service.ts";
import { generateInvoice, quoteInvoice } from "#domain/invoices/invoice-generation.ts";
import { listInvoices } from "#domain/invoices/invoice-queries.ts";
import { renderInvoice, sendInvoiceEmail } from "#domain/invoices/invoice-documents.ts";
import { onPostgres } from "#tests/databases.ts";
import { makeAdmin, makeMachine, makePartner, makeRecord } from "#tests/factories.ts";
import { BODY_LIMIT, MULTIPART_SLACK, bodyLimitFor } from "../../server/body-limit.js";
import { BASE, call, flashedToast } from "./http.ts";
import { pdfText } from "./mail.ts";
import { loginCookie } from "./session.ts";

const OUTBOX = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-business-mail-"));
const MONTH = "2026-03";

let adminId: number;
let adminCookie: string;
let partnerCookie: string;

/** The settings form as the browser posts it: multipart, with an optional logo file. */
async function postSettings(
  fields: Record<string, string>,
  options: { logo?: { bytes: Uint8Array; name: string; type: string }; cookie?: string | null } = {},
) {
  const body = new FormData();
  body.set("intent", "business-update");
  for (const [name, value] of Object.entries(fields)) body.set(name, value);
  if (options.logo)
    body.set("logo", new File([Buffer.from(options.logo.bytes)], options.logo.name, { type: options.logo.type }));
  else body.set("logo", new File([], "", { type: "application/octet-stream" }));
  const headers = new Headers({ origin: BASE });
  const cookie = options.cookie === undefined ? adminCookie : options.cookie;
  if (cookie) headers.set("cookie", cookie);
  const request = new Request(`${BASE}/admin/settings`, { method: "POST", body, headers });
  try {
    const result = await action({ request, params: {}, context: {} });
    if (result instanceof Response) return result;
    const { data, init } = result as unknown as { data: unknown; init?: ResponseInit };
    return Response.json(data, init);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

const DEMO_FORM: Record<string, string> = {
  tradingName: DEMO_BUSINESS.tradingName,
  address: DEMO_BUSINESS.address,
  companyNumber: "12345678",
  vatNumber: "GB 123 4567 89",
  vatRate: "20",
  bankAccountName: "Vendboard Vending Ltd",
  bankSortCode: "401162",
  bankAccountNumber: "71234568",
  bankIban: "GB29 NWBK 6016 1331 9268 19",
  contactEmail: "accounts@vendboard.example",
  website: "https://vendboard.example",
};

/** One MIME part of a message by its Content-Type, decoded to UTF-8. */
function mimePart(raw: string, type: string): string {
  const text = raw.replace(/\r\n/g, "\n");
  const part = text
    .split(/\n--[^\n]+\n/)
    .find((p) => new RegExp(`^Content-Type:\\s*${type}`, "im").test(p.split("\n\n")[0]));
  if (!part) throw new Error(`no ${type} part in:\n${raw.slice(0, 1500)}`);
  const [headers, ...rest] = part.split("\n\n");
  const body = rest.join("\n\n").split(/\n--[^\n]+--\n?$/)[0];
  if (/Content-Transfer-Encoding:\s*base64/i.test(headers))
    return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (/Content-Transfer-Encoding:\s*quoted-printable/i.test(headers)) {
    const bytes = body
      .replace(/=\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

const newestEml = (dir: string) => {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".eml"))
    .sort();
  return fs.readFileSync(path.join(dir, files.at(-1)!), "utf8");
};

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  const partner = await makePartner(db);
  partnerCookie = await loginCookie(partner.username);
});

describe("the business_profile table", () => {
  it("holds one row at most, a VAT rate of 0–100%, and a logo only with its type", async () => {
    expect(await getBusinessProfile(db)).toEqual(DEFAULT_PROFILE);
    const insert = (values: string) =>
      sql
        .raw(`insert into business_profile (id, trading_name, vat_rate_bp, logo, logo_type) values ${values}`)
        .execute(db);
    // Bytes written as SQL: x'…' on SQLite, '\x…'::bytea on PostgreSQL.
    const bytes = (hex: string) => (onPostgres ? `'\\x${hex}'::bytea` : `x'${hex}'`);
    await expect(insert("(2, 'Two', null, null, null)")).rejects.toThrow(/CHECK|check constraint/);
    await expect(insert("(1, 'VAT', 10001, null, null)")).rejects.toThrow(/CHECK|check constraint/);
    await expect(insert(`(1, 'Logo', null, ${bytes("89504e47")}, null)`)).rejects.toThrow(/CHECK|check constraint/);
    await expect(insert(`(1, 'Gif', null, ${bytes("4749")}, 'image/gif')`)).rejects.toThrow(/CHECK|check constraint/);
    expect(await db.selectFrom("businessProfile").selectAll().execute()).toEqual([]);
  });
});

describe("/admin/settings", () => {
  it("is for admins: the anonymous go to /auth, partners home; the logo route likewise", async () => {
    const anonymous = await call(loader, "/admin/settings");
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/auth/);
    expect((await call(loader, "/admin/settings", { cookie: partnerCookie })).headers.get("location")).toBe("/");
    expect(
      (await call(logoLoader, "/resources/business-logo", { cookie: partnerCookie })).headers.get("location"),
    ).toBe("/");
    const posted = await postSettings(DEMO_FORM, { cookie: partnerCookie });
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toBe("/");
    expect(await db.selectFrom("businessProfile").select("id").execute()).toEqual([]);
  });

  it("before the first save it shows the defaults, no logo and no bank details", async () => {
    const page = (await (await call(loader, "/admin/settings", { cookie: adminCookie })).json()) as Awaited<
      ReturnType<typeof loader>
    >;
    expect(page).toMatchObject({
      values: { tradingName: "Vendboard", address: "", vatRate: "" },
      logo: null,
      updatedAt: null,
      bankDetails: false,
    });
    expect((await call(logoLoader, "/resources/business-logo", { cookie: adminCookie })).status).toBe(404);
  });

  it("refuses a form with mistakes, field by field, echoing what was sent; nothing is saved", async () => {
    const response = await postSettings({
      ...DEMO_FORM,
      tradingName: "",
      bankSortCode: "12345",
      vatRate: "12.345",
      website: "http://vendboard.example",
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as {
      title: string;
      error: string;
      fieldErrors: Record<string, string>;
      values: Record<string, string>;
    };
    expect(body.title).toBe("Failed to save settings");
    expect(body.error).toBe("Correct the 4 fields marked in red.");
    expect(body.fieldErrors).toEqual({
      tradingName: "Trading name is required",
      bankSortCode: "Sort code must be 6 digits, like 12-34-56",
      vatRate: "VAT rate must be a number from 0 to 100 with at most 2 decimals (blank for no VAT)",
      website: "Website must be an https:// address, or empty",
    });
    expect(body.values).toMatchObject({
      bankSortCode: "12345",
      vatRate: "12.345",
      contactEmail: "accounts@vendboard.example",
    });
    expect(await db.selectFrom("businessProfile").select("id").execute()).toEqual([]);
  });

  it("refuses a logo by its bytes, not its name: a GIF called .png, a file past 512 KB, a PNG that cannot be read", async () => {
    const gif = await postSettings(DEMO_FORM, {
      logo: { bytes: new TextEncoder().encode("GIF89a......"), name: "logo.png", type: "image/png" },
    });
    expect(gif.status).toBe(400);
    expect(await gif.json()).toMatchObject({
      error: "The logo must be a PNG or JPEG image",
      fieldErrors: { logo: "The logo must be a PNG or JPEG image" },
    });
    const big = new Uint8Array(512 * 1024 + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooBig = await postSettings(DEMO_FORM, { logo: { bytes: big, name: "logo.jpg", type: "image/jpeg" } });
    expect(await tooBig.json()).toMatchObject({ fieldErrors: { logo: "The logo must be at most 512 KB" } });
    const broken = demoLogoPng(32).slice(0, 40);
    const unreadable = await postSettings(DEMO_FORM, { logo: { bytes: broken, name: "logo.png", type: "image/png" } });
    expect(unreadable.status).toBe(400);
    expect(await unreadable.json()).toMatchObject({
      fieldErrors: { logo: "The logo could not be read as a PNG image" },
    });
    expect(await db.selectFrom("businessProfile").select("id").execute()).toEqual([]);
  });

  it("saves the profile normalised with its logo, redirects back with a toast and writes one audit entry", async () => {
    const logo = demoLogoPng(96);
    const response = await postSettings(DEMO_FORM, { logo: { bytes: logo, name: "mark.png", type: "image/png" } });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/admin/settings");
    expect(await flashedToast(response)).toMatchObject({
      title: "Settings saved",
      description: "Invoices, statements and emails now use these details.",
    });
    const saved = await getBusinessProfile(db);
    const { vatRate: _rate, ...fields } = DEMO_BUSINESS;
    expect(saved).toMatchObject({
      ...fields,
      vatRateBp: 2000,
      bankSortCode: "40-11-62",
      vatNumber: "GB123456789",
      bankIban: "GB29NWBK60161331926819",
    });
    expect(Buffer.from(saved.logo!.bytes).equals(Buffer.from(logo))).toBe(true);
    const served = await call(logoLoader, "/resources/business-logo", { cookie: adminCookie });
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(logo))).toBe(true);

    const entries = await db.selectFrom("auditLog").selectAll().where("entity", "=", "business_profile").execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: adminId, action: "update", before: "null" });
    expect(JSON.parse(entries[0].after!)).toMatchObject({
      tradingName: "Vendboard Vending Ltd",
      vatRateBp: 2000,
      logo: "PNG, 1 KB",
    });
    expect(
      describeAuditEntry({ ...entries[0], before: null, after: JSON.parse(entries[0].after!), details: null }),
    ).toBe("Set up the business profile");
  });

  it("a later save keeps the logo unless replaced or removed; the audit names what changed", async () => {
    expect((await postSettings({ ...DEMO_FORM, vatRate: "17.5", bankIban: "" })).status).toBe(302);
    expect((await getBusinessProfile(db)).logo?.type).toBe("image/png");
    const latest = await db
      .selectFrom("auditLog")
      .selectAll()
      .where("entity", "=", "business_profile")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    const entry = { ...latest, before: JSON.parse(latest.before!), after: JSON.parse(latest.after!), details: null };
    expect(describeAuditEntry(entry)).toBe("Updated the business profile: VAT rate, IBAN");

    expect((await postSettings({ ...DEMO_FORM, removeLogo: "yes" })).status).toBe(302);
    expect((await getBusinessProfile(db)).logo).toBeNull();
    const page = (await (await call(loader, "/admin/settings", { cookie: adminCookie })).json()) as Awaited<
      ReturnType<typeof loader>
    >;
    expect(page).toMatchObject({ values: { vatRate: "20", bankSortCode: "40-11-62" }, logo: null, bankDetails: true });
  });

  it("takes multipart bodies past the form limit, so the logo's own message answers a large file", () => {
    expect(bodyLimitFor("/admin/settings", 10, "multipart/form-data; boundary=x")).toBe(
      10 * 1024 * 1024 + MULTIPART_SLACK,
    );
    expect(bodyLimitFor("/admin/settings.data", 10, "multipart/form-data; boundary=x")).toBe(
      10 * 1024 * 1024 + MULTIPART_SLACK,
    );
    expect(bodyLimitFor("/admin/settings", 10, "application/x-www-form-urlencoded")).toBe(BODY_LIMIT);
  });
});

describe("documents with the business profile", () => {
  let invoiceId: number;
  let partnerId: number;

  beforeAll(async () => {
    await updateBusinessProfile(db, DEMO_BUSINESS, { upload: demoLogoPng() }, adminId);
    const partner = await makePartner(db, {
      name: "Gym <script>alert(1)</script>",
      partnerType: "fee-paying",
      monthlyFeePence: 7_500,
      commissionBp: 0,
      email: "gym@example.com",
    });
    partnerId = partner.id;
    invoiceId = (await generateInvoice(db, partner.id, "6-months", adminId, "2026-04-01")).id;
  });

  it("an invoice keeps the VAT rate in force when it was raised, and answers net, VAT and total", async () => {
    await updateBusinessProfile(db, { ...DEMO_BUSINESS, vatRate: null }, { keep: true }, adminId);
    const invoice = (await listInvoices(db, { partnerId })).find((i) => i.id === invoiceId)!;
    // 6 × £75.00 less 10% = £405.00 net; 20% VAT = £81.00; £486.00 to pay.
    expect(invoice).toMatchObject({ amountPence: 40500, vatPercent: 20, vatPence: 8100, totalPence: 48600 });
    const later = await generateInvoice(db, partnerId, "monthly", adminId, "2026-04-01");
    expect(later).toMatchObject({ amountPence: 7500, vatPercent: null, vatPence: 0, totalPence: 7500 });
    await updateBusinessProfile(db, DEMO_BUSINESS, { keep: true }, adminId);
  });

  it("the quote shows what the invoice will ask: the net amount, VAT at the rate in force and the total", async () => {
    // 12 × £75.00 less 15% = £765.00 net; 20% VAT = £153.00; £918.00 to pay.
    expect(await quoteInvoice(db, partnerId, "12-months", "2026-04-01")).toMatchObject({
      amountPence: 76500,
      vatPercent: 20,
      vatPence: 15300,
      totalPence: 91800,
    });
    await updateBusinessProfile(db, { ...DEMO_BUSINESS, vatRate: 1750 }, { keep: true }, adminId);
    // 17.5% of £765.00 = £133.875, half up to £133.88.
    expect(await quoteInvoice(db, partnerId, "12-months", "2026-04-01")).toMatchObject({
      amountPence: 76500,
      vatPercent: 17.5,
      vatPence: 13388,
      totalPence: 89888,
    });
    await updateBusinessProfile(db, DEMO_BUSINESS, { keep: true }, adminId);
  });

  it("the invoice PDF: letterhead, net, VAT and gross, the bank details and the reference to quote", async () => {
    const text = pdfText(Buffer.from((await renderInvoice(db, invoiceId)).bytes));
    const number = `INV-${String(invoiceId).padStart(5, "0")}`;
    for (const line of [
      "Vendboard Vending Ltd",
      "Unit 4, Aire Street Works",
      "Leeds LS1 4PR",
      "accounts@vendboard.example",
      "Company no. 12345678",
      "VAT no. GB123456789",
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/Subtotal \(net\)\s+£405\.00/);
    expect(text).toMatch(/VAT at 20%\s+£81\.00/);
    expect(text).toMatch(/Total due\s+£486\.00/);
    expect(text).toContain("Please pay £486.00 by 15/04/2026 by bank transfer to:");
    expect(text).toMatch(/Account name\s+Vendboard Vending Ltd/);
    expect(text).toMatch(/Sort code\s+40-11-62/);
    expect(text).toMatch(/Account number\s+71234568/);
    expect(text).toMatch(/IBAN\s+GB29 NWBK 6016 1331 9268 19/);
    expect(text).toMatch(new RegExp(`Payment reference\\s+${number}`));
    expect(text).toContain("Questions about this invoice: accounts@vendboard.example");
  });

  it("without bank details the invoice still says how to pay and what to quote; without VAT no VAT lines", async () => {
    await updateBusinessProfile(
      db,
      {
        ...DEMO_BUSINESS,
        bankAccountName: null,
        bankSortCode: null,
        bankAccountNumber: null,
        bankIban: null,
        vatRate: null,
      },
      { remove: true },
      adminId,
    );
    const invoice = await generateInvoice(db, partnerId, "monthly", adminId, "2026-04-01");
    const text = pdfText(Buffer.from((await renderInvoice(db, invoice.id)).bytes));
    expect(text).not.toContain("VAT at");
    expect(text).not.toContain("Subtotal");
    expect(text).toMatch(/Total due\s+£75\.00/);
    expect(text).toContain("by bank transfer to Vendboard Vending Ltd,");
    expect(text).toContain(`quoting ${invoice.displayId} as the payment reference.`);
    await updateBusinessProfile(db, DEMO_BUSINESS, { upload: demoLogoPng() }, adminId);
  });

  it("statements carry the letterhead", async () => {
    const owner = await makePartner(db, { name: "Harbour Kiosks", commissionBp: 1000 });
    const record = await makeRecord(db, (await makeMachine(db, owner.id, "Harbour Quay")).id, MONTH, {
      totalSales: 10,
      revenuePence: 10_000,
      cogsPence: 4_000,
    });
    const text = pdfText(Buffer.from((await recordStatement(db, record.id)).bytes));
    for (const line of [
      "Vendboard Vending Ltd",
      "Aire Street",
      "Company no. 12345678",
      "VAT no. GB123456789",
      "Questions about this statement: accounts@vendboard.example",
      "Harbour Quay",
    ]) {
      expect(text).toContain(line);
    }
  });

  it("the invoice email: HTML with a plain-text part, the business's name, a dashboard link from APP_URL, the partner's name escaped", async () => {
    const outbox = path.join(OUTBOX, "invoice");
    await sendInvoiceEmail(
      db,
      { from: "Vendboard <test@vendboard.local>", outboxDir: outbox, appUrl: "https://vend.example" },
      invoiceId,
    );
    const raw = newestEml(outbox);
    const number = `INV-${String(invoiceId).padStart(5, "0")}`;
    expect(raw).toMatch(new RegExp(`^Subject: Invoice ${number} from Vendboard Vending Ltd\\r?$`, "m"));
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    const text = mimePart(raw, "text/plain");
    const html = mimePart(raw, "text/html");
    expect(text).toContain("Dear Gym <script>alert(1)</script>,");
    expect(text).toContain(`Please find attached invoice ${number} for £486.00, due on 15/04/2026.`);
    expect(text).toContain(`please quote ${number} as the payment reference.`);
    expect(text).toContain("See your invoices: https://vend.example/");
    expect(text).toMatch(/--\nVendboard Vending Ltd\nUnit 4, Aire Street Works/);
    expect(html).toContain("Dear Gym &lt;script&gt;alert(1)&lt;/script&gt;,");
    expect(html).not.toContain("<script>");
    expect(html).toContain('<a href="https://vend.example/"');
    expect(html).toContain("Vendboard Vending Ltd");
    expect(html).toContain(`Please find attached invoice ${number} for £486.00, due on 15/04/2026.`);
    expect(mimePart(raw, "application/pdf").length).toBeGreaterThan(0);
  });

  it("the report email likewise, and the link is APP_URL's even when the request came for another Host", async () => {
    const owner = await makePartner(db, { name: "Report Partner", email: "report@example.com", commissionBp: 1000 });
    await makeRecord(db, (await makeMachine(db, owner.id, "Report Lobby")).id, MONTH, {
      revenuePence: 10_000,
      cogsPence: 4_000,
    });
    const outbox = path.join(OUTBOX, "report");
    await sendReport(
      db,
      { from: "Vendboard <test@vendboard.local>", outboxDir: outbox, appUrl: "https://vend.example/app" },
      owner.id,
      MONTH,
    );
    const raw = newestEml(outbox);
    expect(mimePart(raw, "text/plain")).toContain(
      "Please find attached your commission report for March 2026.\nCommission for the month: £5.70.",
    );
    expect(mimePart(raw, "text/plain")).toContain("Open your dashboard: https://vend.example/app/");
    expect(mimePart(raw, "text/html")).toContain('<a href="https://vend.example/app/"');

    // Through the page, asked for at evil.example: the link is the configured APP_URL (the tests' default).
    const invoice = await generateInvoice(db, partnerId, "monthly", adminId, "2026-04-01");
    const before = fs.existsSync(MAIL_CONFIG.outboxDir) ? fs.readdirSync(MAIL_CONFIG.outboxDir).length : 0;
    const request = new Request("http://evil.example/admin/invoices", {
      method: "POST",
      headers: {
        cookie: adminCookie,
        origin: "http://evil.example",
        "content-type": "application/x-www-form-urlencoded",
      },
      body: new URLSearchParams({ intent: "invoice-email", id: String(invoice.id), confirmed: "yes" }),
    });
    const response = (await invoicesAction({ request, params: {}, context: {} })) as Response;
    expect(response.status).toBe(302);
    expect(fs.readdirSync(MAIL_CONFIG.outboxDir).length).toBe(before + 1);
    const sent = newestEml(MAIL_CONFIG.outboxDir);
    expect(mimePart(sent, "text/plain")).toContain(`See your invoices: ${DEFAULT_APP_URL}/`);
    expect(sent).not.toContain("evil.example");
  });
});

describe("APP_URL", () => {
  /** An environment as a process would have it. */
  const env = (vars: Record<string, string>) => vars as unknown as NodeJS.ProcessEnv;
  const production = {
    NODE_ENV: "production",
    SESSION_SECRET: "a-production-secret-0123456789",
    DATABASE_PATH: path.join(OUTBOX, "env.db"),
  };

  it("is required in production: the environment is refused with a clear message", () => {
    expect(() => parseEnv(env(production))).toThrow(APP_URL_REQUIRED);
    expect(() => parseEnv(env({ ...production, APP_URL: "vendboard.example" }))).toThrow(
      /APP_URL must be an http:\/\/ or https:\/\/ address/,
    );
    expect(() => parseEnv(env({ ...production, APP_URL: "ftp://vendboard.example" }))).toThrow(
      /APP_URL must be an http:\/\/ or https:\/\/ address/,
    );
    expect(parseEnv(env({ ...production, APP_URL: "https://vendboard.example/" })).APP_URL).toBe(
      "https://vendboard.example",
    );
  });

  it("defaults to http://localhost:3000 outside production; the mail settings carry it to the CLI's emails too", () => {
    expect(appUrl(env({ NODE_ENV: "development" }))).toBe(DEFAULT_APP_URL);
    expect(appUrl(env({}))).toBe("http://localhost:3000");
    expect(appUrl(env({ NODE_ENV: "test", APP_URL: " https://example.com/vendboard/ " }))).toBe(
      "https://example.com/vendboard",
    );
    expect(() => appUrl(env({ NODE_ENV: "production", APP_URL: " " }))).toThrow(APP_URL_REQUIRED);
    expect(() => appUrl(env({ APP_URL: "https://vend.example/?x=1" }))).toThrow(/without query/);
    expect(mailConfig(env({ DATABASE_PATH: "/tmp/x/db.sqlite", APP_URL: "https://vend.example" }))).toMatchObject({
      appUrl: "https://vend.example",
      outboxDir: "/tmp/x/outbox",
    });
    expect(MAIL_CONFIG.appUrl).toBe(DEFAULT_APP_URL);
  });
});
