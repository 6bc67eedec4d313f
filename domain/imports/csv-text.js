// A CSV export's bytes as text: UTF-8 (its BOM dropped), else Windows-1252, Excel's default (£ is
// 0xA3). The Windows-1252 table is our own: Node 20's TextDecoder("windows-1252") decodes 0x80-0x9F
// as ISO-8859-1 (0x80 → U+0080 instead of €), Deno's does not. Plain JavaScript, like csv-table.js.

/** @typedef {import("./csv-table.js").CsvFailure} CsvFailure */

/** Windows-1252's 0x80-0x9F (the five bytes it leaves undefined map to the C1 control of that number, as WHATWG says). */
const CP1252_80_9F = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * @param {Uint8Array} bytes
 * @returns {string}
 */
function decodeWindows1252(bytes) {
  const CHUNK = 8192;
  const codes = new Uint16Array(CHUNK);
  /** @type {string[]} */
  const parts = [];
  for (let at = 0; at < bytes.length; at += CHUNK) {
    const end = Math.min(bytes.length, at + CHUNK);
    for (let i = at; i < end; i++) {
      const b = bytes[i];
      codes[i - at] = b >= 0x80 && b < 0xa0 ? CP1252_80_9F[b - 0x80] : b;
    }
    parts.push(
      String.fromCharCode.apply(null, /** @type {number[]} */ (/** @type {unknown} */ (codes.subarray(0, end - at)))),
    );
  }
  return parts.join("");
}

/**
 * The file's text: UTF-8 with or without its BOM, else Windows-1252.
 * @param {Uint8Array} bytes
 * @returns {{ text: string, encoding: "utf-8" | "windows-1252" } | CsvFailure}
 */
export function decode(bytes) {
  try {
    // TextDecoder drops a leading BOM unless told to keep it.
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(bytes), encoding: "utf-8" };
  } catch {
    // not UTF-8
  }
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return {
      ok: false,
      error: 'The file is UTF-16 text, not a CSV file in UTF-8 or Windows-1252: save it from Excel as "CSV UTF-8"',
    };
  }
  // A UTF-8 BOM before bytes that are not UTF-8 is still no text.
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return { text: decodeWindows1252(bom ? bytes.subarray(3) : bytes), encoding: "windows-1252" };
}

/**
 * Whitespace as String.prototype.trim and /\s/ know it (so a record the scan finds blank is one whose
 * fields all trim to nothing).
 * @param {number} c a UTF-16 code unit
 */
export function isSpace(c) {
  if (c < 128) return c === 32 || (c >= 9 && c <= 13);
  return (
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200a) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x3000 ||
    c === 0xfeff
  );
}
