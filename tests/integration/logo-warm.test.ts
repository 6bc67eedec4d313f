/**
 * The logo as documents embed it is prepared ahead (domain/business/logo-embed.ts): when Settings
 * takes an upload, and when the server starts (warmLogo, which server.js runs once it listens), so
 * the first PDF after either does not decode the image. What is checked is that the prepared logo is
 * kept, not how long anything takes.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "#app/utils/db.server.ts";
import { getBusinessLogo, updateBusinessProfile, warmLogo } from "#domain/business/business-service.ts";
import { isLogoPrepared } from "#domain/business/logo-embed.ts";
import { DEMO_BUSINESS } from "#domain/demo/demo-seed.ts";
import { makeAdmin } from "#tests/factories.ts";
import { blackPng } from "#tests/images.ts";

let adminId: number;

beforeAll(async () => {
  adminId = (await makeAdmin(db)).id;
});

describe("the prepared logo", () => {
  it("is kept as the upload is saved, ready for the next PDF", async () => {
    const logo = blackPng(1_200, 400);
    await updateBusinessProfile(db, DEMO_BUSINESS, { upload: logo }, adminId);
    expect(isLogoPrepared({ bytes: logo, type: "image/png" })).toBe(true);
  });

  it("is prepared at start from the stored logo, after another was kept", async () => {
    const stored = blackPng(800, 800);
    await updateBusinessProfile(db, DEMO_BUSINESS, { upload: stored }, adminId);
    // Another process's upload: this one keeps an older logo until it warms up.
    const older = blackPng(300, 100);
    await updateBusinessProfile(db, DEMO_BUSINESS, { upload: older }, adminId);
    await db.updateTable("businessProfile").set({ logo: stored }).where("id", "=", 1).execute();
    expect(isLogoPrepared({ bytes: stored, type: "image/png" })).toBe(false);

    expect(await warmLogo(db)).toBe(true);
    expect(isLogoPrepared((await getBusinessLogo(db))!)).toBe(true);
  });

  it("has nothing to prepare when there is no logo", async () => {
    await updateBusinessProfile(db, DEMO_BUSINESS, { remove: true }, adminId);
    expect(await warmLogo(db)).toBe(false);
  });
});
