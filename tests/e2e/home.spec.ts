import AxeBuilder from "@axe-core/playwright";
import type { Page, Route } from "@playwright/test";
import { expect, test } from "./fixtures";
import { FALLBACK_PRESS } from "../../shared/fallback-press";

const SECTIONS = ["home", "stats", "about", "portfolio", "press-releases", "leadership", "contact"];

async function gotoHome(page: Page, path = "/") {
  await page.goto(path);
  await expect(page.locator("#home")).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
}

/** A stopped clock: timers fire only when the test moves time on (a busy machine cannot skip a slide). */
async function stopClock(page: Page) {
  await page.clock.install({ time: new Date("2026-01-05T09:00:00Z") });
  await page.clock.pauseAt(new Date("2026-01-05T09:00:01Z"));
}

/**
 * Reaches the home page through a client-side navigation (header link from /press-releases): the page then
 * shows cached content or skeletons and fetches /api/portfolio and /api/press-releases/homepage itself.
 */
async function navigateHomeOnClient(page: Page) {
  await page.goto("/press-releases");
  await expect(page.locator("header")).toHaveAttribute("data-hydrated", "true");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** A route handler that waits until the test lets it answer. */
function gated(answer: (route: Route) => Promise<void>) {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  return { handler: async (route: Route) => (await gate, answer(route)), open };
}

/** Brings every section into view once (entrance effects), loads every image, then goes back to the top. */
async function visitAllSections(page: Page) {
  for (const id of SECTIONS) await page.locator(`#${id}`).scrollIntoViewIfNeeded();
  await page.evaluate(() => document.querySelectorAll("img").forEach((img) => (img.loading = "eager")));
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete && (img.naturalWidth > 0 || !img.src)));
  await page.evaluate(() => window.scrollTo(0, 0));
}

const portfolioCard = (page: Page, name: string) => page.locator("#portfolio article").filter({ has: page.getByRole("heading", { name }) });

// ------------------------------------------------------------------ page basics and SEO

// The home page is where the site moves (the hero's slides and video, the counters): its tests see it as most
// visitors do, with motion; the reduced-motion test asks for reduced motion itself.
test.use({ reducedMotion: "no-preference" });

