import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The checks every Arabic page of sign-in, the portal and environment setup gets: `<html lang="ar" dir="rtl">`, no
 * serious or critical axe issue in the page's own content (the site header has its own specs), no sideways scroll
 * at 390 px. With E2E_SHOTS set, screenshots at 1366 and 390 px go into that folder (artefacts, not assertions).
 */
export async function checkArabicPage(page: Page, shot: string) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const axe = await new AxeBuilder({ page }).include("#main").withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.nodes[0]?.target}`)).toEqual([]);
  await screenshots(page, shot, { fullPage: true, check: true });
}

/** Screenshots at 1366 and 390 px when E2E_SHOTS names a folder; `check` also asserts no sideways scroll at 390 px. */
export async function screenshots(page: Page, shot: string, opts: { fullPage?: boolean; check?: boolean } = {}) {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${shot}-1366.png`, fullPage: opts.fullPage });
  await page.setViewportSize({ width: 390, height: 844 });
  if (opts.check) expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  if (dir) await page.screenshot({ path: `${dir}/${shot}-390.png`, fullPage: opts.fullPage });
  await page.setViewportSize({ width: 1366, height: 900 });
}

/** The horizontal scale of an element (the CSS `scale` property): -1 when `rtl:-scale-x-100` mirrors it. */
export const scaleX = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => {
      const x = getComputedStyle(el).scale.split(" ")[0];
      return x === "none" ? 1 : x.endsWith("%") ? parseFloat(x) / 100 : parseFloat(x);
    });
