/** Issue 32: the reading limits, their sentences, and the one-large-file-at-a-time gate. */
import { describe, expect, it } from "vitest";
import {
  MAX_CELLS,
  MAX_UNPACKED_BYTES,
  parseTimeoutMs,
  readLimits,
  refusalMessage,
  sheetRowsOf,
} from "#domain/imports/read-limits.ts";
import { enterParseGate, LARGE_FILE_BYTES, queueWaitMs, ReaderBusyError } from "#domain/imports/parse-gate.ts";

describe("readLimits", () => {
  it("are the web's defaults unless raised; raising the rows raises the cells with them", () => {
    expect(readLimits({}, {})).toEqual({
      maxUnpackedBytes: MAX_UNPACKED_BYTES,
      maxRows: 200_000,
      maxCells: MAX_CELLS,
      timeoutMs: 20_000,
    });
    expect(readLimits({}, { PARSE_TIMEOUT_MS: "5000" }).timeoutMs).toBe(5_000);
    expect(readLimits({ maxRows: 1_000_000 }, {}).maxCells).toBe(50_000_000);
    expect(readLimits({ maxRows: 10 }, {}).maxCells).toBe(MAX_CELLS);
  });

  it("word each refusal once, with the limit in force", () => {
    const limits = readLimits({ maxUnpackedBytes: 1024 * 1024, maxRows: 10 }, {});
    expect(refusalMessage("unpacked", limits)).toBe(
      "The workbook unpacks to more than 1 MB: split it into smaller exports",
    );
    expect(refusalMessage("rows", limits)).toBe("The file has more than 10 rows: split it into smaller exports");
    expect(refusalMessage("lies", limits)).toMatch(/^The workbook unpacks to more than its zip declares/);
  });

  it("word every refusal with the defaults as docs/operations.md (Limits) states them", () => {
    const limits = readLimits({}, {});
    expect(refusalMessage("unreadable", limits)).toBe("The file could not be read as an Excel workbook");
    expect(refusalMessage("lies", limits)).toBe(
      "The workbook unpacks to more than its zip declares: it is damaged or not a real export, and was not read",
    );
    expect(refusalMessage("unpacked", limits)).toBe(
      "The workbook unpacks to more than 150 MB: split it into smaller exports",
    );
    expect(refusalMessage("rows", limits)).toBe("The file has more than 200,000 rows: split it into smaller exports");
    expect(refusalMessage("cells", limits)).toBe(
      "The file's first sheet has more than 10,000,000 cells: split it into smaller exports",
    );
    expect(refusalMessage("timeout", limits)).toBe("The file took too long to read: split it into smaller exports");
    expect(refusalMessage("memory", limits)).toBe("The file is too large to read: split it into smaller exports");
  });

  it("state a raised unpacked size in megabytes to one decimal place", () => {
    const message = (bytes: number) => refusalMessage("unpacked", readLimits({ maxUnpackedBytes: bytes }, {}));
    expect(message(1.5 * 1024 * 1024)).toBe("The workbook unpacks to more than 1.5 MB: split it into smaller exports");
    expect(message(1.25 * 1024 * 1024)).toMatch(/more than 1\.3 MB:/);
    expect(message(1.24 * 1024 * 1024)).toMatch(/more than 1\.2 MB:/);
    expect(message(2048 * 1024 * 1024)).toMatch(/more than 2048 MB:/);
  });

  it("take PARSE_TIMEOUT_MS only as a positive number of milliseconds, else 20 s", () => {
    expect(parseTimeoutMs({ PARSE_TIMEOUT_MS: "2500" })).toBe(2_500);
    expect(parseTimeoutMs({ PARSE_TIMEOUT_MS: "0" })).toBe(20_000);
    expect(parseTimeoutMs({ PARSE_TIMEOUT_MS: "-5" })).toBe(20_000);
    expect(parseTimeoutMs({ PARSE_TIMEOUT_MS: "Infinity" })).toBe(20_000);
    expect(parseTimeoutMs({ PARSE_TIMEOUT_MS: "soon" })).toBe(20_000);
    expect(parseTimeoutMs({})).toBe(20_000);
  });

  it("let a sheet hold the title, headers, footer and one row more than the data rows' cap", () => {
    expect(sheetRowsOf(readLimits({ maxRows: 10 }, {}))).toBe(14);
    expect(sheetRowsOf(readLimits({}, {}))).toBe(200_004);
  });
});

describe("the parse gate", () => {
  it("PARSE_QUEUE_WAIT_MS, else 10 s (0 is a real value: no wait)", () => {
    expect(queueWaitMs({})).toBe(10_000);
    expect(queueWaitMs({ PARSE_QUEUE_WAIT_MS: "0" })).toBe(0);
    expect(queueWaitMs({ PARSE_QUEUE_WAIT_MS: "250" })).toBe(250);
    expect(queueWaitMs({ PARSE_QUEUE_WAIT_MS: "soon" })).toBe(10_000);
  });

  it("lets small files through at once, large ones one at a time in their order, and refuses one that waited too long", async () => {
    const order: string[] = [];
    const first = await enterParseGate(LARGE_FILE_BYTES + 1, 0);
    const small = await enterParseGate(LARGE_FILE_BYTES, 0);
    small();
    const second = enterParseGate(LARGE_FILE_BYTES + 1, 5_000).then((leave) => (order.push("second"), leave));
    const third = enterParseGate(LARGE_FILE_BYTES + 1, 5_000).then((leave) => (order.push("third"), leave));
    const refused = enterParseGate(LARGE_FILE_BYTES + 1, 20);
    await expect(refused).rejects.toBeInstanceOf(ReaderBusyError);
    await refused.catch((error: ReaderBusyError) => {
      expect(error.status).toBe(503);
      expect(error.retryAfterSeconds).toBe(5);
    });
    first();
    first(); // a second call gives nothing back twice
    (await second)();
    (await third)();
    expect(order).toEqual(["second", "third"]);
    // Free again.
    (await enterParseGate(LARGE_FILE_BYTES + 1, 0))();
  });
});