test("[home] title, meta description, canonical, social tags and Organization JSON-LD", async ({ page }) => {
  await gotoHome(page);
  await expect(page).toHaveTitle("Meridian Crest Holdings | Strategic Investments");
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /premier international investment company/);
  const origin = new URL(page.url()).origin;
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${origin}/`);
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", `${origin}/media/hero-poster.jpg`);
  const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? "{}");
  expect(ld).toMatchObject({ "@context": "https://schema.org", "@type": "Organization", name: "Meridian Crest Holdings", url: `${origin}/` });
  expect((await page.request.get("/media/hero-poster.jpg")).ok()).toBe(true);
});

test("[home] every section is present, in order, with its anchor", async ({ page }) => {
  await gotoHome(page);
  const ids = await page.locator("main > section").evaluateAll((els) => els.map((e) => e.id));
  expect(ids).toEqual(SECTIONS);
  for (const name of ["Global Impact", "About Our Company", "Our Portfolio", "Press Releases", "Our Leadership", "Contact Us"]) {
    await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Meridian Crest Holdings");
});

test("[home] the server-rendered page is complete without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Driving Impact Across Emerging Markets" })).toBeVisible();
  await expect(portfolioCard(page, "BravoPay")).toBeVisible();
  await expect(page.getByText("20+ Years of Excellence")).toBeVisible();
  // Counters are rendered with their final values.
  await expect(page.locator('[data-counter="Years of Experience"]')).toHaveText("20+");
  // A still picture instead of a video (which would get native controls without scripting), no dead controls.
  await expect(page.locator("video")).toHaveCount(0);
  await expect(page.locator('#home img[src="/media/hero-poster.webp"]')).toBeVisible();
  await expect(page.getByRole("button", { name: "Go to slide 2" })).toHaveCount(0);
  await expect(page.locator("#press-releases article")).toHaveCount(3);
  await context.close();
});

// ------------------------------------------------------------------ hero

test("[hero] three slides rotate every 8 s with a 0.8 s transition; dots jump to a slide", async ({ page }) => {
  await stopClock(page);
  await gotoHome(page);
  const slide = (n: number) => page.getByRole("group", { name: `${n} of 3` });
  await expect(slide(1)).toHaveAttribute("data-active", "true");
  await expect(page.getByRole("heading", { name: "Driving Impact Across Emerging Markets" })).toBeVisible();
  await expect(page.getByText("Our mission: to tackle real-world challenges and drive impactful growth.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Our Portfolio" })).toHaveAttribute("href", "/#portfolio");
  expect(
    await page
      .locator('[aria-roledescription="slide"]')
      .first()
      .evaluate((el) => getComputedStyle(el).transitionDuration),
  ).toContain("0.8s");

  await page.clock.fastForward(7000);
  await expect(slide(1)).toHaveAttribute("data-active", "true");
  await page.clock.fastForward(1000);
  await expect(slide(2)).toHaveAttribute("data-active", "true");
  await expect(page.getByRole("heading", { name: "Investing in Transformative Ventures" })).toBeVisible();
  await expect(page.getByText("A next-gen holding company investing in logistics, transportation, energy, food security, and finance.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Our Leadership" })).toHaveAttribute("href", "/#leadership");
  // Hidden slides are out of the accessibility tree and cannot be tabbed into.
  await expect(page.getByRole("link", { name: "Our Portfolio" })).toHaveCount(0);

  await page.clock.fastForward(8000);
  await expect(slide(3)).toHaveAttribute("data-active", "true");
  await expect(page.getByRole("heading", { name: "Creating Generational Value" })).toBeVisible();
  await expect(page.getByText("Driving growth and innovation through long-term investment strategies and global partnerships.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/#contact");

  await page.clock.fastForward(8000);
  await expect(slide(1)).toHaveAttribute("data-active", "true");

  await page.getByRole("button", { name: "Go to slide 3" }).click();
  await expect(slide(3)).toHaveAttribute("data-active", "true");
  await expect(page.getByRole("button", { name: "Go to slide 3" })).toHaveAttribute("aria-current", "true");
  // A dot restarts the 8 s count.
  await page.clock.fastForward(7000);
  await expect(slide(3)).toHaveAttribute("data-active", "true");
  await page.clock.fastForward(1000);
  await expect(slide(1)).toHaveAttribute("data-active", "true");

  // Pausing stops the rotation.
  await page.getByRole("button", { name: "Pause slideshow" }).click();
  await page.clock.fastForward(20_000);
  await expect(slide(1)).toHaveAttribute("data-active", "true");
});

test("[hero] dots and slide buttons work from the keyboard", async ({ page }) => {
  await gotoHome(page);
  await page.getByRole("button", { name: "Go to slide 2" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("group", { name: "2 of 3" })).toHaveAttribute("data-active", "true");
  await page.getByRole("link", { name: "Our Leadership" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("#leadership")).toBeInViewport();
});

test("[hero] background video: poster painted first, then a muted looping video; small files", async ({ page }) => {
  await gotoHome(page);
  // The server-rendered poster is an eager, high-priority image (the first paint); the video comes after.
  const poster = page.locator('#home img[src="/media/hero-poster.webp"]');
  await expect(poster).toHaveAttribute("fetchpriority", "high");
  expect(await poster.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  const video = page.locator("#home video");
  await expect(video).toHaveAttribute("poster", "/media/hero-poster.webp");
  await expect(video).toHaveAttribute("preload", "none");
  await expect(video).toHaveAttribute("loop", "");
  await expect(video).toHaveAttribute("playsinline", "");
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted)).toBe(true);
  // It really plays (muted autoplay is allowed) and then fades in over the poster.
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.readyState >= 2), { timeout: 15_000 }).toBe(true);
  await expect(video).toHaveClass(/opacity-100/);
  for (const file of ["hero.webm", "hero.mp4", "hero-poster.webp", "about.webm", "about.mp4", "about-poster.webp"]) {
    const res = await page.request.get(`/media/${file}`);
    expect(res.ok(), file).toBe(true);
    expect((await res.body()).byteLength, file).toBeLessThan(1_500_000);
  }
  // The dark overlay sits above the video.
  await expect(page.locator("#home > div.bg-gradient-to-r")).toHaveCount(1);
});

test("[hero] the bouncing arrow leads to the stats", async ({ page }) => {
  await gotoHome(page);
  const arrow = page.getByRole("link", { name: "Scroll to Global Impact" });
  await expect(arrow).toHaveClass(/animate-bounce/);
  // The arrow bounces forever, so it is never "stable" for a pointer click; the keyboard reaches it the same way.
  await arrow.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Global Impact" })).toBeInViewport();
  await expect(page).toHaveURL(/#stats$/);
});

// ------------------------------------------------------------------ stats and about

test("[stats] counters count up once at 30% visibility to 6, 5 and 20+ with staggered starts", async ({ page }) => {
  await stopClock(page);
  await gotoHome(page);
  const counter = (label: string) => page.locator(`[data-counter="${label}"]`);
  await expect(page.getByText("Our investments have transformed industries and created sustainable value worldwide.")).toBeAttached();
  await expect(counter("Global Investments")).toHaveText("0");
  await expect(page.locator("#stats dl")).toHaveAttribute("data-state", "waiting");
  await page.locator("#stats dl").scrollIntoViewIfNeeded();
  await expect(page.locator("#stats dl")).toHaveAttribute("data-state", "shown");
  await page.clock.runFor(300);
  // 300 ms in: the first counter is running, the third (400 ms delay) has not started.
  await expect(counter("Years of Experience")).toHaveText("0+");
  await page.clock.runFor(1700);
  await expect(counter("Global Investments")).toHaveText("6");
  await expect(counter("Different Industries")).toHaveText("5");
  await expect(counter("Years of Experience")).toHaveText("20+");
  // Only once: leaving and coming back does not restart them.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.locator("#stats dl").scrollIntoViewIfNeeded();
  await page.clock.runFor(100);
  await expect(counter("Years of Experience")).toHaveText("20+");
  await expect(page.locator("#stats dd .sr-only")).toHaveText(["6", "5", "20+"]);
});

test("[a11y] reduced motion: no slide rotation, no counting, no video playback", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await stopClock(page);
  await gotoHome(page);
  await expect(page.locator('[data-counter="Global Investments"]')).toHaveText("6");
  await expect(page.locator('[data-counter="Years of Experience"]')).toHaveText("20+");
  await page.clock.fastForward(20_000);
  await expect(page.getByRole("group", { name: "1 of 3" })).toHaveAttribute("data-active", "true");
  await expect(page.getByRole("button", { name: "Pause slideshow" })).toHaveCount(0);
  // The still poster stays; no video is even added.
  await expect(page.locator("#home video")).toHaveCount(0);
  await expect(page.locator('#home img[src="/media/hero-poster.webp"]')).toBeVisible();
  // Dots still work.
  await page.getByRole("button", { name: "Go to slide 2" }).click();
  await expect(page.getByRole("group", { name: "2 of 3" })).toHaveAttribute("data-active", "true");
});

test("[about] overview, mission and vision anchors, four features, video and badge", async ({ page }) => {
  await gotoHome(page);
  const about = page.locator("#about");
  // Below the fold the blocks wait; at 10% visibility they appear one after another, 0.2 s apart.
  await expect(about.locator('[data-reveal="0"]')).toHaveClass(/opacity-0/);
  await about.scrollIntoViewIfNeeded();
  await expect(about.locator('[data-reveal="0"]')).not.toHaveClass(/opacity-0/);
  await expect(about.locator('[data-reveal="2"]')).toHaveCSS("transition-delay", "0.4s");
  await expect(about.getByRole("heading", { name: "About Our Company" })).toBeVisible();
  await expect(about.getByText(/strategic investment holding company focused on high-growth businesses in emerging markets/)).toBeVisible();
  await expect(page.locator("#mission")).toHaveText("Our Mission");
  await expect(page.locator("#vision")).toHaveText("Our Vision");
  for (const f of ["Regional Presence", "Consistent Returns", "Strategic Partnerships", "Innovation Focus"]) {
    await expect(about.getByRole("heading", { name: f })).toBeVisible();
  }
  await expect(about.getByText(/Investments across Africa and the Middle East/)).toBeVisible();
  await expect(about.getByText("20+ Years of Excellence")).toBeVisible();
  const video = about.locator("video");
  await expect(video).toHaveAttribute("poster", "/media/about-poster.webp");
  await expect(video).toHaveAttribute("loop", "");
});

// ------------------------------------------------------------------ portfolio

test("[portfolio] cards: image, category badge, logo, description, status line, year and website in a new tab", async ({ page }) => {
  await gotoHome(page);
  await expect(page.getByRole("heading", { name: "Our Portfolio" })).toBeVisible();
  await expect(page.getByText("Diversified investments across key sectors with significant growth potential.")).toBeVisible();
  await expect(page.locator("#portfolio article")).toHaveCount(6);

  const bravo = portfolioCard(page, "BravoPay");
  await expect(bravo.getByText("Financial Services")).toBeVisible();
  await expect(bravo.getByRole("img", { name: "BravoPay" })).toHaveAttribute("src", "/uploads/bravopay-logo.webp");
  await expect(bravo.locator("img").first()).toHaveAttribute("src", "/uploads/bravopay.webp");
  await expect(bravo.getByText(/Digital payments and merchant lending/)).toBeVisible();
  await expect(bravo.getByText("Active", { exact: true })).toBeVisible();
  await expect(bravo.getByText("Acquired 2019")).toBeVisible();
  const link = bravo.getByRole("link", { name: /Visit Website/ });
  await expect(link).toHaveAttribute("href", "https://bravopay.example/");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer");

  await expect(portfolioCard(page, "Axis Urban").getByText("Partial Exit - 2023")).toBeVisible();
  await expect(portfolioCard(page, "Axis Urban").getByText("Energy", { exact: true })).toBeVisible();
  await expect(portfolioCard(page, "Delta Harvest Foods").getByText("Full Exit - 2022")).toBeVisible();
  await expect(portfolioCard(page, "Kahwa Coffee Co.").getByText("Food Security")).toBeVisible();
  await expect(portfolioCard(page, "Motorly").getByText("Transportation", { exact: true })).toBeVisible();
});

test("[portfolio] without a logo the name shows in capitals; no website means '#'; no year means 2024", async ({ page }) => {
  await page.route("**/api/portfolio", (route) =>
    route.fulfill({
      json: [
        {
          id: 901,
          name: "Nile Clinics",
          description: "Outpatient clinics across Upper Egypt.",
          sector: "energy",
          yearAcquired: null,
          status: "Active",
          image: null,
          companyLogo: null,
          website: null,
          exitYear: null,
        },
      ],
    }),
  );
  await navigateHomeOnClient(page);
  const card = portfolioCard(page, "Nile Clinics");
  await expect(card).toBeVisible();
  await expect(card.getByRole("heading")).toHaveText("NILE CLINICS", { useInnerText: true });
  await expect(card.getByText("Energy")).toBeVisible();
  await expect(card.getByText("Acquired 2024")).toBeVisible();
  const link = card.getByRole("link", { name: /Visit Website/ });
  await expect(link).toHaveAttribute("href", "#");
  await expect(link).not.toHaveAttribute("target", "_blank");
});

test("[portfolio] 6 skeleton cards while loading, an error with Retry on failure, then the content", async ({ page }) => {
  const failing = gated((route) => route.fulfill({ status: 500, body: "boom" }));
  await page.route("**/api/portfolio", failing.handler);
  await navigateHomeOnClient(page);
  await expect(page.getByTestId("portfolio-skeleton")).toHaveCount(6);
  await expect(page.locator("#portfolio [aria-busy=true]")).toHaveCount(1);
  await page.locator("#portfolio").scrollIntoViewIfNeeded();
  failing.open();
  await expect(page.getByText("HTTP 500: Failed to fetch portfolio items")).toBeVisible();
  await expect(page.getByTestId("portfolio-skeleton")).toHaveCount(0);

  await page.unroute("**/api/portfolio");
  await page.getByRole("button", { name: "Retry" }).click();
  await expect(page.locator("#portfolio article")).toHaveCount(6);
  await expect(page.getByRole("button", { name: "Retry" })).toHaveCount(0);
});

test("[portfolio] a network failure without a cache shows the generic load error", async ({ page }) => {
  await page.route("**/api/portfolio", (route) => route.abort());
  await navigateHomeOnClient(page);
  await expect(page.getByText("Failed to load portfolio items")).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry" })).toBeVisible();
});

test("[cache] content is cached under dev- keys, shown at once on return, then refreshed", async ({ page }) => {
  await gotoHome(page);
  const keys = await page.evaluate(() => Object.keys(localStorage).sort());
  expect(keys).toEqual(expect.arrayContaining(["dev-portfolioItems", "dev-portfolioItemsTimestamp", "dev-pressReleases", "environment"]));
  expect(keys.some((k) => k.startsWith("prod-"))).toBe(false);
  expect(await page.evaluate(() => localStorage.getItem("environment"))).toBe("development");
  const cached = await page.evaluate(() => JSON.parse(localStorage.getItem("dev-portfolioItems") ?? "[]"));
  expect(cached).toHaveLength(6);

  // Return visit: the API is slow; the cached cards are there at once, with no skeletons.
  const slow = gated(async (route) => {
    const res = await route.fetch();
    const items = (await res.json()) as Array<{ name: string }>;
    items[0].name = "BravoPay Group";
    await route.fulfill({ response: res, json: items });
  });
  await page.route("**/api/portfolio", slow.handler);
  await navigateHomeOnClient(page);
  await expect(page.locator("#portfolio article")).toHaveCount(6);
  await expect(page.getByTestId("portfolio-skeleton")).toHaveCount(0);
  await expect(portfolioCard(page, "BravoPay")).toBeVisible();
  slow.open();
  await expect(portfolioCard(page, "BravoPay Group")).toBeVisible();
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem("dev-portfolioItems") ?? "[]")[0].name)).toBe("BravoPay Group");
});

test("[cache] an empty portfolio answer keeps the cached list", async ({ page }) => {
  await gotoHome(page);
  await page.route("**/api/portfolio", (route) => route.fulfill({ json: [] }));
  await navigateHomeOnClient(page);
  await expect(page.locator("#portfolio article")).toHaveCount(6);
});

// ------------------------------------------------------------------ press releases

test("[press] featured release at 3/5 width with two beside it; dates, Read More and View All", async ({ page }) => {
  await gotoHome(page);
  const section = page.locator("#press-releases");
  await section.scrollIntoViewIfNeeded();
  await expect(section.getByRole("heading", { name: "Press Releases", exact: true })).toBeVisible();
  await expect(section.getByText("Stay updated with our latest announcements, strategic investments, and corporate developments")).toBeVisible();
  await expect(section.locator("[data-layout=featured]")).toBeVisible();
  const cards = section.locator("article");
  await expect(cards).toHaveCount(3);

  const grid = await section.locator("[data-layout=featured]").boundingBox();
  const featured = await cards.first().boundingBox();
  expect(featured!.width / grid!.width).toBeGreaterThan(0.55);
  expect(featured!.width / grid!.width).toBeLessThan(0.62);
  // Long US date on the featured card, short month on the side cards.
  await expect(cards.first().locator("time")).toHaveText("August 4, 2026");
  await expect(cards.nth(1).locator("time")).toHaveText("Nov 17, 2026");
  await expect(cards.nth(2).locator("time")).toHaveText("Oct 12, 2026");
  await expect(cards.first().getByText("Financial Services")).toBeVisible();

  const readMore = cards.first().getByRole("link", { name: /^Read More/ });
  const href = await readMore.getAttribute("href");
  expect(href).toMatch(/^\/press-releases\/\d+$/);
  await readMore.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));

  await gotoHome(page);
  await page.getByRole("link", { name: "View All Press Releases" }).click();
  await expect(page).toHaveURL(/\/press-releases$/);
});

test("[press] without a featured release the three share a 3-column grid", async ({ page }) => {
  await page.route("**/api/press-releases/homepage", (route) =>
    route.fulfill({ json: FALLBACK_PRESS.map((p, i) => ({ ...p, id: 800 + i, featured: false })) }),
  );
  await navigateHomeOnClient(page);
  const section = page.locator("#press-releases");
  await expect(section.locator("[data-layout=grid]")).toBeVisible();
  const boxes = await Promise.all([0, 1, 2].map((i) => section.locator("article").nth(i).boundingBox()));
  expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1);
  expect(Math.abs(boxes[0]!.width - boxes[1]!.width)).toBeLessThan(2);
  await expect(section.locator("article").first().locator("time")).toHaveText("May 15, 2023");
});

test("[press] with no releases: the empty-state sentence and the View All button", async ({ page }) => {
  await page.route("**/api/press-releases/homepage", (route) => route.fulfill({ json: [] }));
  await navigateHomeOnClient(page);
  await expect(page.getByText("Stay tuned for our latest announcements and updates.")).toBeVisible();
  await expect(page.getByRole("link", { name: "View All Press Releases" })).toBeVisible();
});

test("[press] a failed load shows the built-in releases when nothing is cached", async ({ page }) => {
  await page.route("**/api/press-releases/homepage", (route) => route.fulfill({ status: 503, body: "down" }));
  await navigateHomeOnClient(page);
  const section = page.locator("#press-releases");
  for (const p of FALLBACK_PRESS) await expect(section.getByRole("heading", { name: p.title })).toBeVisible();
  // The built-in releases have no detail page of their own.
  await expect(section.getByRole("link", { name: /^Read More/ }).first()).toHaveAttribute("href", "/press-releases");
});

test("[press] a failed load shows the last good copy from the cache", async ({ page }) => {
  await gotoHome(page);
  const cached = await page.evaluate(() => JSON.parse(localStorage.getItem("dev-pressReleases") ?? "[]") as Array<{ id: number; title: string }>);
  expect(cached.length).toBeGreaterThan(0);
  await page.evaluate(() => {
    const list = JSON.parse(localStorage.getItem("dev-pressReleases") ?? "[]");
    list[0].title = "Cached Headline From An Earlier Visit";
    localStorage.setItem("dev-pressReleases", JSON.stringify(list));
  });
  await page.route("**/api/press-releases/homepage", (route) => route.abort());
  await navigateHomeOnClient(page);
  const heading = page.getByRole("heading", { name: "Cached Headline From An Earlier Visit" });
  await expect(heading).toBeVisible();
  const card = page.locator("#press-releases article").filter({ has: heading });
  await expect(card.getByRole("link", { name: /^Read More/ })).toHaveAttribute("href", `/press-releases/${cached[0].id}`);
});

// ------------------------------------------------------------------ leadership, a11y, width

test("[leadership] fictional leaders with monograms, no photographs", async ({ page }) => {
  await gotoHome(page);
  const section = page.locator("#leadership");
  await expect(section.locator("li")).toHaveCount(4);
  await expect(section.getByRole("img", { name: "Monogram of Karim El-Mahdy" })).toBeVisible();
  await expect(section.locator("img")).toHaveCount(0);
});

test("[a11y] axe finds no serious or critical violations on / (desktop)", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await gotoHome(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});

test("[a11y] axe finds no serious or critical violations on / @mobile", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await gotoHome(page);
  const results = await new AxeBuilder({ page }).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
});

test("[a11y] keyboard focus is visible on the hero controls", async ({ page }) => {
  await gotoHome(page);
  await page.getByRole("button", { name: "Go to slide 1" }).focus();
  await page.keyboard.press("Tab");
  const focused = page.getByRole("button", { name: "Go to slide 2" });
  await expect(focused).toBeFocused();
  const outline = await focused.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
});

test("[home] slides, sections and contact on a phone @mobile", async ({ page }) => {
  await stopClock(page);
  await gotoHome(page);
  await expect(page.getByRole("heading", { name: "Driving Impact Across Emerging Markets" })).toBeVisible();
  await page.clock.fastForward(8000);
  await expect(page.getByRole("heading", { name: "Investing in Transformative Ventures" })).toBeVisible();
  await page.getByRole("button", { name: "Go to slide 3" }).tap();
  await expect(page.getByRole("heading", { name: "Creating Generational Value" })).toBeVisible();
  await expect(page.locator("#portfolio article")).toHaveCount(6);
  // Nothing is wider than the screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test("[home] with every section shown and every image loaded, nothing is wider than the window", async ({ page }) => {
  test.setTimeout(120_000);
  await page.emulateMedia({ reducedMotion: "reduce" });
  await gotoHome(page);
  await visitAllSections(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
});

test("[home] the page carries its stylesheet and preloads only its heading's font, in both languages", async ({ page }) => {
  const stylesheets: string[] = [];
  page.on("request", (r) => {
    if (r.resourceType() === "stylesheet") stylesheets.push(r.url());
  });
  for (const [path, font, family] of [
    ["/", /playfair-display-latin-[\w-]+\.woff2$/, /^"Playfair Display"/],
    ["/ar", /ibm-plex-sans-arabic-600-arabic-[\w-]+\.woff2$/, /^"IBM Plex Sans Arabic", Inter,/],
  ] as const) {
    await gotoHome(page, path);
    await expect(page.locator("head style#site-css")).toHaveCount(1);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
    const preloads = await page.locator('link[rel="preload"][as="font"]').evaluateAll((els) => els.map((e) => (e as HTMLLinkElement).href));
    expect(preloads).toHaveLength(1);
    expect(preloads[0]).toMatch(font);
    // Styled as before: the fixed header, the display face on the page's largest heading.
    await expect(page.locator("header").first()).toHaveCSS("position", "fixed");
    await expect(page.locator("#home h2").first()).toHaveCSS("font-family", family);
  }
  expect(stylesheets).toEqual([]);
});

test("[home] the page paints before its scripts are fetched, then hydrates, in both languages", async ({ page }) => {
  for (const path of ["/", "/ar"]) {
    // gotoHome waits for the page to hydrate.
    await gotoHome(page, path);
    const timing = await page.evaluate(() => {
      const scripts = performance.getEntriesByType("resource").filter((e) => /\/assets\/[\w.-]+\.js$/.test(new URL(e.name).pathname));
      return {
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
        scripts: scripts.length,
        firstScript: Math.min(...scripts.map((e) => e.startTime)),
      };
    });
    expect(timing.paint).not.toBeNull();
    expect(timing.scripts).toBeGreaterThan(0);
    expect(timing.firstScript).toBeGreaterThanOrEqual(timing.paint!);
  }
});
