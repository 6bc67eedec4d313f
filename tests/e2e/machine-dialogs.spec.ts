/**
 * A machine's dialogs with nothing to show: Performance History without records and
 * Popular Items without sales size to their message, with a clear Close, instead of a wide blank
 * box; with records the history dialog is wide again and its table scrolls inside it.
 */
import AxeBuilder from "@axe-core/playwright";
import { ADMIN, PARTNER, expect, signIn, test } from "./fixtures.ts";

for (const width of [375, 1280]) {
  test.describe(`Machine dialogs at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("Performance History and Popular Items of a machine without sales fit their message", async ({
      page,
    }, info) => {
      await signIn(page, ADMIN);
      const username = `md-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e4)}`;
      const registered = await page.request.post("/api/register", {
        data: {
          username,
          password: "machine-test-1",
          name: `Dialog Test ${username}`,
          partnerType: "profit-sharing",
          email: `${username}@example.com`,
          billingAddress: "Leeds",
          commissionPercentage: "0.10",
        },
      });
      const partner = (await registered.json()) as { id: number };
      const empty = (await (
        await page.request.post("/api/machines", { data: { partnerId: partner.id, location: "Empty Kiosk" } })
      ).json()) as { id: number };
      expect(empty.id).toBeGreaterThan(0);
      await page.goto(`/partners/${partner.id}`);

      const card = page.getByRole("article", { name: "Empty Kiosk" });
      for (const [button, title, message] of [
        ["View Performance History", "Performance History", "No monthly records yet."],
        ["Popular Items", "Popular Items", "No product data available for this machine."],
      ] as const) {
        await card.getByRole("button", { name: button }).click();
        const dialog = page.getByRole("dialog", { name: title });
        await expect(dialog.getByText(message)).toBeVisible();
        await dialog.evaluate((el) =>
          Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
        );
        const box = (await dialog.boundingBox())!;
        await page.screenshot({ path: info.outputPath(`${title.replace(/\W+/g, "-")}-empty-${width}.png`) });
        // The message's width, not the 1000px (or 560px) the figures get; inside the screen on a phone.
        if (width === 1280) expect(box.width).toBeLessThanOrEqual(460);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        // No blank scroll area under the message: the dialog is about as tall as what it says.
        expect(box.height).toBeLessThan(360);
        const axe = await new AxeBuilder({ page })
          .include('[role="dialog"]')
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
          .analyze();
        expect(axe.violations.map((v) => v.id)).toEqual([]);
        await dialog.getByRole("button", { name: "Close" }).click();
        await expect(dialog).toBeHidden();
      }
    });

    test("with records, Performance History is wide again and no month wraps", async ({ page }) => {
      await signIn(page, PARTNER);
      await page.getByRole("button", { name: "View Performance History" }).first().click();
      const history = page.getByRole("dialog", { name: "Performance History" });
      const month = history.getByRole("rowheader").first();
      await expect(month).toHaveText(/^[A-Z][a-z]+ \d{4}/);
      await history.evaluate((el) =>
        Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => undefined))),
      );
      if (width === 1280) expect((await history.boundingBox())!.width).toBeGreaterThan(900);
      expect(await month.evaluate((el) => getComputedStyle(el).whiteSpace)).toBe("nowrap");
      // The table's scroll area is at most the spec's 600px high.
      const scroller = history.locator(".rt-ScrollAreaRoot").filter({ has: page.getByRole("table") });
      expect((await scroller.boundingBox())!.height).toBeLessThanOrEqual(601);
    });
  });
}
