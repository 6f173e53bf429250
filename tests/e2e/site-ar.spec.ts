import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/** The Arabic public site: language and direction, Arabic texts, the language switch, mirrored icons, phones, axe. */

const header = (page: Page) => page.locator("header").first();

async function goto(page: Page, path: string) {
  await page.goto(path);
  await expect(header(page)).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
}

async function expectArabic(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
}

/** The horizontal scale of an element's computed transform or scale (-1 when mirrored). */
const scaleX = (el: Locator) =>
  el.evaluate((node) => {
    const style = getComputedStyle(node);
    if (style.scale && style.scale !== "none") return Number(style.scale.split(" ")[0]);
    return style.transform === "none" ? 1 : new DOMMatrixReadOnly(style.transform).a;
  });

async function expectNoSeriousAxe(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const bad = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(bad.map((v) => `${what} ${v.id}: ${v.nodes.map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
}

const firstReleaseId = async (page: Page) => {
  const list = (await (await page.request.get("/api/press-releases")).json()) as { id: number }[];
  return list[0].id;
};

test("[site-ar] the Arabic home page: lang/dir, Arabic headings and buttons, mirrored arrows", async ({ page }) => {
  await page.goto("/ar");
  await expect(page.locator("#home")).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
  await expectArabic(page);
  await expect(page).toHaveTitle(/استثمارات استراتيجية/);
  await expect(page.getByRole("heading", { level: 2, name: "نصنع الأثر في الأسواق الناشئة" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "أثرنا العالمي" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "عن الشركة" })).toBeAttached();
  await expect(page.getByRole("heading", { name: "محفظتنا الاستثمارية" })).toBeAttached();
  await expect(page.getByRole("heading", { name: "فريق القيادة" })).toBeAttached();
  await expect(page.getByRole("heading", { name: "أرسل إلينا رسالة" })).toBeAttached();
  await expect(page.getByRole("button", { name: "إرسال الرسالة" })).toBeAttached();
  await expect(page.getByRole("link", { name: "عرض جميع البيانات الصحفية" })).toHaveAttribute("href", "/ar/press-releases");

  // The slide button's arrow points to the reading direction (mirrored).
  const slideButton = page.locator('[data-active="true"]').getByRole("link", { name: "محفظتنا الاستثمارية" });
  await expect(slideButton).toBeVisible();
  expect(await scaleX(slideButton.locator("svg"))).toBe(-1);

  // The slide dots run in reading order: the first dot is the rightmost one.
  const dots = page.getByRole("group", { name: "اختر شريحة" }).getByRole("button");
  await expect(dots).toHaveCount(3);
  const first = (await dots.nth(0).boundingBox())!;
  const last = (await dots.nth(2).boundingBox())!;
  expect(first.x).toBeGreaterThan(last.x);

  // Counters count in Western digits, as every number on an Arabic page does.
  const counters = page.locator("[data-counter]");
  await counters.first().scrollIntoViewIfNeeded();
  await expect.poll(async () => (await counters.allTextContents()).join(" ")).toMatch(/[1-9]/);
  expect((await counters.allTextContents()).join(" ")).not.toMatch(/[٠-٩]/);

  // The contact form posts to the Arabic home page without JavaScript; the e-mail field reads left to right.
  await expect(page.locator('form[aria-labelledby="contact-form-title"]')).toHaveAttribute("action", "/ar#contact");
  await expect(page.getByLabel("البريد الإلكتروني", { exact: true })).toHaveAttribute("dir", "ltr");
});

test("[site-ar] the Arabic press list, its search and the EN | AR switch that keeps the query", async ({ page }) => {
  await goto(page, "/press-releases?q=energy");
  await header(page).getByRole("link", { name: "AR", exact: true }).click();
  await expect(page).toHaveURL(/\/ar\/press-releases\?q=energy$/);
  await expectArabic(page);
  await expect(page.getByRole("heading", { level: 1, name: "البيانات الصحفية" })).toBeVisible();
  await expect(page.getByRole("searchbox", { name: "البحث في البيانات الصحفية" })).toHaveValue("energy");
  await header(page).getByRole("link", { name: "EN", exact: true }).click();
  await expect(page).toHaveURL(/\/press-releases\?q=energy$/);
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("heading", { level: 1, name: "Press Releases" })).toBeVisible();

  await goto(page, "/ar/press-releases");
  await expect(page.getByRole("heading", { level: 2, name: "أحدث البيانات" })).toBeVisible();
  await expect(page.getByRole("link", { name: "الكل" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: /موجز RSS/ })).toHaveAttribute("href", "/ar/rss.xml");
  const card = page.locator("article").filter({ hasText: "اقرأ المزيد" }).first();
  await expect(card.getByRole("link").first()).toHaveAttribute("href", /^\/ar\/press-releases\/\d+$/);
  expect(await scaleX(card.getByText("اقرأ المزيد").locator("svg"))).toBe(-1);
  await expectNoSeriousAxe(page, "press list");
});

test("[site-ar] an Arabic press release: back link mirrored, Arabic sidebar, social posts in Arabic", async ({ page }) => {
  const id = await firstReleaseId(page);
  await goto(page, `/ar/press-releases/${id}`);
  await expectArabic(page);
  const back = page.getByRole("link", { name: "العودة إلى البيانات الصحفية" });
  await expect(back).toHaveAttribute("href", "/ar/press-releases");
  expect(await scaleX(back.locator("svg"))).toBe(-1);
  await expect(page.getByRole("heading", { name: "المشاركة وصناعة المحتوى" })).toBeVisible();
  await page.getByRole("button", { name: "إنشاء محتوى لوسائل التواصل الاجتماعي" }).click();
  const dialog = page.getByRole("dialog", { name: "محتوى وسائل التواصل الاجتماعي" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("tab", { name: "LinkedIn" }).click();
  await expect(dialog.getByRole("textbox", { name: "منشور LinkedIn" })).toHaveValue(/اقرأ الإعلان كاملًا: http/);
  await expect(dialog.getByRole("button", { name: "إغلاق" }).first()).toBeVisible();
  await expectNoSeriousAxe(page, "press dialog");
  await page.keyboard.press("Escape");
  await expectNoSeriousAxe(page, "press detail");
});

test("[site-ar] Arabic search, legal page, site map and 404", async ({ page }) => {
  await goto(page, "/ar/search?q=energy");
  await expectArabic(page);
  await expect(page.getByRole("heading", { level: 1, name: "البحث في الموقع" })).toBeVisible();
  await expect(page.getByRole("button", { name: "بحث", exact: true })).toBeVisible();
  // The typed words are isolated (FSI … PDI) inside the Arabic sentence.
  await expect(page.getByRole("status")).toContainText(/ لـ «\u2068energy\u2069»: /);
  await expectNoSeriousAxe(page, "search");

  await goto(page, "/ar/privacy");
  await expectArabic(page);
  await expect(page.getByRole("heading", { level: 1, name: "سياسة الخصوصية" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "الصفحات القانونية" }).first().getByRole("link")).toHaveText([
    "سياسة الخصوصية",
    "شروط الخدمة",
    "سياسة ملفات تعريف الارتباط",
  ]);
  await expectNoSeriousAxe(page, "legal");

  await goto(page, "/ar/sitemap");
  await expect(page.getByRole("heading", { level: 1, name: "كل ما في هذا الموقع" })).toBeVisible();
  await expect(page.getByRole("link", { name: "موجز البيانات الصحفية (RSS)" })).toHaveAttribute("href", "/ar/rss.xml");
  await expectNoSeriousAxe(page, "site map");

  const res = await page.goto("/ar/no-such-page");
  expect(res?.status()).toBe(404);
  await expectArabic(page);
  await expect(page.getByRole("heading", { level: 1, name: "404 الصفحة غير موجودة" })).toBeVisible();
  await expect(page.getByRole("link", { name: "العودة إلى الصفحة الرئيسية" })).toHaveAttribute("href", "/ar");
});

test("[site-ar] the footer in Arabic: quick links, sectors, phone and e-mail left to right", async ({ page }) => {
  await goto(page, "/ar/press-releases");
  const footer = page.locator("footer");
  await expect(footer.getByRole("heading", { name: "روابط سريعة" })).toBeVisible();
  await expect(footer.getByText("الأمن الغذائي", { exact: true })).toBeVisible();
  await expect(footer.locator('a[href^="mailto:"]')).toHaveAttribute("dir", "ltr");
  await expect(footer.locator('a[href^="tel:"]')).toHaveAttribute("dir", "ltr");
  const legalLinks = footer.getByRole("navigation", { name: "الصفحات القانونية" }).getByRole("link");
  await expect(legalLinks.nth(-2)).toHaveText("خريطة الموقع");
  await expect(legalLinks.last()).toHaveText("مرجع واجهة البرمجة");
});

test.describe("on a 390 px phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("[site-ar] the Arabic home page on a phone: menu from the reading side with EN | AR, no sideways scroll @mobile", async ({ page }) => {
    await goto(page, "/ar");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
    const toggle = page.getByRole("button", { name: "فتح القائمة" });
    // The menu button sits at the end of the bar: the left in Arabic.
    expect((await toggle.boundingBox())!.x).toBeLessThan(page.viewportSize()!.width / 2);
    await toggle.tap();
    const menu = page.getByRole("navigation", { name: "قائمة الهاتف" });
    const home = menu.getByRole("link", { name: "الرئيسية", exact: true });
    await expect(home).toBeVisible();
    // Items start at the right (the reading side).
    const box = (await home.boundingBox())!;
    const menuBox = (await menu.boundingBox())!;
    expect(menuBox.x + menuBox.width - (box.x + box.width)).toBeLessThan(40);
    await expect(menu.getByRole("link", { name: "تسجيل الدخول / إنشاء حساب" })).toHaveAttribute("href", "/ar/auth");
    await expect(menu.getByRole("link", { name: "EN", exact: true })).toHaveAttribute("href", "/");
  });

  test("[site-ar] every Arabic public page fits a phone @mobile", async ({ page }) => {
    const id = await firstReleaseId(page);
    for (const path of ["/ar", "/ar/press-releases", `/ar/press-releases/${id}`, "/ar/search?q=energy", "/ar/privacy", "/ar/sitemap", "/ar/no-such-page"]) {
      await page.goto(path);
      await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(page.viewportSize()!.width);
    }
  });
});
