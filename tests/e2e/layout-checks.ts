/**
 * In-page layout checks for the visual spec (visual.spec.ts): the document is no wider than the
 * viewport, and no visible text runs out of its own box.
 */
import type { Locator, Page } from "@playwright/test";

/** How far the document runs past the viewport, in pixels (0 when it fits). */
export async function horizontalOverflow(page: Page): Promise<number> {
  return page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth));
}

/**
 * Visible elements whose own text is wider than their box (scrollWidth > clientWidth + 1) while
 * their overflow-x is visible, hidden or clip — text that spills over its neighbours or is cut
 * without a sign. Left out: intentional scroll containers (overflow-x auto/scroll) and what is
 * inside them, text-overflow: ellipsis, visually hidden text (sr-only, Radix VisuallyHidden) and SVG.
 * Each problem names the tag, class and text. `within` limits the check to one part of the page.
 */
export async function overflowingText(page: Page, within?: Locator): Promise<string[]> {
  const root = within ? await within.elementHandle() : await page.evaluateHandle(() => document.body);
  return page.evaluate((scope) => {
    const problems: string[] = [];
    const visuallyHidden = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        if (/(^|\s)(sr-only|visually-hidden|rt-VisuallyHidden)(\s|$)/.test(node.getAttribute("class") ?? ""))
          return true;
        const s = getComputedStyle(node);
        if (s.clip === "rect(0px, 0px, 0px, 0px)" || s.clipPath === "inset(50%)") return true;
        if (s.position === "absolute" && node instanceof HTMLElement && node.offsetWidth <= 1 && node.offsetHeight <= 1)
          return true;
      }
      return false;
    };
    const insideScroller = (el: Element) => {
      for (let node: Element | null = el; node; node = node.parentElement) {
        const x = getComputedStyle(node).overflowX;
        if (x === "auto" || x === "scroll") return true;
      }
      return false;
    };
    for (const el of (scope as Element).querySelectorAll("*")) {
      if (!(el instanceof HTMLElement) || el.closest("svg")) continue;
      const text = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? "")
        .join("")
        .replace(/\s+/g, " ")
        .trim();
      if (!text) continue;
      if (el.scrollWidth <= el.clientWidth + 1) continue;
      const style = getComputedStyle(el);
      if (!["visible", "hidden", "clip"].includes(style.overflowX)) continue;
      if (style.textOverflow === "ellipsis") continue;
      if (!el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })) continue;
      if (visuallyHidden(el) || insideScroller(el.parentElement ?? el)) continue;
      const cls =
        typeof el.className === "string" && el.className ? `.${el.className.trim().split(/\s+/).join(".")}` : "";
      problems.push(
        `<${el.tagName.toLowerCase()}${cls}> "${text.slice(0, 60)}": text ${el.scrollWidth}px wide in a ${el.clientWidth}px box`,
      );
    }
    return problems;
  }, root);
}

/** Where a box lies outside the viewport ("" when it is inside it horizontally and starts below the top). */
export async function outsideViewport(page: Page, box: Locator): Promise<string> {
  const rect = await box.boundingBox();
  const viewport = page.viewportSize();
  if (!rect || !viewport) return "no box";
  const faults: string[] = [];
  if (rect.x < -0.5) faults.push(`left edge at ${rect.x.toFixed(1)}px`);
  if (rect.x + rect.width > viewport.width + 0.5)
    faults.push(`right edge at ${(rect.x + rect.width).toFixed(1)}px of ${viewport.width}px`);
  if (rect.y < -0.5) faults.push(`top edge at ${rect.y.toFixed(1)}px`);
  return faults.join(", ");
}

/**
 * Controls (buttons, links styled as buttons, tabs) that are cut off: part of the control lies
 * outside the viewport or outside an ancestor that clips or scrolls it (a tab list scrolling its
 * last tab out of sight without a sign). Controls inside a table are left out: a wide table
 * scrolls inside its card by design, with its cue (ScrollTable).
 */
export async function cutOffControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("button, [role=tab], a.rt-Button, a.rt-BaseButton")) {
      if (
        el.closest("table, [data-radix-popper-content-wrapper]") ||
        !el.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true })
      )
        continue;
      const rect = el.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const name = `<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40)}"`;
      if (rect.left < -0.5 || rect.right > window.innerWidth + 0.5) {
        problems.push(
          `${name}: ${rect.left.toFixed(0)}-${rect.right.toFixed(0)}px outside the ${window.innerWidth}px viewport`,
        );
        continue;
      }
      for (let node = el.parentElement; node && node !== document.body; node = node.parentElement) {
        const x = getComputedStyle(node).overflowX;
        if (x === "visible") continue;
        const box = node.getBoundingClientRect();
        if (rect.left < box.left - 0.5 || rect.right > box.right + 0.5) {
          problems.push(
            `${name}: ${rect.left.toFixed(0)}-${rect.right.toFixed(0)}px cut by its ${x} container at ${box.left.toFixed(0)}-${box.right.toFixed(0)}px`,
          );
          break;
        }
      }
    }
    return problems;
  });
}
