import { photo } from "../fixtures/files";
import { linkIn } from "../helpers/smtp";
import { checkArabicPage, screenshots } from "./arabic-page";
import { expect, openAccountMenu, test, uid, openBrowser } from "./fixtures";
import { AFTER_PASSWORD } from "./limits";

const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

test("[account] a member edits the profile and sets and removes a photo", async ({ page, signIn }) => {
  test.slow(); // a new account, a saved profile, a reload and a photo resized into its variants
  await signIn(page, "regular", { fresh: true });
  // The page is in the signed-in user's menu.
  await page.goto("/press-releases");
  await (await openAccountMenu(page, "Account settings")).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  const profile = page.getByRole("region", { name: "Profile" });
  await profile.getByLabel("Full name").fill("Rana Al-Masri");
  await profile.getByLabel("Company (optional)").fill("Nile Family Office");
  await profile.getByLabel("Position (optional)").fill("Managing Partner");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByRole("status")).toHaveText("Your profile has been saved.");

  // The page keeps it.
  await page.reload();
  await expect(profile.getByLabel("Full name")).toHaveValue("Rana Al-Masri");
  await expect(profile.getByLabel("Position (optional)")).toHaveValue("Managing Partner");

  const chooser = page.waitForEvent("filechooser");
  await profile.getByRole("button", { name: "Upload a photo" }).click();
  await (await chooser).setFiles({ name: "me.jpg", mimeType: "image/jpeg", buffer: await photo("jpeg", 600, 600) });
  const image = profile.getByRole("img", { name: "Profile photo of Rana Al-Masri" });
  await expect(image).toBeVisible();
  await expect(image).toHaveAttribute("src", /^\/uploads\/avatar-[0-9a-f-]{36}\.webp$/);
  // The photo loads (a broken image would stay at width 0).
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : -1))).toBeGreaterThan(0);

  await profile.getByRole("button", { name: "Remove photo" }).click();
  await expect(image).toHaveCount(0);
  await expect(profile.getByRole("button", { name: "Upload a photo" })).toBeVisible();
});

test("[account] a member changes the password, then signs in with the new one", async ({ page, signIn, browser, baseURL }) => {
  test.slow(); // a new account, a wrong and a right current password, a new one hashed, a sign-in in a second browser
  const member = await signIn(page, "regular", { fresh: true });
  await page.goto("/account");
  const section = page.getByRole("region", { name: "Password" });
  await section.getByLabel("Current password").fill("not my password");
  await section.getByLabel("New password", { exact: true }).fill("a new long password");
  await section.getByLabel("Confirm new password").fill("a new long password");
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByText("The current password is not correct.")).toBeVisible(AFTER_PASSWORD);
  // Said once: under the field, not again below the form.
  await expect(section.getByText("The current password is not correct.")).toHaveCount(1);

  await section.getByLabel("Current password").fill(member.password);
  await section.getByRole("button", { name: "Change password" }).click();
  await expect(section.getByRole("status")).toHaveText(
    "Your password has been changed. Every other session of your account has been signed out.",
    AFTER_PASSWORD,
  );
  await expect(section.getByLabel("Current password")).toHaveValue("");
  // This browser stays signed in.
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();

  const other = await openBrowser(browser, { baseURL });
  const fresh = await other.newPage();
  await fresh.goto("/auth");
  await fresh.getByLabel("Email").fill(member.email);
  await fresh.getByLabel("Password").fill("a new long password");
  await fresh.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(fresh.getByText("Login successful")).toBeVisible(AFTER_PASSWORD);
  await fresh.goto("/account");
  await expect(fresh.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();
  await other.close();
});

