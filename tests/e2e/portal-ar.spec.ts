import type { Page } from "@playwright/test";
import { checkArabicPage, scaleX, screenshots } from "./arabic-page";
import { expect, test } from "./fixtures";

/** Opens the Arabic portal and waits until its streamed data has rendered. */
async function openArabicPortal(page: Page) {
  await page.goto("/ar/investor-portal");
  await expect(page.getByRole("heading", { name: "بوابة المستثمرين", level: 1 })).toBeVisible();
  await expect(page.getByText("جارٍ تحميل بوابة المستثمرين…")).toHaveCount(0);
}

test("[portal] anonymous visitors of /ar/investor-portal are sent to the Arabic sign-in page", async ({ page }) => {
  await page.goto("/ar/investor-portal");
  await expect(page).toHaveURL(/\/ar\/auth\?redirect=%2Far%2Finvestor-portal$/);
  await expect(page.getByRole("heading", { name: "بوابة المستثمرين", level: 1 })).toBeVisible();
});

test("[portal] an investor's Arabic portal: overview, tabs in reading order, the document library", async ({ page, signIn }) => {
  test.slow(); // three tabs, each checked with axe at two widths
  const account = await signIn(page, "investor");
  await openArabicPortal(page);
  await expect(page).toHaveTitle("بوابة المستثمرين | Meridian Crest Holdings");
  const main = page.locator("#main");
  await expect(main.getByText("مرحباً بعودتك،", { exact: true })).toBeVisible();
  await expect(main.getByRole("heading", { name: account.fullName })).toBeVisible();
  await expect(main.getByLabel("الصفة: مستثمر")).toHaveText("مستثمر");
  await expect(main.getByText("مسجّل الدخول باسم", { exact: true })).toBeVisible();
  await expect(main.getByRole("definition").filter({ hasText: "جميع الوثائق" })).toBeVisible();
  await expect(main.getByRole("heading", { name: "إجراءات سريعة" })).toBeVisible();
  await expect(main.getByRole("button", { name: "أحدث التقارير" })).toBeVisible();
  // Counters in Western digits, as every number on an Arabic page.
  await expect(page.getByTestId("documents-count")).toHaveText(/^[0-9]+$/);
  // The quick actions' arrows point the reading way.
  expect(await scaleX(page, '[data-testid="overview-card"] button svg.lucide-arrow-right')).toBe(-1);

  const tabs = page.getByRole("tablist", { name: "أقسام بوابة المستثمرين" }).getByRole("tab");
  await expect(tabs).toHaveCount(3);
  const [first, second] = [tabs.nth(0), tabs.nth(1)];
  await expect(first).toHaveText(/^مكتبة الوثائق/);
  await expect(second).toHaveText(/^شركات المحفظة/);
  await expect(first).toHaveAttribute("aria-selected", "true");
  expect((await first.boundingBox())!.x).toBeGreaterThan((await second.boundingBox())!.x);

  await expect(main.getByRole("heading", { name: "مكتبة الوثائق", level: 3 })).toBeVisible();
  await expect(main.getByLabel("ترتيب حسب")).toBeVisible();
  await expect(main.getByRole("tab", { name: "جميع الوثائق" })).toHaveAttribute("aria-selected", "true");
  // The seed's documents have Arabic titles: the library shows them, with no English-text note.
  const annual = page.getByTestId("document-row").filter({ hasText: "التقرير السنوي 2025" });
  await expect(annual.getByText("للمستثمرين فقط")).toBeVisible();
  // The library is the portal's table: dates in Latin digits.
  await expect(annual.getByText(/^نُشرت في \d{1,2} \S+ \d{4}$/)).toBeVisible();
  await expect(annual.getByRole("heading", { name: "التقرير السنوي 2025" }).locator("[lang=en]")).toHaveCount(0);
  await expect(annual.getByRole("link", { name: "تنزيل التقرير السنوي 2025" })).toBeVisible();
  await checkArabicPage(page, "portal-investor-documents");

  await second.click();
  await expect(main.getByRole("heading", { name: "شركات المحفظة", level: 3 })).toBeVisible();
  await expect(
    page
      .getByTestId("portfolio-card")
      .first()
      .getByText(/تاريخ الاستحواذ: [0-9]{4}$/),
  ).toBeVisible();
  await checkArabicPage(page, "portal-investor-portfolio");

  await tabs.nth(2).click();
  await expect(main.getByRole("heading", { name: "البيانات الصحفية", level: 3 })).toBeVisible();
  await expect(main.getByText(/، الأحدث أولاً$/)).toBeVisible();
  const readMore = page
    .getByTestId("press-row")
    .first()
    .getByRole("link", { name: /^اقرأ المزيد: / });
  await expect(readMore).toHaveAttribute("href", /^\/ar\/press-releases\/\d+$/);
  await checkArabicPage(page, "portal-investor-press");
});

