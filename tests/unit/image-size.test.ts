/** A logo's pixels read from its PNG or JPEG header, never decoded. */
import { describe, expect, it } from "vitest";
import { fitsLogoBounds, imageSize, jpegSize, MAX_LOGO_PIXELS, pngSize } from "#domain/business/image-size.ts";
import { logoForDocuments, logoProblem } from "#domain/business/business-rules.ts";
import { demoLogoPng } from "#domain/demo/demo-logo.ts";
import { blackPng, jpegHeader } from "#tests/images.ts";

describe("pngSize: the IHDR chunk", () => {
  it("reads width and height from a real PNG", () => {
    expect(pngSize(demoLogoPng(64))).toEqual({ ok: true, width: 64, height: 64 });
    expect(pngSize(blackPng(11_000, 300))).toEqual({ ok: true, width: 11_000, height: 300 });
  });

  it("refuses a truncated header, a first chunk other than a 13-byte IHDR, and 0 or past 2^31 - 1", () => {
    const png = blackPng(10, 10);
    expect(pngSize(png.subarray(0, 24))).toEqual({ ok: false });
    const notFirst = new Uint8Array(png);
    notFirst.set([0x74, 0x45, 0x58, 0x74], 12); // tEXt
    expect(pngSize(notFirst)).toEqual({ ok: false });
    const longer = new Uint8Array(png);
    longer[11] = 14;
    expect(pngSize(longer)).toEqual({ ok: false });
    for (const [width, height] of [
      [0, 10],
      [10, 0],
      [0x80000000, 10],
    ]) {
      const bad = new Uint8Array(png);
      new DataView(bad.buffer).setUint32(16, width);
      new DataView(bad.buffer).setUint32(20, height);
      expect(pngSize(bad)).toEqual({ ok: false });
    }
  });
});

describe("jpegSize: the frame headers up to the first scan", () => {
  it("reads baseline, extended, progressive and lossless frames", () => {
    for (const marker of [0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc9, 0xca, 0xcf])
      expect(jpegSize(jpegHeader(640, 480, marker)), marker.toString(16)).toEqual({
        ok: true,
        width: 640,
        height: 480,
      });
  });

  it("skips fill bytes, restart markers and other segments; DHT, JPG and DAC are not frames", () => {
    const jpeg = jpegHeader(300, 200);
    const dht = [0xff, 0xc4, 0, 4, 0, 0];
    const withMore = new Uint8Array([0xff, 0xd8, 0xff, 0xff, 0xd0, ...dht, ...jpeg.subarray(2)]);
    expect(jpegSize(withMore)).toEqual({ ok: true, width: 300, height: 200 });
    for (const marker of [0xc4, 0xc8, 0xcc]) expect(jpegSize(jpegHeader(300, 200, marker))).toEqual({ ok: false });
  });

  it("takes the largest of several frame headers before the scan", () => {
    const small = jpegHeader(100, 100);
    const large = jpegHeader(60_000, 50);
    // SOI, small's APP0 and SOF, then large's SOF, then SOS.
    const both = new Uint8Array([...small.subarray(0, 33), ...large.subarray(20, 33), ...small.subarray(33)]);
    expect(jpegSize(both)).toEqual({ ok: true, width: 60_000, height: 100 });
  });

  it("refuses hostile or truncated headers: no SOI, no frame, a height of 0, a segment past the end, a short frame", () => {
    const jpeg = jpegHeader(300, 200);
    expect(jpegSize(jpeg.subarray(1))).toEqual({ ok: false });
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xda, 0, 2]))).toEqual({ ok: false });
    expect(jpegSize(jpegHeader(300, 0))).toEqual({ ok: false });
    for (let cut = 2; cut < 33; cut++) expect(jpegSize(jpeg.subarray(0, cut)), `cut at ${cut}`).toEqual({ ok: false });
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xc0, 0, 5, 8, 0, 1]))).toEqual({ ok: false });
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0x00, 0xc0]))).toEqual({ ok: false });
    expect(jpegSize(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 1]))).toEqual({ ok: false });
  });
});

describe("the logo's pixel bounds", () => {
  it("accept 2,000 × 2,000 and refuse one more pixel either way, with the sizes in the message", () => {
    expect(fitsLogoBounds(imageSize(blackPng(MAX_LOGO_PIXELS, MAX_LOGO_PIXELS), "image/png"))).toBe(true);
    expect(logoProblem(blackPng(2_000, 2_000))).toBeNull();
    expect(logoProblem(blackPng(11_000, 11_000))).toBe(
      "The logo must be at most 2,000 × 2,000 pixels; this one is 11,000 × 11,000",
    );
    expect(logoProblem(blackPng(2_001, 10))).toMatch(/this one is 2,001 × 10$/);
    expect(logoProblem(jpegHeader(10, 2_001, 0xc2))).toMatch(/this one is 10 × 2,001$/);
    expect(logoProblem(jpegHeader(2_000, 2_000, 0xc2))).toBeNull();
  });

  it("documents leave out a stored logo past the bounds, or one whose header cannot be read", () => {
    const good = { bytes: demoLogoPng(64), type: "image/png" as const };
    expect(logoForDocuments(good)).toBe(good);
    expect(logoForDocuments({ bytes: blackPng(11_000, 11_000), type: "image/png" })).toBeNull();
    expect(logoForDocuments({ bytes: jpegHeader(300, 0), type: "image/jpeg" })).toBeNull();
    expect(logoForDocuments(null)).toBeNull();
  });
});
