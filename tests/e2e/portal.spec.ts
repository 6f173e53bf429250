import AxeBuilder from "@axe-core/playwright";
import type { APIRequestContext, Page } from "@playwright/test";
import type { SmtpServer } from "../helpers/smtp";
import { expect, openAccountMenu, registerMember, test, openBrowser } from "./fixtures";
import { compareDocuments, type Periodic } from "../../shared/document-period";

// The admin's portal tabs change the portfolio, the press releases and their flags: all put back after each test.
test.use({ restoresContent: true });

const ACCESS_TEXT = "You don't currently have investor access. Please apply for investor status to access this portal's full features and documents.";

/** Waits until the streamed portal data has rendered. */
async function openPortal(page: Page, search = "") {
  await page.goto(`/investor-portal${search}`);
  await expect(page.getByRole("heading", { name: "Investor Portal", level: 1 })).toBeVisible();
  await expect(page.getByText("Loading investor portal…")).toHaveCount(0);
  // React keeps a streamed section's server copy in a hidden container until it moves it into place.
  await expect(page.locator('div[hidden][id^="S:"]')).toHaveCount(0);
}

/** Opens the application form and fills it; returns the dialog (the caller submits). */
async function fillApplication(page: Page, fields: { company: string; position: string; motivation: string }) {
  await page.getByRole("button", { name: "Apply for Investor Access" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply for Investor Access" });
  await dialog.getByLabel("Company").fill(fields.company);
  await dialog.getByLabel("Position").fill(fields.position);
  await dialog.getByLabel("Motivation").fill(fields.motivation);
  return dialog;
}

const documentRows = (page: Page) => page.getByTestId("document-row");
/** A sonner toast with this exact title or description. */
const toastText = (page: Page, text: string) => page.locator('[data-sonner-toast][data-visible="true"]').getByText(text, { exact: true }).first();

// ------------------------------------------------------------------ 1. screens and guard

test("[portal] anonymous visitors are sent to sign in with the portal as the redirect", async ({ page }) => {
  await page.goto("/investor-portal?tab=press");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Finvestor-portal%3Ftab%3Dpress$/);
});

test("[portal] an investor sees the welcome card, counts, quick actions and three tabs", async ({ page, signIn }) => {
  await signIn(page, "investor");
  const response = await page.goto("/investor-portal");
  expect(response?.headers()["cache-control"]).toContain("no-store");
  await expect(page).toHaveTitle("Investor Portal | Meridian Crest Holdings");
  await expect(page.getByRole("heading", { name: "Rana Regular" })).toBeVisible();
  await expect(page.locator("#main").getByLabel("Role: Investor")).toBeVisible();
  await expect(page.getByText("Admin", { exact: true })).toHaveCount(0);

  const docs = (await (await page.request.get("/api/documents")).json()) as unknown[];
  const cats = (await (await page.request.get("/api/document-categories")).json()) as unknown[];
  await expect(page.getByTestId("documents-count")).toHaveText(String(docs.length));
  await expect(page.getByTestId("categories-count")).toHaveText(String(cats.length));

  await expect(page.getByRole("heading", { name: "Quick Actions" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Latest Reports" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Portfolio Update" })).toBeVisible();
  for (const name of ["Document Library", "Portfolio Items", "Press Releases"]) {
    await expect(page.getByRole("tab", { name: new RegExp(`^${name}`) })).toBeVisible();
  }
  await expect(page.getByRole("tab", { name: /^Document Library/ })).toHaveAttribute("aria-selected", "true");
});

test("[portal] an admin gets the role badge plus the 'Admin' badge", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await openPortal(page);
  await expect(page.getByRole("heading", { name: "Site Administrator" })).toBeVisible();
  await expect(page.getByLabel("Role: Administrator")).toBeVisible();
  await expect(page.getByText("Admin", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin Dashboard" }).last()).toHaveAttribute("href", "/admin");
});

/**
 * The portal's data streams after the page itself (React Router turbo-stream: line 1 carries the route data
 * with a promise placeholder, a later `P<id>:` line resolves it). These helpers rewrite that stream.
 */
async function rewritePortalData(page: Page, rewrite: (lines: string[]) => string[]) {
  await page.route("**/investor-portal.data*", async (route) => {
    const response = await route.fetch();
    const lines = (await response.text()).split("\n");
    await route.fulfill({ response, body: rewrite(lines).join("\n") });
  });
}

/** Releases come in pages of eight; reveal them all. */
async function showAllReleases(page: Page) {
  const more = page.getByRole("button", { name: /^Show more/ });
  while ((await more.count()) > 0) await more.click();
}

async function goToPortalFromMenu(page: Page) {
  await (await openAccountMenu(page, "Investor Portal")).click();
}

test("[portal] a client transition shows the loading spinner until the data arrives", async ({ page, signIn }) => {
  await signIn(page, "investor");
  await page.goto("/press-releases");
  // Keep only the first line: the page commits, the portal's data never resolves.
  await rewritePortalData(page, (lines) => [lines[0], ""]);
  await goToPortalFromMenu(page);
  await expect(page).toHaveURL(/\/investor-portal$/);
  await expect(page.getByRole("heading", { name: "Investor Portal", level: 1 })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Loading investor portal…" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Quick Actions" })).toHaveCount(0);
});

