import { linkIn } from "../helpers/smtp";
import { checkArabicPage } from "./arabic-page";
import { ADMIN_FORM_TEXTS, E2E_ADMIN, expect, signInAsAdminThroughForm, test, uid } from "./fixtures";
import { AFTER_PASSWORD } from "./limits";

test("[auth] /ar/auth: the login and register tabs in Arabic, e-mail and password left-to-right", async ({ page }) => {
  await page.goto("/ar/auth");
  await expect(page).toHaveTitle("تسجيل الدخول إلى بوابة المستثمرين | Meridian Crest Holdings");
  await expect(page.getByRole("heading", { name: "بوابة المستثمرين", level: 1 })).toBeVisible();
  await expect(page.getByText("سجّل الدخول إلى حسابك، أو أنشئ حساباً لتقديم طلب الحصول على صلاحية المستثمر.")).toBeVisible();
  const login = page.getByRole("tab", { name: "تسجيل الدخول" });
  const register = page.getByRole("tab", { name: "إنشاء حساب" });
  await expect(login).toHaveAttribute("aria-selected", "true");
  // Reading order: the first tab is on the right.
  expect((await login.boundingBox())!.x).toBeGreaterThan((await register.boundingBox())!.x);
  await expect(page.getByLabel("البريد الإلكتروني")).toHaveAttribute("dir", "ltr");
  await expect(page.getByLabel("كلمة المرور")).toHaveAttribute("dir", "ltr");
  await expect(page.getByRole("button", { name: "دخول", exact: true })).toBeVisible();
  await expect(page.getByText("ليس لديك حساب؟")).toBeVisible();
  await checkArabicPage(page, "auth-login");

  await register.click();
  await expect(page).toHaveURL(/\/ar\/auth\?tab=register$/);
  const form = page.getByRole("form", { name: "إنشاء حساب" });
  for (const label of ["الاسم الكامل", "البريد الإلكتروني", "الشركة (اختياري)", "المنصب (اختياري)", "كلمة المرور", "تأكيد كلمة المرور"]) {
    await expect(form.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel("تأكيد كلمة المرور")).toHaveAttribute("dir", "ltr");
  await expect(form.getByRole("button", { name: "إنشاء الحساب" })).toBeVisible();
  await expect(form.getByText("لديك حساب بالفعل؟")).toBeVisible();
  // Client-side validation runs; its messages are shown translated when they are message ids.
  await form.getByRole("button", { name: "إنشاء الحساب" }).click();
  await expect(form.getByRole("alert").first()).toBeVisible();
  await expect(form.getByRole("alert").first()).not.toHaveText(/^[a-z]+\.[A-Za-z0-9_.-]+$/);
  await checkArabicPage(page, "auth-register");
});

test("[auth] /ar/auth: a wrong password shows the Arabic failure message", async ({ page }) => {
  await page.goto("/ar/auth");
  await page.getByLabel("البريد الإلكتروني").fill(E2E_ADMIN.email);
  await page.getByLabel("كلمة المرور").fill("not the password");
  await page.getByRole("button", { name: "دخول", exact: true }).click();
  await expect(page.getByRole("form", { name: "تسجيل الدخول" }).getByRole("alert").getByText("تعذّر تسجيل الدخول", { exact: true })).toBeVisible(AFTER_PASSWORD);
  await expect(page).toHaveURL(/\/ar\/auth/);
});

test("[auth] the guard keeps Arabic: /ar/admin -> /ar/auth?redirect=/ar/admin -> sign in -> /ar/admin", async ({ page, baseURL }) => {
  test.slow(); // the password and the code through the form, then the dashboard
  await page.goto("/ar/admin");
  await expect(page).toHaveURL(/\/ar\/auth\?redirect=%2Far%2Fadmin$/);
  await signInAsAdminThroughForm(page, baseURL!, ADMIN_FORM_TEXTS.ar);
  await expect(page).toHaveURL(/\/ar\/admin$/, AFTER_PASSWORD);
  await expect(page.getByText("تم تسجيل الدخول بنجاح", { exact: true })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
});

test("[auth] an investor signing in on /ar/auth lands on the Arabic portal", async ({ page, signIn }) => {
  test.slow(); // a new investor (registered, confirmed, approved), then a sign-in through the form
  const account = await signIn(page, "investor", { fresh: true });
  await page.context().clearCookies();
  await page.goto("/ar/auth");
  await page.getByLabel("البريد الإلكتروني").fill(account.email);
  await page.getByLabel("كلمة المرور").fill(account.password);
  await page.getByRole("button", { name: "دخول", exact: true }).click();
  await expect(page).toHaveURL(/\/ar\/investor-portal$/, AFTER_PASSWORD);
  await expect(page.getByText(`مرحباً بعودتك، ${account.fullName}!`, { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "بوابة المستثمرين", level: 1 })).toBeVisible();
  // Signed in, /ar/auth sends the user on in Arabic.
  await page.goto("/ar/auth?redirect=%2Finvestor-portal");
  await expect(page).toHaveURL(/\/ar\/investor-portal$/);
});

test("[auth] registering on /ar/auth: the confirmation e-mail and page are Arabic; the first sign-in is greeted 'مرحباً،'", async ({ page, mailbox }) => {
  test.slow(); // registration, confirmation and a sign-in through the form
  const email = `ar-member-${uid()}@e2e.test`;
  await page.goto("/ar/auth?tab=register&redirect=%2Far%2Finvestor-portal");
  const form = page.getByRole("form", { name: "إنشاء حساب" });
  await form.getByLabel("الاسم الكامل").fill("Rana Regular");
  await form.getByLabel("البريد الإلكتروني").fill(email);
  await form.getByLabel("كلمة المرور", { exact: true }).fill("regular-password");
  await form.getByLabel("تأكيد كلمة المرور").fill("regular-password");
  await form.getByRole("button", { name: "إنشاء الحساب" }).click();
  await expect(page.getByRole("heading", { name: "تحقق من بريدك الوارد" })).toBeVisible(AFTER_PASSWORD);

  const mail = await mailbox.waitFor((m) => m.to.includes(email) && m.kind === "verify-email");
  expect(mail.language).toBe("ar");
  expect(mail.subject).toBe("أكّد عنوان بريدك الإلكتروني في Meridian Crest Holdings");
  const link = linkIn(mail, "http://127.0.0.1");
  expect(new URL(link).pathname).toBe("/ar/verify-email");
  await page.goto(link);
  await page.getByRole("button", { name: "تأكيد عنواني" }).click();
  // The one press confirms and moves on to sign-in, which keeps the portal as where to go next.
  await expect(page).toHaveURL(/\/ar\/auth\?redirect=%2Far%2Finvestor-portal$/);
  await expect(page.getByTestId("email-confirmed")).toHaveText("تم تأكيد بريدك الإلكتروني. سجّل الدخول للمتابعة.");
  const login = page.getByRole("form", { name: "تسجيل الدخول" });
  await login.getByLabel("البريد الإلكتروني").fill(email);
  await login.getByLabel("كلمة المرور").fill("regular-password");
  await login.getByRole("button", { name: "دخول", exact: true }).click();
  await expect(page.getByText("أهلًا بك، Rana Regular!", { exact: true })).toBeVisible(AFTER_PASSWORD);
  await page.goto("/ar/investor-portal");
  await expect(page.getByTestId("overview-card").first().getByText("مرحباً،", { exact: true })).toBeVisible();
});
