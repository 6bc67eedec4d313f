// Figures on screens go through domain/shared/format.ts: a display `.toFixed(` or
// `.toLocaleString(` in app/ or domain/ names its file and line here. The few that are not display
// (SVG coordinates, a form field's initial text, parsing and storage formats) are listed with why.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const ALLOWED: Record<string, string> = {
  "app/components/machines/sales-chart.tsx": "SVG path coordinates",
  "app/components/partners/edit-partner-fields.tsx": "the fee field's initial text, read back by parsePence",
  "app/components/partners/agreement-form-state.ts":
    "the agreement form's initial percents and pounds, read back by the page's action",
  "domain/shared/money.ts": "money parsing",
  "domain/shared/format.ts": "the formats themselves",
  "domain/shared/commission-rules.ts": "the API's rate fraction and the rate formatter",
  "domain/imports/telemetry-export.ts": "the row limit message",
  "domain/imports/export-cells.ts": "reading cells as text",
  "domain/products/product-rules.ts": "the spec's one-decimal share, answered by the API as text",
};

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(entry.name) ? [file] : [];
  });
}

describe("one formatter", () => {
  it("no display figure in app/ or domain/ is formatted by hand", () => {
    const found: string[] = [];
    for (const file of [...sources("app"), ...sources("domain")]) {
      if (file in ALLOWED) continue;
      fs.readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (/\.(toFixed|toLocaleString)\(/.test(line)) found.push(`${file}:${index + 1}: ${line.trim()}`);
        });
    }
    expect(found, "use domain/shared/format.ts").toEqual([]);
  });

  it("every allowed file still exists (the list stays true)", () => {
    for (const file of Object.keys(ALLOWED)) expect(fs.existsSync(path.join(ROOT, file)), file).toBe(true);
  });
});
