// What an .xlsx (a zip) really unpacks to, found by inflating every entry through a counter before
// SheetJS sees the file: a zip may declare any size (0 bytes for a sheet of gigabytes), so its
// declared sizes only refuse early; the counter stops each entry at what it declared and the whole
// file at the unpacked limit, holding one chunk at a time. The sheets' rows and cells are counted on
// the way. The entries are found exactly as SheetJS finds them (the last end-of-directory record, the
// entry count it reads, each entry's local header), so the bytes counted are the bytes it would read.
// Plain JavaScript on node:zlib streams, so the reading worker runs it under vitest, tsx, the built
// server and Deno alike.
import { Buffer } from "node:buffer";
import zlib from "node:zlib";

/** The refusals, worded once (telemetry-export-reader.ts words the size ones with the limit). */
export const ZIP_NOT_READABLE = "The file could not be read as an Excel workbook";
export const ZIP_LIES =
  "The workbook unpacks to more than its zip declares: it is damaged or not a real export, and was not read";

/**
 * @typedef {{ maxUnpackedBytes: number, maxRows: number, maxCells: number }} ZipLimits
 * @typedef {{ ok: true, unpackedBytes: number } | { ok: false, reason: "unreadable" | "lies" | "unpacked" | "rows" | "cells" }} ZipCheck
 */

const u16 = (b, at) => b[at] | (b[at + 1] << 8);
const u32 = (b, at) => (b[at] | (b[at + 1] << 8) | (b[at + 2] << 16) | (b[at + 3] << 24)) >>> 0;

/** The extra field holds a ZIP64 record (sizes past 4 GB, which no export has). */
function hasZip64(bytes, start, length) {
  for (let at = start; at + 4 <= start + length; at += 4 + u16(bytes, at + 2)) if (u16(bytes, at) === 1) return true;
  return false;
}

/**
 * Counts `<row>` and `<c>` elements (any namespace prefix) in a sheet's XML as it streams past.
 * @returns {{ feed(chunk: Uint8Array): void, rows: number, cells: number }}
 */
export function xmlElementCounter() {
  // The name being read, as numbers rather than a string (this runs once per tag, millions of times
  // for a large sheet): its local part's length (after any prefix's ':') and first three bytes.
  let inName = false;
  let length = 0;
  let first = 0;
  let second = 0;
  let third = 0;
  const counter = {
    rows: 0,
    cells: 0,
    /** @param {Uint8Array} chunk */
    feed(chunk) {
      let at = 0;
      while (at < chunk.length) {
        if (!inName) {
          const open = chunk.indexOf(0x3c, at);
          if (open < 0) return;
          inName = true;
          length = 0;
          at = open + 1;
          continue;
        }
        const ch = chunk[at];
        if (ch === 0x3a) {
          // A prefix ends: what follows is the local name.
          length = 0;
          at++;
          continue;
        }
        if (isNameByte(ch)) {
          if (length === 0) first = ch;
          else if (length === 1) second = ch;
          else if (length === 2) third = ch;
          length++;
          at++;
          continue;
        }
        inName = false;
        if (length === 1 && first === 0x63) counter.cells++;
        else if (length === 3 && first === 0x72 && second === 0x6f && third === 0x77) counter.rows++;
      }
    },
  };
  return counter;
}

/**
 * Inflates raw deflate data from `data` (to its end marker), handing each chunk to `onChunk`, which
 * answers false to stop. Resolves "done", "stopped" or "broken" (not valid deflate data).
 * @param {Uint8Array} data
 * @param {(chunk: Uint8Array) => boolean} onChunk
 * @returns {Promise<"done" | "stopped" | "broken">}
 */
