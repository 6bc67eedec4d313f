/**
 * Machine names that route: a second machine at a location another machine has is added with a
 * warning naming that machine and an offer to give one of them a telemetry name; an export naming
 * the location then names both machines on /admin/import and offers the mapping. Without
 * JavaScript the warning comes back as the form's page and the offer posts.
 */
import type { Page } from "@playwright/test";
import { ADMIN, expect, exportUpload, signIn, test, toast } from "./fixtures.ts";

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/** A partner of its own, made through the API. */
async function newPartner(page: Page, name: string) {
  const username = `mn-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
  const registered = await page.request.post("/api/register", {
    data: {
      username,
      password: "names-partner-1",
      name: `${name} ${username}`,
      partnerType: "profit-sharing",
      email: `${username}@example.com`,
      billingAddress: "Leeds",
      commissionPercentage: "0.10",
    },
  });
  expect(registered.status()).toBe(201);
  return (await registered.json()) as { id: number; name: string };
}

/** Two partners, the first with a machine at `location`. */
async function firstMachine(page: Page, location: string) {
  const north = await newPartner(page, "Names North");
  const south = await newPartner(page, "Names South");
  const added = await page.request.post("/api/machines", { data: { partnerId: north.id, location } });
  expect(added.status()).toBe(201);
  expect((await added.json()).warnings).toEqual([]);
  return { north, south };
}

/** An export of three rows naming `location`, dated in the month in progress. */
function exportNaming(location: string) {
  const month = new Date().toISOString().slice(0, 7);
  const base = 9_600_000_000 + Math.floor(Math.random() * 1_000_000) * 10;
  const rows = [0, 1, 2].map((i) => [
    location,
    base + i,
    "KitKat 4 Finger",
    0.35,
    1.1,
    1.1,
    `${month}-01T0${i}:10:00Z`,
  ]);
  return exportUpload("shared-name.xlsx", rows);
}

for (const width of [375, 1280]) {
  test.describe(`Machine names at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("a second machine at the same location: the warning names the other, the offer works, the import names both", async ({
      page,
    }, info) => {
      await signIn(page, ADMIN);
      const location = unique("Names Kiosk");
      const { north, south } = await firstMachine(page, location);

      await page.goto(`/partners/${south.id}`);
      await page.getByRole("button", { name: "Add New Machine" }).click();
      const dialog = page.getByRole("dialog", { name: "Add New Machine" });
      await dialog.getByLabel("Location", { exact: true }).fill(location);
      await dialog.getByRole("button", { name: "Add Machine" }).click();
      const warning = dialog.getByRole("alert", { name: "Machine names that route" });
      await expect(warning).toContainText(`Machine added: ${location}`);
      await expect(warning).toContainText(
        `'${location}' is also the location of ${location} (${north.name}): exports naming it go to neither machine until one of them has it as its telemetry name.`,
      );
      // Saved all the same: the card is on the page behind the dialog.
      await expect(page.getByRole("article", { name: location, includeHidden: true })).toBeAttached();
      await dialog.evaluate((el) =>
        Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
      );
      const box = (await dialog.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
      await page.screenshot({ path: info.outputPath(`machine-name-warning-${width}.png`) });

      // The offer, for this machine and for the other one (named with its partner).
      await expect(dialog.getByLabel(`Give ${location} (${north.name}) a telemetry name`)).toBeVisible();
      await dialog.getByLabel(`Give this machine (${location}) a telemetry name`).fill(`${location} South`);
      await dialog.getByRole("button", { name: "Set telemetry name" }).first().click();
      await expect(toast(page)).toContainText(`${location} now answers to '${location} South' in exports.`);
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("article", { name: location })).toBeVisible();

      // A name of its own for one machine leaves the location shared: the import names both.
      await page.goto("/admin/import");
      await page.getByLabel("Exports (.xlsx, .xls or .csv, one or more)").setInputFiles(exportNaming(location));
      await page.getByRole("button", { name: "Preview" }).click();
      const preview = page.getByRole("region", { name: "shared-name.xlsx preview" });
      await expect(preview).toContainText(
        `3 rows naming '${location}', which ${location} (${north.name}) and ${location} (${south.name}) both answer to: £3.30`,
      );
      const mappings = page.getByRole("group", { name: "Unmapped machine names" });
      await expect(mappings).toContainText(
        `'${location}' answers to 2 machines: ${location} (${north.name}) and ${location} (${south.name}).`,
      );
      await expect(mappings).not.toContainText("No machine answers");
      await page.screenshot({ path: info.outputPath(`import-shared-name-${width}.png`), fullPage: true });
      // The mapping: choosing the north machine books the rows there.
      await page.getByRole("combobox", { name: `Machine for ${location}` }).click();
      await page.getByRole("group", { name: north.name }).getByRole("option", { name: location }).click();
      await page.getByRole("button", { name: "Preview" }).click();
      await expect(page.getByText("3 new rows would be added.")).toBeVisible();
      await expect(preview.getByRole("row", { name: new RegExp(north.name) })).toContainText("£3.30");
    });
  });
}

test.describe("Machine names without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Add New Machine answers with the warning as a page, and the offer posts", async ({ page }, info) => {
    await signIn(page, ADMIN);
    const location = unique("Names Booth");
    const { north, south } = await firstMachine(page, location);
    await page.goto(`/partners/${south.id}/machines/new`);
    await page.getByLabel("Location").fill(location);
    await page.getByRole("button", { name: "Add Machine" }).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${south.id}/machines/new$`));
    const warning = page.getByRole("alert", { name: "Machine names that route" });
    await expect(warning).toContainText(`'${location}' is also the location of ${location} (${north.name})`);
    await page.screenshot({ path: info.outputPath("machine-name-warning-nojs.png"), fullPage: true });
    // The shared name given to the north machine: its exports route there again.
    await page.getByLabel(`Give ${location} (${north.name}) a telemetry name`).fill(location);
    await page.getByRole("button", { name: "Set telemetry name" }).nth(1).click();
    await expect(page).toHaveURL(new RegExp(`/partners/${south.id}$`));
    await expect(page.getByRole("status").first()).toContainText(
      `${location} now answers to '${location}' in exports.`,
    );
    await expect(page.getByRole("article", { name: location })).toBeVisible();
  });
});
