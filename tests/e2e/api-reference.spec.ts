import type { Page } from "@playwright/test";
import { axeProblems } from "./axe";
import { expect, test } from "./fixtures";

/**
 * Opens the reference and waits for it to hydrate. It holds every endpoint's field tables, so on a loaded machine
 * its hydration can take longer than the 20 s an ordinary page is given.
 */
async function openReference(page: Page, url: string) {
  await page.goto(url, { waitUntil: "commit" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined, null, { timeout: 90_000 });
}

test.describe("[api reference] the integrators' page", () => {
  // Every endpoint with its field tables on one page: axe's contrast checks over it take tens of seconds.
  test.slow();
  test("[api reference] lists the endpoints by section, jumps to a section, and passes axe", async ({ page }) => {
    await openReference(page, "/developers/api");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    const contents = page.getByRole("navigation", { name: "Contents" });
    await contents.getByRole("link", { name: "Press releases" }).click();
    await expect(page).toHaveURL(/#api-press-releases$/);
    const create = page.locator("article", { has: page.locator("code", { hasText: /^\/api\/press-releases$/ }) }).filter({ hasText: "POST" });
    await expect(create).toContainText("An administrator whose session proved a second factor");
    await expect(create.getByRole("cell", { name: "title", exact: true }).first()).toBeVisible();
    await expect(create).toContainText("FORBIDDEN, TWO_FACTOR_REQUIRED");
    const download = page.getByRole("link", { name: "Download the OpenAPI 3.1 document" });
    await expect(download).toHaveAttribute("href", "/api/openapi.json");
    expect(await axeProblems(page)).toEqual([]);
  });

  test("[api reference] Arabic: the page reads right to left around the English endpoint texts", async ({ page }) => {
    await openReference(page, "/ar/developers/api");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1, name: "مرجع واجهة البرمجة" })).toBeVisible();
    await expect(page.getByText("أوصاف نقاط الوصول باللغة الإنجليزية.")).toBeVisible();
    await expect(page.locator("h3[dir=ltr]", { hasText: "/api/press-releases/{id}" }).first()).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
  });
});
