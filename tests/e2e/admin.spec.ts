import AxeBuilder from "@axe-core/playwright";
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { expect, test, uid, openExtractDialog } from "./fixtures";

// The featured release, the homepage selection, the spotlight and the portfolio show on the public pages:
// what a test adds or switches is put back after it.
test.use({ restoresContent: true });

/** This file's visitor address for contact messages (the site allows 5 per visitor in 10 minutes: it sends 4). */
const CONTACT_VISITOR = { "X-Forwarded-For": "203.0.113.20" };

/** A 1x1 PNG: a real image the server can decode. */
const PNG_1PX = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64");

type Release = { id: number; title: string; featured: boolean; showOnHomepage: boolean; updatedAt: string };

async function createRelease(page: Page, over: Record<string, unknown> = {}): Promise<Release> {
  const res = await page.request.post("/api/press-releases", {
    data: {
      publication: "published",
      title: `E2E release ${uid()}`,
      summary: "A short summary of the announcement for the cards.",
      content: "The full text of the announcement, long enough to pass the fifty character minimum.",
      date: "2026-01-15",
      company: "BravoPay",
      sector: "Financial",
      ...over,
    },
  });
  if (!res.ok()) throw new Error(`create release failed: ${res.status()} ${await res.text()}`);
  return res.json();
}

/** Puts releases on the homepage until all 3 slots are used. */
async function fillHomepage(page: Page) {
  const current = (await (await page.request.get("/api/press-releases/homepage")).json()) as Release[];
  for (let i = current.length; i < 3; i++) await createRelease(page, { showOnHomepage: true });
}

const isContactList = (url: URL) => url.pathname === "/api/contact";
const isUpload = (url: URL) => url.pathname === "/api/admin/uploads";

/** A screen's link in the dashboard's navigation. */
const screenLink = (page: Page, name: string) => page.getByRole("navigation", { name: "Dashboard screens" }).getByRole("link", { name });

async function openTab(page: Page, name: string) {
  await screenLink(page, name).click();
  await expect(screenLink(page, name)).toHaveAttribute("aria-current", "page");
}

/** Filters the table to the rows whose text matches, so pagination does not hide them. */
async function search(page: Page, placeholder: string, text: string) {
  await page.getByPlaceholder(placeholder).fill(text);
}

// ---------------------------------------------------------------- access

test("[admin] anonymous visitors are sent to sign in with the redirect", async ({ page }) => {
  await page.goto("/admin/press");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin%2Fpress$/);
});

test("[admin] a regular user gets Access Denied, and the API refuses them too", async ({ page, signIn }) => {
  await signIn(page, "regular");
  const res = await page.goto("/admin");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("This page is only accessible to administrators.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Return to Home" })).toBeVisible();
  await expect(page).toHaveTitle("Access Denied | Meridian Crest Holdings");

  expect((await page.request.post("/api/portfolio", { data: {} })).status()).toBe(403);
  expect((await page.request.get("/api/contact")).status()).toBe(403);
  expect((await page.request.put("/api/admin/settings/spotlight", { data: { id: null } })).status()).toBe(403);
  expect((await page.request.put("/api/admin/settings/brand", { data: {} })).status()).toBe(403);
});

// ---------------------------------------------------------------- tabs

test("[admin] every screen has its own address and title, and the back button returns to the screen before", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.goto("/admin/settings");
  await expect(screenLink(page, "Settings")).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { name: "Website Settings" })).toBeVisible();
  await openTab(page, "Press Releases");
  await expect(page).toHaveURL(/\/admin\/press$/);
  await expect(page).toHaveTitle("Press Releases · Admin Dashboard | Meridian Crest Holdings");
  await expect(page.getByRole("table", { name: "Press releases" })).toBeVisible();
  await openTab(page, "Portfolio Management");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page).toHaveTitle("Admin Dashboard | Meridian Crest Holdings");
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/press$/);
  await expect(screenLink(page, "Press Releases")).toHaveAttribute("aria-current", "page");
  await page.goBack();
  await expect(page).toHaveURL(/\/admin\/settings$/);
  await expect(page.getByRole("heading", { name: "Website Settings" })).toBeVisible();
  for (const name of ["Contact Submissions", "Documents", "Investor Applications", "Users", "Outbox", "Alerts", "Security", "Audit trail"]) {
    await expect(screenLink(page, name)).toBeVisible();
  }
  // An address from before each screen had its own still opens the screen; an unknown screen is not found.
  await page.goto("/admin?tab=contact");
  await expect(page).toHaveURL(/\/admin\/contact$/);
  await expect(page.getByRole("table", { name: "Contact form submissions" })).toBeVisible();
  expect((await page.goto("/admin/nonsense"))?.status()).toBe(404);
});

// ---------------------------------------------------------------- portfolio

test("[admin] portfolio table shows name, logo, sector, status with exit year, actions", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.goto("/admin");
  const table = page.getByRole("table", { name: "Portfolio companies" });
  for (const name of ["Name", "Logo", "Sector", "Status", "Actions"]) {
    await expect(table.getByRole("columnheader", { name })).toBeVisible();
  }
  const axis = table.getByRole("row", { name: /Axis Urban/ });
  await expect(axis.getByText("Energy")).toBeVisible();
  await expect(axis.getByText("Partial Exit - 2023")).toBeVisible();
  await expect(axis.getByRole("button", { name: "Edit Axis Urban" })).toBeVisible();
  await expect(axis.getByRole("button", { name: "Delete Axis Urban" })).toBeVisible();

  // Sorting by name flips the order.
  const firstName = () => table.getByRole("row").nth(1).locator("td").first().innerText();
  const before = await firstName();
  await table.getByRole("button", { name: "Name" }).click();
  await expect(table.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "descending");
  expect(await firstName()).not.toBe(before);
});

