import { axeProblems } from "./axe";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { HOMEPAGE_LIMIT_TOAST } from "../../shared/rules";
import { expect, test, uid } from "./fixtures";

// The Arabic dashboard at /ar/admin: right to left, every text from the Arabic catalogs, Latin digits in tables.
// Releases a test adds or switches are put back after it.
test.use({ restoresContent: true });

/** Screenshots are artefacts, not assertions: written only when ADMIN_SHOTS names a folder (e.g. /tmp/shots-admin). */
const SHOTS = process.env.ADMIN_SHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await mkdir(SHOTS, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  // A phone page is too tall to look at whole: its top as well.
  if (width < 500) await page.screenshot({ path: path.join(SHOTS, `${name}-${width}-top.png`), clip: { x: 0, y: 0, width, height: 1400 }, fullPage: true });
}

async function axeClean(page: Page, what: string, include?: string) {
  expect((await axeProblems(page, include)).map((p) => `${what} ${p}`)).toEqual([]);
}

async function noSideScroll(page: Page) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  expect(scroll).toBeLessThanOrEqual(client);
}

/** A screen's link in the dashboard's navigation. */
const screenLink = (page: Page, name: string) => page.getByRole("navigation", { name: "شاشات لوحة الإدارة" }).getByRole("link", { name });

/** Every tab: its name in the tab list, its heading and (for the tables) its column headers. */
const TABS = [
  { tab: "portfolio", name: "إدارة المحفظة", heading: "إدارة المحفظة", table: "شركات المحفظة", columns: ["الاسم", "الشعار", "القطاع", "الحالة"] },
  {
    tab: "press",
    name: "البيانات الصحفية",
    heading: "البيانات الصحفية",
    table: "البيانات الصحفية",
    columns: ["العنوان", "الشركة", "التاريخ", "القطاع", "مميز", "الصفحة الرئيسية", "الواجهة"],
  },
  {
    tab: "contact",
    name: "رسائل التواصل",
    heading: "رسائل نموذج التواصل",
    table: "رسائل نموذج التواصل",
    columns: ["الاسم", "البريد الإلكتروني", "الموضوع", "الرسالة", "التاريخ"],
  },
  { tab: "documents", name: "الوثائق", heading: "الوثائق", table: "الوثائق", columns: ["العنوان", "الفئة", "الفترة", "الإتاحة", "الحجم", "التنزيلات"] },
  {
    tab: "applications",
    name: "طلبات المستثمرين",
    heading: "طلبات المستثمرين",
    table: "طلبات المستثمرين",
    columns: ["مقدّم الطلب", "الشركة", "دوافع الطلب", "تاريخ التقديم", "الحالة"],
  },
  { tab: "settings", name: "الإعدادات", heading: "إعدادات الموقع", table: null, columns: [] },
] as const;

/** The text of a release made through the API (its title is added per release). */
const RELEASE = {
  summary: "A short summary of the announcement for the cards.",
  content: "The full text of the announcement, long enough to pass the fifty character minimum.",
  date: "2026-01-15",
  company: "BravoPay",
  sector: "Financial",
  publication: "published",
};

async function createRelease(page: Page, over: Record<string, unknown> = {}) {
  const res = await page.request.post("/api/press-releases", { data: { title: `E2E release ${uid()}`, ...RELEASE, ...over } });
  expect(res.ok()).toBe(true);
  return (await res.json()) as { id: number; title: string };
}

/** A toast (sonner) with this exact title. */
const toast = (page: Page, title: string) => page.locator("[data-sonner-toast]").getByText(title, { exact: true });

