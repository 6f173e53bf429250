import { linkIn } from "../helpers/smtp";
import { checkArabicPage } from "./arabic-page";
import { axeProblems } from "./axe";
import { expect, test, uid } from "./fixtures";
import { AFTER_PASSWORD } from "./limits";

test("[investors] from the portal: register, open the e-mail's link, one press, sign in, and end on the portal", async ({ page, mailbox }) => {
  test.slow(); // registration and a sign-in: two passwords hashed or checked, and an e-mail
  const email = `path-${uid()}@e2e.test`;

  await page.goto("/investor-portal");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Finvestor-portal$/);
  await page.getByRole("tab", { name: "Register" }).click();
  const register = page.getByRole("form", { name: "Register" });
  await register.getByLabel("Full name").fill("Karim Investor");
  await register.getByLabel("Email").fill(email);
  await register.getByLabel("Password", { exact: true }).fill("a good password");
  await register.getByLabel("Confirm password").fill("a good password");
  await register.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible(AFTER_PASSWORD);

  const mail = await mailbox.waitFor((m) => m.to.includes(email) && m.kind === "verify-email");
  const link = new URL(linkIn(mail, "http://127.0.0.1"));
  expect(link.pathname).toBe("/verify-email");
  expect(link.searchParams.get("redirect")).toBe("/investor-portal");

  // Opening the link does not use it (a mail scanner may follow links); the one press does, and moves on.
  await page.goto(link.href);
  await page.getByRole("button", { name: "Confirm my address" }).click();
  await expect(page).toHaveURL(/\/auth\?redirect=%2Finvestor-portal$/);
  await expect(page.getByTestId("email-confirmed")).toHaveText("Your e-mail address is confirmed. Sign in to continue.");

  const login = page.getByRole("form", { name: "Login" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill("a good password");
  await login.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/investor-portal$/, AFTER_PASSWORD);
  await expect(page.getByRole("heading", { name: "Investor Portal", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Apply for Investor Access" })).toBeVisible();
});

test("[investors] a confirmation link naming another site leads to plain sign-in", async ({ page }) => {
  // No valid token: the page says the link has expired, and its way on keeps nothing of the foreign address.
  await page.goto("/verify-email?token=x&redirect=%2F%2Fevil.example");
  await expect(page.getByText("This confirmation link has expired or has already been used.", { exact: false })).toBeVisible();
  await expect(page.locator("#main").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/auth");
});

test("[investors] 'Investors' in the top navigation opens the investors page; its button starts registration for the portal", async ({ page }) => {
  await page.goto("/");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Investors" }).click();
  await expect(page).toHaveURL(/\/investors$/);
  await expect(page.getByRole("heading", { name: "Investors", level: 1 })).toBeVisible();
  for (const name of ["What we report and when", "Latest public reports", "Latest press releases", "How investor access works", "Investor relations contact"]) {
    await expect(page.getByRole("heading", { name, level: 2 })).toBeVisible();
  }
  await expect(page.getByTestId("investor-releases").getByRole("listitem")).toHaveCount(3);
  await expect(page.getByTestId("ir-email")).toHaveText(/^ir@/);
  expect(await axeProblems(page, "#main")).toEqual([]);

  const start = page.getByRole("link", { name: "Register for investor access" }).first();
  await expect(start).toHaveAttribute("href", "/auth?tab=register&redirect=%2Finvestor-portal");
  await start.click();
  await expect(page.getByRole("form", { name: "Register" })).toBeVisible();
});

test("[investors] a signed-in member is sent to the portal's application, an investor to the portal", async ({ page, signIn }) => {
  await signIn(page, "regular");
  await page.goto("/investors");
  await expect(page.getByRole("link", { name: "Apply for investor access" }).first()).toHaveAttribute("href", "/investor-portal");
  // A report's download (the calendar's own download links are to .ics files).
  await expect(page.getByRole("link", { name: "Download" }).and(page.locator('[href^="/api/documents/"]')).first()).toHaveAttribute(
    "href",
    /^\/api\/documents\/\d+\/download$/,
  );
  await signIn(page, "investor");
  await page.goto("/investors");
  await expect(page.getByRole("link", { name: "Open the investor portal" }).first()).toHaveAttribute("href", "/investor-portal");
});

test("[investors] /ar/investors: the page in Arabic", async ({ page }) => {
  await page.goto("/ar");
  await page.getByRole("navigation", { name: "القائمة الرئيسية" }).getByRole("link", { name: "المستثمرون" }).click();
  await expect(page).toHaveURL(/\/ar\/investors$/);
  await expect(page.getByRole("heading", { name: "المستثمرون", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "ما نُفصح عنه ومتى", level: 2 })).toBeVisible();
  await expect(page.getByRole("link", { name: "سجّل للحصول على صلاحية المستثمر" }).first()).toHaveAttribute(
    "href",
    "/ar/auth?tab=register&redirect=%2Finvestor-portal",
  );
  await checkArabicPage(page, "investors");
});
