import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, openBrowser } from "./fixtures";

async function hydrated(page: Page) {
  await expect(page.locator("header")).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
}

/** Nothing sticks out sideways (no horizontal scrolling on a phone). */
async function fitsWidth(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
}

// ---------------------------------------------------------------- settings: the environment mode

test.describe("on a fresh install", () => {
  // No environment mode has been chosen yet only on a database no other test has used.
  test.use({ freshServer: true });
  test.slow(); // the server starts inside the test

  test("[settings] on a fresh install the Settings tab and the environment page both say 'Not Set', then both show the chosen mode", async ({
    page,
    signIn,
  }) => {
    await signIn(page, "admin");
    await page.goto("/admin/settings");
    await expect(page.getByTestId("settings-current-mode")).toHaveText("Not Set");
    await expect(page.getByTestId("settings-effective-mode")).toHaveText("Until a mode is chosen, this site runs in development mode.");
    await expect(page.getByTestId("settings-mode-means")).toHaveText(/^Development mode: this is a staging or test copy, not the live website/);
    await page.getByRole("link", { name: "Configure Environment" }).click();
    await expect(page.getByTestId("current-mode")).toHaveText("Not Set");

    await page.getByRole("button", { name: "Set to Production Mode" }).click();
    await expect(page.getByTestId("current-mode")).toHaveText("production");
    await page.goto("/admin/settings");
    await expect(page.getByTestId("settings-current-mode")).toHaveText("production");
    await expect(page.getByTestId("settings-effective-mode")).toHaveCount(0);
    await expect(page.getByTestId("settings-mode-means")).toHaveText("Production mode: this is the live website that visitors, partners and investors use.");
    await page.request.put("/api/admin/settings/environment", { data: { mode: "development" } });
    await page.reload();
    await expect(page.getByTestId("settings-current-mode")).toHaveText("development");
  });
});

// ---------------------------------------------------------------- search

test("[search] the header's Search opens the search page with the box focused", async ({ page }) => {
  await page.goto("/press-releases");
  await hydrated(page);
  const search = page.locator("header").getByRole("link", { name: "Search" });
  await expect(search).toHaveAttribute("href", "/search");
  await search.click();
  await expect(page).toHaveURL(/\/search$/);
  const box = page.getByRole("searchbox", { name: "Search the site" });
  await expect(box).toBeFocused();
  await expect(page.getByRole("heading", { name: "What are you looking for?" })).toBeVisible();
  await expect(page.getByRole("status")).toHaveText("Type a few words to search press releases, portfolio companies and documents.");
  // Every suggestion finds something.
  const suggestion = page
    .getByRole("list")
    .filter({ has: page.getByRole("link", { name: "Axis Urban" }) })
    .getByRole("link")
    .first();
  const name = await suggestion.innerText();
  await suggestion.click();
  await expect(page.getByRole("status")).toHaveText(new RegExp(`^\\d+ results? for “${name}”`));
});

test("[search] results as you type: debounced, announced, the address follows without new history entries", async ({ page }) => {
  await page.goto("/");
  await page.goto("/search");
  await hydrated(page);
  const box = page.getByRole("searchbox", { name: "Search the site" });
  const apiCalls: string[] = [];
  page.on("request", (r) => {
    if (r.url().includes("/api/search")) apiCalls.push(new URL(r.url()).searchParams.get("q") ?? "");
  });
  await box.pressSequentially("axis", { delay: 30 });
  const status = page.getByRole("status");
  await expect(status).toHaveText(/^\d+ results? for “axis”: \d+ press releases?, 1 portfolio company\.$/);
  await expect(page).toHaveURL(/\/search\?q=axis$/);
  // Typing quickly sends one request, not one per letter.
  expect(apiCalls).toEqual(["axis"]);
  const results = page.getByRole("region", { name: /Press releases/ });
  await expect(results.getByRole("link", { name: /Axis Urban Breaks Ground/ })).toBeVisible();
  await expect(page.getByRole("region", { name: /Portfolio companies/ }).getByRole("heading", { name: "Axis Urban" })).toBeVisible();
  await expect(page.locator("mark").first()).toHaveText(/axis/i);

  await box.fill("zzqx unknown words");
  await expect(status).toHaveText("No results for “zzqx unknown words”.");
  await expect(page.getByRole("heading", { name: "No results for “zzqx unknown words”" })).toBeVisible();
  await expect(page).toHaveURL(/\/search\?q=zzqx%20unknown%20words$/);

  await page.getByRole("button", { name: "Clear search" }).click();
  await expect(box).toBeFocused();
  await expect(page).toHaveURL(/\/search$/);
  await expect(page.getByRole("heading", { name: "What are you looking for?" })).toBeVisible();
  // replaceState: going back leaves the search page for the one before it.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
});