test("[admin-ar] every tab in Arabic: lang and dir, heading, column headers, Latin digits, axe clean", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn(page, "admin");
  await page.goto("/ar/admin");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page).toHaveTitle("لوحة الإدارة | Meridian Crest Holdings");
  await expect(page.getByRole("heading", { level: 1, name: "لوحة الإدارة" })).toBeVisible();
  await expect(page.getByText("مواضع الصفحة الرئيسية")).toBeVisible();
  // Figures in Western digits ('3/3', not '٣/٣'), as everywhere on Arabic pages.
  await expect(page.locator("dl dd").first()).toHaveText(/[0-9]/);
  await expect(page.locator("dl dd").first()).not.toHaveText(/[٠-٩]/);

  for (const t of TABS) {
    await page.goto(`/ar/admin${t.tab === "portfolio" ? "" : `/${t.tab}`}`);
    await expect(screenLink(page, t.name)).toHaveAttribute("aria-current", "page");
    await expect(page).toHaveTitle(t.tab === "portfolio" ? "لوحة الإدارة | Meridian Crest Holdings" : `${t.name} · لوحة الإدارة | Meridian Crest Holdings`);
    await expect(page.getByRole("heading", { level: 2, name: t.heading })).toBeVisible();
    if (t.table) {
      const table = page.getByRole("table", { name: t.table });
      await expect(table).toBeVisible();
      for (const column of t.columns) await expect(table.getByRole("columnheader", { name: column, exact: true })).toBeVisible();
      // Header text starts on the reading side.
      await expect(table.getByRole("columnheader").first()).toHaveCSS("text-align", "start");
    } else {
      await expect(page.getByText("إدارة البيانات")).toBeVisible();
      await expect(page.getByRole("button", { name: "حفظ الإعدادات" })).toBeVisible();
    }
    await page.waitForLoadState("networkidle");
    await axeClean(page, t.tab);
    await shot(page, `tab-${t.tab}`);
  }
});

test("[admin-ar] the tab list follows the reading direction, and the row actions sit on the reading end", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await createRelease(page);
  await page.goto("/ar/admin/press");
  const first = await screenLink(page, "إدارة المحفظة").boundingBox();
  const second = await screenLink(page, "البيانات الصحفية").boundingBox();
  expect(first!.x).toBeGreaterThan(second!.x);

  const row = page.getByRole("table", { name: "البيانات الصحفية" }).locator("tbody tr").first();
  const titleCell = await row.locator("td").first().boundingBox();
  const actionsCell = await row.locator("td").last().boundingBox();
  // The title starts at the right; the actions (edit, delete) are the last column, at the left.
  expect(actionsCell!.x).toBeLessThan(titleCell!.x);
  await expect(row.getByRole("button", { name: /^تعديل «/ })).toBeVisible();
  await expect(row.getByRole("button", { name: /^حذف «/ })).toBeVisible();

  // Arrows that point 'forward' are mirrored.
  await page.goto("/ar/admin/settings");
  const arrow = page.getByRole("link", { name: "ضبط البيئة" }).locator("svg");
  expect(await arrow.evaluate((el) => getComputedStyle(el).scale)).toMatch(/^-1\b/);
});

test("[admin-ar] a press release created through the dialog gets the Arabic success toast", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.goto("/ar/admin/press");
  await page.getByRole("button", { name: "إضافة بيان صحفي" }).click();
  const dialog = page.getByRole("dialog", { name: "إنشاء بيان صحفي جديد" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText("انشر إعلانًا في صفحة البيانات الصحفية.")).toBeVisible();
  // URL inputs are typed left to right on an Arabic page.
  await expect(dialog.getByLabel("رابط المصدر الأصلي")).toHaveAttribute("dir", "ltr");

  const title = `Arabic dashboard release ${uid()}`;
  await dialog.getByLabel("العنوان", { exact: true }).fill(title);
  await dialog.getByLabel("الملخص", { exact: true }).fill("ملخص قصير للإعلان يظهر في البطاقات.");
  await dialog.getByLabel("الشركة", { exact: true }).selectOption({ index: 1 });
  await dialog.getByLabel("القطاع", { exact: true }).selectOption("finance");
  await dialog.getByLabel("المحتوى", { exact: true }).fill("نص الإعلان كاملًا، وهو طويل بما يكفي لتجاوز الحد الأدنى البالغ خمسين حرفًا في هذا الحقل.");
  await shot(page, "dialog-press-create");
  await dialog.getByRole("button", { name: "نشر البيان الصحفي" }).click();
  await expect(toast(page, "نُشر البيان الصحفي")).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await page.getByPlaceholder("ابحث في البيانات الصحفية...").fill(title);
  await expect(page.getByRole("table", { name: "البيانات الصحفية" }).getByRole("link", { name: title })).toBeVisible();
});