test("[portal] a failed data load shows 'Error Loading Portal', and Retry reloads the page", async ({ page, signIn }) => {
  await signIn(page, "investor");
  await page.goto("/press-releases");
  // What the server streams when loading the portal's data fails (errors are sanitized in production).
  await rewritePortalData(page, (lines) => lines.map((l) => l.replace(/^P(\d+):.*$/, 'E$1:[["E","Unexpected Server Error"]]')));
  await goToPortalFromMenu(page);
  await expect(page.getByRole("heading", { name: "Error Loading Portal" })).toBeVisible();
  await expect(page.getByText("There was a problem loading the investor portal. Please try again later.")).toBeVisible();

  await page.unroute("**/investor-portal.data*");
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Retry" }).click();
  await reloaded;
  await expect(page.getByRole("heading", { name: "Quick Actions" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Error Loading Portal" })).toHaveCount(0);
});

// ------------------------------------------------------------------ 2. document library

test("[portal] the library has All Documents plus one sub-tab per category, with typed rows", async ({ page, signIn }) => {
  await signIn(page, "investor");
  await openPortal(page);
  const cats = (await (await page.request.get("/api/document-categories")).json()) as { name: string }[];
  await expect(page.getByRole("tab", { name: "All Documents" })).toHaveAttribute("aria-selected", "true");
  for (const c of cats) await expect(page.getByRole("tab", { name: c.name, exact: true })).toBeVisible();

  const annual = documentRows(page).filter({ hasText: "Annual Report 2025" });
  await expect(annual.getByText("Investor Only")).toBeVisible();
  await expect(annual.getByText("Audited results, portfolio review and outlook for 2026.")).toBeVisible();
  await expect(annual.getByText(/^Published /)).toBeVisible();
  await expect(annual.locator("[data-file-kind]")).toHaveAttribute("data-file-kind", "pdf");
  await expect(documentRows(page).filter({ hasText: "Q3 2026 Financial Statements" }).locator("[data-file-kind]")).toHaveAttribute(
    "data-file-kind",
    "spreadsheet",
  );

  const esg = documentRows(page).filter({ hasText: "ESG Policy" });
  await expect(esg.getByText("Public", { exact: true })).toBeVisible();
  await expect(esg.getByText("No description provided")).toBeVisible();
  await expect(esg.locator("[data-file-kind]")).toHaveAttribute("data-file-kind", "document");

  await page.getByRole("tab", { name: "Governance", exact: true }).click();
  await expect(documentRows(page)).toHaveCount(2);
  await expect(page).toHaveURL(/category=\d+/);

  // The sub-tab is part of the address: a reload keeps it.
  await page.reload();
  await expect(page.getByRole("tab", { name: "Governance", exact: true })).toHaveAttribute("aria-selected", "true");
  await expect(documentRows(page)).toHaveCount(2);
});

test("[portal] an empty category says so", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const created = await page.request.post("/api/admin/document-categories", { data: { name: `Empty ${Date.now()}` } });
  expect(created.status()).toBe(201);
  const { id, name } = await created.json();
  try {
    await openPortal(page);
    await page.getByRole("tab", { name, exact: true }).click();
    await expect(page.getByText("No documents found")).toBeVisible();
    await expect(page.getByText("There are no documents in this category.")).toBeVisible();
  } finally {
    await page.request.delete(`/api/admin/document-categories/${id}`);
  }
});

test("[portal] a download goes through the checked route and keeps the real file name", async ({ page, signIn }) => {
  await signIn(page, "investor");
  await openPortal(page);
  const link = page.getByRole("link", { name: "Download Annual Report 2025" });
  await expect(link).toHaveAttribute("href", /^\/api\/documents\/\d+\/download$/);
  const downloadPromise = page.waitForEvent("download");
  await link.click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("annual-report-2025.pdf");
  const path = await download.path();
  expect(path).toBeTruthy();
});

test("[portal] a failed download shows the destructive toast", async ({ page, signIn }) => {
  await signIn(page, "investor");
  await openPortal(page);
  await page.route("**/api/documents/*/download", (route) => route.fulfill({ status: 500, body: "Internal error" }));
  await page.getByRole("link", { name: "Download Corporate Profile 2026" }).click();
  await expect(toastText(page, "Failed to download document")).toBeVisible();
  await expect(toastText(page, "There was a problem downloading the document. Please try again.")).toBeVisible();
});

// ------------------------------------------------------------------ 4. investor access for regular users

test("[portal] a regular member sees 'Investor Access Required' and only Public documents", async ({ page, signIn }) => {
  await signIn(page, "regular");
  await openPortal(page);
  await expect(page.getByRole("heading", { name: "Investor Access Required" })).toBeVisible();
  await expect(page.getByText(ACCESS_TEXT)).toBeVisible();
  await expect(page.getByLabel("Role: Registered Member")).toBeVisible();
  await expect(page.getByRole("tab", { name: /^Portfolio Items/ })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Public Documents" })).toBeVisible();
  await expect(documentRows(page)).toHaveCount(2);
  await expect(page.getByText("Investor Only")).toHaveCount(0);
  await expect(page.getByText("Annual Report 2025")).toHaveCount(0);

  // A public document downloads for them too.
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Corporate Profile 2026" }).click();
  expect((await downloadPromise).suggestedFilename()).toBe("corporate-profile-2026.pdf");
});

test("[portal] a regular member applies once; the status shows and a second application is refused", async ({ page, signIn }) => {
  test.slow(); // a whole workflow with several server round trips
  await signIn(page, "regular", { fresh: true }); // this test applies for investor access
  await openPortal(page);
  await page.getByRole("button", { name: "Apply for Investor Access" }).click();
  const dialog = page.getByRole("dialog", { name: "Apply for Investor Access" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(dialog.getByText("Company is required")).toBeVisible();
  await expect(dialog.getByText("Position is required")).toBeVisible();
  await expect(dialog.getByText("Please tell us why you want investor access (at least 20 characters)")).toBeVisible();

  await dialog.getByLabel("Company").fill("Nile Family Office");
  await dialog.getByLabel("Position").fill("Partner");
  await dialog.getByLabel("Motivation").fill("We would like to review the annual reports before committing capital.");
  await dialog.getByLabel("Investment interests").fill("Logistics and fintech in Egypt");
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Application submitted")).toBeVisible();
  const status = page.getByTestId("application-status");
  await expect(status.getByText("Your application is under review")).toBeVisible();
  await expect(status.getByText("Pending")).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply for Investor Access" })).toHaveCount(0);
  // Only the state the member is in: not the request to apply above it.
  await expect(page.getByText(ACCESS_TEXT)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Investor Access Required" })).toHaveCount(0);

  const mine = await (await page.request.get("/api/investor-applications/mine")).json();
  expect(mine).toMatchObject({ status: "pending", company: "Nile Family Office", investmentInterests: "Logistics and fintech in Egypt" });
  const again = await page.request.post("/api/investor-applications", {
    data: { company: "Nile Family Office", position: "Partner", motivation: "Trying a second time while the first is pending." },
  });
  expect(again.status()).toBe(409);

  // After a reload the status is still there (it comes from the database).
  await page.reload();
  // Scoped to the main content: while a streamed section waits to be revealed, React keeps its server copy in a
  // hidden container at the end of the page.
  await expect(page.locator("#main").getByTestId("application-status").getByText("Pending")).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply for Investor Access" })).toHaveCount(0);
});

test("[portal] the server's answer to an application is shown inline in the form", async ({ page, signIn }) => {
  await signIn(page, "regular");
  await openPortal(page);
  const dialog = await fillApplication(page, {
    company: "Nile Family Office",
    position: "Partner",
    motivation: "We would like to review the annual reports before investing.",
  });

  await page.route("**/api/investor-applications", (route) =>
    route.fulfill({
      status: 400,
      contentType: "application/json",
      body: JSON.stringify({ message: "Position is required", errors: { position: "Position is required" } }),
    }),
  );
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(dialog.getByText("Position is required")).toBeVisible();
  await expect(dialog.getByLabel("Position")).toHaveAttribute("aria-invalid", "true");

  await page.unroute("**/api/investor-applications");
  await page.route("**/api/investor-applications", (route) =>
    route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ message: "You already have an application under review." }) }),
  );
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(dialog.getByRole("alert").filter({ hasText: "You already have an application under review." })).toBeVisible();
});

test("[portal] once an admin approves, the next page load shows the full portal", async ({ page, signIn, adminApi }) => {
  test.slow(); // a whole workflow with several server round trips
  await signIn(page, "regular", { fresh: true }); // this test applies for investor access
  await openPortal(page);
  const dialog = await fillApplication(page, {
    company: "Delta Capital",
    position: "Analyst",
    motivation: "Evaluating a co-investment in the logistics platform.",
  });
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByTestId("application-status").getByText("Pending")).toBeVisible();

  const { id } = await (await page.request.get("/api/investor-applications/mine")).json();
  const admin = adminApi;
  expect((await admin.post(`/api/admin/investor-applications/${id}/approve`)).ok()).toBeTruthy();

  await page.reload();
  await expect(page.getByRole("heading", { name: "Quick Actions" })).toBeVisible();
  await expect(page.locator("#main").getByLabel("Role: Investor")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Investor Access Required" })).toHaveCount(0);
  await expect(documentRows(page).filter({ hasText: "Annual Report 2025" })).toBeVisible();
});

test("[portal] a rejected application shows its dates and the member may apply again", async ({ page, signIn, adminApi }) => {
  await signIn(page, "regular", { fresh: true }); // this test applies for investor access
  const applied = await page.request.post("/api/investor-applications", {
    data: { company: "Sinai Ventures", position: "Associate", motivation: "Interested in the energy portfolio and its reporting." },
  });
  const { id } = await applied.json();
  const admin = adminApi;
  expect((await admin.post(`/api/admin/investor-applications/${id}/reject`)).ok()).toBeTruthy();

  await openPortal(page);
  const status = page.locator("#main").getByTestId("application-status");
  await expect(status.getByText("Rejected")).toBeVisible();
  await expect(status.getByText(/Submitted on .+, reviewed on .+\./)).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply for Investor Access" })).toBeVisible();
});

// ------------------------------------------------------------------ 5. portfolio and press tabs

test("[portal] investors read the real portfolio and press releases, without admin controls", async ({ page, signIn }) => {
  await signIn(page, "investor");
  await openPortal(page, "?tab=portfolio");
  const portfolio = (await (await page.request.get("/api/portfolio")).json()) as { name: string }[];
  await expect(page.getByRole("tab", { name: /^Portfolio Items/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByTestId("portfolio-card")).toHaveCount(portfolio.length);
  await expect(page.getByRole("heading", { name: portfolio[0].name })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Portfolio Item" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Edit / })).toHaveCount(0);

  await page.getByRole("tab", { name: /^Press Releases/ }).click();
  await expect(page).toHaveURL(/\?tab=press$/);
  const press = (await (await page.request.get("/api/press-releases")).json()) as { title: string }[];
  await expect(page.getByRole("link", { name: press[0].title, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add Press Release" })).toHaveCount(0);
  await expect(page.getByRole("switch")).toHaveCount(0);
});

test("[portal] an admin adds, edits and deletes a portfolio item from the portal", async ({ page, signIn }) => {
  test.slow(); // a whole workflow with several server round trips
  await signIn(page, "admin");
  await openPortal(page, "?tab=portfolio");
  await page.getByRole("button", { name: "Add Portfolio Item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Portfolio Company" });
  await dialog.getByRole("button", { name: "Add Company" }).click();
  await expect(dialog.getByText("Name must be at least 2 characters")).toBeVisible();

  const name = `Harbor Analytics ${Date.now().toString(36)}`;
  await dialog.getByLabel("Company Name").fill(name);
  await dialog.getByLabel("Sector").selectOption("logistics");
  await dialog.getByLabel("Description", { exact: true }).fill("Port-call analytics for shipping lines across the Red Sea.");
  await dialog.getByLabel("Year Acquired").fill("2022");
  await dialog.getByRole("button", { name: "Add Company" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Portfolio item added")).toBeVisible();
  const card = page.getByTestId("portfolio-card").filter({ hasText: name });
  await expect(card).toBeVisible();
  await expect(card.getByText("Logistics", { exact: true })).toBeVisible();

  await card.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Portfolio Company" });
  await edit.getByLabel("Status").selectOption("Partial Exit");
  await edit.getByLabel("Exit Year").fill("2024");
  await edit.getByRole("button", { name: "Update Company" }).click();
  await expect(edit).toBeHidden();
  await expect(toastText(page, "Portfolio item updated")).toBeVisible();
  await expect(card.getByText("Partial Exit - 2024")).toBeVisible();

  await card.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("Are you sure you want to delete this portfolio item?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toastText(page, "Portfolio item deleted")).toBeVisible();
  await expect(card).toHaveCount(0);
  const after = (await (await page.request.get("/api/portfolio")).json()) as { name: string }[];
  expect(after.some((i) => i.name === name)).toBe(false);
});

test("[portal] an admin toggles the homepage flag; a fourth homepage release is refused", async ({ page, signIn }) => {
  test.slow(); // a whole workflow with several server round trips
  await signIn(page, "admin");
  await openPortal(page, "?tab=press");
  const press = (await (await page.request.get("/api/press-releases")).json()) as { id: number; title: string; showOnHomepage: boolean; featured: boolean }[];
  const onHome = press.filter((r) => r.showOnHomepage);
  const offHome = press.find((r) => !r.showOnHomepage && !r.featured)!;
  expect(onHome.length).toBe(3);
  await showAllReleases(page);

  await page.getByRole("switch", { name: `Show on homepage: ${offHome.title}` }).click();
  await expect(toastText(page, "Homepage limit reached")).toBeVisible();
  await expect(toastText(page, "Only 3 press releases can be displayed on the homepage. Please remove one first.")).toBeVisible();
  await expect(page.getByRole("switch", { name: `Show on homepage: ${offHome.title}` })).toHaveAttribute("aria-checked", "false");

  // Free a slot, then the same toggle succeeds; finally restore the seed state.
  const freed = onHome[0];
  await page.getByRole("switch", { name: `Show on homepage: ${freed.title}` }).click();
  await expect(toastText(page, "Removed from homepage")).toBeVisible();
  await page.getByRole("switch", { name: `Show on homepage: ${offHome.title}` }).click();
  await expect(toastText(page, "Added to homepage")).toBeVisible();
  await expect(page.getByRole("switch", { name: `Show on homepage: ${offHome.title}` })).toHaveAttribute("aria-checked", "true");
  const homepage = (await (await page.request.get("/api/press-releases/homepage")).json()) as { id: number }[];
  expect(homepage.map((r) => r.id).sort()).toEqual([...onHome.slice(1).map((r) => r.id), offHome.id].sort());
  await page.getByRole("switch", { name: `Show on homepage: ${offHome.title}` }).click();
  await expect(toastText(page, "Removed from homepage")).toBeVisible();
  await page.getByRole("switch", { name: `Show on homepage: ${freed.title}` }).click();
  await expect(toastText(page, "Added to homepage")).toBeVisible();
});

test("[portal] an admin sets a release as featured, which clears the previous one", async ({ page, signIn }) => {
  test.slow(); // a whole workflow with several server round trips
  await signIn(page, "admin");
  await openPortal(page, "?tab=press");
  const press = (await (await page.request.get("/api/press-releases")).json()) as { id: number; title: string; featured: boolean }[];
  const target = press.find((r) => !r.featured)!;
  const previous = press.find((r) => r.featured);
  await showAllReleases(page);
  const star = page.getByRole("button", { name: `Featured: ${target.title}` });
  await star.click();
  await expect(toastText(page, "Set as featured")).toBeVisible();
  await expect(star).toHaveAttribute("aria-pressed", "true");
  if (previous) await expect(page.getByRole("button", { name: `Featured: ${previous.title}` })).toHaveAttribute("aria-pressed", "false");
  const featured = (await (await page.request.get("/api/press-releases/featured")).json()) as { id: number }[];
  expect(featured.map((r) => r.id)).toEqual([target.id]);

  await star.click();
  await expect(toastText(page, "Removed from featured")).toBeVisible();
  await expect(star).toHaveAttribute("aria-pressed", "false");
  if (previous) {
    await page.getByRole("button", { name: `Featured: ${previous.title}` }).click();
    await expect(page.getByRole("button", { name: `Featured: ${previous.title}` })).toHaveAttribute("aria-pressed", "true");
  }
});

test("[portal] an admin publishes, edits and deletes a press release from the portal", async ({ page, signIn }) => {
  test.slow(); // a whole workflow with several server round trips
  await signIn(page, "admin");
  await openPortal(page, "?tab=press");
  await page.getByRole("button", { name: "Add Press Release" }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Press Release" });
  const title = `Meridian Crest backs Red Sea cold chain ${Date.now().toString(36)}`;
  await dialog.getByLabel("Title", { exact: true }).fill(title);
  await dialog.getByLabel("Summary", { exact: true }).fill("A new refrigerated logistics corridor for fresh produce exports.");
  await dialog.getByLabel("Sector").selectOption("logistics");
  await dialog
    .getByLabel("Content", { exact: true })
    .fill("Meridian Crest Holdings today announced an investment in a cold-chain corridor linking Upper Egypt to Red Sea ports.");
  await dialog.getByRole("button", { name: "Publish Press Release" }).click();
  await expect(dialog).toBeHidden();
  await expect(toastText(page, "Press release published")).toBeVisible();
  const row = page.getByTestId("press-row").filter({ hasText: title });
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: `Edit ${title}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Press Release" });
  const newTitle = `${title} (updated)`;
  await edit.getByLabel("Title", { exact: true }).fill(newTitle);
  await edit.getByRole("button", { name: "Update Press Release" }).click();
  await expect(edit).toBeHidden();
  await expect(toastText(page, "Press release updated")).toBeVisible();
  const updated = page.getByTestId("press-row").filter({ hasText: newTitle });
  await expect(updated).toBeVisible();

  await updated.getByRole("button", { name: `Delete ${newTitle}` }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByText("Are you sure you want to delete this press release?")).toBeVisible();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(toastText(page, "Press release deleted")).toBeVisible();
  await expect(updated).toHaveCount(0);
});

// ------------------------------------------------------------------ 6. quick actions

test("[portal] 'Latest Reports' shows all documents newest first; 'Portfolio Update' opens the portfolio", async ({ page, signIn }) => {
  await signIn(page, "investor");
  await openPortal(page, "?category=1&sort=title");
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("title");

  await page.getByRole("button", { name: "Latest Reports" }).click();
  await expect(page.getByRole("tab", { name: "All Documents" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("combobox", { name: "Sort by" })).toHaveValue("latest");
  await expect(page.getByRole("heading", { name: "Document Library" })).toBeFocused();
  await expect(page).toHaveURL(/\/investor-portal$/);
  // Newest first: the latest reporting period, then the latest publication.
  const docs = (await (await page.request.get("/api/documents")).json()) as (Periodic & { title: string })[];
  const newest = [...docs].sort(compareDocuments);
  await expect(documentRows(page).first().getByRole("heading")).toHaveText(newest[0].title);
  await expect(documentRows(page)).toHaveCount(docs.length);

  await page.getByRole("button", { name: "Portfolio Update" }).click();
  await expect(page.getByRole("tab", { name: /^Portfolio Items/ })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("tab", { name: /^Portfolio Items/ })).toBeFocused();
  await expect(page).toHaveURL(/\?tab=portfolio$/);
  await expect(page.getByTestId("portfolio-card").first()).toBeVisible();
});

// ------------------------------------------------------------------ overview layout

const LONG_EMAIL = (tag: string) => `investor.relations.department.${tag}@meridian-crest-holdings-subsidiary.example.com`;

/** Registers an investor with the given e-mail (approved by the admin) and signs the page in as them. */
async function signInAsInvestorWithEmail(page: Page, admin: APIRequestContext, mailbox: SmtpServer, email: string) {
  await registerMember(page.request, mailbox, { email, fullName: "Rana Regular", password: "regular-password" });
  const applied = await page.request.post("/api/investor-applications", {
    data: { company: "Nile Family Office", position: "Partner", motivation: "We would like to review the annual reports before investing." },
  });
  expect(applied.ok()).toBeTruthy();
  const { id } = await applied.json();
  expect((await admin.post(`/api/admin/investor-applications/${id}/approve`)).ok()).toBeTruthy();
}

/**
 * What sticks out of the overview cards: any element outside its card's content box (the box inside the
 * padding), and any element that cuts its own text off.
 */
function cardOverflow(page: Page) {
  return page.getByTestId("overview-card").evaluateAll((cards) =>
    cards.flatMap((card, i) => {
      const style = getComputedStyle(card);
      const r = card.getBoundingClientRect();
      const box = {
        left: r.left + parseFloat(style.borderLeftWidth) + parseFloat(style.paddingLeft),
        right: r.right - parseFloat(style.borderRightWidth) - parseFloat(style.paddingRight),
        top: r.top + parseFloat(style.borderTopWidth) + parseFloat(style.paddingTop),
        bottom: r.bottom - parseFloat(style.borderBottomWidth) - parseFloat(style.paddingBottom),
      };
      const problems: string[] = [];
      for (const el of card.querySelectorAll<HTMLElement>("*")) {
        const e = el.getBoundingClientRect();
        if (e.width === 0 && e.height === 0) continue;
        const what = `card ${i} <${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().slice(0, 30)}"`;
        if (e.left < box.left - 0.5 || e.right > box.right + 0.5 || e.top < box.top - 0.5 || e.bottom > box.bottom + 0.5) {
          problems.push(`${what} at x ${Math.round(e.left)}-${Math.round(e.right)} outside ${Math.round(box.left)}-${Math.round(box.right)}`);
        }
        if (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX !== "visible") problems.push(`${what} clips its text`);
      }
      return problems;
    }),
  );
}

test("[portal] overview cards keep a long e-mail inside their padding on desktop", async ({ page, adminApi, mailbox }) => {
  const email = LONG_EMAIL(`d${Date.now().toString(36)}`);
  await signInAsInvestorWithEmail(page, adminApi, mailbox, email);
  for (const width of [1366, 1024, 768]) {
    await page.setViewportSize({ width, height: 900 });
    await openPortal(page);
    await expect(page.getByTestId("overview-card")).toHaveCount(3);
    // The whole address is shown, not cut off with an ellipsis.
    await expect(page.getByTestId("overview-card").first().getByText(email, { exact: true })).toBeVisible();
    expect(await cardOverflow(page), `at ${width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width} px`).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
});

test.describe("[portal] on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("[portal] @mobile the overview fits the screen and a long e-mail wraps inside its card", async ({ page, adminApi, mailbox }) => {
    const email = LONG_EMAIL(`m${Date.now().toString(36)}`);
    await signInAsInvestorWithEmail(page, adminApi, mailbox, email);
    await openPortal(page);
    await expect(page.getByTestId("overview-card")).toHaveCount(3);
    // A phone widens the layout to whatever overflows, so compare with the device width, not innerWidth.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expect(page.getByTestId("overview-card").first().getByText(email, { exact: true })).toBeVisible();
    expect(await cardOverflow(page)).toEqual([]);
  });
});

test("[portal] the 'Sort by' select is named by its visible label", async ({ page, signIn }) => {
  await signIn(page, "investor");
  await openPortal(page);
  const sort = page.getByRole("combobox", { name: "Sort by" });
  await expect(sort).toHaveAccessibleName("Sort by");
  // A choice made before the page has hydrated changes only the element; the next one reaches the app.
  await expect(async () => {
    await sort.selectOption("title");
    await expect(page).toHaveURL(/sort=title/, { timeout: 1000 });
  }).toPass();
});

// ------------------------------------------------------------------ accessibility

async function expectNoSeriousA11yViolations(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${what} ${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

test("[a11y] axe finds no serious or critical violations in the portal", async ({ page, browser, signIn }) => {
  test.setTimeout(180_000); // axe takes several seconds per page on a small machine
  await signIn(page, "admin");
  for (const tab of ["", "?tab=portfolio", "?tab=press"]) {
    await openPortal(page, tab);
    await expectNoSeriousA11yViolations(page, `admin ${tab || "documents"}`);
  }
  const context = await openBrowser(browser);
  const regular = await context.newPage();
  await signIn(regular, "regular");
  await openPortal(regular);
  await expectNoSeriousA11yViolations(regular, "regular");
  await regular.getByRole("button", { name: "Apply for Investor Access" }).click();
  await expect(regular.getByRole("dialog", { name: "Apply for Investor Access" })).toBeVisible();
  await expectNoSeriousA11yViolations(regular, "apply dialog");
  await context.close();
});

// ------------------------------------------------------------------ mobile

test("[portal] @mobile the investor portal reads well on a phone", async ({ page, signIn }) => {
  test.slow(); // a whole workflow with several server round trips
  await signIn(page, "investor");
  await openPortal(page);
  await expect(page.getByRole("heading", { name: "Quick Actions" })).toBeVisible();
  await expect(documentRows(page).first()).toBeVisible();
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download Annual Report 2025" }).click();
  expect((await downloadPromise).suggestedFilename()).toBe("annual-report-2025.pdf");
  await page.getByRole("button", { name: "Portfolio Update" }).click();
  await expect(page.getByTestId("portfolio-card").first()).toBeVisible();
  await page.getByRole("tab", { name: /^Press Releases/ }).click();
  await expect(page.getByTestId("press-row").first()).toBeVisible();
});

test("[portal] @mobile a regular member applies for access on a phone", async ({ page, signIn }) => {
  await signIn(page, "regular", { fresh: true }); // this test applies for investor access
  await openPortal(page);
  const dialog = await fillApplication(page, {
    company: "Nile Family Office",
    position: "Partner",
    motivation: "We would like to review the annual reports before investing.",
  });
  await dialog.getByRole("button", { name: "Submit Application" }).click();
  await expect(page.getByTestId("application-status").getByText("Pending")).toBeVisible();
});
