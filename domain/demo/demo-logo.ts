/**
 * The demo business's logo: the Vendboard mark (app/components/logo.tsx) drawn into a PNG here, so
 * the demo needs no image file. Rounded rectangles, anti-aliased by sampling each pixel 4 × 4 times.
 */
import { deflateSync } from "node:zlib";

type Rgb = [number, number, number];
interface Shape {
  x: number;
  y: number;
  width: number;
  height: number;
  radius: number;
  color: Rgb;
}

const TEAL: Rgb = [0x12, 0x8c, 0x80];
const LIGHT: Rgb = [0xe6, 0xf4, 0xf2];
const MID: Rgb = [0x7c, 0xc9, 0xbf];
const DARK: Rgb = [0x0b, 0x5d, 0x55];

/** The mark on a 32-unit square, as logo.tsx draws it. */
const SHAPES: Shape[] = [
  { x: 4, y: 2, width: 24, height: 28, radius: 4, color: TEAL },
  { x: 8, y: 6, width: 11, height: 14, radius: 1.5, color: LIGHT },
  { x: 10, y: 8, width: 3, height: 3, radius: 0.5, color: TEAL },
  { x: 14, y: 8, width: 3, height: 3, radius: 0.5, color: MID },
  { x: 10, y: 13, width: 3, height: 3, radius: 0.5, color: MID },
  { x: 14, y: 13, width: 3, height: 3, radius: 0.5, color: TEAL },
  { x: 21, y: 7, width: 4, height: 2, radius: 1, color: LIGHT },
  { x: 21, y: 11, width: 4, height: 4, radius: 1, color: MID },
  { x: 8, y: 23, width: 16, height: 3, radius: 1.5, color: DARK },
];

function inside(shape: Shape, x: number, y: number): boolean {
  if (x < shape.x || y < shape.y || x > shape.x + shape.width || y > shape.y + shape.height) return false;
  const cx = Math.min(Math.max(x, shape.x + shape.radius), shape.x + shape.width - shape.radius);
  const cy = Math.min(Math.max(y, shape.y + shape.radius), shape.y + shape.height - shape.radius);
  return (x - cx) ** 2 + (y - cy) ** 2 <= shape.radius ** 2;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** The mark as an RGBA PNG `size` pixels square (transparent around it). */
export function demoLogoPng(size = 192): Uint8Array {
  const scale = size / 32;
  const rows = Buffer.alloc(size * (size * 4 + 1));
  const SAMPLES = 4;
  for (let py = 0; py < size; py++) {
    const row = py * (size * 4 + 1);
    rows[row] = 0; // filter: none
    for (let px = 0; px < size; px++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let covered = 0;
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const x = (px + (sx + 0.5) / SAMPLES) / scale;
          const y = (py + (sy + 0.5) / SAMPLES) / scale;
          // The last shape that covers the point is on top.
          let hit: Shape | undefined;
          for (const shape of SHAPES) if (inside(shape, x, y)) hit = shape;
          if (!hit) continue;
          covered++;
          r += hit.color[0];
          g += hit.color[1];
          b += hit.color[2];
        }
      }
      const at = row + 1 + px * 4;
      if (covered) {
        rows[at] = Math.round(r / covered);
        rows[at + 1] = Math.round(g / covered);
        rows[at + 2] = Math.round(b / covered);
      }
      rows[at + 3] = Math.round((covered / (SAMPLES * SAMPLES)) * 255);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bits per channel
  header[9] = 6; // RGBA
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk("IHDR", header),
      chunk("IDAT", deflateSync(rows)),
      chunk("IEND", new Uint8Array()),
    ]),
  );
}
