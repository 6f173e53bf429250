import { readFileSync } from "node:fs";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import type { SmtpServer } from "../helpers/smtp";
import { expect, registerMember, test, uid, type SignIn } from "./fixtures";

// Uploaded documents and their categories show in the investors' portal: they are removed after each test.
test.use({ restoresContent: true });

const SEED_FILES = path.resolve(import.meta.dirname, "../../server/db/seed/files");
const pdf = () => readFileSync(path.join(SEED_FILES, "annual-report-2025.pdf"));

async function openDocuments(page: Page, signIn: SignIn) {
  await signIn(page, "admin");
  await page.goto("/admin/documents");
  await expect(page.getByRole("heading", { name: "Documents", level: 2 })).toBeVisible();
  await expect(page.getByRole("table", { name: "Documents" })).toBeVisible();
}

/** Uploads through the API (the admin's cookies) so a test starts from a known document. */
async function uploadViaApi(page: Page, title: string, fields: Record<string, string> = {}) {
  const res = await page.request.post("/api/admin/documents", {
    multipart: { title, isPublic: "false", ...fields, file: { name: "report.pdf", mimeType: "application/pdf", buffer: pdf() } },
  });
  if (!res.ok()) throw new Error(`upload failed: ${res.status()} ${await res.text()}`);
  return (await res.json()) as { id: number; title: string };
}

const rowOf = (page: Page, title: string) => page.getByRole("row").filter({ hasText: title });

