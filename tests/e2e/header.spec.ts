import type { Page } from "@playwright/test";
import { expect, signInAsAdminThroughForm, test } from "./fixtures";
import { AFTER_PASSWORD } from "./limits";

const header = (page: Page) => page.locator("header").first();

async function goto(page: Page, path: string) {
  await page.goto(path);
  await expect(header(page)).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
}

const background = (page: Page) => header(page).evaluate((el) => getComputedStyle(el).backgroundColor);
const WHITE = "rgb(255, 255, 255)";
const NAVY_950 = "rgb(8, 20, 39)";
const TRANSPARENT = "rgba(0, 0, 0, 0)";

// Colour changes use a 300 ms transition; these checks wait for the final colour.
async function expectBackground(page: Page, colour: string) {
  await expect.poll(() => background(page)).toBe(colour);
}

test("[header] transparent at the top of the home page, white once scrolled past 50 px", async ({ page }) => {
  await goto(page, "/");
  await expect(header(page)).toHaveAttribute("data-theme", "transparent");
  await expectBackground(page, TRANSPARENT);
  await expect(header(page)).toHaveCSS("position", "fixed");

  await page.evaluate(() => window.scrollTo(0, 40));
  await expect(header(page)).toHaveAttribute("data-theme", "transparent");
  await page.evaluate(() => window.scrollTo(0, 60));
  await expect(header(page)).toHaveAttribute("data-theme", "light");
  await expectBackground(page, WHITE);

  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header(page)).toHaveAttribute("data-theme", "transparent");
});

for (const path of ["/auth", "/press-releases", "/investor-portal", "/admin"]) {
  test(`[header] dark on ${path}, also after scrolling`, async ({ page }) => {
    await goto(page, path);
    await expect(header(page)).toHaveAttribute("data-theme", "dark");
    await expectBackground(page, NAVY_950);
    await page.evaluate(() => window.scrollTo(0, 200));
    await expect(header(page)).toHaveAttribute("data-theme", "dark");
  });
}

test("[header] dark on a press-release detail page", async ({ page }) => {
  const releases = (await (await page.request.get("/api/press-releases/homepage")).json()) as Array<{ id: number }>;
  await goto(page, `/press-releases/${releases[0].id}`);
  await expect(header(page)).toHaveAttribute("data-theme", "dark");
});

