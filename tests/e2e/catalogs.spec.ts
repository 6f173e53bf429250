import type { Page, Request } from "@playwright/test";
import { expect, test } from "./fixtures";

// A page's texts come from catalog files of their own (one per language and namespace), which the browser
// downloads once and keeps; the page's HTML carries none of them.

const CATALOG = /\/assets\/i18n\/(en|ar)-([a-z]+)-[\w]+\.json$/;

/** The catalogs (`en-site`, ...) the page requests from now on. */
function catalogRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (req: Request) => {
    const m = CATALOG.exec(new URL(req.url()).pathname);
    if (m) seen.push(`${m[1]}-${m[2]}`);
  });
  return seen;
}

test("[catalogs] the home page preloads its four catalogs once painted, the HTML holds none, and the files are immutable and compressed", async ({
  page,
  request,
}) => {
  const html = await (await request.get("/")).text();
  // The boot module lists them: it preloads them with the page's modules after the first paint.
  const preloads = [...html.matchAll(/\["(\/assets\/i18n\/[^"]+)",1\]/g)].map((m) => m[1]);
  expect(preloads.map((href) => CATALOG.exec(href)?.slice(1, 3).join("-"))).toEqual(["en-common", "en-validation", "en-errors", "en-site"]);
  // A message the home page does not show is not in its HTML.
  expect(html).not.toContain("This page is only accessible to administrators.");

  const file = await request.get(preloads[0], { headers: { "Accept-Encoding": "br" } });
  expect(file.status()).toBe(200);
  expect(file.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect(file.headers()["content-encoding"]).toBe("br");
  expect((await file.json())["common.error.deniedAdmin"]).toBe("This page is only accessible to administrators.");

  const seen = catalogRequests(page);
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  expect(seen.sort()).toEqual(["en-common", "en-errors", "en-site", "en-validation"]);
  const added = await page.locator('head link[rel="preload"][as="fetch"]').evaluateAll((els) => els.map((e) => new URL((e as HTMLLinkElement).href).pathname));
  expect(added).toEqual(preloads);
});

test("[catalogs] a client-side navigation to another area loads that area's catalog before showing it", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  const seen = catalogRequests(page);
  await page.getByRole("link", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  expect(seen).toEqual(["en-auth"]);

  // Back on a page whose catalogs the browser has: nothing is fetched again.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Login", exact: true })).toBeVisible();
  expect(seen).toEqual(["en-auth"]);
});

test("[catalogs] when the catalogs cannot be loaded the page stays as the server sent it, readable and with working links", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (msg) => {
    if (msg.type() === "error") errors.push(msg.text());
  });
  await page.route(CATALOG, (route) => route.abort());
  await page.goto("/ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect.poll(() => errors.some((e) => e.includes("The page's texts could not be loaded"))).toBe(true);
  await expect(page.locator("html")).toHaveAttribute("data-hydrated", "false");
  // Not hydrated: a link is an ordinary link, and the next page arrives whole from the server.
  await page.getByRole("link", { name: "البيانات الصحفية" }).first().click();
  await expect(page).toHaveURL(/\/ar\/press-releases$/);
  await expect(page.getByRole("heading", { name: "البيانات الصحفية", level: 1 })).toBeVisible();
});