test("[admin] add, edit and delete a portfolio company, with the form's validation", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.goto("/admin");
  await page.getByRole("button", { name: "Add Portfolio Company" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Portfolio Company" });
  await expect(dialog).toBeVisible();

  await dialog.getByRole("button", { name: "Add Company" }).click();
  await expect(dialog.getByText("Name must be at least 2 characters")).toBeVisible();
  await expect(dialog.getByText("Description must be at least 10 characters")).toBeVisible();
  await expect(dialog.getByText("Please select a sector")).toBeVisible();

  // The exit year appears only for exited companies.
  await expect(dialog.getByLabel("Exit Year")).toHaveCount(0);
  await dialog.getByLabel("Status").selectOption("Partial Exit");
  await expect(dialog.getByLabel("Exit Year")).toBeVisible();

  const name = `Nile Ventures ${uid()}`;
  await dialog.getByLabel("Company Name").fill(name);
  await dialog.getByLabel("Sector").selectOption("energy");
  await dialog.getByLabel("Description", { exact: true }).fill("Mixed-use developments along the Nile corridor.");
  await dialog.getByLabel("Year Acquired").fill(String(new Date().getFullYear() + 1));
  await dialog.getByLabel("Exit Year").fill("2024");
  await dialog.getByLabel("Website").fill("not a url");
  await dialog.getByRole("button", { name: "Add Company" }).click();
  await expect(dialog.getByText("Year cannot be in the future")).toBeVisible();
  await expect(dialog.getByText("Please enter a valid website URL")).toBeVisible();

  await dialog.getByLabel("Year Acquired").fill("2019");
  await dialog.getByLabel("Website").fill("https://nileventures.example");
  await dialog.getByLabel("Company Image", { exact: true }).fill("https://images.example/nile.jpg");
  await dialog.getByRole("button", { name: "Add Company" }).click();
  await expect(page.getByText("Portfolio item added")).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(page, "Search companies...", name);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row.getByText("Partial Exit - 2024")).toBeVisible();
  await expect(row.getByText("Energy", { exact: true })).toBeVisible();

  // Edit: back to Active hides and clears the exit year.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Portfolio Company" });
  await expect(edit.getByLabel("Company Name")).toHaveValue(name);
  await edit.getByLabel("Status").selectOption("Active");
  await expect(edit.getByLabel("Exit Year")).toHaveCount(0);
  await edit.getByLabel("Company Name").fill(`${name} Group`);
  await edit.getByRole("button", { name: "Update Company" }).click();
  await expect(page.getByText("Portfolio item updated")).toBeVisible();
  const renamed = page.getByRole("row", { name: new RegExp(`${name} Group`) });
  await expect(renamed.getByText("Active", { exact: true })).toBeVisible();

  // Delete: dismissing the confirmation keeps the row; accepting removes it.
  let message = "";
  page.once("dialog", (d) => {
    message = d.message();
    void d.dismiss();
  });
  await renamed.getByRole("button", { name: /^Delete / }).click();
  expect(message).toBe("Are you sure you want to delete this portfolio item?");
  await expect(renamed).toBeVisible();
  page.once("dialog", (d) => void d.accept());
  await renamed.getByRole("button", { name: /^Delete / }).click();
  await expect(page.getByText("Portfolio item deleted")).toBeVisible();
  await expect(renamed).toHaveCount(0);
});

