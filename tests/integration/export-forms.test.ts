/**
 * An export's dates in every form (date cells in the 1900 and 1904 systems, ISO text,
 * day-first text with and without a time, month-first text with AM/PM or a 24-hour time), read
 * the same through each way in: a machine's upload (and its preview), /admin/import and
 * `vendboard import`. An ambiguous file is asked about on each path; rows left out for their date
 * need confirmation before anything is written.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { db } from "#app/utils/db.server.ts";
import { DATA_DIR } from "#app/utils/env.server.ts";
import { importExports, readUpload, sha256 } from "#domain/imports/import-service.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";
import { runCli } from "./cli-run.ts";
import {
  clearMachines,
  dateCell,
  dayFirstText,
  importAudits,
  isoOfSerial,
  isoText,
  monthFirst24Text,
  postAdminImport,
  postUpload,
  recordsOf,
  salesOf,
  tableCounts,
  telemetryText,
  TITLE_NO_RANGE,
  TITLE_OCTOBER,
  workbookBytes,
  workbookPr,
} from "./export-writers.ts";
import { loginCookie } from "./session.ts";

const LEEDS = "Leeds Station Concourse";

let adminId: number;
let adminCookie: string;
let partnerId: number;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-export-forms-"));

beforeAll(async () => {
  const admin = await makeAdmin(db);
  adminId = admin.id;
  adminCookie = await loginCookie(admin.username);
  partnerId = (await makePartner(db)).id;
});

afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

/** `vendboard import …` in-process against this test file's database (its data directory beside it). */
const vendboard = (args: string[]) => runCli(args);

