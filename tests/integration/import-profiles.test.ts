/**
 * Three exports of other layouts, each mapped once through the API and then recognised by
 * `vendboard import` on its own: renamed columns with the headers on row 4; a CSV whose status
 * column says which rows count (only "Settled"); a Quantity column with refund amounts. Every figure
 * is checked to the penny against what the test works out from the rows it wrote. Then: none or
 * several profiles matching exit 1, and deleting a profile keeps the receipts' copy.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as XLSX from "xlsx";
import { beforeAll, describe, expect, it } from "vitest";
import { action as createAction, loader as listLoader } from "#app/routes/api.import-profiles.ts";
import { loader as reportLoader } from "#app/routes/api.records.$id.report.ts";
import { db } from "#app/utils/db.server.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";
import { call } from "./http.ts";
import { loginCookie } from "./session.ts";
import { runCli } from "./cli-run.ts";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-profiles-"));
let adminCookie: string;
let partnerCookie: string;
const machines = new Map<string, number>();

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  const partner = await makePartner(db);
  partnerCookie = await loginCookie(partner.username);
  for (const name of ["Quay Kiosk", "Pier Lobby", "Mill Atrium"])
    machines.set(name, (await makeMachine(db, partner.id, name)).id);
});

/** One sale as the test writes it: pence throughout, so the expected figures are exact. */
interface Sale {
  machine: string;
  id: string;
  day: number;
  product: string;
  pricePence: number;
  costPence: number;
  quantity?: number;
  refundPence?: number;
  status?: string;
}
const pounds = (pence: number) => pence / 100;
const SITES = ["Quay Kiosk", "Pier Lobby"];
const PRODUCTS: [string, number, number][] = [
  ["Twix", 110, 43],
  ["Mars", 125, 47],
  ["Walkers Ready Salted", 95, 31],
  ["Diet Coke 500ml", 165, 58],
];
function sales(prefix: string, count: number, extra: (i: number) => Partial<Sale> = () => ({})): Sale[] {
  return Array.from({ length: count }, (_, i) => {
    const [product, pricePence, costPence] = PRODUCTS[i % PRODUCTS.length];
    return {
      machine: SITES[i % 2],
      id: `${prefix}${1000 + i}`,
      day: 1 + (i % 28),
      product,
      pricePence,
      costPence,
      ...extra(i),
    };
  });
}

/** What a machine's October should come to: counted rows only; refunds net revenue, add no units or cost. */
function expected(rows: Sale[], counts: (s: Sale) => boolean = () => true) {
  const figures = new Map<string, { units: number; revenuePence: number; cogsPence: number }>();
  for (const s of rows.filter(counts)) {
    const f = figures.get(s.machine) ?? { units: 0, revenuePence: 0, cogsPence: 0 };
    const quantity = s.quantity ?? 1;
    f.units += quantity;
    f.revenuePence += s.pricePence * quantity - (s.refundPence ?? 0);
    f.cogsPence += s.costPence * quantity;
    figures.set(s.machine, f);
  }
  return figures;
}