test("[portal] a regular member's Arabic portal: access card, public documents and applying", async ({ page, signIn }) => {
  test.slow(); // a whole workflow with several server round trips
  await signIn(page, "regular", { fresh: true }); // this test applies for investor access
  await openArabicPortal(page);
  const main = page.locator("#main");
  await expect(main.getByText("مرحباً بعودتك،", { exact: true })).toBeVisible();
  await expect(main.getByLabel("الصفة: عضو مسجّل")).toBeVisible();
  await expect(main.getByRole("heading", { name: "يلزم الحصول على صلاحية المستثمر" })).toBeVisible();
  await expect(main.getByText("لا تملك حالياً صلاحية المستثمر. يُرجى تقديم طلب للحصول على صفة المستثمر للوصول إلى جميع مزايا البوابة ووثائقها.")).toBeVisible();
  await expect(main.getByRole("heading", { name: "الوثائق العامة" })).toBeVisible();
  await expect(main.getByText("للمستثمرين فقط")).toHaveCount(0);
  await expect(main.getByRole("tab", { name: /^شركات المحفظة/ })).toHaveCount(0);
  await checkArabicPage(page, "portal-regular");

  await main.getByRole("button", { name: "طلب صلاحية المستثمر" }).click();
  const dialog = page.getByRole("dialog", { name: "طلب صلاحية المستثمر" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("عرّفنا بنفسك وباهتماماتك الاستثمارية. يراجع أحد المسؤولين كل طلب.")).toBeVisible();
  await expect(dialog.getByText("لماذا ترغب في الحصول على صلاحية المستثمر؟ (بحد أدنى 20 حرفاً)")).toBeVisible();
  await dialog.getByRole("button", { name: "إرسال الطلب" }).click();
  await expect(dialog.getByRole("alert").first()).toBeVisible();
  await expect(dialog.getByRole("alert").first()).not.toHaveText(/^[a-z]+\.[A-Za-z0-9_.-]+$/);
  await screenshots(page, "portal-apply-dialog");

  await dialog.getByLabel("الشركة").fill("Nile Family Office");
  await dialog.getByLabel("المنصب").fill("Partner");
  await dialog.getByLabel("دوافع الطلب").fill("نرغب في الاطلاع على التقارير السنوية قبل ضخ أي استثمارات.");
  await dialog.getByRole("button", { name: "إرسال الطلب" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("تم إرسال الطلب", { exact: true })).toBeVisible();
  const status = main.getByTestId("application-status");
  await expect(status.getByText("طلبك قيد المراجعة")).toBeVisible();
  await expect(status.getByText("قيد المراجعة", { exact: true })).toBeVisible();
  await expect(status).toContainText("بصفتك Partner في Nile Family Office");
  await expect(main.getByRole("button", { name: "طلب صلاحية المستثمر" })).toHaveCount(0);
  await checkArabicPage(page, "portal-regular-pending");
});

test("[portal] an admin editing from the Arabic portal sees and keeps both languages of a release and a company", async ({ page, signIn }) => {
  await signIn(page, "admin");
  type Release = { id: number; title: string; titleAr: string | null; summary: string; summaryAr: string | null };
  const releases = (await (await page.request.get("/api/press-releases")).json()) as { id: number }[];
  const release = (await (await page.request.get(`/api/press-releases/${releases[0].id}`)).json()) as Release;
  expect(release.titleAr).toBeTruthy();

  await page.goto("/ar/investor-portal?tab=press");
  await expect(page.getByText("جارٍ تحميل بوابة المستثمرين…")).toHaveCount(0);
  await page.getByRole("button", { name: `تعديل ${release.titleAr}`, exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "تعديل البيان الصحفي" });
  await expect(dialog.getByLabel("العنوان", { exact: true })).toHaveValue(release.title);
  await expect(dialog.getByLabel("العنوان (بالعربية)", { exact: true })).toHaveValue(release.titleAr!);
  await expect(dialog.getByLabel("الملخص (بالعربية)", { exact: true })).toHaveValue(release.summaryAr!);
  await dialog.getByRole("button", { name: "إلغاء" }).click();
  await expect(dialog).toBeHidden();

  type Company = { id: number; name: string; description: string; descriptionAr: string | null };
  const companies = (await (await page.request.get("/api/portfolio")).json()) as { id: number }[];
  const company = (await (await page.request.get(`/api/portfolio/${companies[0].id}`)).json()) as Company;
  expect(company.descriptionAr).toBeTruthy();
  await page.getByRole("tab", { name: /^شركات المحفظة/ }).click();
  await page.getByRole("button", { name: `تعديل ${company.name}`, exact: true }).click();
  const form = page.getByRole("dialog", { name: "تعديل شركة في المحفظة" });
  await expect(form.getByLabel("الوصف", { exact: true })).toHaveValue(company.description);
  await expect(form.getByLabel("الوصف (بالعربية)", { exact: true })).toHaveValue(company.descriptionAr!);
});