/** Writes an export where the CLI can read it. */
function onDisk(name: string, bytes: Uint8Array): string {
  const file = path.join(tmp, name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** Stored upload of these bytes (a file with SQLite, a row with PostgreSQL), or null. */
const storedUpload = (bytes: Uint8Array, ext: string) => readUpload(db, DATA_DIR, `uploads/${sha256(bytes)}.${ext}`);

// ---------------------------------------------------------------------------------------------
// One month's sales, written with its dates in each form.

interface Line {
  /** Rows with the same offset are one transaction (a sale and its refund). */
  offset: number;
  product: string;
  cost: number;
  price: number;
  settlement: number;
  /** When it happened (UTC). */
  at: string;
}

/** 6 sales and a refund in October 2026: dates on days ≤ 12 (readable both ways) and above, at 00:15, 12:30 and 23:59:59. */
const LINES: Line[] = [
  { offset: 1, product: "Twix Twin", cost: 0.43, price: 1.1, settlement: 1.1, at: "2026-10-01T07:40:26.000Z" },
  { offset: 1, product: "Twix Twin", cost: 0.43, price: 1.1, settlement: -1.1, at: "2026-10-02T12:30:00.000Z" },
  { offset: 2, product: "Red Bull 250ml", cost: 0.98, price: 2.2, settlement: 2.2, at: "2026-10-03T15:04:05.000Z" },
  { offset: 3, product: "Dairy Milk 45g", cost: 0.45, price: 1.2, settlement: 1.0, at: "2026-10-07T00:15:00.000Z" },
  { offset: 4, product: "Snickers 48g", cost: 0.44, price: 1.1, settlement: 1.1, at: "2026-10-12T18:05:59.000Z" },
  {
    offset: 5,
    product: "Monster Energy 500ml",
    cost: 1.05,
    price: 2.4,
    settlement: 2.4,
    at: "2026-10-21T09:14:00.000Z",
  },
  {
    offset: 6,
    product: "Coca-Cola Zero 330ml",
    cost: 0.55,
    price: 1.5,
    settlement: 1.4,
    at: "2026-10-31T23:59:59.000Z",
  },
];
/** Units 6 (the refund is none); revenue 1.10 − 1.10 + 2.20 + 1.00 + 1.10 + 2.40 + 1.40 = £8.10; COGS of the sales 0.43 + 0.98 + 0.45 + 0.44 + 1.05 + 0.55 = £3.90. */
const FIGURES = { units: 6, revenuePence: 810, cogsPence: 390, refunds: 1 };

interface DateForm {
  name: string;
  slug: string;
  title: string;
  cell: (at: string) => unknown;
  date1904?: boolean;
  bookType?: "xlsx" | "xls";
  /** The instant stored for a row: the row's own, or its day at 00:00 when the form has no time. */
  stored: (at: string) => string;
  order: "dmy" | "mdy";
  decidedBy: string;
}

const exact = (at: string) => at;
const FORMS: DateForm[] = [
  {
    name: "date cells (1900 system)",
    slug: "cells-1900",
    title: TITLE_OCTOBER,
    cell: (at) => dateCell(at),
    stored: exact,
    order: "dmy",
    decidedBy: "not needed",
  },
  {
    name: "date cells (1904 system)",
    slug: "cells-1904",
    title: TITLE_OCTOBER,
    cell: (at) => dateCell(at, true),
    date1904: true,
    stored: exact,
    order: "dmy",
    decidedBy: "not needed",
  },
  {
    name: "date cells (1904 system, .xls)",
    slug: "cells-1904-xls",
    title: TITLE_OCTOBER,
    cell: (at) => dateCell(at, true),
    date1904: true,
    bookType: "xls",
    stored: exact,
    order: "dmy",
    decidedBy: "not needed",
  },
  {
    name: "ISO text",
    slug: "iso",
    title: TITLE_OCTOBER,
    cell: isoText,
    stored: exact,
    order: "dmy",
    decidedBy: "not needed",
  },
  {
    name: "day-first text with a 24-hour time",
    slug: "dmy-time",
    title: TITLE_OCTOBER,
    cell: (at) => dayFirstText(at),
    stored: exact,
    order: "dmy",
    decidedBy: "title",
  },
  {
    name: "day-first text without a time",
    slug: "dmy-date",
    title: TITLE_OCTOBER,
    cell: (at) => dayFirstText(at, false),
    stored: (at) => `${at.slice(0, 10)}T00:00:00.000Z`,
    order: "dmy",
    decidedBy: "title",
  },
  {
    name: "month-first AM/PM (10/1/2026 7:40:26 AM) under a day-first title",
    slug: "mdy-ampm",
    title: TITLE_OCTOBER,
    cell: telemetryText,
    stored: exact,
    order: "mdy",
    decidedBy: "title",
  },
  {
    name: "month-first 24-hour (10/3/2026 15:04:05) under a day-first title",
    slug: "mdy-24h",
    title: TITLE_OCTOBER,
    cell: monthFirst24Text,
    stored: exact,
    order: "mdy",
    decidedBy: "title",
  },
  {
    name: "month-first AM/PM, no range in the title (10/21/2026 decides)",
    slug: "mdy-ampm-untitled",
    title: TITLE_NO_RANGE,
    cell: telemetryText,
    stored: exact,
    order: "mdy",
    decidedBy: "unambiguous date",
  },
  {
    name: "day-first 24-hour, no range in the title (21/10/2026 decides)",
    slug: "dmy-untitled",
    title: TITLE_NO_RANGE,
    cell: (at) => dayFirstText(at),
    stored: exact,
    order: "dmy",
    decidedBy: "unambiguous date",
  },
];

/** The form's export: its own transaction ids, so no two forms share one. */
function formExport(form: DateForm): { name: string; bytes: Uint8Array; ids: string[] } {
  const base = 7_500_000_000 + FORMS.indexOf(form) * 100;
  const rows = LINES.map((l) => [base + l.offset, LEEDS, l.product, l.cost, l.price, l.settlement, form.cell(l.at)]);
  const ext = form.bookType ?? "xlsx";
  return {
    name: `october-${form.slug}.${ext}`,
    bytes: workbookBytes(rows, { title: form.title, date1904: form.date1904, bookType: ext }),
    ids: LINES.map((l) => String(base + l.offset)),
  };
}

/** The sales a form's import must store: every line on its date, in October 2026. */
async function expectStored(machineId: number, form: DateForm, ids: string[]) {
  const records = await recordsOf(machineId);
  expect(
    records.map(({ month, totalSales, revenuePence, cogsPence }) => ({ month, totalSales, revenuePence, cogsPence })),
  ).toEqual([
    { month: "2026-10", totalSales: FIGURES.units, revenuePence: FIGURES.revenuePence, cogsPence: FIGURES.cogsPence },
  ]);
  const sales = await salesOf(machineId);
  expect(sales.map((s) => [s.transactionId, s.kind, s.saleDate, s.settlementPence, s.costPence, s.quantity])).toEqual(
    LINES.map((l, i) => [
      ids[i],
      l.settlement < 0 ? "refund" : "sale",
      form.stored(l.at),
      Math.round(l.settlement * 100),
      Math.round(l.cost * 100),
      1,
    ]),
  );
  // Never a misreading: 10 March or 10 July 2026 for 3 and 7 October, September 2027 for "10/21".
  for (const sale of sales) expect(sale.saleDate.slice(0, 7)).toBe("2026-10");
}

describe("dates in every form: a machine's upload (preview, then POST)", () => {
  beforeEach(clearMachines);

  it.each(FORMS)("$name", async (form) => {
    const machine = await makeMachine(db, partnerId, LEEDS);
    const file = formExport(form);
    const before = await tableCounts();
    const preview = await postUpload(machine.id, {
      month: "2026-10",
      bytes: file.bytes,
      fileName: file.name,
      cookie: adminCookie,
      preview: true,
    });
    expect(preview.status).toBe(200);
    const planned = await preview.json();
    expect(planned).toMatchObject({
      machineId: machine.id,
      month: "2026-10",
      recordId: null,
      ...FIGURES,
      imported: LINES.length,
      duplicates: 0,
      outsideMonth: 0,
      leftOut: [],
      needsConfirmation: false,
      dateOrder: form.order,
      dateOrderDecidedBy: form.decidedBy,
      warnings: [],
    });
    expect(await tableCounts()).toEqual(before);

    const response = await postUpload(machine.id, {
      month: "2026-10",
      bytes: file.bytes,
      fileName: file.name,
      cookie: adminCookie,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({
      recordId: expect.any(Number),
      ...FIGURES,
      imported: LINES.length,
      dateOrder: form.order,
      dateOrderDecidedBy: form.decidedBy,
    });
    await expectStored(machine.id, form, file.ids);
  });
});

describe("dates in every form: /admin/import (Preview, then Import)", () => {
  beforeEach(clearMachines);

  it.each(FORMS)("$name", async (form) => {
    const machine = await makeMachine(db, partnerId, LEEDS);
    const file = formExport(form);
    const before = await tableCounts();
    const preview = await postAdminImport({ intent: "preview" }, [file], adminCookie);
    expect(preview.error).toBeNull();
    expect(preview.newRows).toBe(LINES.length);
    const [planned] = preview.outcomes;
    if (!planned.ok) throw new Error(planned.error);
    expect(planned.result).toMatchObject({
      dateOrder: form.order,
      dateOrderDecidedBy: form.decidedBy,
      needsConfirmation: false,
      leftOut: [],
    });
    expect(
      planned.result.groups.map((g) => [g.machineId, g.month, g.units, g.revenuePence, g.cogsPence, g.imported]),
    ).toEqual([[machine.id, "2026-10", FIGURES.units, FIGURES.revenuePence, FIGURES.cogsPence, LINES.length]]);
    expect(await tableCounts()).toEqual(before);

    const done = await postAdminImport({ intent: "import" }, [file], adminCookie);
    expect(done.error).toBeNull();
    expect(done.intent).toBe("import");
    expect(done.newRows).toBe(LINES.length);
    await expectStored(machine.id, form, file.ids);
  });
});

describe("dates in every form: vendboard import", () => {
  beforeEach(clearMachines);

  it.each(FORMS)("$name", async (form) => {
    const machine = await makeMachine(db, partnerId, LEEDS);
    const file = formExport(form);
    const run = await vendboard(["import", onDisk(file.name, file.bytes), "--json"]);
    expect(run.code, run.err).toBe(0);
    const [outcome] = JSON.parse(run.out).files;
    expect(outcome).toMatchObject({
      ok: true,
      result: { dateOrder: form.order, dateOrderDecidedBy: form.decidedBy, needsConfirmation: false },
    });
    expect(
      outcome.result.groups.map((g: any) => [g.machineId, g.month, g.units, g.revenuePence, g.cogsPence, g.imported]),
    ).toEqual([[machine.id, "2026-10", FIGURES.units, FIGURES.revenuePence, FIGURES.cogsPence, LINES.length]]);
    await expectStored(machine.id, form, file.ids);
  });
});

describe("a workbook saved with the 1904 date system", () => {
  it("SheetJS writes the flag, the serials are 1904's (4 years and a day off if read as 1900's), and SheetJS reads the flag back", () => {
    const form = FORMS.find((f) => f.slug === "cells-1904")!;
    const { bytes } = formExport(form);
    expect(workbookPr(bytes)).toMatch(/\bdate1904="(1|true)"/);
    const book = XLSX.read(bytes, { type: "array" });
    expect(book.Workbook?.WBProps?.date1904).toBe(true);
    const serial = XLSX.utils.sheet_to_json<unknown[]>(book.Sheets[book.SheetNames[0]], {
      header: 1,
      raw: true,
    })[2][6] as number;
    // Read in the 1900 system this cell would be 30 September 2022: only the flag makes it 1 October 2026.
    expect(isoOfSerial(serial)).toBe("2022-09-30T07:40:26.000Z");
    expect(isoOfSerial(serial + 1462)).toBe(LINES[0].at);
    // The same dates without the flag: no 1904 in the workbook.
    expect(workbookPr(formExport(FORMS[0]).bytes)).not.toMatch(/date1904="(1|true)"/);
  });
});

// ---------------------------------------------------------------------------------------------
// A file whose order nothing decides: asked on each path, then read in the order given.

/** Each test's own ids (so its bytes, and its stored upload, are its own). */
const ambiguousExport = (base: number) => ({
  name: "ambiguous.xlsx",
  base,
  bytes: workbookBytes(
    [
      [base + 1, LEEDS, "Twix Twin", 0.43, 1.1, 1.1, "05/10/2026 10:00"],
      [base + 2, LEEDS, "Red Bull 250ml", 0.98, 2.2, 2.2, "06/10/2026 11:00"],
    ],
    { title: TITLE_NO_RANGE },
  ),
});
const ASKED = "Dates in this file are: day/month or month/day?";

async function expectAmbiguousStoredAsOctober(machineId: number, base: number) {
  expect((await salesOf(machineId)).map((s) => [s.transactionId, s.saleDate])).toEqual([
    [String(base + 1), "2026-10-05T10:00:00.000Z"],
    [String(base + 2), "2026-10-06T11:00:00.000Z"],
  ]);
  expect((await recordsOf(machineId)).map((r) => [r.month, r.totalSales, r.revenuePence, r.cogsPence])).toEqual([
    ["2026-10", 2, 330, 141],
  ]);
}

describe("an ambiguous file (05/10/2026 10:00, 06/10/2026 11:00, no range in the title)", () => {
  beforeEach(clearMachines);

  it("the machine upload answers 400 asking for the order (preview and POST), then imports with dateOrder", async () => {
    const machine = await makeMachine(db, partnerId, LEEDS);
    const file = ambiguousExport(7_600_000_000);
    const post = (fields: Record<string, string>, preview = false) =>
      postUpload(machine.id, {
        month: "2026-10",
        bytes: file.bytes,
        fileName: file.name,
        fields,
        cookie: adminCookie,
        preview,
      });
    const before = await tableCounts();
    for (const preview of [true, false]) {
      const asked = await post({}, preview);
      expect(asked.status).toBe(400);
      const { message } = await asked.json();
      expect(message.startsWith(ASKED)).toBe(true);
      expect(message).toContain("05/10/2026 10:00");
    }
    const bad = await post({ dateOrder: "ymd" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/dateOrder must be dmy .* or mdy/);
    // Month-first puts them on 10 May and 10 June: refused for October, naming the months the rows are in.
    const mdy = await post({ dateOrder: "mdy" });
    expect(mdy.status).toBe(400);
    expect((await mdy.json()).message).toBe(
      "No row of the file is dated October 2026: 1 row is dated May 2026; 1 row is dated June 2026. Nothing was imported.",
    );
    expect(await tableCounts()).toEqual(before);
    expect(await storedUpload(file.bytes, "xlsx")).toBeNull();

    const preview = await post({ dateOrder: "dmy" }, true);
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({
      units: 2,
      revenuePence: 330,
      cogsPence: 141,
      dateOrder: "dmy",
      dateOrderDecidedBy: "given",
    });
    const done = await post({ dateOrder: "DMY" });
    expect(done.status).toBe(201);
    expect(await done.json()).toMatchObject({ imported: 2, dateOrder: "dmy", dateOrderDecidedBy: "given" });
    await expectAmbiguousStoredAsOctober(machine.id, file.base);
    const [entry] = await importAudits();
    expect(entry.details).toMatchObject({ dateOrder: "dmy", dateOrderDecidedBy: "given" });
  });

  it("/admin/import's file outcome is { ok: false, needsDateOrder: true }; Import is refused; dateOrder:<file name> imports it", async () => {
    const machine = await makeMachine(db, partnerId, LEEDS);
    const file = ambiguousExport(7_600_000_100);
    const before = await tableCounts();
    const preview = await postAdminImport({ intent: "preview" }, [file], adminCookie);
    expect(preview.outcomes).toEqual([
      {
        fileName: file.name,
        ok: false,
        needsDateOrder: true,
        status: 400,
        error: expect.stringMatching(/^Dates in this file are: day\/month or month\/day\?/),
      },
    ]);
    const refused = await postAdminImport({ intent: "import" }, [file], adminCookie);
    expect(refused.error).toBe(
      `Say how the dates are written in ${file.name} (day/month or month/day), then preview again`,
    );
    // An order given for another file's name does not answer this one.
    const otherName = await postAdminImport({ intent: "preview", "dateOrder:other.xlsx": "dmy" }, [file], adminCookie);
    expect(otherName.outcomes[0]).toMatchObject({ ok: false, needsDateOrder: true });
    expect(await tableCounts()).toEqual(before);

    const answered = await postAdminImport(
      { intent: "preview", [`dateOrder:${file.name}`]: "dmy" },
      [file],
      adminCookie,
    );
    expect(answered.error).toBeNull();
    expect(answered.dateOrders).toEqual({ [file.name]: "dmy" });
    const [planned] = answered.outcomes;
    if (!planned.ok) throw new Error(planned.error);
    expect(planned.result).toMatchObject({ dateOrder: "dmy", dateOrderDecidedBy: "given" });
    expect(planned.result.groups.map((g) => [g.month, g.units, g.revenuePence])).toEqual([["2026-10", 2, 330]]);

    const done = await postAdminImport({ intent: "import", [`dateOrder:${file.name}`]: "dmy" }, [file], adminCookie);
    expect(done.error).toBeNull();
    expect(done.newRows).toBe(2);
    await expectAmbiguousStoredAsOctober(machine.id, file.base);
  });

  it("vendboard import fails the file (exit 1) naming --date-order dmy / mdy; --date-order reads it that way", async () => {
    const machine = await makeMachine(db, partnerId, LEEDS);
    const file = ambiguousExport(7_600_000_200);
    const where = onDisk(file.name, file.bytes);
    const before = await tableCounts();
    const asked = await vendboard(["import", where]);
    expect(asked.code).toBe(1);
    expect(asked.err).toContain(`${file.name}: ${ASKED}`);
    expect(asked.err).toContain("--date-order dmy");
    expect(asked.err).toContain("--date-order mdy");
    const json = await vendboard(["import", where, "--json"]);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.out).files[0]).toMatchObject({
      ok: false,
      needsDateOrder: true,
      error: expect.stringContaining("--date-order dmy"),
    });
    expect((await vendboard(["import", where, "--date-order", "ymd"])).code).toBe(2);
    expect(await tableCounts()).toEqual(before);
    expect(await storedUpload(file.bytes, "xlsx")).toBeNull();

    // Month-first: 10 May and 10 June 2026 (a dry run, nothing saved).
    const mdy = await vendboard(["import", where, "--date-order", "mdy", "--dry-run", "--json"]);
    expect(mdy.code, mdy.err).toBe(0);
    expect(JSON.parse(mdy.out).files[0].result.groups.map((g: any) => [g.month, g.units])).toEqual([
      ["2026-05", 1],
      ["2026-06", 1],
    ]);
    expect(await tableCounts()).toEqual(before);

    const done = await vendboard(["import", where, "--date-order", "dmy"]);
    expect(done.code, done.err).toBe(0);
    await expectAmbiguousStoredAsOctober(machine.id, file.base);
  });

  it("AM/PM decides when nothing else does (month-first); an order given never overrides a file that decides itself", async () => {
    const machine = await makeMachine(db, partnerId, LEEDS);
    const ampm = workbookBytes(
      [
        [7600000001, LEEDS, "Twix Twin", 0.43, 1.1, 1.1, "10/5/2026 10:00:00 AM"],
        [7600000002, LEEDS, "Red Bull 250ml", 0.98, 2.2, 2.2, "10/6/2026 11:00:00 AM"],
      ],
      { title: TITLE_NO_RANGE },
    );
    const preview = await postUpload(machine.id, {
      month: "2026-10",
      bytes: ampm,
      fileName: "ampm.xlsx",
      cookie: adminCookie,
      preview: true,
    });
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ units: 2, dateOrder: "mdy", dateOrderDecidedBy: "AM/PM" });

    // The telemetry's month-first dates under a day-first title, posted with dateOrder=dmy: the title still decides.
    const form = FORMS.find((f) => f.slug === "mdy-ampm")!;
    const file = formExport(form);
    const response = await postUpload(machine.id, {
      month: "2026-10",
      bytes: file.bytes,
      fileName: file.name,
      fields: { dateOrder: "dmy" },
      cookie: adminCookie,
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ ...FIGURES, dateOrder: "mdy", dateOrderDecidedBy: "title" });
    await expectStored(machine.id, form, file.ids);
  });
});

// ---------------------------------------------------------------------------------------------
// Rows left out for their date: listed with revenue, written only once confirmed.

/** The 15th of the month after this one (UTC): a month that has not begun. */
function notBegunDay(): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15, 10)).toISOString();
}

