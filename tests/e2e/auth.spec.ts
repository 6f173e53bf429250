import { linkIn } from "../helpers/smtp";
import { adminLogin, E2E_ADMIN, expect, openAccountMenu, signInAsAdminThroughForm, test } from "./fixtures";
import { AFTER_PASSWORD } from "./limits";

test("[auth] an admin signs in through /auth with the authenticator app's code and reaches /admin", async ({ page, baseURL }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin$/);
  await signInAsAdminThroughForm(page, baseURL!);
  await expect(page).toHaveURL(/\/admin$/, AFTER_PASSWORD);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Login successful")).toBeVisible();
});

test("[auth] a wrong password is explained in the form, above 'Sign In', and said once", async ({ page }) => {
  await page.goto("/auth");
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(E2E_ADMIN.email);
  await form.getByLabel("Password").fill("not the password");
  await form.getByRole("button", { name: "Sign In" }).click();
  const alert = form.getByRole("alert");
  await expect(alert).toHaveText(/^Login failed\s*Invalid email or password$/, AFTER_PASSWORD);
  // Above the button, and not repeated in a toast.
  const [alertBox, buttonBox] = [await alert.boundingBox(), await form.getByRole("button", { name: "Sign In" }).boundingBox()];
  expect(alertBox!.y + alertBox!.height).toBeLessThanOrEqual(buttonBox!.y);
  await expect(page.getByText("Invalid email or password")).toHaveCount(1);
  await expect(page).toHaveURL(/\/auth/);
});

test("[routes] unknown paths answer 404 with a helpful line and links home, to the press releases and to search", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("The page you are looking for does not exist or has moved. These pages may help:")).toBeVisible();
  const next = page.getByRole("navigation", { name: "Where to go next" });
  await expect(next.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  await expect(next.getByRole("link", { name: "Press releases" })).toHaveAttribute("href", "/press-releases");
  await expect(next.getByRole("link", { name: "Search the site" })).toHaveAttribute("href", "/search");
});

test("[routes] the 404 page has a real title, also after a client-side navigation", async ({ page, request }) => {
  for (const path of ["/no-such-page", "/press-releases/1/extra", "/admin/unknown"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text()).toContain("<title>Page Not Found | Meridian Crest Holdings</title>");
  }
  await page.goto("/no-such-page");
  await expect(page).toHaveTitle("Page Not Found | Meridian Crest Holdings");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).not.toHaveTitle(/Not Found/);
  // An in-app link to a missing page is rendered by the router in the browser, without a page load.
  await page.evaluate(() => {
    (window as unknown as { __reactRouterDataRouter: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter.navigate("/gone-missing");
  });
  await expect(page).toHaveURL(/\/gone-missing$/);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page).toHaveTitle("Page Not Found | Meridian Crest Holdings");
});

test("[routes] the 404 page on a phone @mobile", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page).toHaveTitle("Page Not Found | Meridian Crest Holdings");
  await expect(page.getByText("The page you are looking for does not exist or has moved. These pages may help:")).toBeVisible();
});

