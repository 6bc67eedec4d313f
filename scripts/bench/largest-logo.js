// The largest logo the Settings page takes (2,000 × 2,000 pixels, the bound a logo is held to) at its most
// costly to draw: RGBA (pdf-lib decodes it and writes the colour and an alpha mask), a pattern that
// stays well under 512 KB on disk. For npm run bench:hardening.
import zlib from "node:zlib";

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(body));
  return Buffer.concat([length, body, crc]);
}

export function largestLogoPng(side = 2000) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  const stride = 1 + side * 4;
  const rows = Buffer.alloc(stride * side);
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side * 4; x++) rows[y * stride + 1 + x] = ((x >> 4) ^ (y >> 3)) & 0xff;
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", zlib.deflateSync(rows, { level: 9 })),
      chunk("IEND", Buffer.alloc(0)),
    ]),
  );
}