test("[admin] a portfolio edit over someone else's newer save is refused", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const name = `Concurrent Co ${uid()}`;
  const created = await page.request.post("/api/portfolio", {
    data: { name, description: "A company two admins edit at once.", sector: "finance", yearAcquired: 2020, publication: "published" },
  });
  const item = await created.json();
  await page.goto("/admin");
  await search(page, "Search companies...", name);
  await page.getByRole("button", { name: `Edit ${name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Portfolio Company" });
  await expect(dialog.getByLabel("Company Name")).toHaveValue(name);

  // Another admin saves first.
  const other = await page.request.put(`/api/portfolio/${item.id}`, { data: { ...item, description: "Saved by the other admin first." } });
  expect(other.ok()).toBe(true);

  await dialog.getByLabel("Description", { exact: true }).fill("My edit, made on the old version.");
  await dialog.getByRole("button", { name: "Update Company" }).click();
  await expect(page.getByText("Edit conflict")).toBeVisible();
  await expect(page.getByText(/changed by someone else/)).toBeVisible();
  await expect(dialog).toBeVisible();
  const stored = await (await page.request.get(`/api/portfolio/${item.id}`)).json();
  expect(stored.description).toBe("Saved by the other admin first.");
});

// ---------------------------------------------------------------- press releases

test("[admin] press table columns, and toggling featured clears the previous one", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const tag = uid();
  const a = await createRelease(page, { title: `Featured first ${tag}`, featured: true });
  const b = await createRelease(page, { title: `Featured second ${tag}` });
  await page.goto("/admin/press");
  const table = page.getByRole("table", { name: "Press releases" });
  for (const name of ["Title", "Company", "Date", "Sector", "Featured", "Homepage", "Spotlight", "Actions"]) {
    await expect(table.getByRole("columnheader", { name })).toBeVisible();
  }

  await search(page, "Search press releases...", tag);
  const rowA = table.getByRole("row", { name: new RegExp(a.title) });
  const rowB = table.getByRole("row", { name: new RegExp(b.title) });
  await expect(rowA.getByText("Featured", { exact: true })).toBeVisible();
  await expect(rowA.getByRole("button", { name: /from featured/ })).toHaveAttribute("aria-pressed", "true");

  await rowB.getByRole("button", { name: /as featured/ }).click();
  await expect(page.getByText("Set as featured")).toBeVisible();
  await expect(rowB.getByRole("button", { name: /from featured/ })).toHaveAttribute("aria-pressed", "true");
  await expect(rowA.getByRole("button", { name: /as featured/ })).toHaveAttribute("aria-pressed", "false");
  await expect(rowA.getByText("Featured", { exact: true })).toHaveCount(0);

  await rowB.getByRole("button", { name: /from featured/ }).click();
  await expect(page.getByText("Removed from featured")).toBeVisible();
  await expect(rowB.getByRole("button", { name: /as featured/ })).toHaveAttribute("aria-pressed", "false");
  const featured = (await (await page.request.get("/api/press-releases/featured")).json()) as Release[];
  expect(featured.map((r) => r.id)).not.toContain(b.id);
});

test("[admin] the fourth homepage toggle is refused with 'Homepage limit reached'", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await fillHomepage(page);
  const extra = await createRelease(page, { title: `Fourth homepage ${uid()}` });
  await page.goto("/admin/press");
  await search(page, "Search press releases...", extra.title);
  const row = page.getByRole("row", { name: new RegExp(extra.title) });
  const toggle = row.getByRole("switch", { name: /on homepage/ });
  await toggle.click();
  await expect(page.getByText("Homepage limit reached")).toBeVisible();
  await expect(page.getByText("Only 3 press releases can be displayed on the homepage. Please remove one first.")).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("3/3").first()).toBeVisible();

  // Removing one frees a slot; the badge follows the switch.
  const [onHome] = (await (await page.request.get("/api/press-releases/homepage")).json()) as Release[];
  await page.getByPlaceholder("Search press releases...").fill(onHome.title);
  const homeRow = page.getByRole("row", { name: new RegExp(onHome.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")) }).first();
  await expect(homeRow.getByText("Added to Homepage")).toBeVisible();
  await homeRow.getByRole("switch", { name: /on homepage/ }).click();
  await expect(page.getByText("Removed from homepage")).toBeVisible();
  await expect(homeRow.getByText("Added to Homepage")).toHaveCount(0);

  await page.getByPlaceholder("Search press releases...").fill(extra.title);
  await row.getByRole("switch", { name: /on homepage/ }).click();
  await expect(page.getByText("Added to homepage", { exact: true })).toBeVisible();
  await expect(row.getByText("Added to Homepage")).toBeVisible();
});

test("[admin] create, edit and delete a press release through the dialog", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.goto("/admin/press");
  await page.getByRole("button", { name: "Add Press Release" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Press Release" });
  await expect(dialog).toBeVisible();

  const today = await page.evaluate(() => {
    const d = new Date();
    return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
  });
  await expect(dialog.getByLabel("Release Date")).toHaveValue(today);
  await expect(dialog.getByLabel("Category")).toHaveValue("News");
  // A new release is the holding company's own unless another is chosen.
  await expect(dialog.getByLabel("Company", { exact: true })).toHaveValue("Meridian Crest Holdings");

  await dialog.getByRole("button", { name: "Publish Press Release" }).click();
  await expect(dialog.getByText("Title must be at least 5 characters")).toBeVisible();
  await expect(dialog.getByText("Summary must be at least 10 characters")).toBeVisible();
  await expect(dialog.getByText("Content must be at least 50 characters")).toBeVisible();
  await expect(dialog.getByText("Company name is required")).toHaveCount(0);
  await expect(dialog.getByText("Sector is required")).toBeVisible();

  // A portfolio company fills the logo and the sector.
  await dialog.getByLabel("Company", { exact: true }).selectOption("BravoPay");
  await expect(dialog.getByLabel("Sector")).toHaveValue("finance");

  const title = `BravoPay opens in Casablanca ${uid()}`;
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Summary", { exact: true }).fill("The payments platform starts serving merchants in Morocco.");
  await dialog
    .getByLabel("Content", { exact: true })
    .fill("BravoPay today opened its Casablanca office.\n\nThe team will serve merchants across Morocco from the first quarter.");
  await dialog.getByLabel("Category").selectOption("Expansion");
  await dialog.getByLabel("Featured Image", { exact: true }).fill("https://images.example/casablanca.jpg");
  await dialog.getByLabel("Original URL").fill("https://news.example/bravopay-casablanca");
  await dialog.getByRole("button", { name: "Publish Press Release" }).click();
  await expect(page.getByText("Press release published")).toBeVisible();
  await expect(dialog).toBeHidden();

  await search(page, "Search press releases...", title);
  const row = page.getByRole("row", { name: new RegExp(title) });
  await expect(row.getByText("BravoPay", { exact: true })).toBeVisible();
  await expect(row.getByText("Financial Services")).toBeVisible();

  await row.getByRole("button", { name: /^Edit / }).click();
  const edit = page.getByRole("dialog", { name: "Edit Press Release" });
  await expect(edit.getByText("Update an existing press release")).toBeVisible();
  await expect(edit.getByLabel("Content", { exact: true })).toContainText(/Casablanca office/);
  await edit.getByLabel("Title", { exact: true }).fill(`${title} (updated)`);
  await edit.getByRole("button", { name: "Update Press Release" }).click();
  await expect(page.getByText("Press release updated")).toBeVisible();

  await search(page, "Search press releases...", `${title} (updated)`);
  const updated = page.getByRole("row", { name: /\(updated\)/ });
  let message = "";
  page.once("dialog", (d) => {
    message = d.message();
    void d.accept();
  });
  await updated.getByRole("button", { name: /^Delete / }).click();
  await expect(page.getByText("Press release deleted")).toBeVisible();
  expect(message).toBe("Are you sure you want to delete this press release?");
  await expect(page.getByRole("link", { name: `${title} (updated)` })).toHaveCount(0);
  await expect(page.getByText(/^No results for/)).toBeVisible();
});

test("[admin] the press form offers a custom company and refuses a fourth homepage release", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await fillHomepage(page);
  await page.goto("/admin/press");
  await page.getByRole("button", { name: "Add Press Release" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Press Release" });
  await dialog.getByLabel("Company", { exact: true }).selectOption({ label: "Other (Custom Company)" });
  await dialog.getByLabel("Custom company name").fill("Sahara Solar Partners");
  await dialog.getByLabel("Sector").selectOption("energy");
  await dialog.getByLabel("Title", { exact: true }).fill(`Sahara Solar joins the network ${uid()}`);
  await dialog.getByLabel("Summary", { exact: true }).fill("A new partner for utility-scale solar projects.");
  await dialog
    .getByLabel("Content", { exact: true })
    .fill("Sahara Solar Partners will co-develop utility-scale projects with Meridian Crest across the region.");
  await dialog.getByRole("switch", { name: "Show on Homepage" }).click();
  await dialog.getByRole("button", { name: "Publish Press Release" }).click();
  await expect(page.getByText("Maximum limit reached")).toBeVisible();
  await expect(page.getByText("Only 3 press releases can be shown on the homepage. Please remove one first.")).toBeVisible();
  await expect(dialog).toBeVisible();

  await dialog.getByRole("switch", { name: "Show on Homepage" }).click();
  await dialog.getByRole("button", { name: "Publish Press Release" }).click();
  await expect(page.getByText("Press release published")).toBeVisible();
  await search(page, "Search press releases...", "Sahara Solar joins");
  await expect(page.getByRole("row", { name: /Sahara Solar Partners/ })).toBeVisible();
});

test("[admin] a press edit over someone else's newer save tells the user", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const release = await createRelease(page, { title: `Two editors ${uid()}` });
  await page.goto("/admin/press");
  await search(page, "Search press releases...", release.title);
  await page
    .getByRole("row", { name: new RegExp(release.title) })
    .getByRole("button", { name: /^Edit / })
    .click();
  const dialog = page.getByRole("dialog", { name: "Edit Press Release" });
  await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue(release.title);
  const full = await (await page.request.get(`/api/press-releases/${release.id}`)).json();
  expect((await page.request.put(`/api/press-releases/${release.id}`, { data: { ...full, summary: "Saved first by another admin." } })).ok()).toBe(true);
  await dialog.getByLabel("Summary", { exact: true }).fill("My summary, written on the old version.");
  await dialog.getByRole("button", { name: "Update Press Release" }).click();
  await expect(page.getByText("Edit conflict")).toBeVisible();
  await expect(page.getByText(/changed by someone else/)).toBeVisible();
});

test("[admin] the spotlight release is chosen from the press table", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const release = await createRelease(page, { title: `Spotlight pick ${uid()}` });
  await page.goto("/admin/press");
  await search(page, "Search press releases...", release.title);
  const row = page.getByRole("row", { name: new RegExp(release.title) });
  await row.getByRole("button", { name: /as the press page spotlight/ }).click();
  await expect(page.getByText("Spotlight updated")).toBeVisible();
  await expect(row.getByRole("button", { name: /from the spotlight/ })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText(`Spotlight: ${release.title}`)).toBeVisible();
  expect((await (await page.request.get("/api/admin/settings/spotlight")).json()).id).toBe(release.id);

  await page.goto("/press-releases");
  await expect(page.getByText(release.title).first()).toBeVisible();
});

// ---------------------------------------------------------------- press table layout

/** Where the first press row's Edit and Delete buttons are, against the table's scroll box and the window. */
async function firstRowActions(page: Page) {
  const table = page.getByRole("table", { name: "Press releases" });
  await expect(table).toBeVisible();
  const row = table
    .getByRole("row")
    .filter({ has: page.getByRole("button", { name: /^Edit / }) })
    .first();
  const buttons = [row.getByRole("button", { name: /^Edit / }), row.getByRole("button", { name: /^Delete / })];
  const scroller = table.locator("xpath=..");
  // Bring the row into the window by scrolling the page up or down only (never sideways).
  await row.evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().top - window.innerHeight / 2));
  const box = (await scroller.boundingBox())!;
  const viewport = page.viewportSize()!;
  const scroll = await scroller.evaluate((el) => ({ left: el.scrollLeft, width: el.scrollWidth, client: el.clientWidth }));
  const placed = [];
  for (const button of buttons) {
    await expect(button).toBeVisible();
    const b = (await button.boundingBox())!;
    const hit = await button.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return !!at && (at === el || el.contains(at));
    });
    placed.push({
      insideBox: b.x >= box.x - 0.5 && b.x + b.width <= box.x + box.width + 0.5,
      insideWindow: b.x >= 0 && b.x + b.width <= viewport.width,
      hit,
    });
  }
  return { placed, scroll };
}

const IN_VIEW = { insideBox: true, insideWindow: true, hit: true };

test("[admin] press row actions are in view without scrolling sideways at every desktop width", async ({ page, signIn }) => {
  await signIn(page, "admin");
  for (const width of [1280, 1366, 1440, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/press");
    const { placed, scroll } = await firstRowActions(page);
    expect(placed, `at ${width} px`).toEqual([IN_VIEW, IN_VIEW]);
    expect(scroll.left).toBe(0);
    // From 1280 px the whole table fits its box: no column is hidden behind a sideways scroll.
    expect(scroll.width, `table width at ${width} px`).toBeLessThanOrEqual(scroll.client);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
});

test("[admin] on narrower screens the actions column stays pinned while the other columns scroll", async ({ page, signIn }) => {
  await signIn(page, "admin");
  for (const width of [1024, 800]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/press");
    const { placed } = await firstRowActions(page);
    expect(placed, `at ${width} px`).toEqual([IN_VIEW, IN_VIEW]);
    // Scrolled all the way to the other end, the buttons are still there.
    await page
      .getByRole("table", { name: "Press releases" })
      .locator("xpath=..")
      .evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
    expect((await firstRowActions(page)).placed, `scrolled, at ${width} px`).toEqual([IN_VIEW, IN_VIEW]);
  }
});

test.describe("[admin] press list on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("[admin] @mobile each press release is a card that fits, with its actions in view", async ({ page, signIn }) => {
    await signIn(page, "admin");
    const release = await createRelease(page, { title: `Phone card ${uid()}` });
    await page.goto("/admin/press");
    const table = page.getByRole("table", { name: "Press releases" });
    await expect(table).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    const { placed, scroll } = await firstRowActions(page);
    expect(placed).toEqual([IN_VIEW, IN_VIEW]);
    expect(scroll.width).toBeLessThanOrEqual(scroll.client);
    // Column headers become labels inside each card.
    const row = table
      .getByRole("row")
      .filter({ has: page.getByRole("button", { name: /^Edit / }) })
      .first();
    const labels = await row
      .getByRole("cell")
      .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, "::before").content).filter((c) => c !== "none" && c !== "normal" && c !== '""'));
    expect(labels).toEqual(['"Company"', '"Date"', '"Sector"', '"Featured"', '"Homepage"', '"Spotlight"']);
    const rowBox = (await row.boundingBox())!;
    expect(rowBox.x).toBeGreaterThanOrEqual(0);
    expect(rowBox.x + rowBox.width).toBeLessThanOrEqual(390);

    await search(page, "Search press releases...", release.title);
    const card = table.getByRole("row", { name: new RegExp(release.title) });
    await card.getByRole("button", { name: /^Edit / }).tap();
    await expect(page.getByRole("dialog", { name: "Edit Press Release" })).toBeVisible();
  });
});

// ---------------------------------------------------------------- extract from URL

test("[admin] 'Extract from URL' fills the press form, and explains failures", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const { form, dialog } = await openExtractDialog(page);
  await expect(dialog).toBeVisible();

  await dialog.getByRole("button", { name: "Extract Content" }).click();
  await expect(page.getByText("URL Required")).toBeVisible();
  await expect(page.getByText("Please enter a valid URL to extract content from")).toBeVisible();

  // The server's fetch is covered by the API tests; here the answer is fixed.
  await page.route("**/api/extract-url", (route) =>
    route.fulfill({ status: 422, contentType: "application/json", body: JSON.stringify({ message: "The page did not contain an article." }) }),
  );
  await dialog.getByLabel("Website URL").fill("https://news.example/empty");
  await dialog.getByRole("button", { name: "Extract Content" }).click();
  await expect(page.getByText("Extraction Failed")).toBeVisible();
  await expect(page.getByText("The page did not contain an article.")).toBeVisible();

  await page.unroute("**/api/extract-url");
  let sent: unknown;
  await page.route("**/api/extract-url", (route) => {
    sent = route.request().postDataJSON();
    return route.fulfill({
      status: 200,
      contentType: "application/json",
      body: JSON.stringify({
        title: "Kahwa Coffee opens its hundredth store",
        summary: "The specialty chain reaches a milestone in Alexandria.",
        content: "<p>Kahwa Coffee Co. opened its hundredth store in Alexandria on Saturday, with a new roastery on site.</p>",
        date: "2026-02-07T09:00:00Z",
        image: "https://news.example/kahwa.jpg",
        logo: "https://news.example/kahwa-logo.png",
        category: "Expansion",
      }),
    });
  });
  await dialog.getByLabel("Website URL").fill("https://news.example/kahwa-100");
  await dialog.getByRole("button", { name: "Extract Content" }).click();
  await expect(page.getByText("Content Extracted")).toBeVisible();
  await expect(dialog).toBeHidden();
  expect(sent).toEqual({ url: "https://news.example/kahwa-100" });
  await expect(form.getByLabel("Title", { exact: true })).toHaveValue("Kahwa Coffee opens its hundredth store");
  await expect(form.getByLabel("Summary", { exact: true })).toHaveValue("The specialty chain reaches a milestone in Alexandria.");
  await expect(form.getByLabel("Content", { exact: true })).toContainText(/hundredth store in Alexandria/);
  await expect(form.getByLabel("Release Date")).toHaveValue("2026-02-07");
  await expect(form.getByLabel("Category")).toHaveValue("Expansion");
  await expect(form.getByLabel("Featured Image", { exact: true })).toHaveValue("https://news.example/kahwa.jpg");
  await expect(form.getByLabel("Original URL")).toHaveValue("https://news.example/kahwa-100");
});

// ---------------------------------------------------------------- uploads

test("[admin] the upload control checks type and size, shows progress and stores the server's URL", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.goto("/admin");
  await page.getByRole("button", { name: "Add Portfolio Company" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Portfolio Company" });
  const logoFile = dialog.getByLabel("Company Logo file");
  const imageFile = dialog.getByLabel("Company Image file");

  await logoFile.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.alloc(1024 * 1024 + 1, 1) });
  await expect(dialog.getByText("File size exceeds 1MB limit")).toBeVisible();

  await imageFile.setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.7") });
  await expect(dialog.getByText("Only image files can be uploaded")).toBeVisible();

  // A file named like an image but not one: the server checks the bytes.
  await imageFile.setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("this is not really a png file") });
  await expect(dialog.getByText(/^Error uploading file/)).toBeVisible();

  // A real image: the progress bar shows until the server answers, then the field holds its URL.
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(isUpload, async (route) => {
    await gate;
    await route.continue();
  });
  await imageFile.setInputFiles({ name: "nile.png", mimeType: "image/png", buffer: PNG_1PX });
  await expect(dialog.getByRole("progressbar", { name: "Uploading company image" })).toBeVisible();
  release();
  await expect(dialog.getByRole("progressbar")).toHaveCount(0);
  await expect(dialog.getByLabel("Company Image", { exact: true })).toHaveValue(/^\/uploads\/.+\.webp$/);
  await expect(page.getByText("Image uploaded")).toBeVisible();

  // A failed request reads 'Error uploading file'.
  await page.unroute(isUpload);
  await page.route(isUpload, (route) => route.abort());
  await logoFile.setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: PNG_1PX });
  await expect(dialog.getByText("Error uploading file", { exact: true }).first()).toBeVisible();
});

// ---------------------------------------------------------------- contact submissions

test("[admin] contact submissions come with their screen, and the browser asks for one page at a time", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const requests: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/contact") requests.push(r.url());
  });
  // 100,000 submissions: the browser only ever asks for one page.
  const TOTAL = 100_000;
  await page.route(isContactList, (route) => {
    const url = new URL(route.request().url());
    const limit = Number(url.searchParams.get("limit"));
    const offset = Number(url.searchParams.get("offset"));
    const rows = Array.from({ length: Math.min(limit, TOTAL - offset) }, (_, i) => {
      const k = offset + i + 1;
      return {
        id: TOTAL - k + 1,
        fullName: `Sender ${k}`,
        email: `sender${k}@example.test`,
        subject: `Inquiry number ${k}`,
        message: `Message ${k}: we would like to learn more about your investment focus in logistics and energy across the region.`,
        createdAt: new Date(Date.UTC(2026, 0, 1) - k * 60_000).toISOString(),
        readAt: new Date(Date.UTC(2026, 0, 2)).toISOString(),
        archivedAt: null,
      };
    });
    return route.fulfill({ status: 200, contentType: "application/json", headers: { "X-Total-Count": String(TOTAL) }, body: JSON.stringify(rows) });
  });

  await page.goto("/admin");
  await expect(page.getByRole("table", { name: "Portfolio companies" })).toBeVisible();
  expect(requests).toHaveLength(0);

  // The screen's first page is read on the server with the screen: the API is not asked for it.
  await openTab(page, "Contact Submissions");
  await expect(page.getByRole("heading", { name: "Contact Form Submissions" })).toBeVisible();
  const table = page.getByRole("table", { name: "Contact form submissions" });
  await expect(table).toBeVisible();
  expect(requests).toHaveLength(0);
  // Refresh asks the API (here: 100,000 messages) for the first page only.
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(table.getByRole("row", { name: /Sender 1 / })).toBeVisible();
  expect(requests).toHaveLength(1);
  expect(requests[0]).toContain("limit=25&offset=0");
  for (const name of ["Name", "Email", "Subject", "Message", "Date"]) {
    await expect(table.getByRole("columnheader", { name })).toBeVisible();
  }
  await expect(table.getByRole("link", { name: "sender1@example.test" })).toHaveAttribute("href", "mailto:sender1@example.test");
  await expect(page.getByText("Showing 1–25 of 100,000")).toBeVisible();
  await expect(page.getByText("Page 1 of 4,000")).toBeVisible();

  // The message is one truncated line; the subject opens all of it.
  await table.getByRole("button", { name: "Inquiry number 1", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Inquiry number 1" })).toContainText("investment focus in logistics and energy across the region.");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);

  await page.getByRole("button", { name: "Next" }).click();
  await expect(table.getByRole("row", { name: /Sender 26 / })).toBeVisible();
  expect(requests.at(-1)).toContain("limit=25&offset=25");
  await expect(page.getByText("Showing 26–50 of 100,000")).toBeVisible();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(table.getByRole("row", { name: /Sender 1 / })).toBeVisible();

  const before = requests.length;
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect.poll(() => requests.length).toBe(before + 1);
  await page.evaluate(() => window.scrollTo(0, 0));
});

test("[admin] a real contact message appears in the table", async ({ page, signIn }) => {
  const subject = `Partnership ${uid()}`;
  const sent = await page.request.post("/api/contact", {
    headers: CONTACT_VISITOR,
    data: { fullName: "Laila Hassan", email: "laila@example.test", subject, message: "We would like to discuss a co-investment in a logistics platform." },
  });
  expect(sent.ok()).toBe(true);
  await signIn(page, "admin");
  await page.goto("/admin/contact");
  const row = page.getByRole("row", { name: new RegExp(subject) });
  await expect(row).toBeVisible();
  await expect(row.getByRole("link", { name: "laila@example.test" })).toBeVisible();
});

test("[admin] contact tab: empty state, and the 'Data loading error' toast when loading fails", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.route(isContactList, (route) => route.fulfill({ status: 200, contentType: "application/json", headers: { "X-Total-Count": "0" }, body: "[]" }));
  await page.goto("/admin/contact");
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText("No contact submissions yet")).toBeVisible();

  await page.unroute(isContactList);
  await page.route(isContactList, (route) => route.fulfill({ status: 500, contentType: "application/json", body: '{"message":"boom"}' }));
  await page.getByRole("button", { name: "Refresh" }).click();
  await expect(page.getByText("Data loading error")).toBeVisible();
  await expect(page.getByText("There was an error loading your data. Some content may not be up to date.")).toBeVisible();
});

/** Sends a real message through the public API, as this file's visitor. */
async function sendContact(page: Page, subject: string, message: string) {
  const res = await page.request.post("/api/contact", {
    headers: CONTACT_VISITOR,
    data: { fullName: "Nadia Kamel", email: "nadia@example.test", subject, message },
  });
  expect(res.ok()).toBe(true);
}

const messageOf = async (page: Page, id: string) => (await page.request.get(`/api/admin/contact-messages/${id}`)).json();

test("[admin] contact inbox: open by keyboard, read and unread, archive and restore, delete, export CSV", async ({ page, signIn }) => {
  test.setTimeout(90_000);
  const tag = uid();
  const long = `Subject ${tag} A`;
  const other = `Subject ${tag} B`;
  const formula = `Subject ${tag} C`;
  const fullText =
    "السلام عليكم — we manage a family office in Alexandria.\n\nWe would like to co-invest in your next logistics platform and meet your team in Cairo next month.";
  await sendContact(page, long, fullText);
  await sendContact(page, other, "A second message that will be archived and restored.");
  await sendContact(page, formula, "=SUM(1,2) is not a formula in the export.");
  await signIn(page, "admin");
  await page.goto("/admin/contact");
  const table = page.getByRole("table", { name: "Contact form submissions" });
  const rowA = table.getByRole("row", { name: new RegExp(long) });
  await expect(rowA.getByText("Unread", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /^Inbox\s*\d+ unread$/ })).toHaveAttribute("aria-pressed", "true");
  const id = await (async () => {
    const list = (await (await page.request.get("/api/contact?limit=200")).json()) as Array<{ id: number; subject: string }>;
    return Object.fromEntries(list.filter((r) => r.subject.startsWith(`Subject ${tag}`)).map((r) => [r.subject.slice(-1), String(r.id)]));
  })();

  // Keyboard: focus the subject, Enter opens the whole message; opening marks it read.
  const subjectButton = rowA.getByRole("button", { name: long, exact: true });
  await subjectButton.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: long });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Message")).toHaveText(fullText);
  await expect(dialog.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    `mailto:nadia@example.test?subject=${encodeURIComponent(`Re: ${long}`)}`,
  );
  await expect.poll(async () => (await messageOf(page, id.A)).readAt).not.toBeNull();
  await expect(dialog.getByText("Unread", { exact: true })).toHaveCount(0);
  const axe = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(["wcag2a", "wcag2aa"]).analyze();
  expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(subjectButton).toBeFocused();
  await expect(rowA.getByText("Unread", { exact: true })).toHaveCount(0);

  // Mark as unread again from the row.
  await rowA.getByRole("button", { name: `Mark as unread: “${long}”` }).click();
  await expect(rowA.getByText("Unread", { exact: true })).toBeVisible();
  await expect.poll(async () => (await messageOf(page, id.A)).readAt).toBeNull();

  // Archive: out of the inbox, into 'Archived', and back.
  const rowB = table.getByRole("row", { name: new RegExp(other) });
  await rowB.getByRole("button", { name: `Archive: “${other}”` }).click();
  await expect(page.getByText("Message archived")).toBeVisible();
  await expect(rowB).toHaveCount(0);
  await page.getByRole("button", { name: "Archived", exact: true }).click();
  const archivedTable = page.getByRole("table", { name: "Archived contact form submissions" });
  const archivedB = archivedTable.getByRole("row", { name: new RegExp(other) });
  await expect(archivedB).toBeVisible();
  expect((await messageOf(page, id.B)).archivedAt).not.toBeNull();
  await archivedB.getByRole("button", { name: `Move to Inbox: “${other}”` }).click();
  await expect(archivedB).toHaveCount(0);
  await page.getByRole("button", { name: /^Inbox/ }).click();
  await expect(table.getByRole("row", { name: new RegExp(other) })).toBeVisible();
  expect((await messageOf(page, id.B)).archivedAt).toBeNull();

  // Export the inbox: a UTF-8 CSV with a BOM, formulas defused.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Export CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^contact-submissions-inbox-\d{4}-\d{2}-\d{2}\.csv$/);
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString("utf8");
  expect(csv).toContain("Date,Name,Email,Subject,Message,Read,Archived\r\n");
  expect(csv).toContain(`"السلام عليكم — we manage a family office in Alexandria.\n\nWe would like to co-invest`);
  expect(csv).toContain(`${formula},"'=SUM(1,2) is not a formula in the export.",No,No`);

  // Delete asks first; Cancel keeps the message, Delete removes it.
  const rowC = table.getByRole("row", { name: new RegExp(formula) });
  await rowC.getByRole("button", { name: `Delete: “${formula}”` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this message?" });
  await expect(confirm).toContainText(formula);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(rowC).toBeVisible();
  await rowC.getByRole("button", { name: `Delete: “${formula}”` }).click();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Message deleted")).toBeVisible();
  await expect(rowC).toHaveCount(0);
  expect((await page.request.get(`/api/admin/contact-messages/${id.C}`)).status()).toBe(404);
  await page.evaluate(() => window.scrollTo(0, 0));
});

test("[admin] contact inbox on a phone: tap a message to read all of it @mobile", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const message = {
    id: 424242,
    fullName: "Youssef Adel",
    email: "youssef.adel@example.test",
    subject: "Co-investment in cold-chain logistics",
    message:
      "We are a family office in Alexandria.\n\nWe would like to co-invest in cold-chain logistics across the Nile Delta and would welcome a call with your team next week to discuss terms, timing and the size of the round.",
    createdAt: "2026-11-20T09:30:00.000Z",
    readAt: null,
    archivedAt: null,
  };
  const patches: unknown[] = [];
  await page.route(isContactList, (route) =>
    route.fulfill({ status: 200, contentType: "application/json", headers: { "X-Total-Count": "1", "X-Unread-Count": "1" }, body: JSON.stringify([message]) }),
  );
  await page.route(`**/api/admin/contact-messages/${message.id}`, (route) => {
    patches.push(route.request().postDataJSON());
    return route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ ...message, readAt: new Date().toISOString() }) });
  });
  await page.goto("/admin/contact");
  // The screen came with the real inbox; Refresh shows the one message this test serves.
  await page.getByRole("button", { name: "Refresh" }).click();
  const table = page.getByRole("table", { name: "Contact form submissions" });
  await expect(table.getByText("Unread", { exact: true })).toBeVisible();
  // The table fits the phone: subject, sender, date and the actions without sideways scrolling.
  const wrapper = table.locator("xpath=..");
  expect(await wrapper.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  await expect(table.getByText(/Youssef Adel ·/)).toBeVisible();

  await table.getByRole("button", { name: message.subject, exact: true }).tap();
  const dialog = page.getByRole("dialog", { name: message.subject });
  await expect(dialog.getByLabel("Message")).toHaveText(message.message);
  expect(patches).toEqual([{ read: true }]);
  for (const name of ["Reply by e-mail", "Mark as unread", "Archive", "Delete"]) {
    const box = (await dialog.getByRole(name === "Reply by e-mail" ? "link" : "button", { name, exact: true }).boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
  }
  await dialog.getByRole("button", { name: "Close" }).tap();
  await expect(dialog).toHaveCount(0);
});