test("[auth] register, confirm the address from the e-mail, first sign-in says 'Welcome', the next 'Welcome back'", async ({ page, mailbox }) => {
  test.slow(); // registration, confirmation and two sign-ins: three passwords hashed or checked, six page loads
  const email = `greeting-${Date.now()}@e2e.test`;
  const greeting = page
    .getByTestId("overview-card")
    .first()
    .getByText(/^Welcome/);

  await page.goto("/auth?redirect=%2Finvestor-portal&tab=register");
  const register = page.getByRole("form", { name: "Register" });
  await register.getByLabel("Full name").fill("Nadia Newcomer");
  await register.getByLabel("Email").fill(email);
  await register.getByLabel("Password", { exact: true }).fill("a good password");
  await register.getByLabel("Confirm password").fill("a good password");
  await register.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible(AFTER_PASSWORD);
  await expect(page.getByText("we have sent a link to confirm your address")).toBeVisible();
  expect((await page.request.get("/api/user")).status()).toBe(401);

  const mail = await mailbox.waitFor((m) => m.to.includes(email) && m.kind === "verify-email");
  expect(mail.subject).toBe("Confirm your e-mail address for Meridian Crest Holdings");
  await page.goto(linkIn(mail, "http://127.0.0.1"));
  await expect(page.getByRole("heading", { name: "Confirm your e-mail address" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Finvestor-portal$/);
  await expect(page.getByTestId("email-confirmed")).toHaveText("Your e-mail address is confirmed. Sign in to continue.");

  const login = page.getByRole("form", { name: "Login" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill("a good password");
  await login.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Welcome, Nadia Newcomer!")).toBeVisible(AFTER_PASSWORD);
  await page.goto("/investor-portal");
  await expect(page.getByRole("heading", { name: "Nadia Newcomer" })).toBeVisible();
  await expect(greeting).toHaveText("Welcome,");
  // Confirmed: the portal offers the application, not the confirmation notice.
  await expect(page.getByRole("button", { name: "Apply for Investor Access" })).toBeVisible();
  await expect(page.getByTestId("confirm-address")).toHaveCount(0);

  await (await openAccountMenu(page, "Log Out")).click();
  await expect(page.getByText("You have been logged out successfully.")).toBeVisible();

  await page.goto("/auth?redirect=%2Finvestor-portal");
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill("a good password");
  await login.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Welcome back, Nadia Newcomer!")).toBeVisible(AFTER_PASSWORD);
  await expect(page).toHaveURL(/\/investor-portal$/);
  await expect(greeting).toHaveText("Welcome back,");

  // The link was used: opening it again says so.
  await page.goto(linkIn(mail, "http://127.0.0.1"));
  await expect(page.getByText("This confirmation link has expired or has already been used.")).toBeVisible();
});

test("[auth] forgot password: the e-mailed link opens a form, the new password works once, the old one no more", async ({ page, signIn, mailbox }) => {
  test.slow(); // a new account, a reset and two sign-ins: four passwords hashed or checked
  const account = await signIn(page, "regular", { fresh: true });
  await page.context().clearCookies();
  await page.goto("/auth");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send the link" }).click();
  await expect(page.getByText("If an account uses that address, we have sent it a link")).toBeVisible();

  const mail = await mailbox.waitFor((m) => m.to.includes(account.email) && m.kind === "password-reset");
  const link = linkIn(mail, "http://127.0.0.1");
  expect(link).toMatch(/\/reset-password\?token=[A-Za-z0-9_-]{43}$/);
  // Opening the link (as a mail scanner would) does not use it up.
  expect((await page.request.get(link)).status()).toBe(200);
  await page.goto(link);
  await page.getByLabel("New password", { exact: true }).fill("a brand new password");
  await page.getByLabel("Confirm password").fill("a brand new password");
  await page.getByRole("button", { name: "Save the new password" }).click();
  await expect(page.getByText("Your password has been changed")).toBeVisible(AFTER_PASSWORD);

  expect((await page.request.post("/api/login", { data: { email: account.email, password: account.password } })).status()).toBe(401);
  expect((await page.request.post("/api/login", { data: { email: account.email, password: "a brand new password" } })).status()).toBe(200);
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByText("This link has expired or has already been used. Ask for a new one.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
});

test("[auth] Arabic: the reset e-mail and its page are in Arabic", async ({ page, signIn, mailbox }) => {
  const account = await signIn(page, "regular", { fresh: true });
  await page.context().clearCookies();
  await page.goto("/ar/forgot-password");
  await expect(page.getByRole("heading", { name: "نسيت كلمة المرور؟" })).toBeVisible();
  await page.getByLabel("البريد الإلكتروني").fill(account.email);
  await page.getByRole("button", { name: "إرسال الرابط" }).click();
  await expect(page.getByText("إذا كان هناك حساب يستخدم هذا العنوان")).toBeVisible();
  const mail = await mailbox.waitFor((m) => m.to.includes(account.email) && m.kind === "password-reset");
  expect(mail.language).toBe("ar");
  expect(mail.html).toContain('dir="rtl"');
  await page.goto(linkIn(mail, "http://127.0.0.1"));
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "اختر كلمة مرور جديدة" })).toBeVisible();
});

test.describe("[auth] page", () => {
  test("[auth] register validates, then creates a regular account and goes to the redirect target", async ({ page }) => {
    await page.goto("/auth?redirect=%2Fpress-releases");
    await expect(page).toHaveTitle(/Investor Portal Login/);
    await page.getByRole("tab", { name: "Register" }).click();
    const form = page.getByRole("form", { name: "Register" });
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByText("Full name must be at least 2 characters")).toBeVisible();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();
    await expect(form.getByText("Password must be at least 8 characters").first()).toBeVisible();

    const email = `new-${Date.now()}@e2e.test`;
    await form.getByLabel("Full name").fill("Nadia Investor");
    await form.getByLabel("Email").fill(email);
    await form.getByLabel("Password", { exact: true }).fill("a good password");
    await form.getByLabel("Confirm password").fill("a different one");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(form.getByText("Passwords do not match")).toBeVisible();

    await form.getByLabel("Confirm password").fill("a good password");
    await form.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible(AFTER_PASSWORD);
    expect((await page.request.get("/api/user")).status()).toBe(401);
    const login = await page.request.post("/api/login", { data: { email, password: "a good password" } });
    expect((await login.json()).role).toBe("regular");
  });

  test("[auth] the redirect target never leaves the site", async ({ page, signIn }) => {
    test.slow(); // four sign-ins through the form, each checking the password
    const account = await signIn(page, "regular", { fresh: true });
    for (const evil of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      await page.context().clearCookies();
      await page.goto(`/auth?redirect=${encodeURIComponent(evil)}`);
      const form = page.getByRole("form", { name: "Login" });
      await form.getByLabel("Email").fill(account.email);
      await form.getByLabel("Password").fill(account.password);
      await form.getByRole("button", { name: "Sign In" }).click();
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/, AFTER_PASSWORD);
    }
  });

  test("[auth] an already signed-in visitor is sent on to the target", async ({ page, baseURL }) => {
    await adminLogin(page.request, baseURL!, E2E_ADMIN);
    await page.goto("/auth?redirect=%2Fpress-releases");
    await expect(page).toHaveURL(/\/press-releases$/);
  });

  test("[auth] a regular user who opens /admin sees Access Denied", async ({ page, signIn }) => {
    await signIn(page, "regular", { fresh: true });
    const res = await page.goto("/admin");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("This page is only accessible to administrators.")).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("[auth] log out from the account menu", async ({ page, baseURL }) => {
    await adminLogin(page.request, baseURL!, E2E_ADMIN);
    await page.goto("/press-releases");
    await openAccountMenu(page, "Admin Dashboard");
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await expect(page.getByText("You have been logged out successfully.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    expect((await page.request.get("/api/user")).status()).toBe(401);
  });
});
