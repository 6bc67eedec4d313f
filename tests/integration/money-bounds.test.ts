/**
 * Sane bounds (ARCHITECTURE §11): a monthly fee is at most £100,000.00 and exact in pence,
 * on partner create (POST /api/register) and update (PATCH /api/partners/{id}); a machine image URL
 * is an https address (POST /api/machines, PATCH /api/machines/{id}). Anything else: 400 with the
 * message, and nothing changes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { action as machinesAction } from "#app/routes/api.machines.ts";
import { action as machineAction } from "#app/routes/api.machines.$id.ts";
import { action as partnerAction } from "#app/routes/api.partners.$id.ts";
import { action as registerAction } from "#app/routes/api.register.ts";
import { db } from "#app/utils/db.server.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";

let adminCookie: string;
let partnerCookie: string;
let ownerId: number;

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  const owner = await makePartner(db);
  ownerId = owner.id;
  partnerCookie = await loginCookie(owner.username);
});

type Cookie = string | null;
const register = (json: unknown, cookie: Cookie = adminCookie) =>
  call(registerAction, "/api/register", { json, cookie });
const patchPartner = (id: number, json: unknown, cookie: Cookie = adminCookie) =>
  call(partnerAction, `/api/partners/${id}`, { method: "PATCH", json, cookie, params: { id: String(id) } });
const postMachine = (json: unknown, cookie: Cookie = adminCookie) =>
  call(machinesAction, "/api/machines", { json, cookie });
const patchMachine = (id: number, json: unknown, cookie: Cookie = adminCookie) =>
  call(machineAction, `/api/machines/${id}`, { method: "PATCH", json, cookie, params: { id: String(id) } });

const feePartnerBody = (monthlyFee: unknown) => ({
  username: `fee-${Math.random().toString(36).slice(2, 9)}`,
  password: "a-good-password",
  name: "Spa Fees Ltd",
  partnerType: "fee-paying",
  email: "spa@example.com",
  billingAddress: "1 Spa Road, Harrogate",
  monthlyFee,
});

const fee = async (id: number) =>
  (await db.selectFrom("users").select("monthlyFeePence").where("id", "=", id).executeTakeFirstOrThrow())
    .monthlyFeePence;
const userCount = async () => (await db.selectFrom("users").select("id").execute()).length;

const TOO_MUCH = "Monthly fee must be at most £100,000.00";
const NOT_PENCE = "Monthly fee must be in whole pence";
const BAD_FEES: [unknown, string][] = [
  [100000.01, TOO_MUCH],
  ["100000.01", TOO_MUCH],
  ["£250,000", TOO_MUCH],
  [1e9, TOO_MUCH],
  [12.345, NOT_PENCE],
  ["12.345", NOT_PENCE],
  ["0.001", NOT_PENCE],
  [-1, "Monthly fee must be a number of at least 0"],
  ["twelve", "Monthly fee must be a number of at least 0"],
];

describe("Monthly fee on create: at most £100,000.00, exact in pence", () => {
  it("401 anonymous, 403 for a partner", async () => {
    expect((await register(feePartnerBody(75), null)).status).toBe(401);
    expect((await register(feePartnerBody(75), partnerCookie)).status).toBe(403);
  });

  it.each(BAD_FEES)("400 for %j: %s, and no partner is created", async (monthlyFee, message) => {
    const before = await userCount();
    const response = await register(feePartnerBody(monthlyFee));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(await userCount()).toBe(before);
  });

  it.each([
    [100000, 100000, 10_000_000],
    ["100,000.00", 100000, 10_000_000],
    ["12.340", 12.34, 1234],
    [0.01, 0.01, 1],
    [75, 75, 7500],
  ])("201 for %j: monthlyFee %s (%i pence stored)", async (monthlyFee, pounds, pence) => {
    const response = await register(feePartnerBody(monthlyFee));
    expect(response.status).toBe(201);
    const partner = await response.json();
    expect(partner.monthlyFee).toBe(pounds);
    expect(await fee(partner.id)).toBe(pence);
  });
});

describe("Monthly fee on update: the same bounds", () => {
  it("401 anonymous, 403 for a partner; the fee stays", async () => {
    const partner = await makePartner(db, { partnerType: "fee-paying", monthlyFeePence: 5000 });
    expect((await patchPartner(partner.id, { monthlyFee: 60 }, null)).status).toBe(401);
    expect((await patchPartner(partner.id, { monthlyFee: 60 }, partnerCookie)).status).toBe(403);
    expect(await fee(partner.id)).toBe(5000);
  });

  it.each(BAD_FEES)("400 for %j: %s, and the fee stays £50.00", async (monthlyFee, message) => {
    const partner = await makePartner(db, { partnerType: "fee-paying", monthlyFeePence: 5000 });
    const response = await patchPartner(partner.id, { monthlyFee });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(await fee(partner.id)).toBe(5000);
  });

  it("200 for exactly £100,000.00 and for £49.99", async () => {
    const partner = await makePartner(db, { partnerType: "fee-paying", monthlyFeePence: 5000 });
    const top = await patchPartner(partner.id, { monthlyFee: "100000.00" });
    expect(top.status).toBe(200);
    expect(await top.json()).toMatchObject({ monthlyFee: 100000 });
    expect(await fee(partner.id)).toBe(10_000_000);
    expect(await (await patchPartner(partner.id, { monthlyFee: 49.99 })).json()).toMatchObject({ monthlyFee: 49.99 });
    expect(await fee(partner.id)).toBe(4999);
  });
});

const NOT_HTTPS = "Image URL must be an https:// address";
const BAD_URLS: [string, string][] = [
  ["http://example.com/kiosk.png", NOT_HTTPS],
  ["javascript:alert(1)", NOT_HTTPS],
  ["data:image/png;base64,iVBORw0KGgo=", NOT_HTTPS],
  ["ftp://example.com/kiosk.png", NOT_HTTPS],
  ["not a url", "Image URL must be a web address"],
  [`https://example.com/${"a".repeat(2000)}.png`, "Image URL is too long"],
];

describe("Machine image URL: an https address", () => {
  it("401 anonymous, 403 for a partner (create and edit)", async () => {
    const machine = await makeMachine(db, ownerId);
    expect(
      (await postMachine({ location: "Kiosk", partnerId: ownerId, imageUrl: "https://example.com/k.png" }, null))
        .status,
    ).toBe(401);
    expect(
      (
        await postMachine(
          { location: "Kiosk", partnerId: ownerId, imageUrl: "https://example.com/k.png" },
          partnerCookie,
        )
      ).status,
    ).toBe(403);
    expect((await patchMachine(machine.id, { imageUrl: "https://example.com/k.png" }, null)).status).toBe(401);
    expect((await patchMachine(machine.id, { imageUrl: "https://example.com/k.png" }, partnerCookie)).status).toBe(403);
  });

  it.each(BAD_URLS)("create: 400 for %s: %s, and no machine is added", async (imageUrl, message) => {
    const before = (await db.selectFrom("machines").select("id").execute()).length;
    const response = await postMachine({ location: "Spa Kiosk", partnerId: ownerId, imageUrl });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect((await db.selectFrom("machines").select("id").execute()).length).toBe(before);
  });

  it.each(BAD_URLS)("edit: 400 for %s: %s, and the image stays", async (imageUrl, message) => {
    const machine = await makeMachine(db, ownerId);
    await db
      .updateTable("machines")
      .set({ imageUrl: "https://example.com/old.png" })
      .where("id", "=", machine.id)
      .execute();
    const response = await patchMachine(machine.id, { imageUrl });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message });
    expect(
      (await db.selectFrom("machines").select("imageUrl").where("id", "=", machine.id).executeTakeFirstOrThrow())
        .imageUrl,
    ).toBe("https://example.com/old.png");
  });

  it("an https URL is kept (trimmed); blank clears it", async () => {
    const created = await postMachine({
      location: "Spa Kiosk",
      partnerId: ownerId,
      imageUrl: "  https://images.example.com/kiosk.png ",
    });
    expect(created.status).toBe(201);
    const machine = await created.json();
    expect(machine.imageUrl).toBe("https://images.example.com/kiosk.png");
    const edited = await patchMachine(machine.id, { imageUrl: "https://images.example.com/kiosk-2.png" });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ imageUrl: "https://images.example.com/kiosk-2.png" });
    expect(await (await patchMachine(machine.id, { imageUrl: "" })).json()).toMatchObject({ imageUrl: null });
  });
});
