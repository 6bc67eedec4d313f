/**
 * Issue 32, point 1: spreadsheets bounded by what they are, not what they say. A zip lying about
 * its unpacked size, too many rows or cells, CSV bounds and the one-large-file-at-a-time gate, on the
 * page's preview, the API, the import page and the CLI: one clear message each, nothing written.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { action as uploadAction } from "#app/routes/api.machines.$id.records.ts";
import { action as previewAction } from "#app/routes/api.machines.$id.records.preview.ts";
import { action as pageAction } from "#app/routes/partners.$partnerId.tsx";
import { action as importPageAction } from "#app/routes/admin.import.tsx";
import { db } from "#app/utils/db.server.ts";
import type { ImportActionData } from "#app/utils/import.server.ts";
import { buildExport, seededRandom } from "#db/sample-export.ts";
import { enterParseGate, LARGE_FILE_BYTES } from "#domain/imports/parse-gate.ts";
import { makeAdmin, makeMachine, makePartner } from "#tests/factories.ts";
import { workbookOf, xlsxBomb } from "../../scripts/xlsx-bomb.js";
import { BASE } from "./http.ts";
import { runCli } from "./cli-run.ts";
import { loginCookie } from "./session.ts";

const LIES = "The workbook unpacks to more than its zip declares: it is damaged or not a real export, and was not read";
const ROWS = "The file has more than 200,000 rows: split it into smaller exports";
const CELLS = "The file's first sheet has more than 10,000,000 cells: split it into smaller exports";
const LOCATION = "Leeds Station Concourse";

let adminCookie: string;
let partnerId: number;
let machineId: number;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vendboard-hostile-"));

beforeAll(async () => {
  adminCookie = await loginCookie((await makeAdmin(db)).username);
  partnerId = (await makePartner(db, { partnerType: "profit-sharing", commissionBp: 1000 })).id;
  machineId = (await makeMachine(db, partnerId, LOCATION)).id;
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Rows in every table an import writes. */
async function written() {
  const count = async (table: "monthlyRecords" | "sales" | "importReceipts" | "storedUploads" | "auditLog") =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    records: await count("monthlyRecords"),
    sales: await count("sales"),
    receipts: await count("importReceipts"),
    uploads: await count("storedUploads"),
    audit: await count("auditLog"),
  };
}

function form(bytes: Uint8Array, name: string, fields: Record<string, string> = {}): FormData {
  const body = new FormData();
  body.set("month", "2026-10");
  for (const [key, value] of Object.entries(fields)) body.set(key, value);
  body.set("reportFile", new File([new Uint8Array(bytes)], name));
  return body;
}

/** POST /api/machines/{id}/records (or its preview) as the browser sends it. */
async function api(bytes: Uint8Array, name: string, preview = false): Promise<Response> {
  const request = new Request(`${BASE}/api/machines/${machineId}/records${preview ? "/preview" : ""}`, {
    method: "POST",
    body: form(bytes, name),
    headers: { cookie: adminCookie },
  });
  return (preview ? previewAction : uploadAction)({ request, params: { id: String(machineId) }, context: {} });
}

/** The Add Monthly Record dialog's Preview on the partner's page (intent record-preview). */
async function pagePreview(bytes: Uint8Array, name: string): Promise<Response> {
  const body = form(bytes, name, { intent: "record-preview", machineId: String(machineId), _js: "1" });
  const request = new Request(`${BASE}/partners/${partnerId}`, {
    method: "POST",
    body,
    headers: { cookie: adminCookie, origin: BASE },
  });
  const result = await pageAction({ request, params: { partnerId: String(partnerId) }, context: {} });
  if (result instanceof Response) return result;
  const { data, init } = result as unknown as { data: unknown; init?: ResponseInit };
  return Response.json(data ?? null, init ?? undefined);
}

/** The business-wide import page's Import. */
async function importPage(bytes: Uint8Array, name: string): Promise<ImportActionData> {
  const body = new FormData();
  body.set("intent", "import");
  body.append("files", new File([new Uint8Array(bytes)], name));
  const request = new Request(`${BASE}/admin/import`, { method: "POST", body, headers: { cookie: adminCookie } });
  const result = await importPageAction({ request, params: {}, context: {} });
  return (result instanceof Response ? await result.json() : result) as ImportActionData;
}

/** `vendboard import` of one file. */
async function cli(bytes: Uint8Array, name: string, flags: string[] = []) {
  const file = path.join(dir, name);
  fs.writeFileSync(file, bytes);
  return runCli(["import", file, "--machine", String(machineId), ...flags]);
}

/** Refused everywhere with `message`, and nothing written. */
async function refusedEverywhere(bytes: Uint8Array, name: string, message: string) {
  const before = await written();
  for (const preview of [true, false]) {
    const answer = await api(bytes, name, preview);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message });
  }
  const page = await pagePreview(bytes, name);
  expect(page.status).toBe(400);
  expect(await page.json()).toMatchObject({ error: message });
  const imported = await importPage(bytes, name);
  expect(imported.outcomes).toMatchObject([{ fileName: name, ok: false, error: message }]);
  const run = await cli(bytes, name);
  expect(run.code).toBe(1);
  expect(run.err).toContain(`${name}: ${message}\n`);
  expect(run.err).toContain("The file failed; nothing was imported.");
  expect(await written()).toEqual(before);
}

