/** MoneyText: an amount and its sign never split across lines; the words around it unchanged. */
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { MoneyText } from "#app/components/money-text.tsx";

const html = (text: string) => renderToStaticMarkup(createElement(MoneyText, { text }));

describe("MoneyText", () => {
  it("wraps each signed amount in a span that does not break", () => {
    expect(html("Adjustment for September 2026 (late sales): +£0.72")).toBe(
      'Adjustment for September 2026 (late sales): <span style="white-space:nowrap">+£0.72</span>',
    );
    expect(html("October 2026: £32.62, already paid £1,032.15 on 27/11/2026, now −£0.47")).toBe(
      'October 2026: <span style="white-space:nowrap">£32.62</span>, already paid <span style="white-space:nowrap">£1,032.15</span> on 27/11/2026, now <span style="white-space:nowrap">−£0.47</span>',
    );
  });

  it("leaves text without amounts as it is", () => {
    expect(html("All machine reports are in")).toBe("All machine reports are in");
  });
});