test("[admin-ar] the fourth homepage switch is refused with the homepage-limit toast", async ({ page, signIn }) => {
  await signIn(page, "admin");
  const current = (await (await page.request.get("/api/press-releases/homepage")).json()) as unknown[];
  for (let i = current.length; i < 3; i++) await createRelease(page, { showOnHomepage: true });
  const extra = await createRelease(page, { title: `Fourth homepage ${uid()}` });

  // The dashboard shows the shared rule's toast through t.maybe(): the Arabic text once the rule is a message id,
  // the rule's text as it is until then.
  const inArabic = async (text: string) => {
    if (!/^[a-z]+\.[A-Za-z0-9_.-]+$/.test(text)) return text;
    const catalog = JSON.parse(await readFile(path.join("shared/i18n/catalogs/ar", `${text.split(".")[0]}.json`), "utf8")) as Record<string, string>;
    return catalog[text];
  };

  await page.goto("/ar/admin/press");
  await page.getByPlaceholder("ابحث في البيانات الصحفية...").fill(extra.title);
  const row = page.getByRole("row", { name: new RegExp(extra.title) });
  const toggle = row.getByRole("switch", { name: /في الصفحة الرئيسية/ });
  await toggle.click();
  await expect(toast(page, await inArabic(HOMEPAGE_LIMIT_TOAST.title))).toBeVisible();
  await expect(toggle).toHaveAttribute("aria-checked", "false");
  await expect(page.getByText("3/3").first()).toBeVisible();
  await shot(page, "toast-homepage-limit");
});

/** Opens a dialog with `open`, checks its Arabic title, runs axe on it and closes it with Escape. */
async function checkDialog(page: Page, what: string, open: () => Promise<void>, title: string): Promise<Locator> {
  await open();
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await axeClean(page, what, '[role="dialog"]');
  await shot(page, `dialog-${what}`);
  return dialog;
}

test("[admin-ar] the dialogs open with Arabic titles and are axe clean", async ({ page, signIn }) => {
  test.setTimeout(120_000);
  await signIn(page, "admin");

  await page.goto("/ar/admin");
  await checkDialog(page, "portfolio-create", () => page.getByRole("button", { name: "إضافة شركة إلى المحفظة" }).click(), "إضافة شركة جديدة إلى المحفظة");
  await page.keyboard.press("Escape");

  await page.goto("/ar/admin/press");
  const press = await checkDialog(page, "press-create", () => page.getByRole("button", { name: "إضافة بيان صحفي" }).click(), "إنشاء بيان صحفي جديد");
  const extract = await checkDialog(page, "extract", () => press.getByRole("button", { name: "استخراج من رابط" }).click(), "استخراج المحتوى من رابط");
  await expect(extract.getByLabel("رابط الصفحة")).toHaveAttribute("dir", "ltr");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Escape");

  await page.goto("/ar/admin/documents");
  await expect(page.getByRole("table", { name: "الوثائق" })).toBeVisible();
  await checkDialog(page, "upload", () => page.getByRole("button", { name: "رفع وثيقة" }).click(), "رفع وثيقة");
  await page.keyboard.press("Escape");
  await checkDialog(page, "categories", () => page.getByRole("button", { name: "إدارة الفئات" }).click(), "فئات الوثائق");
  await page.keyboard.press("Escape");
  const logButton = page.getByRole("button", { name: /^سجل الوصول إلى / }).first();
  if (await logButton.count()) {
    await checkDialog(page, "access-log", () => logButton.click(), "سجل الوصول");
    await page.keyboard.press("Escape");
  }

  await page.goto("/ar/admin/settings");
  await expect(page.getByRole("heading", { name: "إعدادات الموقع" })).toBeVisible();
  await expect(page.getByLabel("البريد الإلكتروني للتواصل")).toHaveAttribute("dir", "ltr");
});

test("[admin-ar] no horizontal scroll at 390 px on any tab", async ({ page, signIn }) => {
  test.setTimeout(90_000);
  await signIn(page, "admin");
  await page.setViewportSize({ width: 390, height: 844 });
  for (const t of TABS) {
    await page.goto(`/ar/admin${t.tab === "portfolio" ? "" : `/${t.tab}`}`);
    await expect(page.getByRole("heading", { level: 2, name: t.heading })).toBeVisible();
    await page.waitForLoadState("networkidle");
    await noSideScroll(page);
    await shot(page, `tab-${t.tab}`);
  }
  await page.goto("/ar/admin/press");
  await page.getByRole("button", { name: "إضافة بيان صحفي" }).click();
  await expect(page.getByRole("dialog", { name: "إنشاء بيان صحفي جديد" })).toBeVisible();
  await noSideScroll(page);
  await shot(page, "dialog-press-create");
});
