import { axeProblems } from "./axe";
import type { APIRequestContext, Page } from "@playwright/test";
import { adminLogin, E2E_ADMIN, expect, test } from "./fixtures";
import { PRESS } from "../../server/db/seed/data";
import { COMPANY_BLURBS } from "../../shared/company-blurbs";
import { sectorLabel } from "../../shared/sectors";

/** What the list says after a link to a release that does not exist. */
const RELEASE_NOT_FOUND = "That press release was not found: it may have been removed, or the link may be mistyped. Here are our latest releases.";

type Release = {
  id: number;
  title: string;
  displayTitle: string | null;
  summary: string;
  company: string;
  sector: string;
  category: string;
  date: string;
  image: string | null;
};

const SPOTLIGHT_TITLE = PRESS.find((p) => p.spotlight)!.title;
const HEADLINE_RELEASE = PRESS.find((p) => p.displayTitle)!;

async function releases(request: APIRequestContext): Promise<Release[]> {
  const res = await request.get("/api/press-releases");
  expect(res.ok()).toBe(true);
  return res.json();
}

const byTitle = async (request: APIRequestContext, title: string) => (await releases(request)).find((r) => r.title === title)!;

/** Creates a release as the admin (its own request context, so the page stays anonymous) and returns a cleanup. */
async function createRelease(playwright: typeof import("@playwright/test").request, baseURL: string, body: Record<string, unknown>) {
  const admin = await playwright.newContext({ baseURL });
  await adminLogin(admin, baseURL, E2E_ADMIN);
  const res = await admin.post("/api/press-releases", {
    data: {
      publication: "published",
      summary: "A summary that is long enough for the validation rules.",
      content: "<p>The body of this press release has comfortably more than fifty characters.</p>",
      category: "News",
      sector: "Financial",
      company: "BravoPay",
      date: "2010-01-04",
      ...body,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const created = (await res.json()) as Release;
  return {
    created,
    remove: async () => {
      await admin.delete(`/api/press-releases/${created.id}`);
      await admin.dispose();
    },
  };
}

const grid = (page: Page) => page.getByRole("list", { name: "Press releases" });
const cards = (page: Page) => grid(page).getByRole("listitem");
const cardTitles = (page: Page) => grid(page).getByRole("heading", { level: 3 });
const tabs = (page: Page) => page.getByRole("navigation", { name: "Filter by company" });
const search = (page: Page) => page.getByRole("searchbox", { name: "Search press releases" });
const spotlight = (page: Page) => page.getByTestId("spotlight");

async function axe(page: Page) {
  expect(await axeProblems(page)).toEqual([]);
}

/** Every image in the page loads (or is hidden on error) once scrolled into view, as a reader would. */
async function imagesLoad(page: Page) {
  const images = page.locator("main img");
  for (let i = 0; i < (await images.count()); i++) {
    const img = images.nth(i);
    await img.scrollIntoViewIfNeeded();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.style.display === "none" || (el.complete && el.naturalWidth > 0))).toBe(true);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

test.describe("[press] list", () => {
  test("[press] list shows the spotlight on All, then the newest ten, and Load More adds three", async ({ page, request }) => {
    const all = await releases(request);
    // The spotlight leads the page and is not repeated in the grid.
    const grid10 = all.filter((r) => r.title !== SPOTLIGHT_TITLE);
    await page.goto("/press-releases");
    await expect(page).toHaveTitle("Press Releases | Meridian Crest Holdings");
    await expect(page.getByRole("heading", { level: 1, name: "Press Releases" })).toBeVisible();
    await expect(search(page)).toHaveAttribute("placeholder", "Search press releases...");

    // The spotlight is the release the seed chose (no id in the code or the test).
    await expect(spotlight(page)).toContainText(SPOTLIGHT_TITLE);
    await expect(spotlight(page).getByText("Spotlight")).toBeVisible();

    await expect(cards(page)).toHaveCount(10);
    await expect(cardTitles(page)).toHaveText(grid10.slice(0, 10).map((r) => r.title));
    const first = cards(page).first();
    await expect(first.getByText(all[0].company, { exact: true })).toBeVisible();
    await expect(first.getByText("Read More")).toBeVisible();
    await expect(first.getByRole("img")).toHaveCount(0); // decorative image: alt=""
    await expect(first.locator("img")).toHaveAttribute("src", all[0].image!);
    await expect(first.getByText(all[0].summary)).toBeVisible();
    await expect(first.locator("time")).toHaveText(
      new Date(`${all[0].date}T12:00:00Z`).toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
    );
    await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText(`Showing 11 of ${all.length} releases`);

    // Load More: three more, in place, with the URL kept shareable.
    await page.getByRole("link", { name: "Load More" }).click();
    await expect(cards(page)).toHaveCount(13);
    await expect(page).toHaveURL(/\/press-releases\?count=13/);
    await expect(cardTitles(page)).toHaveText(grid10.slice(0, 13).map((r) => r.title));
    // Focus lands on the first new card for keyboard users.
    await expect(page.locator(":focus")).toHaveText(grid10[10].title);

    // Loading everything hides the button.
    while (await page.getByRole("link", { name: "Load More" }).isVisible()) {
      const before = await cards(page).count();
      await page.getByRole("link", { name: "Load More" }).click();
      await expect(cards(page)).toHaveCount(Math.min(before + 3, grid10.length));
    }
    await expect(cards(page)).toHaveCount(grid10.length);
    await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText(`Showing ${all.length} of ${all.length} releases`);

    // The visible count resets when the tab changes.
    await tabs(page).getByRole("link", { name: "BravoPay" }).click();
    await expect(page).toHaveURL(/\/press-releases\?company=BravoPay$/);
    await tabs(page).getByRole("link", { name: "All" }).click();
    await expect(page).toHaveURL(/\/press-releases$/);
    await expect(cards(page)).toHaveCount(10);
  });

  test("[press] a company tab shows only that company's releases and no spotlight", async ({ page, request }) => {
    const all = await releases(request);
    await page.goto("/press-releases");
    const companies = [...new Set(all.map((r) => r.company))].sort();
    await expect(tabs(page).getByRole("link")).toHaveText(["All", ...companies]);
    await expect(tabs(page).getByRole("link", { name: "All" })).toHaveAttribute("aria-current", "page");

    await tabs(page).getByRole("link", { name: "Kahwa Coffee Co." }).click();
    await expect(page).toHaveURL(/company=Kahwa\+Coffee\+Co\./);
    await expect(tabs(page).getByRole("link", { name: "Kahwa Coffee Co." })).toHaveAttribute("aria-current", "page");
    const kahwa = all.filter((r) => r.company === "Kahwa Coffee Co.");
    await expect(cardTitles(page)).toHaveText(kahwa.map((r) => r.title));
    await expect(spotlight(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Load More" })).toHaveCount(0);
  });

  test("[press] search filters on the server, hides the spotlight, and the clear button resets", async ({ page, request }) => {
    const all = await releases(request);
    await page.goto("/press-releases?count=13");
    await expect(cards(page)).toHaveCount(13);

    await search(page).fill("bravopay");
    await expect(page).toHaveURL(/\?q=bravopay$/); // the count resets with the search
    const expected = all.filter((r) => /bravopay/i.test(`${r.title} ${r.summary} ${r.company}`));
    await expect(cardTitles(page)).toHaveText(expected.map((r) => r.title));
    await expect(spotlight(page)).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText(
      `Showing ${expected.length} of ${expected.length} releases for “bravopay”`,
    );

    // Two words, any order, both required.
    await search(page).fill("morocco bravopay");
    await expect(cardTitles(page)).toHaveText(["BravoPay Expands Merchant Lending to Morocco"]);

    // Search within a tab keeps both.
    await tabs(page).getByRole("link", { name: "Motorly" }).click();
    await expect(page).toHaveURL(/q=morocco\+bravopay&company=Motorly/);
    await expect(page.getByRole("heading", { name: "No matching press releases" })).toBeVisible();

    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(search(page)).toHaveValue("");
    await expect(search(page)).toBeFocused();
    await expect(page).toHaveURL(/\/press-releases\?company=Motorly$/);
    await expect(cardTitles(page)).toHaveText(all.filter((r) => r.company === "Motorly").map((r) => r.title));

    await tabs(page).getByRole("link", { name: "All" }).click();
    await expect(spotlight(page)).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
    await expect(page.getByRole("button", { name: "Clear search" })).toHaveCount(0);
  });

  test("[press] a search with no match says so and offers the full list", async ({ page }) => {
    await page.goto("/press-releases?q=zzzqqq");
    await expect(search(page)).toHaveValue("zzzqqq");
    await expect(page.getByRole("heading", { name: "No matching press releases" })).toBeVisible();
    await expect(page.getByText("Nothing matches “zzzqqq”. Try a different word or clear the search.")).toBeVisible();
    await page.getByRole("link", { name: "View all press releases" }).click();
    await expect(cards(page)).toHaveCount(10);
  });

  test("[press] malformed list parameters fall back to defaults", async ({ page }) => {
    for (const qs of ["count=abc", "count=-5", "count=999999999999", "count=3"]) {
      const res = await page.goto(`/press-releases?${qs}`);
      expect(res?.status()).toBe(200);
    }
    await page.goto("/press-releases?count=3");
    await expect(cards(page)).toHaveCount(10);
    await page.goto(`/press-releases?q=${"x".repeat(5000)}`);
    await expect(search(page)).toHaveValue("x".repeat(200));
  });

  test("[press] list has no serious accessibility violations", async ({ page }) => {
    await page.goto("/press-releases");
    await expect(cards(page)).toHaveCount(10);
    await axe(page);
    await page.goto("/press-releases?q=zzzqqq");
    await axe(page);
  });
});

test.describe("[press] list without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("[press] search, clear, tabs and Load More work as plain links and forms", async ({ page }) => {
    await page.goto("/press-releases");
    await expect(cards(page)).toHaveCount(10);
    await page.getByRole("link", { name: "Load More" }).click();
    await expect(page).toHaveURL(/\?count=13#item-11$/);
    await expect(cards(page)).toHaveCount(13);

    await search(page).fill("coffee");
    await search(page).press("Enter");
    await expect(page).toHaveURL(/\?q=coffee$/);
    await expect(cardTitles(page).first()).toContainText("Kahwa");
    await expect(spotlight(page)).toHaveCount(0);

    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/press-releases$/);
    await expect(spotlight(page)).toBeVisible();
  });
});

test.describe("[press] detail", () => {
  test("[press] detail shows the header fields, display title, content, about and related", async ({ page, request }) => {
    const r = await byTitle(request, HEADLINE_RELEASE.title);
    await page.goto(`/press-releases/${r.id}`);
    // The display title replaces the title (no id is hard-coded).
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADLINE_RELEASE.displayTitle!);
    await expect(page).toHaveTitle(`${HEADLINE_RELEASE.displayTitle} | Meridian Crest Holdings`);
    const header = page.locator("article > header");
    await expect(header.getByText(r.company, { exact: true })).toBeVisible();
    await expect(header.getByText(r.category, { exact: true })).toBeVisible();
    await expect(header.getByText(sectorLabel(r.sector), { exact: true })).toBeVisible();
    await expect(header.getByText("August 4, 2026")).toBeVisible();
    await expect(header.getByRole("link", { name: "View Original Source" })).toHaveCount(0);
    await expect(page.getByRole("img", { name: HEADLINE_RELEASE.displayTitle! })).toHaveAttribute("src", r.image!);
    await expect(page.locator(".prose-press p").first()).toHaveText(
      "Meridian Crest Holdings reported an 18% rise in net asset value for the six months to June 2026.",
    );

    const aside = page.getByRole("complementary", { name: "About this release" });
    await expect(aside.getByRole("heading", { name: "About Meridian Crest Holdings" })).toBeVisible();
    await expect(aside.getByRole("heading", { name: "Share & Create Content" })).toBeVisible();
    await expect(aside.getByRole("heading", { name: "Original Source" })).toHaveCount(0);

    // Related: up to three, same company or sector, never itself.
    const all = await releases(request);
    const related = aside.getByRole("heading", { name: "Related Press Releases" }).locator("..").getByRole("listitem");
    await expect(related).toHaveCount(3);
    for (const title of await related.getByRole("link").allTextContents()) {
      const other = all.find((x) => x.title === title)!;
      expect(other.id).not.toBe(r.id);
      expect(other.company === r.company || other.sector === r.sector).toBe(true);
    }
    const firstRelated = (await related.first().getByRole("link").textContent())!;
    await related.first().getByRole("link").click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstRelated);

    await page.getByRole("link", { name: "Back to Press Releases" }).click();
    await expect(page).toHaveURL(/\/press-releases$/);
  });

  test("[press] a portfolio company's release shows its fixed blurb", async ({ page, request }) => {
    const r = (await releases(request)).find((x) => x.company === "BravoPay")!;
    await page.goto(`/press-releases/${r.id}`);
    await expect(page.getByRole("heading", { name: "About BravoPay" })).toBeVisible();
    await expect(page.getByText(COMPANY_BLURBS.BravoPay)).toBeVisible();
  });

  test("[press] a release with an original URL links to it from the header and the sidebar", async ({ page, playwright, baseURL }) => {
    const { created, remove } = await createRelease(playwright.request, baseURL!, {
      title: "Nile Logistics joins the portfolio",
      company: "Nile Logistics",
      originalUrl: "https://news.example/nile-logistics",
    });
    try {
      await page.goto(`/press-releases/${created.id}`);
      const source = page.getByRole("link", { name: "View Original Source" });
      await expect(source).toHaveAttribute("href", "https://news.example/nile-logistics");
      await expect(source).toHaveAttribute("target", "_blank");
      await expect(source).toHaveAttribute("rel", /noopener/);
      await expect(page.getByRole("heading", { name: "Original Source" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Read Full Article" })).toHaveAttribute("href", "https://news.example/nile-logistics");
      // An unknown company has no blurb: no empty 'About' card.
      await expect(page.getByRole("heading", { name: "About Nile Logistics" })).toHaveCount(0);
    } finally {
      await remove();
    }
  });

  test("[press] an unknown or malformed id redirects to the list", async ({ page }) => {
    for (const id of ["999999", "abc", "0", "-1", "1.5", "99999999999999999999"]) {
      await page.goto(`/press-releases/${id}`);
      await expect(page).toHaveURL(/\/press-releases\?notFound=1$/);
      await expect(page.getByRole("heading", { level: 1, name: "Press Releases" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: RELEASE_NOT_FOUND })).toBeVisible();
    }
  });

  test("[press] the server itself answers an unknown release with a 302 to the list", async ({ request }) => {
    for (const id of ["does-not-exist", "999999", "0", "1.5"]) {
      const res = await request.get(`/press-releases/${id}`, { maxRedirects: 0 });
      expect(res.status(), id).toBe(302);
      expect(res.headers()["location"], id).toBe("/press-releases?notFound=1");
    }
    // The same from a browser's fetch that does not follow redirects.
    const res = await request.get("/press-releases/does-not-exist", { maxRedirects: 0, headers: { accept: "text/html" } });
    expect(res.status()).toBe(302);
  });

  test("[press] following a link to a release deleted meanwhile lands on the list", async ({ page, playwright, baseURL }) => {
    const { created, remove } = await createRelease(playwright.request, baseURL!, { title: `Soon withdrawn ${Date.now().toString(36)}` });
    let removed = false;
    try {
      await page.goto(`/press-releases?q=${encodeURIComponent(created.title)}`);
      const card = grid(page)
        .getByRole("link", { name: new RegExp(created.title) })
        .first();
      await expect(card).toBeVisible();
      await remove();
      removed = true;
      // A client-side navigation: the router follows the server's redirect.
      const navigations: string[] = [];
      page.on("framenavigated", (frame) => frame === page.mainFrame() && navigations.push(frame.url()));
      await card.click();
      await expect(page).toHaveURL(/\/press-releases\?notFound=1$/);
      await expect(page.getByRole("heading", { level: 1, name: "Press Releases" })).toBeVisible();
      await expect(page.getByRole("status").filter({ hasText: RELEASE_NOT_FOUND })).toBeVisible();
      expect(navigations.every((url) => !url.includes(`/press-releases/${created.id}`))).toBe(true);
    } finally {
      if (!removed) await remove();
    }
  });

  test("[press] detail carries absolute Open Graph and Twitter card tags, a canonical URL and NewsArticle JSON-LD", async ({ page, request, baseURL }) => {
    const r = await byTitle(request, HEADLINE_RELEASE.title);
    await page.goto(`/press-releases/${r.id}`);
    const url = `${baseURL}/press-releases/${r.id}`;
    const meta = (sel: string) => page.locator(sel).getAttribute("content");
    expect(await page.locator('link[rel="canonical"]').getAttribute("href")).toBe(url);
    expect(await meta('meta[property="og:url"]')).toBe(url);
    expect(await meta('meta[property="og:title"]')).toBe(HEADLINE_RELEASE.displayTitle);
    expect(await meta('meta[property="og:description"]')).toBe(r.summary);
    expect(await meta('meta[property="og:image"]')).toBe(`${baseURL}${r.image}`);
    expect(await meta('meta[property="og:type"]')).toBe("article");
    expect(await meta('meta[name="twitter:card"]')).toBe("summary_large_image");
    expect(await meta('meta[name="twitter:image"]')).toBe(`${baseURL}${r.image}`);
    expect(await meta('meta[name="description"]')).toBe(r.summary);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent())!);
    expect(ld).toMatchObject({ "@type": "NewsArticle", headline: HEADLINE_RELEASE.displayTitle, datePublished: r.date, image: [`${baseURL}${r.image}`], url });
    // The image is fetchable at that URL.
    expect((await request.get(`${baseURL}${r.image}`)).ok()).toBe(true);
  });

  test("[press] share buttons open the platforms' share pages with the absolute page URL", async ({ page, context, request, baseURL }) => {
    const r = (await releases(request)).find((x) => x.company === "BravoPay")!;
    // The platforms are outside the test network: answer their share pages locally.
    await context.route(/^https:\/\/(twitter\.com|www\.linkedin\.com|www\.facebook\.com)\//, (route) =>
      route.fulfill({ contentType: "text/html", body: "<title>share</title>" }),
    );
    await page.goto(`/press-releases/${r.id}`);
    const pageUrl = encodeURIComponent(`${baseURL}/press-releases/${r.id}`);
    const expected = {
      Twitter: `https://twitter.com/intent/tweet?url=${pageUrl}&text=${encodeURIComponent(r.title)}`,
      LinkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${pageUrl}`,
      Facebook: `https://www.facebook.com/sharer/sharer.php?u=${pageUrl}`,
    };
    for (const [name, href] of Object.entries(expected)) {
      const link = page.getByRole("link", { name: `Share on ${name}` });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      const popup = context.waitForEvent("page");
      await link.click();
      const opened = await popup;
      await opened.waitForLoadState();
      expect(opened.url()).toBe(href);
      // The share window gets no handle on this page.
      expect(await opened.evaluate(() => window.opener)).toBeNull();
      await opened.close();
    }
  });

  test("[press] detail has no serious accessibility violations", async ({ page, request }) => {
    const r = await byTitle(request, HEADLINE_RELEASE.title);
    await page.goto(`/press-releases/${r.id}`);
    await axe(page);
    await page.getByRole("button", { name: "Extract for Social Media" }).click();
    await expect(page.getByRole("dialog", { name: "Social Media Content" })).toBeVisible();
    await axe(page);
  });
});

test.describe("[press] social media dialog", () => {
  test("[press] the dialog shows generated read-only text per platform with hashtag suggestions", async ({ page, request }) => {
    const r = (await releases(request)).find((x) => x.company === "BravoPay" && x.category === "Technology")!;
    await page.goto(`/press-releases/${r.id}`);
    await page.getByRole("button", { name: "Extract for Social Media" }).click();
    const dialog = page.getByRole("dialog", { name: "Social Media Content" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("tab")).toHaveText(["Twitter", "LinkedIn", "Facebook", "Instagram"]);

    const twitter = dialog.getByRole("textbox", { name: "Twitter post" });
    await expect(twitter).toHaveAttribute("readonly", "");
    const tweet = await twitter.inputValue();
    expect(tweet.startsWith(`💡 ${r.title}`)).toBe(true); // technology emoji
    expect(tweet.length).toBeLessThanOrEqual(280);
    await expect(dialog.getByRole("list", { name: "Suggested hashtags for Twitter" })).toContainText("#BravoPay");

    await dialog.getByRole("tab", { name: "LinkedIn" }).click();
    const linkedin = await dialog.getByRole("textbox", { name: "LinkedIn post" }).inputValue();
    expect(linkedin).toContain(r.summary);
    expect((linkedin.match(/#\w+/g) ?? []).length).toBeLessThanOrEqual(5);
    await expect(dialog.getByRole("list", { name: /Suggested hashtags/ })).toHaveCount(0);

    await dialog.getByRole("tab", { name: "Facebook" }).click();
    expect(((await dialog.getByRole("textbox", { name: "Facebook post" }).inputValue()).match(/#\w+/g) ?? []).length).toBe(4);

    await dialog.getByRole("tab", { name: "Instagram" }).click();
    const insta = await dialog.getByRole("textbox", { name: "Instagram post" }).inputValue();
    expect(insta).toContain("#investment");
    expect(insta).toContain("#news");
    await expect(dialog.getByRole("list", { name: "Suggested hashtags for Instagram" })).toContainText("#emergingmarkets");

    await dialog.getByRole("button", { name: "Close" }).last().click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("button", { name: "Extract for Social Media" })).toBeFocused();
  });

  test("[press] Copy shows 'Copied!' for exactly two seconds and copies the text", async ({ page, context, request }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const r = (await releases(request)).find((x) => x.company === "BravoPay")!;
    await page.clock.install();
    await page.goto(`/press-releases/${r.id}`);
    await page.getByRole("button", { name: "Extract for Social Media" }).click();
    const dialog = page.getByRole("dialog", { name: "Social Media Content" });
    await page.clock.pauseAt(new Date(Date.now() + 60_000));

    await dialog.getByRole("button", { name: "Copy" }).click();
    await expect(dialog.getByRole("button", { name: "Copied!" })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await dialog.getByRole("textbox", { name: "Twitter post" }).inputValue());
    await page.clock.runFor(1_900);
    await expect(dialog.getByRole("button", { name: "Copied!" })).toBeVisible();
    await page.clock.runFor(100);
    await expect(dialog.getByRole("button", { name: "Copied!" })).toHaveCount(0);
    await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();
  });

  test("[press] Download saves a text file named after company, platform and content", async ({ page, request }) => {
    const r = (await releases(request)).find((x) => x.company === "BravoPay")!;
    await page.goto(`/press-releases/${r.id}`);
    await page.getByRole("button", { name: "Extract for Social Media" }).click();
    const dialog = page.getByRole("dialog", { name: "Social Media Content" });

    for (const [tab, file] of [
      ["Twitter", "bravopay-twitter-post.txt"],
      ["Instagram", "bravopay-instagram-post.txt"],
    ] as const) {
      await dialog.getByRole("tab", { name: tab }).click();
      const download = page.waitForEvent("download");
      // The panels share one place, the inactive ones hidden: the button is the shown panel's.
      await dialog.getByRole("tabpanel", { name: tab }).getByRole("button", { name: "Download" }).click();
      const saved = await download;
      expect(saved.suggestedFilename()).toBe(file);
      const path = await saved.path();
      const { readFile } = await import("node:fs/promises");
      expect(await readFile(path, "utf8")).toBe(await dialog.getByRole("textbox", { name: `${tab} post` }).inputValue());
    }
  });

  test("[press] the dialog works from the keyboard", async ({ page, request }) => {
    const r = (await releases(request)).find((x) => x.company === "BravoPay")!;
    await page.goto(`/press-releases/${r.id}`);
    const trigger = page.getByRole("button", { name: "Extract for Social Media" });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Social Media Content" });
    await expect(dialog).toBeVisible();
    // Focus is inside the dialog; the tabs move with the arrow keys.
    await dialog.getByRole("tab", { name: "Twitter" }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(dialog.getByRole("tab", { name: "LinkedIn" })).toBeFocused();
    await expect(dialog.getByRole("tab", { name: "LinkedIn" })).toHaveAttribute("aria-selected", "true");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();
  });
});

/** The dialog's box on each tab, in tab order. */
async function dialogBoxPerTab(page: Page) {
  const dialog = page.getByRole("dialog", { name: "Social Media Content" });
  await expect(dialog).toBeVisible();
  const boxes: { tab: string; top: number; height: number }[] = [];
  for (const tab of ["Twitter", "LinkedIn", "Facebook", "Instagram", "Twitter"]) {
    await dialog.getByRole("tab", { name: tab }).click();
    await expect(dialog.getByRole("textbox", { name: `${tab} post` })).toBeVisible();
    const box = (await dialog.boundingBox())!;
    boxes.push({ tab, top: Math.round(box.y), height: Math.round(box.height) });
  }
  return boxes;
}

test.describe("[press] social dialog layout", () => {
  test("[press] the social dialog keeps its place and height when switching tabs", async ({ page, request }) => {
    const r = (await releases(request)).find((x) => x.company === "BravoPay")!;
    await page.goto(`/press-releases/${r.id}`);
    await page.getByRole("button", { name: "Extract for Social Media" }).click();
    const boxes = await dialogBoxPerTab(page);
    expect(boxes.map(({ top, height }) => ({ top, height }))).toEqual(boxes.map(() => ({ top: boxes[0].top, height: boxes[0].height })));
    // Only the chosen tab's text is shown and reachable.
    const dialog = page.getByRole("dialog", { name: "Social Media Content" });
    await expect(dialog.getByRole("textbox")).toHaveCount(1);
    await expect(dialog.getByRole("button", { name: "Copy" })).toHaveCount(1);
  });

  test("[press] the social dialog keeps its place and height on a phone @mobile", async ({ page, request }) => {
    const r = (await releases(request)).find((x) => x.company === "BravoPay")!;
    await page.goto(`/press-releases/${r.id}`);
    await page.getByRole("button", { name: "Extract for Social Media" }).click();
    const boxes = await dialogBoxPerTab(page);
    expect(boxes.map(({ top, height }) => ({ top, height }))).toEqual(boxes.map(() => ({ top: boxes[0].top, height: boxes[0].height })));
    // Copy and Download are in view on every tab without scrolling the dialog.
    const dialog = page.getByRole("dialog", { name: "Social Media Content" });
    for (const tab of ["Twitter", "LinkedIn", "Facebook", "Instagram"]) {
      await dialog.getByRole("tab", { name: tab }).click();
      // The panels share one place, the inactive ones hidden: the buttons are the shown panel's.
      const panel = dialog.getByRole("tabpanel", { name: tab });
      await expect(panel.getByRole("button", { name: "Copy" })).toBeInViewport({ ratio: 1 });
      await expect(panel.getByRole("button", { name: "Download" })).toBeInViewport({ ratio: 1 });
    }
    expect(await dialog.evaluate((el) => el.scrollTop)).toBe(0);
  });
});

test.describe("[press] mobile", () => {
  test("[press] list on a phone: images, search, tabs and Load More @mobile", async ({ page }) => {
    await page.goto("/press-releases");
    await expect(page.getByRole("heading", { level: 1, name: "Press Releases" })).toBeVisible();
    await expect(spotlight(page)).toBeVisible();
    await expect(cards(page)).toHaveCount(10);
    // No sideways scrolling of the page itself (the tab row scrolls on its own).
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await imagesLoad(page);

    await page.getByRole("link", { name: "Load More" }).click();
    await expect(cards(page)).toHaveCount(13);
    await search(page).fill("coffee");
    await expect(page).toHaveURL(/\?q=coffee$/);
    await expect(spotlight(page)).toHaveCount(0);
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(cards(page)).toHaveCount(10);
    await tabs(page).getByRole("link", { name: "Motorly" }).click();
    await expect(page).toHaveURL(/company=Motorly/);
  });

  test("[press] detail on a phone with the social dialog @mobile", async ({ page, request }) => {
    const r = await byTitle(request, HEADLINE_RELEASE.title);
    await page.goto(`/press-releases/${r.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(HEADLINE_RELEASE.displayTitle!);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await imagesLoad(page);
    await page.getByRole("button", { name: "Extract for Social Media" }).click();
    const dialog = page.getByRole("dialog", { name: "Social Media Content" });
    await expect(dialog.getByRole("tab")).toHaveCount(4);
    await dialog.getByRole("tab", { name: "Instagram" }).click();
    await expect(dialog.getByRole("textbox", { name: "Instagram post" })).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).last().click();
    await page.getByRole("link", { name: "Back to Press Releases" }).click();
    await expect(page).toHaveURL(/\/press-releases$/);
  });
});