test.describe("[admin documents]", () => {
  test("the library lists every document with category, visibility, size and downloads", async ({ page, signIn }) => {
    await openDocuments(page, signIn);
    const table = page.getByRole("table", { name: "Documents" });
    await expect(table.getByRole("columnheader")).toHaveText(["Title", "Category", "Period", "Visibility", "Size", "Downloads", "Actions"]);
    const report = rowOf(page, "Annual Report 2025");
    await expect(report).toContainText("Financial Reports");
    await expect(report).toContainText("Investor Only");
    await expect(rowOf(page, "Corporate Profile 2026")).toContainText("Public");
  });

  test("uploading a PDF shows a progress bar, then the new row", async ({ page, signIn }) => {
    await openDocuments(page, signIn);
    const title = `Board Pack ${uid()}`;
    // Hold the upload until the progress bar has been seen, then let it through.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/admin/documents", async (route) => {
      if (route.request().method() === "POST") await gate;
      await route.continue();
    });

    await page.getByRole("button", { name: "Upload Document" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Document" });
    await dialog.locator('input[type="file"]').setInputFiles({ name: "board-pack-q3.pdf", mimeType: "application/pdf", buffer: pdf() });
    await expect(dialog.getByLabel("Title", { exact: true })).toHaveValue("Board pack q3");
    await dialog.getByLabel("Title", { exact: true }).fill(title);
    await dialog.getByLabel("Description", { exact: true }).fill("Papers for the October board meeting.");
    await dialog.getByLabel("Category").selectOption({ label: "Governance" });
    await dialog.getByRole("button", { name: "Upload Document" }).click();
    await expect(dialog.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Uploading..." })).toBeDisabled();
    release();

    await expect(page.getByText("Document uploaded")).toBeVisible();
    await expect(dialog).toBeHidden();
    const row = rowOf(page, title);
    await expect(row).toContainText("Governance");
    await expect(row).toContainText("Investor Only");
    await expect(row).toContainText("PDF");
  });

  test("a disguised file is refused with the server's reason", async ({ page, signIn }) => {
    await openDocuments(page, signIn);
    await page.getByRole("button", { name: "Upload Document" }).click();
    const dialog = page.getByRole("dialog", { name: "Upload Document" });
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: "invoice.pdf", mimeType: "application/pdf", buffer: Buffer.from("MZ this is not a PDF at all") });
    await dialog.getByRole("button", { name: "Upload Document" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Only PDF, Word (DOCX), Excel (XLSX) and PowerPoint (PPTX) files can be uploaded.");
    await expect(page.getByText("Upload failed")).toBeVisible();
    // The browser refuses an unsupported type before sending anything.
    await dialog.locator('input[type="file"]').setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("hello") });
    await expect(dialog.getByRole("alert")).toContainText("Only PDF, Word");
  });

  test("editing changes visibility and category; a stale edit is explained", async ({ page, signIn }) => {
    await openDocuments(page, signIn);
    const doc = await uploadViaApi(page, `Policy ${uid()}`);
    await page.reload();
    const row = rowOf(page, doc.title);
    await row.getByRole("button", { name: `Edit ${doc.title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Edit Document" });
    await dialog.getByLabel("Category").selectOption({ label: "Governance" });
    await dialog.getByRole("switch", { name: "Public document" }).click();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Document updated")).toBeVisible();
    await expect(row).toContainText("Public");
    await expect(row).toContainText("Governance");

    // Someone else saves in between: this dialog still holds the old version.
    await row.getByRole("button", { name: `Edit ${doc.title}` }).click();
    await page.request.put(`/api/admin/documents/${doc.id}`, { data: { title: `${doc.title} (theirs)`, isPublic: true, categoryId: null } });
    await dialog.getByLabel("Title", { exact: true }).fill(`${doc.title} (mine)`);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Edit conflict")).toBeVisible();
    await expect(rowOf(page, `${doc.title} (theirs)`)).toBeVisible();
  });

  test("the access log shows who downloaded, when, from where, with the count", async ({ page, signIn }) => {
    await openDocuments(page, signIn);
    const doc = await uploadViaApi(page, `Statements ${uid()}`);
    expect((await page.request.get(`/api/documents/${doc.id}/download`)).ok()).toBe(true);
    expect((await page.request.get(`/api/documents/${doc.id}/download`)).ok()).toBe(true);
    await page.reload();
    const row = rowOf(page, doc.title);
    await expect(row.getByRole("button", { name: /^2 downloads of/ })).toBeVisible();
    await row.getByRole("button", { name: `Access log of ${doc.title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Access Log" });
    await expect(dialog.getByText("Downloads")).toBeVisible();
    const log = dialog.getByRole("table", { name: `Access log of ${doc.title}` });
    await expect(log.getByRole("row")).toHaveCount(3);
    await expect(log).toContainText("admin@e2e.test");
    await expect(log).toContainText("127.0.0.1");
  });

  test("the access log marks refused attempts, anonymous or without investor access", async ({ page, playwright, baseURL, signIn, mailbox }) => {
    test.slow(); // an upload, a new member registered and confirmed, three downloads, the dashboard loaded twice
    await openDocuments(page, signIn);
    const doc = await uploadViaApi(page, `Board Minutes ${uid()}`);
    await refusedAttempts(playwright, baseURL!, doc.id, mailbox);
    expect((await page.request.get(`/api/documents/${doc.id}/download`)).ok()).toBe(true);
    await page.reload();
    const row = rowOf(page, doc.title);
    // Refusals are not downloads.
    await expect(row.getByRole("button", { name: /^1 downloads of/ })).toBeVisible();
    await row.getByRole("button", { name: `Access log of ${doc.title}` }).click();
    const dialog = page.getByRole("dialog", { name: "Access Log" });
    const log = dialog.getByRole("table", { name: `Access log of ${doc.title}` });
    await expect(log.getByRole("row")).toHaveCount(4);
    const anonymous = log.getByRole("row").filter({ hasText: "Anonymous visitor" });
    await expect(anonymous).toContainText("Refused");
    await expect(anonymous).toContainText("127.0.0.1");
    await expect(log.getByRole("row").filter({ hasText: "Rana Regular" })).toContainText("Refused");
    await expect(log.getByRole("row").filter({ hasText: "admin@e2e.test" })).not.toContainText("Refused");
    await expect(dialog.getByRole("definition").nth(0)).toHaveText("1");
    await expect(dialog.getByRole("definition").nth(1)).toHaveText("2");
  });

  test("the access log with refused attempts fits a phone @mobile", async ({ page, playwright, baseURL, signIn, mailbox }) => {
    test.slow(); // an upload, a new member registered and confirmed, two refused downloads, the dashboard loaded twice
    await page.setViewportSize({ width: 390, height: 844 });
    await openDocuments(page, signIn);
    const doc = await uploadViaApi(page, `Board Minutes ${uid()}`);
    await refusedAttempts(playwright, baseURL!, doc.id, mailbox);
    await page.reload();
    // The table scrolls sideways on a phone; open the log from the row's action.
    await rowOf(page, doc.title)
      .getByRole("button", { name: `Access log of ${doc.title}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Access Log" });
    const log = dialog.getByRole("table", { name: `Access log of ${doc.title}` });
    await expect(log.getByRole("row")).toHaveCount(3);
    await expect(log.getByRole("row").filter({ hasText: "Anonymous visitor" }).getByText("Refused")).toBeInViewport();
    // Nothing in the dialog needs sideways scrolling: the address moves under the time.
    const overflow = await log.evaluate((table) => table.parentElement!.scrollWidth - table.parentElement!.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(log.getByRole("row").filter({ hasText: "Anonymous visitor" })).toContainText("127.0.0.1");
  });

  test("deleting asks first, then removes the row", async ({ page, signIn }) => {
    await openDocuments(page, signIn);
    const doc = await uploadViaApi(page, `Draft ${uid()}`);
    await page.reload();
    await rowOf(page, doc.title)
      .getByRole("button", { name: `Delete ${doc.title}` })
      .click();
    const dialog = page.getByRole("dialog", { name: "Delete this document?" });
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(rowOf(page, doc.title)).toBeVisible();
    await rowOf(page, doc.title)
      .getByRole("button", { name: `Delete ${doc.title}` })
      .click();
    await dialog.getByRole("button", { name: "Delete Document" }).click();
    await expect(page.getByText("Document deleted")).toBeVisible();
    await expect(rowOf(page, doc.title)).toHaveCount(0);
    expect((await page.request.get(`/api/documents/${doc.id}/download`)).status()).toBe(404);
  });

  test("categories: add in both languages, rename, refuse a duplicate, delete keeping documents", async ({ page, signIn }) => {
    await openDocuments(page, signIn);
    const name = `Legal ${uid()}`;
    const nameAr = `الشؤون القانونية ${uid()}`;
    await page.getByRole("button", { name: "Manage Categories" }).click();
    const dialog = page.getByRole("dialog", { name: "Document Categories" });
    const addForm = dialog.getByRole("form", { name: "Add a category" });
    await addForm.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await addForm.getByRole("textbox", { name: "Description", exact: true }).fill("Contracts and filings");
    const nameArField = addForm.getByRole("textbox", { name: "Name (Arabic)", exact: true });
    await expect(nameArField).toHaveAttribute("dir", "rtl");
    await nameArField.fill(nameAr);
    await addForm.getByRole("textbox", { name: "Description (Arabic)", exact: true }).fill("العقود والإفصاحات");
    await addForm.getByRole("button", { name: "Add Category" }).click();
    await expect(page.getByText("Category added")).toBeVisible();
    const list = dialog.getByRole("list", { name: "Categories" });
    await expect(list).toContainText(name);
    // Arabic pages name the category in Arabic.
    const arabic = (await (await page.request.get("/api/document-categories?lang=ar")).json()) as { name: string; description: string }[];
    expect(arabic).toContainEqual(expect.objectContaining({ name: nameAr, description: "العقود والإفصاحات" }));
    await expect(nameArField).toHaveValue("");

    await addForm.getByRole("textbox", { name: "Name", exact: true }).fill("governance");
    await addForm.getByRole("button", { name: "Add Category" }).click();
    await expect(addForm.getByRole("alert")).toHaveText("A category with this name already exists");

    await list.getByRole("button", { name: `Rename ${name}` }).click();
    const rename = list.getByRole("form", { name: `Rename ${name}` });
    await rename.getByRole("textbox", { name: "Name", exact: true }).fill(`${name} & Compliance`);
    await rename.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Category updated")).toBeVisible();
    await expect(list).toContainText(`${name} & Compliance`);

    await list.getByRole("button", { name: `Delete ${name} & Compliance` }).click();
    await list
      .getByRole("group", { name: `Confirm deleting ${name} & Compliance` })
      .getByRole("button", { name: "Delete" })
      .click();
    await expect(page.getByText("Category deleted")).toBeVisible();
    await expect(list).not.toContainText(name);
  });

  test("the documents tab reads well on a phone @mobile", async ({ page, signIn }) => {
    await openDocuments(page, signIn);
    await expect(rowOf(page, "Annual Report 2025")).toBeVisible();
  });
});

async function applicant(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string,
  mailbox: SmtpServer,
  name: string,
) {
  const ctx = await playwright.request.newContext({ baseURL });
  const email = `applicant-${uid()}@e2e.test`;
  await registerMember(ctx, mailbox, { email, fullName: name, password: "applicant-password" });
  const app = await ctx.post("/api/investor-applications", {
    data: {
      company: `${name.split(" ")[1]} Capital`,
      position: "Managing Partner",
      motivation: "We want to review the annual reports before co-investing in logistics.",
    },
  });
  if (!app.ok()) throw new Error(`apply failed ${app.status()}`);
  return { ctx, email };
}

test.describe("[admin applications]", () => {
  test("approve and reject pending applications; the filter shows each status", async ({ page, playwright, baseURL, signIn, mailbox }) => {
    const amal = await applicant(playwright, baseURL!, mailbox, `Amal Haddad${uid()}`);
    const omar = await applicant(playwright, baseURL!, mailbox, `Omar Saleh${uid()}`);
    await signIn(page, "admin");
    await page.goto("/admin/applications");
    await expect(page.getByRole("heading", { name: "Investor Applications", level: 2 })).toBeVisible();
    const filters = page.getByRole("group", { name: "Filter applications by status" });
    await expect(filters.getByRole("button", { name: /^Pending/ })).toHaveAttribute("aria-pressed", "true");
    const amalRow = page.getByRole("row").filter({ hasText: amal.email });
    const omarRow = page.getByRole("row").filter({ hasText: omar.email });
    await expect(amalRow).toContainText("Pending");

    await amalRow.getByRole("button", { name: /^Approve/ }).click();
    await expect(page.getByText("Application approved")).toBeVisible();
    // Decided applications leave the Pending view.
    await expect(amalRow).toHaveCount(0);
    await expect((await (await amal.ctx.get("/api/user")).json()).role).toBe("investor");

    await omarRow.getByRole("button", { name: /^View application/ }).click();
    const dialog = page.getByRole("dialog", { name: /^Application from Omar Saleh/ });
    await expect(dialog).toContainText("We want to review the annual reports");
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(page.getByText("Application rejected")).toBeVisible();
    await expect((await (await omar.ctx.get("/api/user")).json()).role).toBe("regular");

    await filters.getByRole("button", { name: /^Approved/ }).click();
    await expect(amalRow).toContainText("Approved");
    await expect(amalRow).toContainText("You");
    await expect(omarRow).toHaveCount(0);
    await filters.getByRole("button", { name: /^Rejected/ }).click();
    await expect(omarRow).toContainText("Rejected");
    await amal.ctx.dispose();
    await omar.ctx.dispose();
  });

  test("a decision another admin already made is explained and refreshed", async ({ page, playwright, baseURL, signIn, mailbox }) => {
    const lina = await applicant(playwright, baseURL!, mailbox, `Lina Fares${uid()}`);
    await signIn(page, "admin");
    await page.goto("/admin/applications");
    const row = page.getByRole("row").filter({ hasText: lina.email });
    await expect(row).toContainText("Pending");
    const list = (await (await page.request.get("/api/admin/investor-applications")).json()) as { id: number; email: string }[];
    const id = list.find((a) => a.email === lina.email)!.id;
    expect((await page.request.post(`/api/admin/investor-applications/${id}/reject`)).ok()).toBe(true);
    await row.getByRole("button", { name: /^Approve/ }).click();
    await expect(page.getByText("Failed to approve application")).toBeVisible();
    await expect(page.getByText("This application has already been reviewed.")).toBeVisible();
    await expect(row).toHaveCount(0);
    await lina.ctx.dispose();
  });
});

/** An anonymous visitor and a signed-in regular user both ask for an Investor Only document and are refused. */
async function refusedAttempts(
  playwright: { request: { newContext: (o: { baseURL?: string }) => Promise<APIRequestContext> } },
  baseURL: string,
  id: number,
  mailbox: SmtpServer,
) {
  const anonymous = await playwright.request.newContext({ baseURL });
  expect((await anonymous.get(`/api/documents/${id}/download`)).status()).toBe(401);
  await anonymous.dispose();
  const regular = await playwright.request.newContext({ baseURL });
  const email = `refused-${uid()}@e2e.test`;
  await registerMember(regular, mailbox, { email, fullName: "Rana Regular", password: "regular-password" });
  expect((await regular.get(`/api/documents/${id}/download`)).status()).toBe(404);
  await regular.dispose();
}
