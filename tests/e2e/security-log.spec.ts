import { expect, test } from "./fixtures";

test("[security] the admin's Security tab lists sign-ins, failed ones too, with the address they came from", async ({ page, signIn, playwright, baseURL }) => {
  const member = await signIn(page, "regular", { fresh: true });
  const visitor = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": "198.51.100.77" } });
  expect((await visitor.post("/api/login", { data: { email: member.email, password: "not the password" } })).status()).toBe(401);
  await visitor.dispose();
  await page.context().clearCookies();
  await signIn(page, "admin");
  await page.goto("/admin/security");
  await expect(page.getByRole("heading", { name: "Security log" })).toBeVisible();
  const failed = page.getByRole("row").filter({ hasText: "198.51.100.77" }).first();
  await expect(failed.getByText("Wrong password")).toBeVisible();
  await expect(failed.getByText(member.email)).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "Signed in" }).first()).toBeVisible();
});

test("[security] the Security tab in Arabic on a phone @mobile", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.goto("/ar/admin/security");
  await expect(page.getByRole("heading", { name: "سجل الأمان" })).toBeVisible();
  await expect(page.getByText("تسجيل دخول").first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/security-ar-phone.png", fullPage: true });
});