function inflateCounting(data, onChunk) {
  return new Promise((resolve) => {
    const inflater = zlib.createInflateRaw({ chunkSize: 1024 * 1024 });
    let settled = false;
    const settle = (/** @type {"done" | "stopped" | "broken"} */ how) => {
      if (settled) return;
      settled = true;
      resolve(how);
    };
    inflater.on("data", (chunk) => {
      if (settled) return;
      if (!onChunk(chunk)) {
        settle("stopped");
        inflater.destroy();
      }
    });
    inflater.on("end", () => settle("done"));
    inflater.on("error", () => settle(settled ? "stopped" : "broken"));
    inflater.on("close", () => settle("done"));
    inflater.end(data);
  });
}

/** A name character of XML's that this counter knows: letters, digits, '_', '-', '.' (':' apart). */
const isNameByte = (/** @type {number} */ ch) =>
  (ch >= 0x61 && ch <= 0x7a) ||
  (ch >= 0x41 && ch <= 0x5a) ||
  (ch >= 0x30 && ch <= 0x39) ||
  ch === 0x5f ||
  ch === 0x2d ||
  ch === 0x2e;
const ROW = Buffer.from("<row");
const PREFIXED_ROW = Buffer.from(":row");

/**
 * The `<row>` elements (any namespace prefix) of a whole inflated entry, found with the buffer's own
 * search rather than tag by tag: what xmlElementCounter counts as rows.
 * @param {Uint8Array} bytes
 */
export function countRows(bytes) {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let rows = 0;
  for (let at = text.indexOf(ROW); at >= 0; at = text.indexOf(ROW, at + 4)) if (!isNameByte(text[at + 4])) rows++;
  for (let at = text.indexOf(PREFIXED_ROW); at >= 0; at = text.indexOf(PREFIXED_ROW, at + 4)) {
    if (isNameByte(text[at + 4])) continue;
    // "<x:row": the prefix is name characters (or none, as the tag-by-tag counter reads it) right after a "<".
    let start = at - 1;
    while (start >= 0 && isNameByte(text[start])) start--;
    if (start >= 0 && text[start] === 0x3c) rows++;
  }
  return rows;
}

/**
 * Inflates raw deflate data at once, into at most `most` bytes (node:zlib stops there: a lie costs
 * no more than the entry declared). Answers the bytes, "over" past `most`, or "broken".
 * @param {Uint8Array} data
 * @param {number} most
 * @returns {Uint8Array | "over" | "broken"}
 */
function inflateAtOnce(data, most) {
  try {
    return zlib.inflateRawSync(data, { maxOutputLength: Math.max(1, most) });
  } catch (error) {
    return /** @type {{ code?: string }} */ (error).code === "ERR_BUFFER_TOO_LARGE" ? "over" : "broken";
  }
}

/** An entry's name as SheetJS reads it: the local header's bytes, one character each. */
function sheetJsName(bytes, offset) {
  const length = u16(bytes, offset + 26);
  return String.fromCharCode(...bytes.subarray(offset + 30, offset + 30 + length));
}

/** Deno's node:zlib is not known to honour maxOutputLength: there the entries stream through the counter. */
const canInflateAtOnce = typeof (/** @type {any} */ (globalThis).Deno) === "undefined";

/**
 * Checks a zip's entries by what they unpack to: each inflated through a counter that stops past
 * what the entry declares (a lie: "lies") or past `maxUnpackedBytes` in all ("unpacked"); `<row>`
 * and `<c>` elements counted in each XML entry against `maxRows` and `maxCells`. Never throws.
 * With `keep` (a read on this thread, which may block: the CLI), each entry is inflated at once,
 * bounded by what it declares, and the entries are answered so the workbook is not inflated twice
 * (sheet-table.js); otherwise (the server's event loop) they stream through in 1 MB chunks.
 * @param {Uint8Array} bytes
 * @param {ZipLimits} limits
 * @param {{ keep?: boolean }} [options]
 * @returns {Promise<ZipCheck & { entries?: [string, Uint8Array][] }>}
 */