/** Three good October rows (3 units, £4.30, COGS £1.86), with ids from `base`. */
const goodRows = (base: number) => [
  [base + 1, LEEDS, "Twix Twin", 0.43, 1.1, 1.1, "02/10/2026 10:00"],
  [base + 2, LEEDS, "Red Bull 250ml", 0.98, 2.2, 2.2, "15/10/2026 12:00"],
  [base + 3, LEEDS, "Dairy Milk 45g", 0.45, 1.2, 1.0, "20/10/2026 18:00"],
];
const GOOD_FIGURES = { units: 3, revenuePence: 430, cogsPence: 186 };

/** Each test's own ids (so its bytes, and its stored upload, are its own). */
function exclusionsExport(base: number) {
  const rows = [
    ...goodRows(base),
    [base + 4, LEEDS, "Snickers 48g", 0.44, 1.1, 1.1, "32/10/2026"],
    [base + 5, LEEDS, "Coca-Cola Zero 330ml", 0.55, 1.5, 1.1, "yesterday"],
    [base + 6, LEEDS, "Coca-Cola Zero 330ml", 0.55, 1.5, 1.5, dayFirstText(notBegunDay())],
    [base + 7, LEEDS, "Monster Energy 500ml", 1.05, 2.4, 2.4, "15/09/2026 10:00"],
  ];
  return { name: "left-out.xlsx", base, bytes: workbookBytes(rows, { title: TITLE_OCTOBER }) };
}