test("[search] an older answer never replaces a newer one", async ({ page }) => {
  await page.goto("/search");
  await hydrated(page);
  // The answer for 'axis' is held back until the answer for 'kahwa' has been shown.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(
    (url) => url.pathname === "/api/search" && url.searchParams.get("q") === "axis",
    async (route) => {
      await held;
      await route.continue().catch(() => {});
    },
  );
  const box = page.getByRole("searchbox", { name: "Search the site" });
  await box.fill("axis");
  await expect(page.getByRole("status")).toHaveText("Searching…");
  await box.fill("kahwa");
  await expect(page.getByRole("status")).toHaveText(/^\d+ results? for “kahwa”/);
  release();
  await page.waitForTimeout(300); // give a stale answer the chance to (wrongly) land
  await expect(page.getByRole("status")).toHaveText(/^\d+ results? for “kahwa”/);
  await expect(page.getByRole("heading", { name: "Kahwa Coffee Co.", exact: true })).toBeVisible();
  await expect(page).toHaveURL(/q=kahwa$/);
});

test("[search] a failing search says so instead of showing stale or empty results", async ({ page }) => {
  await page.goto("/search?q=axis");
  await hydrated(page);
  await page.route("**/api/search?**", (route) =>
    route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ message: "Service unavailable", code: "SERVICE_UNAVAILABLE" }) }),
  );
  await page.getByRole("searchbox", { name: "Search the site" }).fill("kahwa");
  // The API's error body (message and code) is shown as it is.
  await expect(page.getByRole("status")).toHaveText("Service unavailable");
  await expect(page.getByRole("region", { name: /Press releases/ })).toHaveCount(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("[search] the GET form works without JavaScript; over-long input is a 400 page with the message", async ({ page }) => {
    await page.goto("/search");
    await page.getByRole("searchbox", { name: "Search the site" }).fill("kahwa");
    await page.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=kahwa$/);
    await expect(page.getByRole("status")).toHaveText(/^\d+ results? for “kahwa”/);
    await expect(page.getByRole("heading", { name: "Kahwa Coffee Co.", exact: true })).toBeVisible();

    const long = await page.goto(`/search?q=${"a".repeat(101)}`);
    expect(long?.status()).toBe(400);
    await expect(page.getByRole("status")).toHaveText("Search words must be at most 100 characters");
    const twice = await page.goto("/search?q=a&q=b");
    expect(twice?.status()).toBe(400);
    const nul = await page.goto("/search?q=axis%00");
    expect(nul?.status()).toBe(200);
  });
});

test("[search] a regular user never sees an investor-only document, on the page or through the API; an investor does", async ({ page, browser, signIn }) => {
  await signIn(page, "regular");
  await page.goto("/search?q=annual%20report");
  await expect(page.getByRole("status")).toHaveText(/“annual report”/);
  await expect(page.getByText("Annual Report 2025")).toHaveCount(0);
  expect(await page.content()).not.toContain("Annual Report 2025");
  const api = await page.request.get("/api/search?q=2026");
  expect(await api.text()).not.toContain("Q3 2026 Financial Statements");
  await page.goto("/search?q=corporate%20profile");
  const docs = page.getByRole("region", { name: /Documents/ });
  await expect(docs.getByRole("heading", { name: "Corporate Profile 2026" })).toBeVisible();
  await expect(docs.getByText("Public", { exact: true })).toBeVisible();
  await expect(docs.getByRole("link", { name: /Download/ })).toHaveAttribute("href", /\/api\/documents\/\d+\/download$/);

  const investorContext = await openBrowser(browser);
  const investor = await investorContext.newPage();
  await signIn(investor, "investor");
  await investor.goto("/search?q=annual%20report");
  const found = investor.getByRole("region", { name: /Documents/ });
  await expect(found.getByRole("heading", { name: "Annual Report 2025" })).toBeVisible();
  await expect(found.getByText("Investor Only", { exact: true })).toBeVisible();
  await investorContext.close();
});

test("[search] anonymous visitors are offered a sign-in for public documents", async ({ page }) => {
  await page.goto("/search?q=esg");
  const docs = page.getByRole("region", { name: /Documents/ });
  await expect(docs.getByRole("heading", { name: "ESG Policy" })).toBeVisible();
  await expect(docs.getByRole("link", { name: /Sign in to download/ })).toHaveAttribute("href", "/auth?redirect=%2Fsearch%3Fq%3Desg");
});

test("[a11y] the search page has no serious or critical axe violations", async ({ page }) => {
  await page.goto("/search?q=axis");
  await hydrated(page);
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
});

