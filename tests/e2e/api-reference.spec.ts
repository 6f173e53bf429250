import type { Page } from "@playwright/test";
import { axeProblems } from "./axe";
import { expect, test } from "./fixtures";

/** Opens a page of the reference and waits for it to hydrate. */
async function openReference(page: Page, url: string) {
  await page.goto(url);
  await page.waitForFunction(() => document.documentElement.dataset.hydrated !== undefined);
}

test.describe("[api reference] the integrators' page", () => {
  // axe's contrast checks over a section's field tables take tens of seconds on a loaded machine.
  test.slow();
  test("[api reference] lists the endpoints by section, opens a section's page with its endpoints in full, and passes axe", async ({ page }) => {
    await openReference(page, "/developers/api");
    await expect(page.getByRole("heading", { level: 1, name: "API reference" })).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
    const contents = page.getByRole("navigation", { name: "Contents" });
    await contents.getByRole("link", { name: "Press releases" }).click();
    await expect(page).toHaveURL(/\/developers\/api\/press-releases$/);
    await expect(page.getByRole("heading", { level: 1, name: "Press releases" })).toBeVisible();
    await expect(contents.getByRole("link", { name: "Press releases" })).toHaveAttribute("aria-current", "page");
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
    await page
      .getByRole("link", { name: /^GET \/api\/press-releases\/\{id\}/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/ar\/developers\/api\/press-releases#/);
    await expect(page.locator("h2[dir=ltr]", { hasText: "/api/press-releases/{id}" }).first()).toBeVisible();
    expect(await axeProblems(page)).toEqual([]);
  });
});
