/**
 * Issue 32, point 2: the logo bounded by its pixels. A PNG or JPEG past 2,000 pixels either way is
 * refused at upload by its header, before anything decodes it; a logo stored before the bound is
 * flagged in Settings and left out of every PDF until it is replaced.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/admin.settings.tsx";
import { loader as invoiceLoader } from "#app/routes/api.fee-payments.$id.invoice.ts";
import { db } from "#app/utils/db.server.ts";
import { getBusinessProfile, updateBusinessProfile } from "#domain/business/business-service.ts";
import { DEMO_BUSINESS } from "#domain/demo/demo-seed.ts";
import { demoLogoPng } from "#domain/demo/demo-logo.ts";
import { generateInvoice } from "#domain/invoices/invoice-generation.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { blackPng, jpegHeader } from "#tests/images.ts";
import { BASE, call } from "./http.ts";
import { pdfText } from "./mail.ts";
import { loginCookie } from "./session.ts";

let adminId: number;
let adminCookie: string;
let partnerCookie: string;
let invoiceId: number;
let partnerId: number;

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  await updateBusinessProfile(db, DEMO_BUSINESS, { keep: true }, adminId);
  const partner = await makePartner(db, { partnerType: "fee-paying", monthlyFeePence: 7_500, commissionBp: 0 });
  partnerId = partner.id;
  partnerCookie = await loginCookie(partner.username);
  invoiceId = (await generateInvoice(db, partner.id, "monthly", adminId, "2026-04-01")).id;
});

/** The settings form with a logo file, as the browser posts it. */
async function uploadLogo(bytes: Uint8Array, name: string, type: string): Promise<Response> {
  const body = new FormData();
  body.set("intent", "business-update");
  for (const [field, value] of Object.entries({
    tradingName: DEMO_BUSINESS.tradingName,
    address: DEMO_BUSINESS.address,
    vatRate: "",
  }))
    body.set(field, value);
  body.set("logo", new File([new Uint8Array(bytes)], name, { type }));
  const request = new Request(`${BASE}/admin/settings`, {
    method: "POST",
    body,
    headers: { origin: BASE, cookie: adminCookie },
  });
  const result = await action({ request, params: {}, context: {} });
  if (result instanceof Response) return result;
  const { data, init } = result as unknown as { data: unknown; init?: ResponseInit };
  return Response.json(data, init);
}

/** The partner's invoice PDF (GET /api/fee-payments/{id}/invoice) and how long it took. */
async function partnerInvoice() {
  const started = performance.now();
  const answer = await call(invoiceLoader, `/api/fee-payments/${invoiceId}/invoice`, {
    cookie: partnerCookie,
    params: { id: String(invoiceId) },
  });
  expect(answer.status).toBe(200);
  const bytes = Buffer.from(await answer.arrayBuffer());
  return {
    bytes,
    ms: performance.now() - started,
    images: bytes.toString("latin1").split("/Subtype /Image").length - 1,
  };
}

const storedLogo = async () => (await getBusinessProfile(db)).logo;

describe("a logo's pixels at upload", () => {
  it("an 11,000 × 11,000 PNG of a few KB and huge JPEGs (baseline, progressive) are refused by their header", async () => {
    const before = await storedLogo();
    const png = blackPng(11_000, 11_000);
    expect(png.length).toBeLessThan(64 * 1024);
    const cases: [Uint8Array, string, string, string][] = [
      [png, "huge.png", "image/png", "this one is 11,000 × 11,000"],
      [jpegHeader(11_000, 11_000, 0xc0), "huge.jpg", "image/jpeg", "this one is 11,000 × 11,000"],
      [jpegHeader(1_000, 60_000, 0xc2), "tall.jpg", "image/jpeg", "this one is 1,000 × 60,000"],
    ];
    for (const [bytes, name, type, size] of cases) {
      const refused = await uploadLogo(bytes, name, type);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toMatchObject({
        fieldErrors: { logo: `The logo must be at most 2,000 × 2,000 pixels; ${size}` },
      });
    }
    expect(await storedLogo()).toEqual(before);
  });

  it("a 2,000 × 2,000 PNG is taken", async () => {
    const answer = await uploadLogo(blackPng(2_000, 2_000), "edge.png", "image/png");
    expect(answer.status).toBe(302);
    expect((await storedLogo())?.bytes.length).toBe(blackPng(2_000, 2_000).length);
  });
});

describe("a logo stored before the bound", () => {
  it("is flagged in Settings and left out of the partner's invoice PDF until it is replaced", async () => {
    // As stored before logos were bounded: written straight to the table, past the bound.
    await db
      .updateTable("businessProfile")
      .set({ logo: Buffer.from(blackPng(11_000, 11_000)), logoType: "image/png" })
      .where("id", "=", 1)
      .execute();
    const page = (await (await call(loader, "/admin/settings", { cookie: adminCookie })).json()) as {
      logo: { type: string; problem: string | null } | null;
    };
    expect(page.logo).toMatchObject({
      type: "image/png",
      problem: "The logo must be at most 2,000 × 2,000 pixels; this one is 11,000 × 11,000",
    });

    // Drawn now, as an invoice raised before documents were stored is on its first request.
    await db.deleteFrom("issuedDocuments").where("kind", "=", "invoice").where("documentId", "=", invoiceId).execute();
    const without = await partnerInvoice();
    expect(without.images).toBe(0);
    // The trading name stands in for it; the PDF is drawn without decoding a pixel.
    expect(pdfText(without.bytes)).toContain(DEMO_BUSINESS.tradingName);
    expect(without.ms).toBeLessThan(5_000);

    await updateBusinessProfile(db, DEMO_BUSINESS, { upload: demoLogoPng(96) }, adminId);
    const replaced = (await (await call(loader, "/admin/settings", { cookie: adminCookie })).json()) as {
      logo: { problem: string | null } | null;
    };
    expect(replaced.logo?.problem).toBeNull();
    // That invoice stays as issued; the next one raised carries the new logo.
    expect((await partnerInvoice()).images).toBe(0);
    invoiceId = (await generateInvoice(db, partnerId, "monthly", adminId, "2026-04-01")).id;
    expect((await partnerInvoice()).images).toBeGreaterThan(0);
  });
});
