import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

/**
 * Serious or critical axe violations (WCAG 2.1 A and AA) in `within` (the whole page by default), once the page's
 * finite animations have ended: a dialog fading in would fail the contrast check halfway. Each as 'rule: element, element'.
 */
export async function axeProblems(page: Page, within?: string) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        // A spinner never ends, and an animation cut short (its element gone) rejects: neither is waited for.
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]);
  const results = await (within ? builder.include(within) : builder).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`);
}
