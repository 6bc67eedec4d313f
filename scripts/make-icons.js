// Makes public/favicon.ico (16, 32 and 48 px PNG entries) and public/apple-touch-icon.png from
// public/favicon.svg (the mark of app/components/logo.tsx) with Chromium. Run it after changing the SVG:
//   node scripts/make-icons.js
import fs from "node:fs";
import { chromium } from "@playwright/test";

const publicDir = new URL("../public/", import.meta.url);
const svg = fs.readFileSync(new URL("favicon.svg", publicDir));
const src = `data:image/svg+xml;base64,${svg.toString("base64")}`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" });
const page = await browser.newPage();

/** The mark at `size` px: transparent, or centred at 80% on a solid background (home-screen icons). */
async function png(size, background) {
  await page.setViewportSize({ width: size, height: size });
  const img = background
    ? `<div style="width:${size}px;height:${size}px;background:${background};display:flex"><img src="${src}" style="width:${size * 0.8}px;height:${size * 0.8}px;margin:auto"></div>`
    : `<img src="${src}" style="width:${size}px;height:${size}px;display:block">`;
  await page.setContent(`<html><body style="margin:0;background:transparent">${img}</body></html>`);
  return page.screenshot({ omitBackground: !background, type: "png" });
}

/** An ICO file whose entries are PNGs (every browser since IE 11 reads them). */
function ico(entries) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(entries.length, 4);
  let offset = 6 + 16 * entries.length;
  const directory = entries.map(({ size, bytes }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size % 256, 0);
    entry.writeUInt8(size % 256, 1);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(bytes.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += bytes.length;
    return entry;
  });
  return Buffer.concat([header, ...directory, ...entries.map((e) => e.bytes)]);
}

const entries = [];
for (const size of [16, 32, 48]) entries.push({ size, bytes: await png(size) });
fs.writeFileSync(new URL("favicon.ico", publicDir), ico(entries));
fs.writeFileSync(new URL("apple-touch-icon.png", publicDir), await png(180, "#ffffff"));
await browser.close();