test("[header] top bar, logo link and navigation items", async ({ page }) => {
  await goto(page, "/press-releases");
  await expect(header(page).getByRole("link", { name: "Search" })).toHaveAttribute("href", "/search");
  await expect(header(page).getByText("EN", { exact: true })).toBeVisible();
  await expect(header(page).getByText("AR", { exact: true })).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Home", "Investments", "Press Releases", "Contact"]) await expect(nav.getByRole("link", { name })).toBeVisible();
  await expect(nav.getByRole("button", { name: "About Us" })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Login" })).toHaveAttribute("href", "/auth");
  await header(page).getByRole("link", { name: "Meridian Crest Holdings" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("[header] the About Us dropdown works from the keyboard and scrolls to Our Mission", async ({ page }) => {
  await goto(page, "/");
  const trigger = page.getByRole("navigation", { name: "Main" }).getByRole("button", { name: "About Us" });
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText(["Company Overview", "Our Mission", "Our Vision"]);
  await expect(menu.getByRole("menuitem", { name: "Company Overview" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Our Mission" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveCount(0);
  await expect(page.locator("#mission")).toBeInViewport();
});

test("[header] anchor links on another page remember the target and go to /", async ({ page }) => {
  await goto(page, "/press-releases");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Contact Us" })).toBeInViewport();
  // The stored target is used once.
  expect(await page.evaluate(() => sessionStorage.getItem("scrollTarget"))).toBeNull();

  await goto(page, "/auth");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Investments" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Our Portfolio" })).toBeInViewport();
});

test("[header] the stored scroll target is kept in sessionStorage until the home page uses it", async ({ page }) => {
  await goto(page, "/press-releases");
  // Hold the navigation on the way: the home page is reached through a full load here.
  await page.evaluate(() => sessionStorage.setItem("scrollTarget", "leadership"));
  await goto(page, "/");
  await expect(page.getByRole("heading", { name: "Our Leadership" })).toBeInViewport();
  expect(await page.evaluate(() => sessionStorage.getItem("scrollTarget"))).toBeNull();
});

test("[header] an admin gets 'My Account' with Admin Dashboard and Log Out", async ({ page, signIn }) => {
  await signIn(page, "admin", { fresh: true }); // this test ends the session
  await goto(page, "/");
  await expect(header(page).getByRole("link", { name: "Login" })).toHaveCount(0);
  await header(page).getByRole("button", { name: "My Account" }).click();
  await expect(page.getByRole("menuitem", { name: "Admin Dashboard" })).toBeVisible();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await expect(page.getByText("Logged out", { exact: true })).toBeVisible();
  await expect(header(page).getByRole("link", { name: "Login" })).toBeVisible();
});

test("[header] a regular user's menu has no Admin Dashboard", async ({ page, signIn }) => {
  await signIn(page, "regular");
  await goto(page, "/");
  await header(page).getByRole("button", { name: "My Account" }).click();
  await expect(page.getByRole("menuitem", { name: "Log Out" })).toBeVisible();
  await expect(page.getByRole("menuitem", { name: "Admin Dashboard" })).toHaveCount(0);
  await page.keyboard.press("Escape");
});

/** The visible toast, once it has finished sliding in. */
async function shownToast(page: Page, text: string) {
  const toast = page.locator("[data-sonner-toast]").filter({ hasText: text });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute("data-mounted", "true");
  // Wait until the entry animation has settled: the box no longer moves.
  let last = "";
  await expect
    .poll(async () => {
      const box = JSON.stringify(await toast.boundingBox());
      const settled = box === last;
      last = box;
      return settled;
    })
    .toBe(true);
  return toast;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The element a click at the middle of this locator would reach. */
const hitAtCentre = (locator: ReturnType<Page["locator"]>) =>
  locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });

test("[header] a toast leaves the Login and My Account buttons uncovered and clickable", async ({ page, signIn, baseURL }) => {
  test.slow(); // two sign-ins, one through the form with the app's code
  await signIn(page, "admin", { fresh: true }); // this test ends the session
  await goto(page, "/press-releases");
  await header(page).getByRole("button", { name: "My Account" }).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  const loggedOut = await shownToast(page, "You have been logged out successfully.");
  const login = header(page).getByRole("link", { name: "Login" });
  await expect(login).toBeVisible();
  expect(overlaps((await loggedOut.boundingBox())!, (await login.boundingBox())!)).toBe(false);
  // Uncovered: what a click at its middle reaches is the link itself (no time limit stands in for this check).
  expect(await hitAtCentre(login)).toBe(true);
  await login.click();
  await expect(page).toHaveURL(/\/auth$/);

  await signInAsAdminThroughForm(page, baseURL!);
  await expect(page).toHaveURL(/\/admin$/, AFTER_PASSWORD);
  const welcome = await shownToast(page, "Login successful");
  const account = header(page).getByRole("button", { name: "My Account" });
  expect(overlaps((await welcome.boundingBox())!, (await account.boundingBox())!)).toBe(false);
  expect(await hitAtCentre(account)).toBe(true);
  await account.click();
  await expect(page.getByRole("menuitem", { name: "Log Out" })).toBeVisible();
});

test("[header] a toast leaves the menu button uncovered on a phone @mobile", async ({ page, signIn }) => {
  await signIn(page, "admin", { fresh: true }); // this test ends the session
  await goto(page, "/press-releases");
  await page.getByRole("button", { name: "Open menu" }).tap();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("button", { name: "Log Out" }).tap();
  const loggedOut = await shownToast(page, "You have been logged out successfully.");
  const menu = page.getByRole("button", { name: "Open menu" });
  expect(overlaps((await loggedOut.boundingBox())!, (await menu.boundingBox())!)).toBe(false);
  expect(overlaps((await loggedOut.boundingBox())!, (await header(page).boundingBox())!)).toBe(false);
  expect(await hitAtCentre(menu)).toBe(true);
  await menu.tap();
  await expect(page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Login / Register" })).toBeVisible();
});

test("[header] mobile menu with anchor links and 'Login / Register' @mobile", async ({ page }) => {
  await goto(page, "/press-releases");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.tap();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByRole("link", { name: "Login / Register" })).toHaveAttribute("href", "/auth");
  for (const name of ["Home", "About Us", "Our Mission", "Our Vision", "Investments", "Press Releases", "Contact"]) {
    await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
  }
  // Escape closes it and gives focus back to the toggle.
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();

  await page.getByRole("button", { name: "Open menu" }).tap();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Contact" }).tap();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Contact Us" })).toBeInViewport();
  await expect(page.getByRole("navigation", { name: "Mobile" })).toHaveCount(0);
});

test("[header] transparent then white on a phone @mobile", async ({ page }) => {
  await goto(page, "/");
  await expect(header(page)).toHaveAttribute("data-theme", "transparent");
  await page.evaluate(() => window.scrollTo(0, 60));
  await expect(header(page)).toHaveAttribute("data-theme", "light");
  await expectBackground(page, WHITE);
});

test("[footer] description, quick links, sectors, legal links and scroll-to-top", async ({ page }) => {
  await goto(page, "/");
  const footer = page.locator("footer");
  await expect(footer.getByText(/next-generation investment holding company/)).toBeVisible();
  for (const name of ["Home", "About Us", "Investments", "Press Releases", "Contact"])
    await expect(footer.getByRole("link", { name, exact: true })).toBeVisible();
  for (const sector of ["Logistics", "Transportation", "Energy", "Food Security"]) await expect(footer.getByText(sector, { exact: true })).toBeVisible();
  const legal = footer.getByRole("navigation", { name: "Legal" });
  await expect(legal.getByRole("link")).toHaveText(["Privacy Policy", "Terms of Service", "Cookie Policy", "Sitemap", "API reference"]);
  await footer.getByRole("button", { name: "Scroll to top" }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test("[header] the bar keeps a dark backdrop, since nothing follows the scroll", async ({ page }) => {
    await page.goto("/#leadership");
    // navy-950 at 90% (Tailwind mixes it in oklab).
    await expect.poll(() => background(page)).toMatch(/\/ 0\.9\)$/);
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" })).toHaveAttribute("href", "/#contact");
  });
});