describe("a zip lying about its unpacked size", () => {
  it("a sheet declaring 0 bytes is refused as it inflates, on the page, the API, the import page and the CLI", async () => {
    const rows = Buffer.alloc(40 * 1024 * 1024, "<row><c><v>1</v></c></row>");
    const lying = workbookOf(
      Buffer.concat([Buffer.from("<worksheet><sheetData>"), rows, Buffer.from("</sheetData></worksheet>")]),
      {
        declare: (name: string, size: number) => (name.includes("sheet1") ? 0 : size),
      },
    );
    await refusedEverywhere(lying, "lying-zero.xlsx", LIES);
  }, 60_000);

  it("one declaring 1 KB per entry while its sheet inflates to 81 MB is refused the same way", async () => {
    await refusedEverywhere(xlsxBomb({ rows: 3_000_000, lie: true }), "lying-small.xlsx", LIES);
  }, 60_000);
});

describe("a sheet's rows and cells", () => {
  it("more than 200,000 rows are refused from the zip's count, before SheetJS reads it", async () => {
    const bomb = xlsxBomb({ rows: 250_000 });
    const answer = await api(bomb, "rows.xlsx");
    expect(answer.status).toBe(400);
    expect(await answer.json()).toEqual({ message: ROWS });
  });

  it("rows × columns past 10 million cells (one far cell widens every row) are refused", async () => {
    // 1,000 rows of one cell, the first with a cell in the last column (XFD): 16 million cells as a table.
    const rows = Array.from(
      { length: 1_000 },
      (_, i) => `<row r="${i + 1}"><c r="A${i + 1}"><v>${i}</v></c>${i ? "" : '<c r="XFD1"><v>1</v></c>'}</row>`,
    );
    const wide = workbookOf(
      `<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows.join("")}</sheetData></worksheet>`,
    );
    await refusedEverywhere(wide, "wide.xlsx", CELLS);
  }, 60_000);

  it("the CLI raises the row cap for a trusted file with --max-rows, and refuses bad flags", async () => {
    const small = xlsxBomb({ rows: 50 });
    const refused = await cli(small, "fifty.xlsx", ["--max-rows", "10", "--dry-run"]);
    expect(refused.err).toContain("fifty.xlsx: The file has more than 10 rows: split it into smaller exports");
    const bad = await cli(small, "fifty.xlsx", ["--parse-timeout", "soon"]);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("--parse-timeout takes a number of seconds");
  });
});

describe("CSV bounds", () => {
  const csv = (lines: string[]) => new TextEncoder().encode(lines.join("\r\n"));
  const title = "Dynamic Transactions Monitor";
  const headers = "Transaction ID,Product Name,Cost Price,Machine Price,Settlement Value (Vend Price)";

  it("a line past 65,536 characters and a line of more than 512 fields are refused, nothing written", async () => {
    const before = await written();
    const long = await api(csv([title, headers, `1,${"x".repeat(70_000)},1,1,1`, "2,a,1,1,1"]), "long.csv");
    expect(long.status).toBe(400);
    expect(((await long.json()) as { message: string }).message).toMatch(/65,536|characters/);
    const wide = await api(csv([title, headers, ",".repeat(600), "2,a,1,1,1"]), "wide.csv");
    expect(wide.status).toBe(400);
    expect(((await wide.json()) as { message: string }).message).toMatch(/512|fields/);
    expect(await written()).toEqual(before);
  });

  it("rows past the cap and a file past the size limit are refused (the CLI's limits lowered to show them)", async () => {
    const rows = csv([title, headers, ...Array.from({ length: 30 }, (_, i) => `${i + 1},a,1,1,1`)]);
    const tooMany = await cli(rows, "rows.csv", ["--max-rows", "20", "--dry-run"]);
    expect(tooMany.err).toContain("rows.csv: The file has more than 20 rows: split it into smaller exports");
    const big = csv([title, headers, ...Array.from({ length: 80_000 }, (_, i) => `${i + 1},a,1,1,1`)]);
    expect(big.length).toBeGreaterThan(1024 * 1024);
    const tooBig = await cli(big, "big.csv", ["--max-unpacked-mb", "1", "--dry-run"]);
    expect(tooBig.err).toContain("big.csv: The file is larger than 1 MB: split it into smaller exports");
  });
});

describe("one large file read at a time per process", () => {
  // An honest export of more than 1 MB.
  const large = buildExport({
    location: LOCATION,
    month: "2026-10",
    units: 40_000,
    firstTransactionId: 9_100_000,
    random: seededRandom(32),
  });

  it("a second waits up to PARSE_QUEUE_WAIT_MS, then gets 503 with Retry-After: 5, nothing written", async () => {
    expect(large.length).toBeGreaterThan(LARGE_FILE_BYTES);
    process.env.PARSE_QUEUE_WAIT_MS = "300";
    const before = await written();
    // The gate held as by another file being read.
    const leave = await enterParseGate(LARGE_FILE_BYTES + 1, 0);
    try {
      const started = performance.now();
      const answer = await api(large, "large.xlsx", true);
      expect(performance.now() - started).toBeGreaterThanOrEqual(290);
      expect(answer.status).toBe(503);
      expect(answer.headers.get("retry-after")).toBe("5");
      expect(((await answer.json()) as { message: string }).message).toMatch(
        /^The server is reading another large file/,
      );
      // A small file is not held by it.
      const small = await api(xlsxBomb({ rows: 10 }), "small.xlsx", true);
      expect(small.status).toBe(400);
    } finally {
      leave();
      delete process.env.PARSE_QUEUE_WAIT_MS;
    }
    expect(await written()).toEqual(before);
  });

  it("a second that gets its turn within the wait is read then", async () => {
    process.env.PARSE_QUEUE_WAIT_MS = "5000";
    const leave = await enterParseGate(LARGE_FILE_BYTES + 1, 0);
    try {
      const answer = api(large, "large.xlsx", true);
      setTimeout(leave, 200);
      const read = await answer;
      expect(read.status).toBe(200);
    } finally {
      leave();
      delete process.env.PARSE_QUEUE_WAIT_MS;
    }
  }, 60_000);
});