test("[search] on a phone: the menu's Search leads to the page @mobile", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.getByRole("navigation", { name: "Mobile" }).getByRole("link", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/search$/);
  await page.getByRole("searchbox", { name: "Search the site" }).fill("logistics");
  await expect(page.getByRole("status")).toHaveText(/^\d+ results? for “logistics”/);
  await fitsWidth(page);
  await page.goto("/search");
  await page.goto("/search?q=zzqx");
});

// ---------------------------------------------------------------- footer: legal pages and the sitemap

test("[footer] legal links lead to real pages, not '#'", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const legal = page.getByRole("contentinfo").getByRole("navigation", { name: "Legal" });
  for (const [name, path, heading] of [
    ["Privacy Policy", "/privacy", "What we collect"],
    ["Terms of Service", "/terms", "Information only"],
    ["Cookie Policy", "/cookies", "Cookies we set"],
  ] as const) {
    await expect(legal.getByRole("link", { name })).toHaveAttribute("href", path);
    await legal.getByRole("link", { name }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    await expect(page.getByText(/^Last updated: [A-Z][a-z]+ \d{1,2}, \d{4}$/)).toBeVisible();
    await expect(page).toHaveTitle(`${name} | Meridian Crest Holdings`);
  }
  await expect(legal.getByRole("link", { name: "Sitemap" })).toHaveAttribute("href", "/sitemap");
  expect(await page.locator('footer a[href="#"]').count()).toBe(0);
});

