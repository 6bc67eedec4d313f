import fs from "node:fs";
import path from "node:path";
import { ADMIN, PARTNER, TIERED, expect, signIn, test, toast } from "./fixtures.ts";
import type { Page } from "@playwright/test";

const fixture = (name: string) => path.resolve("fixtures", name);

/** A fresh partner for this test, made through the API the Add Partner dialog uses. */
async function freshPartner(page: Page, type = "profit-sharing") {
  const username = `m-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
  const response = await page.request.post("/api/register", {
    data: {
      username,
      password: "machine-test-1",
      name: `Machine Test ${username}`,
      partnerType: type,
      email: `${username}@example.com`,
      billingAddress: "Leeds",
      commissionPercentage: "0.10",
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

function previousMonth() {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return d.toISOString().slice(0, 7);
}

test.describe("Machines on the partner page (admin)", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("add a machine, upload a month with a preview, read its history and popular items, then edit, switch off and delete it", async ({
    page,
  }) => {
    test.slow(); // many steps and an upload: past 30 s on a busy machine (and a retry finds the rows booked)
    const partner = await freshPartner(page);
    await page.goto(`/partners/${partner.id}`);
    await page.getByRole("button", { name: "Add New Machine" }).click();
    const form = page.getByRole("dialog", { name: "Add New Machine" });
    await form.getByRole("button", { name: "Add Machine" }).click();
    await expect(form.getByText("Location is required")).toBeVisible();
    await form.getByLabel("Location", { exact: true }).fill("Leeds Station Concourse");
    await form.getByRole("button", { name: "Add Machine" }).click();
    // The demo's own Leeds Station Concourse has this location too: saved, with the warning naming it.
    const warning = form.getByRole("alert", { name: "Machine names that route" });
    await expect(warning).toContainText("Machine added: Leeds Station Concourse");
    await expect(warning).toContainText("is also the location of Leeds Station Concourse (");
    await form.getByRole("button", { name: "Done" }).click();
    await expect(form).toBeHidden();
    const card = page.getByRole("article", { name: "Leeds Station Concourse" });
    await expect(card).toBeVisible();

    await card.getByRole("button", { name: "Add Monthly Record" }).click();
    const upload = page.getByRole("dialog", { name: "Add Monthly Record" });
    await expect(upload.getByLabel("Month")).toHaveValue(previousMonth());
    await upload.getByLabel("Month").fill("2026-10");
    await upload.getByLabel("Sales report file").setInputFiles(fixture("single-machine-2026-10.xlsx"));
    const contents = upload.getByLabel("File contents");
    await expect(contents).toContainText("44");
    await expect(contents).toContainText("£61.50");
    await expect(contents).toContainText("£24.48");
    await expect(contents).toContainText("Coca-Cola Zero 330ml");
    await upload.getByRole("button", { name: "Save Record" }).click();
    await expect(toast(page)).toContainText("Monthly record added");
    // A dialog still closing hands focus back to its trigger, which would close the next one.
    await expect(upload).toBeHidden();

    await card.getByRole("button", { name: "View Performance History" }).click();
    const history = page.getByRole("dialog", { name: "Performance History" });
    const october = history.getByRole("row", { name: /October 2026/ });
    await expect(october).toContainText("44");
    await expect(october).toContainText("£61.50");
    await expect(october).toContainText("£24.48");
    await expect(history.getByRole("columnheader", { name: "Profit Share (10%)" })).toBeVisible();
    await expect(october).toContainText("No Record");
    await expect(history.getByRole("list", { name: /units and revenue over 12 months/ })).toBeVisible();
    await history.getByRole("button", { name: "Close" }).click();
    await expect(history).toBeHidden();

    await card.getByRole("button", { name: "Popular Items" }).click();
    const popular = page.getByRole("dialog", { name: "Popular Items" });
    await expect(popular.getByText("Most popular items based on sales history")).toBeVisible();
    await expect(popular.getByRole("row").nth(1)).toContainText(/Coca-Cola Zero 330ml|Dairy Milk 45g/);
    await popular.getByRole("button", { name: "Close" }).click();
    await expect(popular).toBeHidden();

    await card.getByRole("switch", { name: "Leeds Station Concourse active" }).click();
    await expect(toast(page)).toContainText("Status updated");
    await expect(card.getByText("Inactive")).toBeVisible();

    await card.getByRole("button", { name: "Edit Leeds Station Concourse" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Machine" });
    await edit.getByLabel("Location", { exact: true }).fill("Leeds Station Concourse North");
    await edit.getByRole("button", { name: "Save Machine" }).click();
    await expect(toast(page)).toContainText("Machine updated");
    await expect(edit).toBeHidden();
    const renamed = page.getByRole("article", { name: "Leeds Station Concourse North" });
    await expect(renamed.getByText("Inactive")).toBeVisible();

    await renamed.getByRole("button", { name: "Delete Leeds Station Concourse North" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete Machine" }).click();
    await expect(toast(page)).toContainText("Machine deleted");
    await expect(page.getByRole("article", { name: "Leeds Station Concourse North" })).toHaveCount(0);
  });

  test("a bad export gets the spec's message and cannot be saved", async ({ page }) => {
    const partner = await freshPartner(page);
    await page.request.post("/api/machines", { data: { partnerId: partner.id, location: "Upload Test" } });
    await page.goto(`/partners/${partner.id}`);
    await page
      .getByRole("article", { name: "Upload Test" })
      .getByRole("button", { name: "Add Monthly Record" })
      .click();
    const upload = page.getByRole("dialog", { name: "Add Monthly Record" });
    await upload.getByLabel("Sales report file").setInputFiles(fixture("bad-missing-cost-price.xlsx"));
    await expect(upload.getByRole("alert")).toContainText("Missing required headers: Cost Price");
    await expect(toast(page)).toContainText("Error processing Excel file");
    // One message each: the toast names the failure, the alert beside the file says why.
    await expect(toast(page)).not.toContainText("Missing required headers");
    await expect(upload.getByRole("button", { name: "Save Record" })).toBeDisabled();
    // Past the upload limit the file is not sent: the dialog says so, as the server would.
    await upload.getByLabel("Sales report file").setInputFiles({
      name: "huge.xlsx",
      mimeType: "application/vnd.ms-excel",
      buffer: Buffer.alloc(10 * 1024 * 1024 + 1),
    });
    await expect(upload.getByRole("alert")).toContainText(/The file is too large \(at most \d+ MB\)/);
    await expect(upload.getByRole("button", { name: "Save Record" })).toBeDisabled();
  });
});

test.describe("Machine records and the dialogs' failures (admin)", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, ADMIN);
  });

  test("a record deleted from Performance History goes from the table; a machine gone meanwhile shows the dialogs' failure texts", async ({
    page,
  }) => {
    const partner = await freshPartner(page);
    const machine = (await (
      await page.request.post("/api/machines", { data: { partnerId: partner.id, location: "Leeds Station Concourse" } })
    ).json()) as { id: number };
    const file = fixture("messy-headers-2026-10.xlsx");
    const imported = await page.request.post(`/api/machines/${machine.id}/records`, {
      multipart: {
        month: "2026-10",
        reportFile: {
          name: "messy-headers-2026-10.xlsx",
          mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          buffer: fs.readFileSync(file),
        },
      },
    });
    expect(imported.status()).toBe(201);
    const gone = (await (
      await page.request.post("/api/machines", { data: { partnerId: partner.id, location: "Gone Kiosk" } })
    ).json()) as { id: number };
    await page.goto(`/partners/${partner.id}`);

    const card = page.getByRole("article", { name: "Leeds Station Concourse" });
    await card.getByRole("button", { name: "View Performance History" }).click();
    const history = page.getByRole("dialog", { name: "Performance History" });
    await expect(history.getByRole("row", { name: /October 2026/ })).toBeVisible();
    await history.getByRole("button", { name: "Delete the October 2026 record" }).click();
    const question = page.getByRole("alertdialog", { name: "Delete Leeds Station Concourse's October 2026 record?" });
    await expect(question).toContainText("and their receipts are deleted");
    await question.getByRole("button", { name: "Delete record" }).click();
    await expect(toast(page)).toContainText("Record deleted");
    await expect(history.getByText("No monthly records yet.")).toBeVisible();
    await history.getByRole("button", { name: "Close" }).click();
    await expect(history).toBeHidden();

    expect((await page.request.delete(`/api/machines/${gone.id}`)).status()).toBe(200);
    const goneCard = page.getByRole("article", { name: "Gone Kiosk" });
    await goneCard.getByRole("button", { name: "View Performance History" }).click();
    await expect(page.getByRole("dialog", { name: "Performance History" })).toContainText(
      "Failed to fetch machine records: Machine not found",
    );
    await page.getByRole("dialog", { name: "Performance History" }).getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog", { name: "Performance History" })).toBeHidden();
    await goneCard.getByRole("button", { name: "Popular Items" }).click();
    await expect(page.getByRole("dialog", { name: "Popular Items" })).toContainText(
      "Failed to fetch popular products: Machine not found",
    );
  });
});

test.describe("Machines without JavaScript (admin)", () => {
  test.use({ javaScriptEnabled: false });

  test("Delete asks on a page first, then deletes the machine with its toast", async ({ page }) => {
    await signIn(page, ADMIN);
    const partner = await freshPartner(page);
    await page.request.post("/api/machines", { data: { partnerId: partner.id, location: "No Script Kiosk" } });
    await page.goto(`/partners/${partner.id}`);
    const url = page.url();
    await page
      .getByRole("article", { name: "No Script Kiosk" })
      .getByRole("button", { name: "Delete No Script Kiosk" })
      .click();
    const question = page.getByRole("alertdialog", { name: "Delete No Script Kiosk?" });
    await expect(question).toContainText("This deletes the machine with its 0 monthly records (£0.00 revenue)");
    await expect(page.getByRole("article", { name: "No Script Kiosk" })).toBeVisible(); // nothing has happened yet
    await question.getByRole("button", { name: "Delete Machine" }).click();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("status")).toContainText("Machine deleted");
    await expect(page.getByRole("article", { name: "No Script Kiosk" })).toHaveCount(0);
  });
});

test.describe("Partner dashboard", () => {
  test("a profit-sharing partner sees their own figures, machines and Commission Due", async ({ page }) => {
    await signIn(page, PARTNER);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    for (const label of [
      "Total Machines",
      "Latest Sales",
      "Total Sales",
      "Bank Details",
      "Latest Profit Share",
      "Revenue",
      "Commission Due",
    ]) {
      await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Your Machines" })).toBeVisible();
    await expect(page.getByRole("article", { name: "Leeds Station Concourse" })).toBeVisible();
    await expect(page.getByRole("article", { name: "York Hospital Atrium" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add Monthly Record" })).toHaveCount(0);
    // The cards only read: no form on them posts anywhere (the dashboard has no action for them).
    await expect(page.getByRole("article").locator("form")).toHaveCount(0);
    await expect(page.getByText("Yorkshire Bank")).toBeVisible();
  });

  test("a tiered partner sees the tier breakdown and 'Tiered Commission' in the history", async ({ page }) => {
    await signIn(page, TIERED);
    await expect(page.getByLabel("Tier breakdown")).toBeVisible();
    await expect(page.getByLabel("Tier breakdown")).toContainText("£150.01 – £300.00");
    await page
      .getByRole("article", { name: "York Hospital Atrium" })
      .getByRole("button", { name: "View Performance History" })
      .click();
    await expect(page.getByRole("dialog").getByRole("columnheader", { name: "Tiered Commission" })).toBeVisible();
  });

  test("a partner cannot read another partner's machine, records or report (403)", async ({ page }) => {
    await signIn(page, PARTNER);
    const own = await (await page.request.get("/api/machines")).json();
    expect(own.every((m: { location: string }) => m.location.startsWith("Leeds"))).toBe(true);
    const others = [3, 4, 5].filter((id) => !own.some((m: { id: number }) => m.id === id));
    for (const id of others) {
      expect((await page.request.get(`/api/machines/${id}/records`)).status()).toBe(403);
      expect((await page.request.get(`/api/machines/${id}/popular-products`)).status()).toBe(403);
    }
  });
});