export async function checkZip(bytes, limits, options = {}) {
  const keep = Boolean(options.keep) && canInflateAtOnce;
  /** @type {[string, Uint8Array][]} */
  const kept = [];
  try {
    // SheetJS takes the last end-of-central-directory signature in the file: so does this.
    let end = bytes.length - 4;
    while (end >= 0 && u32(bytes, end) !== 0x06054b50) end--;
    if (end < 0 || end + 20 > bytes.length) return { ok: false, reason: "unreadable" };
    const entries = u16(bytes, end + 8);
    let at = u32(bytes, end + 16);
    let total = 0;
    for (let i = 0; i < entries; i++) {
      if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50) return { ok: false, reason: "unreadable" };
      const declared = u32(bytes, at + 24);
      const nameLength = u16(bytes, at + 28);
      const extraLength = u16(bytes, at + 30);
      const offset = u32(bytes, at + 42);
      const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
      if (declared === 0xffffffff || hasZip64(bytes, at + 46 + nameLength, extraLength))
        return { ok: false, reason: "unpacked" };
      at += 46 + nameLength + extraLength + u16(bytes, at + 32);

      if (offset + 30 > bytes.length || u32(bytes, offset) !== 0x04034b50) return { ok: false, reason: "unreadable" };
      const method = u16(bytes, offset + 8);
      const localPacked = u32(bytes, offset + 18);
      const localDeclared = u32(bytes, offset + 22);
      const localName = u16(bytes, offset + 26);
      const localExtra = u16(bytes, offset + 28);
      const dataStart = offset + 30 + localName + localExtra;
      if (dataStart > bytes.length || hasZip64(bytes, offset + 30 + localName, localExtra))
        return { ok: false, reason: "unreadable" };
      // SheetJS sizes its output by the local header's figure: that one is bounded too.
      const mostDeclared = Math.max(declared, localDeclared);
      if (total + mostDeclared > limits.maxUnpackedBytes) return { ok: false, reason: "unpacked" };

      // Inflated at once, an entry too small to hold more cells than the cap (a cell takes at least the
      // four bytes of <c/>) has only its rows counted, with the buffer's own search; others tag by tag.
      const xml = /\.xml$/i.test(name);
      const rowsOnly = xml && keep && method === 8 && declared <= 4 * limits.maxCells;
      const counter = xml && !rowsOnly ? xmlElementCounter() : null;
      /** @type {ZipCheck["reason"] | null} */
      let refusal = null;
      let unpacked = 0;
      const take = (/** @type {Uint8Array} */ chunk) => {
        unpacked += chunk.length;
        if (unpacked > declared) refusal = "lies";
        else if (total + unpacked > limits.maxUnpackedBytes) refusal = "unpacked";
        else if (counter) {
          counter.feed(chunk);
          if (counter.rows > limits.maxRows) refusal = "rows";
          else if (counter.cells > limits.maxCells) refusal = "cells";
        }
        return refusal === null;
      };
      if (method === 0) {
        const stored = bytes.subarray(dataStart, Math.min(bytes.length, dataStart + localPacked));
        take(stored);
        if (keep) kept.push([sheetJsName(bytes, offset), stored]);
      } else if (method === 8 && keep) {
        const inflated = inflateAtOnce(bytes.subarray(dataStart), declared);
        if (inflated === "broken") return { ok: false, reason: "unreadable" };
        if (inflated === "over") return { ok: false, reason: "lies" };
        take(inflated);
        if (refusal === null && rowsOnly && countRows(inflated) > limits.maxRows) refusal = "rows";
        kept.push([sheetJsName(bytes, offset), inflated]);
      } else if (method === 8) {
        const how = await inflateCounting(bytes.subarray(dataStart), take);
        if (how === "broken" && refusal === null) return { ok: false, reason: "unreadable" };
      } else return { ok: false, reason: "unreadable" };
      if (refusal) return { ok: false, reason: refusal };
      total += unpacked;
    }
    return keep ? { ok: true, unpackedBytes: total, entries: kept } : { ok: true, unpackedBytes: total };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}
