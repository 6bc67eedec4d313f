// Hostile .xlsx files for the reliability suite and `npm run bench:hardening`: a small zip whose
// sheet unpacks to millions of tiny rows (a zip bomb), built by hand with zlib.
import zlib from "node:zlib";

const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
  '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>' +
  '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
  '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>';
const RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>';
const WORKBOOK =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
  '<sheets><sheet name="Transactions" sheetId="1" r:id="rId1"/></sheets></workbook>';
const WORKBOOK_RELS =
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
  '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>';

/** A zip of `entries` (name → bytes), each deflated; `declare` may state a smaller unpacked size than the truth. */
export function zip(entries, { declare } = {}) {
  return zipPacked(
    Object.entries(entries).map(([name, data]) => ({
      name,
      packed: zlib.deflateRawSync(data, { level: 9 }),
      crc: zlib.crc32(data),
      size: declare?.(name, data.length) ?? data.length,
    })),
  );
}

/** A zip of entries already deflated, each declaring `size` (whatever it really unpacks to). */
function zipPacked(entries) {
  const locals = [];
  const central = [];
  let offset = 0;
  for (const { name, packed, crc, size } of entries) {
    const nameBytes = Buffer.from(name);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(packed.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(nameBytes.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(packed.length, 20);
    entry.writeUInt32LE(size, 24);
    entry.writeUInt16LE(nameBytes.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, nameBytes, packed);
    central.push(entry, nameBytes);
    offset += local.length + nameBytes.length + packed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...locals, directory, end]));
}

/** Sheet XML of `rows` rows of one tiny cell each (no row numbers, so deflate packs it about 1000:1). */
function sheetXml(rows) {
  const head =
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  return Buffer.concat([
    Buffer.from(head),
    Buffer.alloc(rows * ROW.length, ROW),
    Buffer.from("</sheetData></worksheet>"),
  ]);
}
const ROW = "<row><c><v>1</v></c></row>";

/** An .xlsx whose first sheet is `sheet` (its XML as given), each entry's size declared by `declare`. */
export function workbookOf(sheet, { declare } = {}) {
  return zip(
    {
      "[Content_Types].xml": Buffer.from(CONTENT_TYPES),
      "_rels/.rels": Buffer.from(RELS),
      "xl/workbook.xml": Buffer.from(WORKBOOK),
      "xl/_rels/workbook.xml.rels": Buffer.from(WORKBOOK_RELS),
      "xl/worksheets/sheet1.xml": Buffer.from(sheet),
    },
    { declare },
  );
}

/**
 * An .xlsx bomb: a sheet of `rows` one-cell rows, a few hundred KB packed. With `lie`, the zip
 * declares each entry's unpacked size as 1 KB, so only reading it finds out.
 */
export function xlsxBomb({ rows = 3_000_000, lie = false } = {}) {
  return zip(
    {
      "[Content_Types].xml": Buffer.from(CONTENT_TYPES),
      "_rels/.rels": Buffer.from(RELS),
      "xl/workbook.xml": Buffer.from(WORKBOOK),
      "xl/_rels/workbook.xml.rels": Buffer.from(WORKBOOK_RELS),
      "xl/worksheets/sheet1.xml": sheetXml(rows),
    },
    { declare: lie ? (_name, size) => Math.min(size, 1024) : undefined },
  );
}

/**
 * The hostile-files probe: an .xlsx of about `megabytes` MB whose sheet declares 0 bytes and unpacks to
 * about a thousand times more (4 MB → about 4 GB of rows). Made in a moment: one megabyte of rows is
 * deflated once with a full flush (byte-aligned, no reference back), then repeated, then ended.
 */
export function lyingXlsx({ megabytes = 4 } = {}) {
  const rows = Buffer.alloc(1024 * 1024, ROW);
  const piece = zlib.deflateRawSync(rows, { level: 9, finishFlush: zlib.constants.Z_FULL_FLUSH });
  const copies = Math.ceil((megabytes * 1024 * 1024) / piece.length);
  // 0x03 0x00: a final, empty fixed-Huffman block.
  const packed = Buffer.concat([...Array(copies).fill(piece), Buffer.from([0x03, 0x00])]);
  const small = (name, text) => {
    const data = Buffer.from(text);
    return { name, packed: zlib.deflateRawSync(data), crc: zlib.crc32(data), size: data.length };
  };
  return zipPacked([
    small("[Content_Types].xml", CONTENT_TYPES),
    small("_rels/.rels", RELS),
    small("xl/workbook.xml", WORKBOOK),
    small("xl/_rels/workbook.xml.rels", WORKBOOK_RELS),
    { name: "xl/worksheets/sheet1.xml", packed, crc: 0, size: 0 },
  ]);
}
