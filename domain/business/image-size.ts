/**
 * A logo's width and height read from its PNG or JPEG header, before anything decodes it:
 * an image small on disk may be huge in pixels, and every PDF that draws it decodes them all. Pure:
 * bytes in, size or the reason it cannot be read out; a truncated or hostile header is never trusted.
 */

/** The most pixels a logo may have either way: it is drawn 170 × 52 points on a page. */
export const MAX_LOGO_PIXELS = 2000;

export type ImageSize = { ok: true; width: number; height: number } | { ok: false };

const u16 = (b: Uint8Array, at: number) => (b[at] << 8) | b[at + 1];
const u32 = (b: Uint8Array, at: number) => ((b[at] << 24) | (b[at + 1] << 16) | (b[at + 2] << 8) | b[at + 3]) >>> 0;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const IHDR = [0x49, 0x48, 0x44, 0x52];

/** A PNG's size from its IHDR chunk, which must come first and be 13 bytes long. */
export function pngSize(bytes: Uint8Array): ImageSize {
  if (bytes.length < 33 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return { ok: false };
  if (u32(bytes, 8) !== 13 || !IHDR.every((b, i) => bytes[12 + i] === b)) return { ok: false };
  const width = u32(bytes, 16);
  const height = u32(bytes, 20);
  // The PNG specification caps each at 2^31 - 1; 0 is not an image.
  if (!width || !height || width > 0x7fffffff || height > 0x7fffffff) return { ok: false };
  return { ok: true, width, height };
}

/** Start-of-frame markers (baseline, extended, progressive, lossless; Huffman or arithmetic): not DHT (C4), JPG (C8) or DAC (CC). */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;

/**
 * A JPEG's size from its frame headers (SOF0-SOF15 bar DHT, JPG, DAC), walking the markers from SOI
 * to the first scan (SOS). Every frame header before it counts, the largest each way wins; none, a
 * height of 0 (defined later by DNL), a segment running past the end or a marker where none may be
 * is unreadable.
 */
export function jpegSize(bytes: Uint8Array): ImageSize {
  if (bytes.length < 4 || bytes[0] !== 0xff || bytes[1] !== 0xd8) return { ok: false };
  let width = 0;
  let height = 0;
  let at = 2;
  while (at < bytes.length) {
    if (bytes[at] !== 0xff) return { ok: false };
    // Fill bytes: any number of 0xFF before a marker.
    while (at < bytes.length && bytes[at] === 0xff) at++;
    if (at >= bytes.length) return { ok: false };
    const marker = bytes[at++];
    // Markers without a segment: TEM, RST0-7, and a second SOI.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd8)) continue;
    if (marker === 0xda || marker === 0xd9) break;
    if (marker === 0x00 || at + 2 > bytes.length) return { ok: false };
    const length = u16(bytes, at);
    if (length < 2 || at + length > bytes.length) return { ok: false };
    if (isStartOfFrame(marker)) {
      if (length < 8) return { ok: false };
      const frameHeight = u16(bytes, at + 3);
      const frameWidth = u16(bytes, at + 5);
      if (!frameHeight || !frameWidth) return { ok: false };
      height = Math.max(height, frameHeight);
      width = Math.max(width, frameWidth);
    }
    at += length;
  }
  return width && height ? { ok: true, width, height } : { ok: false };
}

/** The image's size by its type, read from its header only. */
export function imageSize(bytes: Uint8Array, type: "image/png" | "image/jpeg"): ImageSize {
  return type === "image/png" ? pngSize(bytes) : jpegSize(bytes);
}

/** Within MAX_LOGO_PIXELS either way. */
export const fitsLogoBounds = (size: ImageSize) =>
  size.ok && size.width <= MAX_LOGO_PIXELS && size.height <= MAX_LOGO_PIXELS;