test("[legal] each page renders on a phone and on a desktop", async ({ page }) => {
  for (const path of ["/privacy", "/terms", "/cookies"]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
  }
});
test("[legal] pages on a phone: readable, nothing wider than the screen @mobile", async ({ page }) => {
  for (const [path, title] of [
    ["/privacy", "Privacy Policy"],
    ["/cookies", "Cookie Policy"],
  ]) {
    const res = await page.goto(path);
    expect(res?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    await fitsWidth(page);
  }
});

test("[sitemap] /sitemap lists the sections, every press release and every portfolio company as links", async ({ page, request }) => {
  const res = await page.goto("/sitemap");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Everything on this website" })).toBeVisible();
  const site = page.getByRole("region", { name: "Website" });
  for (const name of ["Home", "About Us", "Our Portfolio", "Contact", "Press Releases", "Search"])
    await expect(site.getByRole("link", { name, exact: true })).toBeVisible();
  const releases = (await (await request.get("/api/press-releases")).json()) as Array<{ id: number; title: string }>;
  const press = page.getByRole("region", { name: /Press releases/ });
  for (const r of releases) await expect(press.locator(`a[href="/press-releases/${r.id}"]`)).toHaveText(r.title);
  const companies = (await (await request.get("/api/portfolio")).json()) as Array<{ name: string }>;
  const portfolio = page.getByRole("region", { name: "Portfolio companies" });
  for (const c of companies) await expect(portfolio).toContainText(c.name);
  await expect(portfolio.getByRole("link", { name: /^Axis Urban/ })).toHaveAttribute("target", "_blank");
  await expect(page.getByRole("region", { name: "Investors and legal" }).getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");

  const xml = await (await request.get("/sitemap.xml")).text();
  for (const p of ["/privacy", "/terms", "/cookies", "/sitemap", "/investors", "/ar/investors"]) expect(xml).toMatch(new RegExp(`<loc>[^<]+${p}</loc>`));
});
test("[sitemap] on a phone: readable, nothing wider than the screen @mobile", async ({ page }) => {
  const res = await page.goto("/sitemap");
  expect(res?.status()).toBe(200);
  await expect(page.getByRole("region", { name: "Portfolio companies" })).toBeVisible();
  await fitsWidth(page);
});

// ---------------------------------------------------------------- admin edits: legal text, figures, social links

test("[settings] an admin edits a legal page; the page shows the text (as text) and the new date", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.goto("/admin/settings");
  const box = page.getByRole("textbox", { name: "Terms of Service text", exact: true });
  await expect(box).toHaveValue(/## Information only/);
  const counter = page.getByTestId("legal-terms-count");
  await box.fill("Too short.");
  await expect(counter).toHaveText("10 / 20,000 characters");
  await page.getByRole("button", { name: "Save Terms of Service" }).click();
  await expect(page.getByText("The text must be at least 50 characters")).toBeVisible();

  const text = "## Our terms\n\nUse this website fairly. <script>alert('x')</script> stays text.\n\n- First rule\n- Second rule";
  await box.fill(text);
  await expect(counter).toHaveText(`${text.length} / 20,000 characters`);
  await page.getByRole("button", { name: "Save Terms of Service" }).click();
  await expect(page.getByText("Terms of Service saved")).toBeVisible();
  await page.getByText("Data Management").scrollIntoViewIfNeeded();

  await page.goto("/terms");
  await expect(page.getByRole("heading", { level: 2, name: "Our terms" })).toBeVisible();
  await expect(page.getByText("Use this website fairly. <script>alert('x')</script> stays text.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Second rule" })).toBeVisible();
  const today = new Date().toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  await expect(page.getByText(`Last updated: ${today}`)).toBeVisible();

  // Back to the default text for the other tests.
  await page.goto("/admin/settings");
  await page.getByRole("button", { name: "Use default text" }).nth(1).click();
  await page.getByRole("button", { name: "Save Terms of Service" }).click();
  await expect(page.getByText("Terms of Service saved")).toBeVisible();
});

test("[settings] an admin changes the home figures; the home page counts up to them, words are shown as written", async ({ page, signIn }) => {
  test.slow(); // two home page loads, each counting up, and a client-side return
  await signIn(page, "admin");
  await page.goto("/admin/settings");
  await page.getByLabel("Figure", { exact: true }).first().fill("");
  await page.getByRole("button", { name: "Save Figures" }).click();
  await expect(page.getByText("Please enter a figure")).toBeVisible();
  const values = [
    ["6", "Portfolio Companies"],
    ["$1.2B", "Capital Deployed"],
    ["Since 2004", "Investing in the Region"],
  ];
  for (const [i, [value, label]] of values.entries()) {
    await page.locator(`#stat-${i}-value`).fill(value);
    await page.locator(`#stat-${i}-label`).fill(label);
  }
  await page.getByRole("button", { name: "Save Figures" }).click();
  await expect(page.getByText("Figures saved")).toBeVisible();

  await page.goto("/");
  await hydrated(page);
  await page.locator("#stats dl").scrollIntoViewIfNeeded();
  await expect(page.locator('[data-counter="Portfolio Companies"]')).toHaveText("6");
  await expect(page.locator('[data-counter="Capital Deployed"]')).toHaveText("$1.2B");
  await expect(page.locator('[data-counter="Investing in the Region"]')).toHaveText("Since 2004");
  await expect(page.locator("#stats dt")).toHaveText(["Portfolio Companies", "Capital Deployed", "Investing in the Region"]);

  // A client-side return to the home page shows the same figures.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Press Releases" }).click();
  await expect(page).toHaveURL(/press-releases/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await page.locator("#stats dl").scrollIntoViewIfNeeded();
  await expect(page.locator('[data-counter="Capital Deployed"]')).toHaveText("$1.2B");

  expect(
    (
      await page.request.put("/api/admin/settings/stats", {
        data: {
          stats: [
            { value: "7+", label: "Global Investments" },
            { value: "6", label: "Different Industries" },
            { value: "20+", label: "Years of Experience" },
          ],
        },
      })
    ).ok(),
  ).toBe(true);
});

test("[social] no icon until a link is set; then it opens the profile in a new tab, in the contact section and the footer", async ({ page, signIn }) => {
  await page.goto("/#contact");
  await hydrated(page);
  const contact = page.locator("#contact");
  await expect(contact.getByText("Follow Us")).toHaveCount(0);
  for (const name of ["LinkedIn", "Twitter", "Facebook", "Instagram"]) await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveCount(0);
  expect(await page.locator('a[href="#"]').count()).toBe(0);

  await signIn(page, "admin");
  await page.goto("/admin/settings");
  await page.getByLabel("LinkedIn").fill("http://www.linkedin.com/company/meridian-crest");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Please enter a full https:// address, or leave the field empty")).toBeVisible();
  await page.getByLabel("LinkedIn").fill("https://www.linkedin.com/company/meridian-crest");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();

  await page.goto("/#contact");
  await hydrated(page);
  for (const where of [page.locator("#contact"), page.getByRole("contentinfo")]) {
    const link = where.getByRole("link", { name: "Meridian Crest Holdings on LinkedIn (opens in a new tab)" });
    await expect(link).toHaveAttribute("href", "https://www.linkedin.com/company/meridian-crest");
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener noreferrer");
    await expect(where.getByRole("link", { name: /Instagram|Facebook|Twitter/ })).toHaveCount(0);
  }

  const brand = await (await page.request.get("/api/admin/settings/brand")).json();
  expect(
    (await page.request.put("/api/admin/settings/brand", { data: { ...brand, social: { linkedin: "", twitter: "", facebook: "", instagram: "" } } })).ok(),
  ).toBe(true);
});

test("[settings] the Settings tab on a phone @mobile", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Home page figures" })).toBeVisible();
  await expect(page.getByTestId("settings-current-mode")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Cookie Policy text", exact: true })).toBeVisible();
  await page.getByRole("heading", { name: "Website Settings" }).scrollIntoViewIfNeeded();
  await page.getByRole("heading", { name: "Privacy Policy" }).scrollIntoViewIfNeeded();
  await page.goto("/");
  await hydrated(page);
});