// ---------------------------------------------------------------- settings

test("[admin] settings: data management link and the brand editor", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Website Settings" })).toBeVisible();
  await expect(page.getByText("Data Management")).toBeVisible();
  await expect(page.getByRole("link", { name: "Configure Environment" })).toHaveAttribute("href", "/environment-setup");
  await expect(page.getByText("available in a future update")).toHaveCount(0);

  const original = await (await page.request.get("/api/admin/settings/brand")).json();
  await page.getByLabel("Contact e-mail").fill("not an email");
  await page.getByLabel("LinkedIn").fill("javascript:alert(1)");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText("Please enter a full https:// address, or leave the field empty")).toBeVisible();

  await page.getByLabel("Contact e-mail").fill("investors@meridiancrest.example");
  await page.getByLabel("LinkedIn").fill("https://www.linkedin.com/company/meridian-crest");
  await page.getByLabel("Phone").fill("+20 2 2555 0199");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings saved")).toBeVisible();
  await expect(page.getByRole("contentinfo").getByText("+20 2 2555 0199")).toBeVisible();

  // Put the defaults back for the other tests on this server.
  expect((await page.request.put("/api/admin/settings/brand", { data: original })).ok()).toBe(true);
});

// ---------------------------------------------------------------- accessibility

test("[a11y] axe finds no serious or critical violations in the admin tabs and dialogs", async ({ page, signIn }) => {
  test.setTimeout(180_000); // axe takes several seconds per page on a small machine
  await signIn(page, "admin");
  const check = async (what: string) => {
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
    const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(bad.map((v) => `${what} ${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
  };
  for (const [tab, table] of [
    ["portfolio", "Portfolio companies"],
    ["press", "Press releases"],
    ["contact", "Contact form submissions"],
  ] as const) {
    await page.goto(`/admin${tab === "portfolio" ? "" : `/${tab}`}`);
    await expect(page.getByRole("table", { name: table })).toBeVisible();
    await check(tab);
  }
  await page.goto("/admin/settings");
  await expect(page.getByRole("heading", { name: "Website Settings" })).toBeVisible();
  await check("settings");
  await page.goto("/admin/press");
  await page.getByRole("button", { name: "Add Press Release" }).click();
  await expect(page.getByRole("dialog", { name: "Create New Press Release" })).toBeVisible();
  await check("press dialog");
  await page.goto("/environment-setup");
  await check("environment");
});

// ---------------------------------------------------------------- mobile

test("[admin] the dashboard works on a phone @mobile", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.goto("/admin/press");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Press releases" })).toBeVisible();
  await page.getByRole("button", { name: "Add Press Release" }).click();
  await expect(page.getByRole("dialog", { name: "Create New Press Release" })).toBeVisible();
});
