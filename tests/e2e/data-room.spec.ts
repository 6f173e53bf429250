import { readFile } from "node:fs/promises";
import type { APIRequestContext, Page, Response } from "@playwright/test";
import { makePdf, pdfPages } from "../helpers/pdf";
import { expect, openBrowser, registerMember, test, uid } from "./fixtures";

// The tests add documents and change their access: the library is put back after each test.
test.use({ restoresContent: true });

/** An investor whose name is Arabic, as many of the site's investors' are. */
const ARABIC_NAME = "أحمد علي المصري";

/** Registers a member with an Arabic name on `page`'s browser, applies for investor access and has the admin approve it. */
async function arabicInvestor(page: Page, adminApi: APIRequestContext, mailbox: Parameters<typeof registerMember>[1]) {
  const account = await registerMember(page.request, mailbox, { email: `ahmed-${uid()}@e2e.test`, password: "investor password 1", fullName: ARABIC_NAME });
  const applied = await page.request.post("/api/investor-applications", {
    data: { company: "Delta Family Office", position: "Partner", motivation: "We review the board packs before each investment committee." },
  });
  expect(applied.ok()).toBe(true);
  const approved = await adminApi.post(`/api/admin/investor-applications/${(await applied.json()).id}/approve`);
  expect(approved.ok()).toBe(true);
  return account;
}

/** An Investor Only PDF of `pages` pages, downloadable stamped, that requires the confidentiality notice. */
async function confidentialPdf(adminApi: APIRequestContext, pages: number) {
  const title = `Board pack ${uid()}`;
  const made = await adminApi.post("/api/admin/documents", {
    multipart: {
      title,
      isPublic: "false",
      file: { name: "board-pack.pdf", mimeType: "application/pdf", buffer: Buffer.from(await makePdf(pages, "Board pack")) },
    },
  });
  expect(made.status()).toBe(201);
  const doc = await made.json();
  const access = await adminApi.put(`/api/admin/documents/${doc.id}/access`, {
    data: { restricted: false, expiresAt: null, downloadMode: "stamped", requiresConfidentiality: true, updatedAt: doc.updatedAt },
  });
  expect(access.status()).toBe(200);
  return { id: doc.id as number, title };
}

const publishNotice = async (adminApi: APIRequestContext, n: number) => {
  const res = await adminApi.post("/api/admin/confidentiality", {
    data: {
      text: `Version ${n}: the documents in this data room are confidential and may not be shared or copied.`,
      textAr: `الإصدار ${n}: المستندات في غرفة البيانات هذه سرية ولا يجوز مشاركتها أو نسخها.`,
    },
  });
  expect(res.status()).toBe(201);
};

/** Every answer of the site's API the page received: address, status and type. */
function recordApi(page: Page) {
  const seen: { url: string; status: number; type: string; response: Response }[] = [];
  page.on("response", (response) => {
    if (new URL(response.url()).pathname.startsWith("/api/"))
      seen.push({ url: response.url(), status: response.status(), type: response.headers()["content-type"] ?? "", response });
  });
  return seen;
}

const pageImage = (page: Page, n: number, of: number) => page.getByRole("img", { name: `الصفحة ${n} من ${of}` });

