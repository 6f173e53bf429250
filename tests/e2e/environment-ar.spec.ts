import { checkArabicPage, scaleX } from "./arabic-page";
import { expect, test } from "./fixtures";

test("[environment] anonymous visitors of /ar/environment-setup are sent to the Arabic sign-in page", async ({ page }) => {
  await page.goto("/ar/environment-setup");
  await expect(page).toHaveURL(/\/ar\/auth\?redirect=%2Far%2Fenvironment-setup$/);
});

test("[environment] a regular user gets the Arabic 'Access Denied' page", async ({ page, signIn }) => {
  await signIn(page, "regular");
  const res = await page.goto("/ar/environment-setup");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "غير مصرّح بالدخول" })).toBeVisible();
  await expect(page.getByText("هذه الصفحة متاحة للمسؤولين فقط.")).toBeVisible();
  await checkArabicPage(page, "environment-denied");
});

test("[environment] the admin switches modes on the Arabic page", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.request.put("/api/admin/settings/environment", { data: { mode: "development" } });
  await page.goto("/ar/environment-setup");
  await expect(page).toHaveTitle("إعداد بيئة التشغيل | Meridian Crest Holdings");
  await expect(page.getByRole("heading", { name: "إعداد بيئة التشغيل", level: 1 })).toBeVisible();
  const current = page.getByTestId("current-mode");
  await expect(current).toHaveText("التطوير");
  await expect(page.getByText("يعمل هذا الطلب في وضع التطوير")).toBeVisible();
  await expect(page.getByText(/^لم يُضبط اسم مضيف للإنتاج\. اضبط PRODUCTION_HOSTNAME/)).toBeVisible();
  // Back links point the reading way and stay in Arabic.
  const back = page.getByRole("link", { name: "الإعدادات" });
  await expect(back).toHaveAttribute("href", "/ar/admin/settings");
  expect(await scaleX(page, 'a[href="/ar/admin/settings"] svg')).toBe(-1);
  await expect(page.getByRole("link", { name: "العودة إلى لوحة التحكم" })).toHaveAttribute("href", "/ar/admin");
  await checkArabicPage(page, "environment");

  const toProduction = page.getByRole("button", { name: "التبديل إلى وضع الإنتاج" });
  await toProduction.click();
  await expect(page.getByText("تم تفعيل وضع الإنتاج", { exact: true })).toBeVisible();
  await expect(page.getByText("أصبحت بيئة التشغيل مضبوطة على وضع الإنتاج.", { exact: true })).toBeVisible();
  await expect(current).toHaveText("الإنتاج");
  await expect(toProduction).toBeDisabled();
  await expect(page.getByText("مفعّل", { exact: true })).toBeVisible();
  await page.request.put("/api/admin/settings/environment", { data: { mode: "development" } });
});