test("[account] a member changes the e-mail address through the link sent to it", async ({ page, signIn, mailbox }) => {
  const member = await signIn(page, "regular", { fresh: true });
  const newEmail = `moved-${uid()}@e2e.test`;
  await page.goto("/account");
  const section = page.getByRole("region", { name: "E-mail address" });
  await expect(section.getByText(member.email)).toBeVisible();
  await section.getByLabel("New address").fill(newEmail);
  await section.getByLabel("Current password").fill(member.password);
  await section.getByRole("button", { name: "Send confirmation link" }).click();
  // The pending change says where the link went, once.
  await expect(section.getByTestId("pending-email")).toContainText(`Waiting for confirmation at ${newEmail}`, AFTER_PASSWORD);
  await expect(section.getByText(newEmail)).toHaveCount(1);

  // The old address is told; the new one gets the link, which the browser follows.
  await mailbox.waitFor((m) => m.to.includes(member.email) && m.kind === "email-change-requested");
  const link = linkIn(await mailbox.waitFor((m) => m.to.includes(newEmail) && m.kind === "email-change-confirm"), "http");
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Confirm your new e-mail address" })).toBeVisible();
  await expect(page.getByText(newEmail)).toBeVisible();
  await screenshots(page, "account-confirm-email", { check: true });
  await page.getByRole("button", { name: "Confirm new address" }).click();
  await expect(page.getByRole("heading", { name: "E-mail address changed" })).toBeVisible();
  await expect(page.getByText(`Your e-mail address is now ${newEmail}.`)).toBeVisible();

  await page.getByRole("link", { name: "Back to my account" }).click();
  await expect(section.getByText(newEmail)).toBeVisible();
  await expect(section.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(section.getByTestId("pending-email")).toHaveCount(0);
  await mailbox.waitFor((m) => m.to.includes(member.email) && m.kind === "email-changed");

  // The link was used up.
  await page.goto(link);
  await expect(page.getByText("This link has expired, has already been used, or was sent for another account.")).toBeVisible();
});

test("[account] a member cancels a change of address waiting for its link; the link then says it no longer works", async ({ page, signIn, mailbox }) => {
  const member = await signIn(page, "regular", { fresh: true });
  const newEmail = `cancelled-${uid()}@e2e.test`;
  await page.goto("/account");
  const section = page.getByRole("region", { name: "E-mail address" });
  await section.getByLabel("New address").fill(newEmail);
  await section.getByLabel("Current password").fill(member.password);
  await section.getByRole("button", { name: "Send confirmation link" }).click();
  const pending = section.getByTestId("pending-email");
  await expect(pending).toContainText(`Waiting for confirmation at ${newEmail}`, AFTER_PASSWORD);
  const link = linkIn(await mailbox.waitFor((m) => m.to.includes(newEmail) && m.kind === "email-change-confirm"), "http");
  await pending.scrollIntoViewIfNeeded();
  await screenshots(page, "account-email-pending", { check: true });

  await pending.getByRole("button", { name: "Cancel this change" }).click();
  await expect(section.getByText(`The change of address is cancelled: the link sent to ${newEmail} no longer works`)).toBeVisible();
  await expect(pending).toHaveCount(0);
  await expect(section.getByText(member.email)).toBeVisible();

  await page.goto(link);
  await expect(page.getByText("This link has expired, has already been used, or was sent for another account.")).toBeVisible();
});

test("[account] signing out another browser from the account page signs it out at its next page", async ({ page, signIn, browser, baseURL }) => {
  const member = await signIn(page, "regular", { fresh: true });
  const phone = await openBrowser(browser, { baseURL, userAgent: IPHONE });
  expect((await phone.request.post("/api/login", { data: { email: member.email, password: member.password } })).ok()).toBe(true);
  const phonePage = await phone.newPage();
  await phonePage.goto("/account");
  await expect(phonePage.getByRole("heading", { level: 1, name: "My account" })).toBeVisible();

  await page.goto("/account");
  const sessions = page.getByRole("region", { name: "Where you're signed in" });
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await expect(sessions.getByRole("listitem").filter({ hasText: "This device" })).toHaveCount(1);
  const other = sessions.getByRole("listitem").filter({ hasText: "Safari on iOS" });
  await other.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("That session has been signed out.")).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await expect(sessions.getByText("No other browser is signed in to your account.")).toBeVisible();
  await expect(sessions.getByRole("button", { name: "Sign out everywhere else" })).toBeDisabled();

  await phonePage.reload();
  await expect(phonePage).toHaveURL(/\/auth\?redirect=%2Faccount$/);

  // The sign-ins of both browsers are listed.
  const signIns = page.getByRole("list", { name: "Recent sign-ins, newest first" });
  await expect(signIns.getByRole("listitem").filter({ hasText: "Safari on iOS" })).toHaveCount(1);
  await phone.close();
});

test.describe("[account] in Arabic on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("[account] /ar/account reads right to left and fits 390 px; the profile saves in Arabic", async ({ page, signIn }) => {
    await signIn(page, "regular", { fresh: true });
    await page.goto("/ar/account");
    await expect(page.getByRole("heading", { level: 1, name: "حسابي" })).toBeVisible();
    for (const name of ["الملف الشخصي", "كلمة المرور", "البريد الإلكتروني", "أين سجّلت الدخول", "عمليات تسجيل الدخول الأخيرة"]) {
      await expect(page.getByRole("region", { name, exact: true })).toBeVisible();
    }
    await expect(page.getByRole("region", { name: "أين سجّلت الدخول" }).getByText("هذا الجهاز")).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    const profile = page.getByRole("region", { name: "الملف الشخصي", exact: true });
    await profile.getByLabel("الاسم الكامل").fill("ليلى حسن");
    await profile.getByRole("button", { name: "حفظ الملف الشخصي" }).click();
    await expect(profile.getByRole("status")).toHaveText("حُفظ ملفك الشخصي.");

    const password = page.getByRole("region", { name: "كلمة المرور", exact: true });
    await password.getByRole("button", { name: "تغيير كلمة المرور" }).click();
    await expect(password.getByText("أدخل كلمة المرور الحالية")).toBeVisible();
    await checkArabicPage(page, "account-ar");
  });
});