const RANGE = "(01/10/2026 to 31/10/2026)";
/** What the file leaves out for its dates, as the JSON answers list it (revenue in pounds). */
const DATE_LEFT_OUT = [
  { reason: "without a readable date", count: 2, revenue: 2.2, needsConfirmation: true },
  { reason: "dated in a month that has not begun", count: 1, revenue: 1.5, needsConfirmation: true },
  { reason: `dated outside the file's date range ${RANGE}`, count: 1, revenue: 2.4, needsConfirmation: true },
];
const SENTENCES = [
  "2 rows without a readable date: £2.20",
  "1 row dated in a month that has not begun: £1.50",
  `1 row dated outside the file's date range ${RANGE}: £2.40`,
];
/** As the audit entry and the receipt keep them (pence). */
const DATE_LEFT_OUT_PENCE = DATE_LEFT_OUT.map(({ reason, count, revenue }) => ({
  reason,
  count,
  revenuePence: Math.round(revenue * 100),
}));

async function expectGoodRowsOnly(machineId: number, base: number) {
  expect((await recordsOf(machineId)).map((r) => [r.month, r.totalSales, r.revenuePence, r.cogsPence])).toEqual([
    ["2026-10", GOOD_FIGURES.units, GOOD_FIGURES.revenuePence, GOOD_FIGURES.cogsPence],
  ]);
  expect((await salesOf(machineId)).map((s) => [s.transactionId, s.saleDate])).toEqual([
    [String(base + 1), "2026-10-02T10:00:00.000Z"],
    [String(base + 2), "2026-10-15T12:00:00.000Z"],
    [String(base + 3), "2026-10-20T18:00:00.000Z"],
  ]);
}