function xlsx(name: string, rows: unknown[][]): string {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), "Sheet1");
  const file = path.join(dir, name);
  fs.writeFileSync(file, XLSX.write(book, { type: "buffer", bookType: "xlsx" }));
  return file;
}
function csv(name: string, rows: unknown[][]): string {
  const file = path.join(dir, name);
  fs.writeFileSync(
    file,
    rows.map((r) => r.map((c) => (/[,"]/.test(String(c)) ? `"${String(c)}"` : String(c))).join(",")).join("\r\n"),
  );
  return file;
}

const saveProfile = async (definition: unknown) => {
  const answer = await call(createAction, "/api/import-profiles", { json: definition, cookie: adminCookie });
  expect(answer.status).toBe(201);
  return answer.json();
};

/** `vendboard import --json` of one file: its outcome, and the records' figures by machine for October. */
async function cliImport(file: string, ...flags: string[]) {
  const run = await runCli(["import", file, "--json", ...flags]);
  return { ...run, outcome: run.out ? JSON.parse(run.out).files[0] : null };
}
async function october() {
  const rows = await db
    .selectFrom("monthlyRecords")
    .innerJoin("machines", "machines.id", "monthlyRecords.machineId")
    .select(["machines.location", "totalSales", "revenuePence", "cogsPence"])
    .where("month", "=", "2026-10")
    .execute();
  return new Map(
    rows.map((r) => [r.location, { units: r.totalSales, revenuePence: r.revenuePence, cogsPence: r.cogsPence }]),
  );
}
const clearSales = async () => {
  await db.deleteFrom("sales").execute();
  await db.deleteFrom("importReceipts").execute();
  await db.deleteFrom("monthlyRecords").execute();
};
const receipts = () =>
  db
    .selectFrom("importReceipts")
    .select(["fileName", "profileName", "profileVersion", "profile"])
    .orderBy("id")
    .execute();

describe("renamed columns, headers on row 4 (.xlsx)", () => {
  const HEADERS = [
    "Device",
    "Transaction",
    "Machine Authorization Time",
    "Product Selection Info",
    "Amount",
    "Item Price",
    "Unit Cost",
  ];
  const rows = sales("CS", 30);
  const file = (name: string, list: Sale[]) =>
    xlsx(name, [
      ["Cantaloupe Seed export"],
      ["Operator: Harbour Vending"],
      ["Period 01/10/2026 - 31/10/2026"],
      HEADERS,
      ...list.map((s) => [
        s.machine,
        s.id,
        `${String(s.day).padStart(2, "0")}/10/2026 14:05`,
        s.product,
        pounds(s.pricePence),
        pounds(s.pricePence),
        pounds(s.costPence),
      ]),
    ]);

  it("is refused with the spec's message until mapped; mapped once, the CLI recognises it and books exact pence", async () => {
    const first = file("cantaloupe-2026-10.xlsx", rows);
    const refused = await cliImport(first);
    expect(refused.code).toBe(1);
    expect(refused.outcome.error).toBe(
      "Missing required headers: Product Name, Cost Price, Machine Price, Settlement Value (Vend Price), Authorization Date and Time (GMT), Transaction ID, Machine Name",
    );
    await saveProfile({
      name: "Cantaloupe Seed",
      headerRow: 4,
      headers: HEADERS,
      columns: {
        machineName: "Device",
        transactionId: "Transaction",
        date: "Machine Authorization Time",
        productName: "Product Selection Info",
        settlementValue: "Amount",
        machinePrice: "Item Price",
        costPrice: "Unit Cost",
      },
      dateOrder: "dmy",
      timeZone: "UTC",
    });
    const run = await cliImport(first);
    expect(run.err).toBe("");
    expect(run.code).toBe(0);
    expect(run.outcome.result.profile).toEqual({ name: "Cantaloupe Seed", version: 1 });
    expect(await october()).toEqual(expected(rows));
    // A second file of the same layout, read the same way: its new rows add, its repeated ones are duplicates.
    const more = sales("CS", 34).slice(26);
    const second = await cliImport(file("cantaloupe-2026-10b.xlsx", more));
    expect(second.code).toBe(0);
    expect(second.outcome.result.groups.reduce((n: number, g: { duplicates: number }) => n + g.duplicates, 0)).toBe(4);
    expect(await october()).toEqual(expected([...rows, ...more.slice(4)]));
    expect((await receipts()).map((r) => [r.fileName, r.profileName, r.profileVersion])).toEqual([
      ["cantaloupe-2026-10.xlsx", "Cantaloupe Seed", 1],
      ["cantaloupe-2026-10.xlsx", "Cantaloupe Seed", 1],
      ["cantaloupe-2026-10b.xlsx", "Cantaloupe Seed", 1],
      ["cantaloupe-2026-10b.xlsx", "Cantaloupe Seed", 1],
    ]);
  });
  it("the partner's download of a record holds the title, the headers on row 4 and that machine's rows only", async () => {
    const record = await db
      .selectFrom("monthlyRecords")
      .select("id")
      .where("machineId", "=", machines.get("Quay Kiosk")!)
      .where("month", "=", "2026-10")
      .executeTakeFirstOrThrow();
    const answer = await call(reportLoader, `/api/records/${record.id}/report`, {
      cookie: partnerCookie,
      params: { id: String(record.id) },
    });
    expect(answer.status).toBe(200);
    const sheet = XLSX.read(new Uint8Array(await answer.arrayBuffer()), { type: "array" });
    const table = XLSX.utils.sheet_to_json<unknown[]>(sheet.Sheets[sheet.SheetNames[0]], { header: 1 });
    expect(table.slice(0, 4)).toEqual([
      ["Cantaloupe Seed export"],
      ["Operator: Harbour Vending"],
      ["Period 01/10/2026 - 31/10/2026"],
      HEADERS,
    ]);
    // The latest receipt's file (the second): its rows that are this record's, Pier Lobby's left out.
    const quay = sales("CS", 34)
      .slice(26)
      .filter((s) => s.machine === "Quay Kiosk");
    expect(table.slice(4).map((r) => r[1])).toEqual(quay.map((s) => s.id));
  });
});

describe("a CSV with a status column: only Settled rows count", () => {
  const HEADERS = ["Machine", "Sale Id", "Date/Time", "Item", "Charged", "Price", "Cost", "Status"];
  const STATUSES = ["Settled", "Settled", "Declined", "settled", "Pending"];
  const rows = sales("VD", 25, (i) => ({ status: STATUSES[i % STATUSES.length] }));
  const counts = (s: Sale) => s.status!.toLowerCase() === "settled";

  it("books the Settled rows and reports the others with their revenue, needing no confirmation", async () => {
    await clearSales();
    await saveProfile({
      name: "Vendon",
      headerRow: 1,
      headers: HEADERS,
      columns: {
        machineName: "Machine",
        transactionId: "Sale Id",
        date: "Date/Time",
        productName: "Item",
        settlementValue: "Charged",
        machinePrice: "Price",
        costPrice: "Cost",
        status: "Status",
      },
      dateOrder: "dmy",
      timeZone: "Europe/London",
      saleStatuses: ["Settled"],
    });
    const file = csv("vendon-2026-10.csv", [
      HEADERS,
      ...rows.map((s) => [
        s.machine,
        s.id,
        `2026-10-${String(s.day).padStart(2, "0")} 09:30:00`,
        s.product,
        (s.pricePence / 100).toFixed(2),
        (s.pricePence / 100).toFixed(2),
        (s.costPence / 100).toFixed(2),
        s.status,
      ]),
    ]);
    const run = await cliImport(file);
    expect(run.code).toBe(0);
    expect(await october()).toEqual(expected(rows, counts));
    const left = rows.filter((s) => !counts(s));
    expect(run.outcome.result.leftOut).toEqual([
      {
        reason: "skipped, status not counted as a sale",
        count: left.length,
        revenue: left.reduce((n, s) => n + s.pricePence, 0) / 100,
        needsConfirmation: false,
      },
    ]);
  });
});

describe("a Quantity column and refund amounts (.xlsx, month/day dates)", () => {
  const HEADERS = ["Site", "Ref", "When", "Product", "Paid", "List Price", "Unit Cost", "Quantity", "Refund Amount"];
  const rows = sales("NQ", 24, (i) => ({ quantity: 1 + (i % 3), refundPence: i % 5 === 0 ? PRODUCTS[i % 4][1] : 0 }));
  const definition = {
    name: "Nayax Quantities",
    headerRow: 2,
    headers: HEADERS,
    columns: {
      machineName: "Site",
      transactionId: "Ref",
      date: "When",
      productName: "Product",
      settlementValue: "Paid",
      machinePrice: "List Price",
      costPrice: "Unit Cost",
      quantity: "Quantity",
      refundAmount: "Refund Amount",
    },
    dateOrder: "mdy",
    timeZone: "UTC",
  };
  const file = (name: string) =>
    xlsx(name, [
      ["Sales by product"],
      HEADERS,
      ...rows.map((s) => [
        s.machine,
        s.id,
        `10/${String(s.day).padStart(2, "0")}/2026 08:00`,
        s.product,
        pounds(s.pricePence * s.quantity!),
        pounds(s.pricePence),
        pounds(s.costPence),
        s.quantity,
        s.refundPence ? pounds(s.refundPence) : "",
      ]),
    ]);

  it("books quantities and a refund per refund amount, once each, dates read month/day", async () => {
    await clearSales();
    await saveProfile(definition);
    const run = await cliImport(file("quantities-2026-10.xlsx"));
    expect(run.code).toBe(0);
    expect(await october()).toEqual(expected(rows));
    const refunds = await db
      .selectFrom("sales")
      .select(["transactionId"])
      .where("kind", "=", "refund")
      .orderBy("transactionId")
      .execute();
    expect(refunds.map((r) => r.transactionId)).toEqual(
      rows
        .filter((s) => s.refundPence)
        .map((s) => s.id)
        .sort(),
    );
    // Imported again: every sale and refund is already booked, and nothing changes.
    const again = await cliImport(file("quantities-2026-10-again.xlsx"));
    expect(again.outcome.result.groups.reduce((n: number, g: { imported: number }) => n + g.imported, 0)).toBe(0);
    expect(await october()).toEqual(expected(rows));
  });

  it("several profiles matching: the CLI exits 1 naming them; --profile chooses; deleting keeps the receipts' copy", async () => {
    await clearSales();
    await saveProfile({ ...definition, name: "Nayax Quantities (copy)" });
    const ambiguous = await cliImport(file("quantities-2026-10.xlsx"), "--dry-run");
    expect(ambiguous.code).toBe(1);
    expect(ambiguous.outcome.error).toBe(
      "Several import profiles match this file's headers (Nayax Quantities, Nayax Quantities (copy)): choose one (profile in the API, --profile in the CLI)",
    );
    const chosen = await cliImport(file("quantities-2026-10.xlsx"), "--profile", "nayax quantities (copy)");
    expect(chosen.code).toBe(0);
    expect(chosen.outcome.result.profile).toEqual({ name: "Nayax Quantities (copy)", version: 1 });
    const deleted = await runCli(["profiles", "delete", "Nayax Quantities (copy)"]);
    expect(deleted.code).toBe(0);
    const kept = await receipts();
    expect(kept.length).toBe(2);
    for (const receipt of kept) {
      expect([receipt.profileName, receipt.profileVersion]).toEqual(["Nayax Quantities (copy)", 1]);
      expect(JSON.parse(receipt.profile!)).toMatchObject({
        name: "Nayax Quantities (copy)",
        version: 1,
        columns: definition.columns,
      });
    }
    const list = await (await call(listLoader, "/api/import-profiles", { cookie: adminCookie })).json();
    expect(list.map((p: { name: string }) => p.name)).toEqual(["Cantaloupe Seed", "Nayax Quantities", "Vendon"]);
    const shown = await runCli(["profiles", "show", "nayax quantities"]);
    expect(shown.out).toContain("Refund Amount");
  });
});

describe("vendboard profiles create and list", () => {
  it("saves a profile from a JSON file; a bad file is a usage error (2), a bad profile a failure (1)", async () => {
    const file = path.join(dir, "vendon-copy.json");
    const definition = await (await call(listLoader, "/api/import-profiles", { cookie: adminCookie })).json();
    const vendon = definition.find((p: { name: string }) => p.name === "Vendon");
    fs.writeFileSync(
      file,
      JSON.stringify({ ...vendon, name: "Vendon (all statuses)", saleStatuses: ["Settled", "Pending"] }),
    );
    const saved = await runCli(["profiles", "create", "--from", file]);
    expect([saved.code, saved.out]).toEqual([0, 'Saved import profile "Vendon (all statuses)" (version 1)\n']);
    const listed = await runCli(["profiles", "list", "--json"]);
    expect(JSON.parse(listed.out).profiles.map((p: { name: string }) => p.name)).toContain("Vendon (all statuses)");
    fs.writeFileSync(file, "{not json");
    expect((await runCli(["profiles", "create", "--from", file])).code).toBe(2);
    fs.writeFileSync(file, JSON.stringify({ ...vendon, timeZone: "CET" }));
    const bad = await runCli(["profiles", "create", "--from", file]);
    expect([bad.code, bad.err]).toEqual([1, "error: The time zone is UTC or Europe/London\n"]);
  });
});
