/**
 * The partner page's Self-billing (VAT) card: its loader's data, and its intents posted as a form
 * without JavaScript (a redirect with the toast; a refusal with each field's message and what was
 * sent; ending it asks first), admins only.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action, loader } from "#app/routes/partners.$partnerId.tsx";
import { db } from "#app/utils/db.server.ts";
import { makeAdmin, makePartner } from "#tests/factories.ts";
import { call, flashedToast } from "./http.ts";
import { loginCookie } from "./session.ts";

let adminCookie: string;
let partnerCookie: string;
let partner: { id: number };

const post = (form: [string, string][], cookie: string | null = adminCookie) =>
  call(action, `/partners/${partner.id}`, {
    form: [["partnerId", String(partner.id)], ...form],
    cookie,
    origin: "http://localhost:3000",
    params: { partnerId: String(partner.id) },
  });

const saveForm = (vatRate: string): [string, string][] => [
  ["intent", "self-billing-save"],
  ["startDate", "2026-01-01"],
  ["reviewDate", ""],
  ["vatNumber", "GB123456789"],
  ["vatRate", vatRate],
];

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  partner = await makePartner(db, { name: "Card Partner" });
  partnerCookie = await loginCookie((await makePartner(db)).username);
});

describe("the Self-billing card's intents", () => {
  it("a partner cannot post them", async () => {
    const response = await post(saveForm("20"), partnerCookie);
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/");
    expect(await db.selectFrom("selfBillingAgreements").selectAll().execute()).toEqual([]);
  });

  it("refuses a form without a rate with the field's message and what was sent", async () => {
    const response = await post(saveForm(""));
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.title).toBe("Self-billing not saved");
    expect(body.fieldErrors.vatRate).toBe(
      "VAT rate is required: the rate the partner's accountant gives, a number from 0 to 100 with at most 2 decimals",
    );
    expect(body.values.vatNumber).toBe("GB123456789");
  });

  it("saves it and redirects back with the toast; the loader gives the card its data", async () => {
    const response = await post(saveForm("20"));
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe(`/partners/${partner.id}`);
    expect(await flashedToast(response)).toMatchObject({ title: "Self-billing saved" });
    const page = await call(loader, `/partners/${partner.id}`, {
      cookie: adminCookie,
      params: { partnerId: String(partner.id) },
    });
    const data = await page.json();
    expect(data.selfBilling.agreement).toEqual({
      startDate: "2026-01-01",
      reviewDate: "2027-01-01",
      vatNumber: "GB123456789",
      vatRateBp: 2000,
    });
  });

  it("ending it asks first, then ends it", async () => {
    const question = await post([["intent", "self-billing-remove"]]);
    expect(question.status).toBe(200);
    expect((await question.json()).confirm.title).toBe("End self-billing");
    const done = await post([
      ["intent", "self-billing-remove"],
      ["confirmed", "yes"],
    ]);
    expect(done.status).toBe(302);
    expect(await flashedToast(done)).toMatchObject({ title: "Self-billing ended" });
    expect(await db.selectFrom("selfBillingAgreements").selectAll().execute()).toEqual([]);
  });
});