test("[data room] an investor with an Arabic name reads a confidential PDF: asked once per notice version, watermarked pages, never the file; a stamped download; revocation and expiry shut every door", async ({
  page,
  adminApi,
  mailbox,
  browser,
  signIn,
}, testInfo) => {
  test.slow();
  await arabicInvestor(page, adminApi, mailbox);
  await publishNotice(adminApi, 1);
  const doc = await confidentialPdf(adminApi, 3);
  const api = recordApi(page);

  // The notice first, in Arabic; then the pages.
  await page.goto(`/ar/investor-portal/documents/${doc.id}`);
  const notice = page.getByRole("dialog", { name: "إشعار السرية" });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("الإصدار 1: المستندات في غرفة البيانات هذه سرية");
  await notice.getByRole("button", { name: "أوافق" }).click();
  await expect(notice).toBeHidden();
  const first = pageImage(page, 1, 3);
  await expect(first).toBeVisible();
  await expect.poll(() => first.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  await first.screenshot({ path: testInfo.outputPath("watermark-arabic-name.png") });

  // Nothing the browser received was the PDF: page images are WebP, and no answer is a PDF.
  const images = api.filter((r) => /\/api\/document-views\/[^/]+\/pages\/\d+\?/.test(r.url) && r.status === 200);
  expect(images.length).toBeGreaterThan(0);
  for (const r of images) expect(r.type).toBe("image/webp");
  for (const r of api) {
    expect(r.type).not.toContain("pdf");
    if (r.status === 200) expect((await r.response.body()).subarray(0, 5).toString("latin1")).not.toBe("%PDF-");
  }
  const oldImage = images[0].url;

  // Reading time: page 1 stays on screen, then the reader moves on and leaves (the last report is a beacon).
  await page.waitForTimeout(3_000);
  await page.getByRole("button", { name: "الصفحة التالية" }).click();
  await expect(page.getByText("الصفحة 2 من 3", { exact: true })).toBeAttached();
  await page.waitForTimeout(2_500);

  // A stamped download: every page carries the watermark image.
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "تنزيل (نسخة تحمل اسمك)" }).click();
  const download = await downloading;
  const bytes = await readFile((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  expect(await pdfPages(bytes)).toEqual({ count: 3, withImage: 3 });

  // Leaving the page sends what is left of the reading time.
  await page.goto("/ar/investor-portal");
  await expect
    .poll(async () => {
      const report = await (await adminApi.get(`/api/admin/documents/${doc.id}/reading`)).json();
      return report.pages[0].totalMs;
    })
    .toBeGreaterThan(2_000);
  const report = await (await adminApi.get(`/api/admin/documents/${doc.id}/reading`)).json();
  expect(report.readers).toBe(1);
  expect(report.downloads).toBe(1);
  expect(report.viewList.find((v: { kind: string }) => v.kind === "view").fullName).toBe(ARABIC_NAME);

  // The admin sees that time per page in the dashboard, with the reader's name.
  const adminContext = await openBrowser(browser);
  const adminPage = await adminContext.newPage();
  await signIn(adminPage, "admin");
  await adminPage.goto("/admin/documents");
  const row = adminPage.getByRole("row").filter({ hasText: doc.title });
  await row.getByRole("button", { name: `More actions for ${doc.title}` }).click();
  await adminPage.getByRole("menuitem", { name: "Reading analytics…" }).click();
  const analytics = adminPage.getByRole("dialog", { name: /Reading analytics/ });
  const strip = analytics.getByRole("list", { name: "Time on screen per page" });
  await expect(strip.getByRole("listitem")).toHaveCount(3);
  await expect(strip.getByRole("listitem").first()).toHaveText(/^Page 1: (\d+ min )?\d+ s, 1 reader$/);
  await expect(strip.getByRole("listitem").first()).not.toHaveText(/^Page 1: 0 s/);
  await expect(analytics).toContainText(ARABIC_NAME);
  await adminContext.close();

  // Accepted once: opening it again asks nothing. A new version of the notice asks again.
  await page.goto(`/ar/investor-portal/documents/${doc.id}`);
  await expect(pageImage(page, 1, 3)).toBeVisible();
  await expect(notice).toHaveCount(0);
  await publishNotice(adminApi, 2);
  await page.reload();
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("الإصدار 2");
  await notice.getByRole("button", { name: "أوافق" }).click();
  await expect(pageImage(page, 1, 3)).toBeVisible();

  // Revoked: the old page address, the download and the viewer all refuse; the page says so.
  expect((await adminApi.post(`/api/admin/documents/${doc.id}/revoke`)).ok()).toBe(true);
  expect((await page.request.get(oldImage)).status()).toBe(404);
  expect((await page.request.get(`/api/documents/${doc.id}/download`)).status()).toBe(404);
  await page.reload();
  await expect(page.getByRole("heading", { name: "لم تعد هذه الوثيقة متاحة" })).toBeVisible();

  // Given back, then expired: the same.
  expect((await adminApi.post(`/api/admin/documents/${doc.id}/reinstate`)).ok()).toBe(true);
  await page.reload();
  await expect(pageImage(page, 1, 3)).toBeVisible();
  const current = (await (await adminApi.get("/api/admin/documents")).json()).find((d: { id: number }) => d.id === doc.id);
  const expire = await adminApi.put(`/api/admin/documents/${doc.id}/access`, {
    data: {
      restricted: false,
      expiresAt: new Date(Date.now() - 1_000).toISOString(),
      downloadMode: "stamped",
      requiresConfidentiality: true,
      updatedAt: current.updatedAt,
    },
  });
  expect(expire.status()).toBe(200);
  const latestImage = api.filter((r) => /\/pages\/\d+\?/.test(r.url) && r.status === 200).at(-1)!.url;
  expect((await page.request.get(latestImage)).status()).toBe(404);
  expect((await page.request.get(`/api/documents/${doc.id}/download`)).status()).toBe(404);
  expect((await page.request.get("/api/documents")).ok()).toBe(true);
  expect(((await (await page.request.get("/api/documents")).json()) as { id: number }[]).some((d) => d.id === doc.id)).toBe(false);
  await page.reload();
  await expect(page.getByRole("heading", { name: "لم تعد هذه الوثيقة متاحة" })).toBeVisible();
});