describe("rows left out for their date (unreadable, a month not begun, outside the title's range)", () => {
  beforeEach(clearMachines);

  it("machine upload: the preview lists each reason with rows and pounds; POST without acceptExclusions is 409 and writes nothing; with it, 201 and the good rows only", async () => {
    const machine = await makeMachine(db, partnerId, LEEDS);
    const file = exclusionsExport(7_700_000_000);
    const post = (fields: Record<string, string>, preview = false) =>
      postUpload(machine.id, {
        month: "2026-10",
        bytes: file.bytes,
        fileName: file.name,
        fields,
        cookie: adminCookie,
        preview,
      });

    const preview = await post({}, true);
    expect(preview.status).toBe(200);
    const planned = await preview.json();
    expect(planned).toMatchObject({
      ...GOOD_FIGURES,
      imported: 3,
      rowsRead: 7,
      needsConfirmation: true,
      recordId: null,
    });
    expect(planned.leftOut).toEqual(DATE_LEFT_OUT);

    const before = await tableCounts();
    const unconfirmed: Record<string, string>[] = [{}, { acceptExclusions: "false" }];
    for (const fields of unconfirmed) {
      const refused = await post(fields);
      expect(refused.status).toBe(409);
      const { message } = await refused.json();
      for (const sentence of SENTENCES) expect(message).toContain(sentence);
      expect(message).toContain("Nothing was imported");
    }
    expect(await tableCounts()).toEqual(before);
    expect(await storedUpload(file.bytes, "xlsx")).toBeNull();
    if (fs.existsSync(path.join(DATA_DIR, "uploads")))
      expect(fs.readdirSync(path.join(DATA_DIR, "uploads")).filter((f) => f.startsWith(sha256(file.bytes)))).toEqual(
        [],
      );

    const done = await post({ acceptExclusions: "true" });
    expect(done.status).toBe(201);
    const result = await done.json();
    expect(result).toMatchObject({ ...GOOD_FIGURES, imported: 3, recordId: expect.any(Number) });
    expect(result.leftOut).toEqual(DATE_LEFT_OUT);
    await expectGoodRowsOnly(machine.id, file.base);
    expect(Buffer.from((await storedUpload(file.bytes, "xlsx"))!).equals(Buffer.from(file.bytes))).toBe(true);

    const [entry] = await importAudits();
    expect(entry).toMatchObject({ actorId: adminId, entityId: String(result.recordId), month: "2026-10" });
    expect(entry.details).toMatchObject({ file: file.name, exclusionsConfirmed: true });
    expect(entry.details.leftOut).toEqual(expect.arrayContaining(DATE_LEFT_OUT_PENCE));
    const receipt = await db
      .selectFrom("importReceipts")
      .select(["excluded"])
      .where("recordId", "=", result.recordId)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(receipt.excluded)).toEqual(
      expect.arrayContaining(DATE_LEFT_OUT_PENCE.map((l) => ({ kind: "date", ...l }))),
    );
  });

  it("/admin/import: Import without acceptExclusions=on is refused naming each reason; with it, the good rows are imported", async () => {
    const machine = await makeMachine(db, partnerId, LEEDS);
    const file = exclusionsExport(7_700_000_100);
    const preview = await postAdminImport({ intent: "preview" }, [file], adminCookie);
    expect(preview.error).toBeNull();
    const [planned] = preview.outcomes;
    if (!planned.ok) throw new Error(planned.error);
    expect(planned.result.needsConfirmation).toBe(true);
    expect(
      planned.result.leftOut.map(({ reason, count, revenuePence, needsConfirmation }) => ({
        reason,
        count,
        revenuePence,
        needsConfirmation,
      })),
    ).toEqual(DATE_LEFT_OUT_PENCE.map((l) => ({ ...l, needsConfirmation: true })));

    const before = await tableCounts();
    const refused = await postAdminImport({ intent: "import" }, [file], adminCookie);
    expect(refused.error?.startsWith("Confirm the rows left out before importing:")).toBe(true);
    for (const sentence of SENTENCES) expect(refused.error).toContain(`${file.name}: ${sentence}`);
    expect(await tableCounts()).toEqual(before);
    expect(await storedUpload(file.bytes, "xlsx")).toBeNull();

    const done = await postAdminImport({ intent: "import", acceptExclusions: "on" }, [file], adminCookie);
    expect(done.error).toBeNull();
    expect(done.newRows).toBe(3);
    expect(done.acceptExclusions).toBe(true);
    await expectGoodRowsOnly(machine.id, file.base);
    const [entry] = await importAudits();
    expect(entry.details).toMatchObject({ exclusionsConfirmed: true });
    expect(entry.details.leftOut).toEqual(expect.arrayContaining(DATE_LEFT_OUT_PENCE));
  });

  it("a confirmed file whose every row is left out writes no record but one audit entry naming what it left out", async () => {
    await makeMachine(db, partnerId, LEEDS);
    const base = 7_700_000_900;
    const rows = [
      [base + 1, LEEDS, "Snickers 48g", 0.44, 1.1, 1.1, "32/10/2026"],
      [base + 2, LEEDS, "Snickers 48g", 0.44, 1.1, 2.2, "yesterday"],
    ];
    const file = { name: "all-left-out.xlsx", bytes: workbookBytes(rows, { title: TITLE_OCTOBER }) };
    const before = await tableCounts();
    const [outcome] = await importExports(db, [file], {}, { actorId: null, dataDir: DATA_DIR, acceptExclusions: true });
    expect(outcome).toMatchObject({
      ok: true,
      result: {
        groups: [],
        leftOut: [{ reason: "without a readable date", count: 2, revenuePence: 330, needsConfirmation: true }],
      },
    });
    expect(await tableCounts()).toEqual({ ...before, auditLog: before.auditLog + 1 });
    const [entry] = await importAudits();
    expect(entry.details).toMatchObject({
      file: "all-left-out.xlsx",
      exclusionsConfirmed: true,
      leftOut: [{ reason: "without a readable date", count: 2, revenuePence: 330 }],
    });
  });

  it("vendboard import: without --accept-exclusions exit 1, nothing written, stderr (and --json leftOut in pounds) name each reason; with it, exit 0", async () => {
    const machine = await makeMachine(db, partnerId, LEEDS);
    const file = exclusionsExport(7_700_000_200);
    const where = onDisk(file.name, file.bytes);
    const before = await tableCounts();

    const refused = await vendboard(["import", where]);
    expect(refused.code).toBe(1);
    for (const sentence of SENTENCES) expect(refused.err).toContain(sentence);
    expect(refused.err).toContain("--accept-exclusions");
    const refusedJson = await vendboard(["import", where, "--json"]);
    expect(refusedJson.code).toBe(1);
    expect(JSON.parse(refusedJson.out).files[0]).toMatchObject({ ok: false, status: 409, leftOut: DATE_LEFT_OUT });
    expect(await tableCounts()).toEqual(before);
    expect(await storedUpload(file.bytes, "xlsx")).toBeNull();

    // A dry run needs no confirmation and says which reasons an import would.
    const dry = await vendboard(["import", where, "--dry-run"]);
    expect(dry.code).toBe(0);
    expect(dry.err).toContain(`${SENTENCES[0]} (importing needs --accept-exclusions)`);

    const done = await vendboard(["import", where, "--accept-exclusions", "--json"]);
    expect(done.code, done.err).toBe(0);
    const [outcome] = JSON.parse(done.out).files;
    expect(outcome.ok).toBe(true);
    expect(outcome.result.needsConfirmation).toBe(true);
    expect(outcome.result.leftOut).toEqual(DATE_LEFT_OUT);
    await expectGoodRowsOnly(machine.id, file.base);
    const [entry] = await importAudits();
    expect(entry.actorId).toBeNull();
    expect(entry.details).toMatchObject({ exclusionsConfirmed: true });
    expect(entry.details.leftOut).toEqual(expect.arrayContaining(DATE_LEFT_OUT_PENCE));
  });

  it("skipped rows and duplicates are reported with their revenue but need no confirmation", async () => {
    const machine = await makeMachine(db, partnerId, LEEDS);
    const base = 7_700_000_400;
    const bytes = workbookBytes(
      [
        ...goodRows(base),
        [base + 4, LEEDS, "Snickers 48g", "n/a", 1.1, 1.3, "21/10/2026 10:00"],
        [base + 5, LEEDS, "Snickers 48g", 0.44, 1.1, 0, "22/10/2026 10:00"],
      ],
      { title: TITLE_OCTOBER },
    );
    const skipped = [
      {
        reason: expect.stringMatching(/^skipped\b.*non-numeric cost price/),
        count: 1,
        revenue: 1.3,
        needsConfirmation: false,
      },
      {
        reason: expect.stringMatching(/^skipped\b.*settled at 0 \(cancelled or declined vend\)/),
        count: 1,
        revenue: 0,
        needsConfirmation: false,
      },
    ];
    const first = await postUpload(machine.id, {
      month: "2026-10",
      bytes,
      fileName: "skips.xlsx",
      cookie: adminCookie,
    });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({
      ...GOOD_FIGURES,
      imported: 3,
      needsConfirmation: false,
      leftOut: skipped,
    });
    const again = await postUpload(machine.id, {
      month: "2026-10",
      bytes,
      fileName: "skips.xlsx",
      cookie: adminCookie,
    });
    expect(again.status).toBe(201);
    const second = await again.json();
    expect(second).toMatchObject({ imported: 0, duplicates: 3, needsConfirmation: false });
    expect(second.leftOut).toEqual([
      ...skipped,
      { reason: "already imported", count: 3, revenue: 4.3, needsConfirmation: false },
    ]);
    await expectGoodRowsOnly(machine.id, base);
    const [entry] = await importAudits();
    expect(entry.details.exclusionsConfirmed).toBeUndefined();
  });

  it("a --month cron import of a file whose other rows are an ended month needs no confirmation (exit 0)", async () => {
    const machine = await makeMachine(db, partnerId, LEEDS);
    const bytes = workbookBytes(
      [
        [7_700_000_301, LEEDS, "Twix Twin", 0.43, 1.1, 1.1, "29/09/2026 10:00"],
        [7_700_000_302, LEEDS, "Red Bull 250ml", 0.98, 2.2, 2.2, "30/09/2026 23:30"],
        ...goodRows(7_700_000_310),
      ],
      { title: "Dynamic Transactions Monitor - 01/09/2026 - 31/10/2026" },
    );
    const where = onDisk("september-october.xlsx", bytes);
    const run = await vendboard(["import", where, "--month", "2026-10", "--json"]);
    expect(run.code, run.err).toBe(0);
    const [outcome] = JSON.parse(run.out).files;
    expect(outcome.result).toMatchObject({
      needsConfirmation: false,
      leftOut: [{ reason: "dated September 2026", count: 2, revenue: 3.3, needsConfirmation: false }],
    });
    await expectGoodRowsOnly(machine.id, 7_700_000_310);
    const [entry] = await importAudits();
    expect(entry.details.exclusionsConfirmed).toBeUndefined();
    expect(entry.details.leftOut).toEqual([{ reason: "dated September 2026", count: 2, revenuePence: 330 }]);

    // As cron runs it (no --json): stderr says what was left out, and no failure.
    await clearMachines();
    await makeMachine(db, partnerId, LEEDS);
    const cron = await vendboard(["import", where, "--month", "2026-10"]);
    expect(cron.code).toBe(0);
    expect(cron.err).toContain("2 rows dated September 2026: £3.30");
    expect(cron.err).toContain("1 file imported.");
  });
});
