import type { Page } from "@playwright/test";
import { axeProblems } from "./axe";
import { expect, MEMBER_NAME, test, openBrowser } from "./fixtures";

/** Opens the Users tab and waits for the page to hydrate: a search typed or a filter chosen before then changes only the element, not the list. */
async function openUsersTab(page: Page, path = "/admin/users") {
  await page.goto(path);
  await page.locator('header[data-hydrated="true"]').waitFor();
}

test("[admin] users: find a member by searching, disable them (signed out at once), enable them, change their role", async ({ page, browser, signIn }) => {
  test.slow(); // two browsers, a new member, four changes and three sign-in checks
  // The member, signed in in a browser of their own.
  const memberContext = await openBrowser(browser);
  const memberPage = await memberContext.newPage();
  const member = await signIn(memberPage, "regular", { fresh: true });
  await memberPage.goto("/investor-portal");
  await expect(memberPage).toHaveURL(/\/investor-portal$/);

  await signIn(page, "admin");
  await openUsersTab(page);
  await expect(page.getByRole("heading", { name: "Users", level: 2 })).toBeVisible();
  await page.getByRole("searchbox", { name: "Search name or e-mail" }).fill(member.email.toUpperCase());
  const row = page.getByRole("row").filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("row")).toHaveCount(2);
  await expect(row.getByText("Confirmed")).toBeVisible();
  await expect(row.getByText("Off", { exact: true })).toBeVisible();

  await row.getByRole("button", { name: `Disable ${MEMBER_NAME}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Disable this account?" });
  await expect(confirm).toContainText(member.email);
  await confirm.getByRole("button", { name: "Disable account" }).click();
  await expect(page.getByText("Account disabled", { exact: true })).toBeVisible();
  await expect(row.getByText("Disabled", { exact: true })).toBeVisible();

  // The member's next page load is anonymous: sent to sign in.
  await memberPage.goto("/investor-portal");
  await expect(memberPage).toHaveURL(/\/auth\?redirect=%2Finvestor-portal$/);
  const refused = await memberPage.request.post("/api/login", { data: { email: member.email, password: member.password } });
  expect(refused.status()).toBe(403);
  expect((await refused.json()).code).toBe("ACCOUNT_DISABLED");

  await row.getByRole("button", { name: `Enable ${MEMBER_NAME}` }).click();
  await expect(page.getByText("Account enabled", { exact: true })).toBeVisible();
  await expect(row.getByText("Disabled", { exact: true })).toHaveCount(0);
  expect((await memberPage.request.post("/api/login", { data: { email: member.email, password: member.password } })).status()).toBe(200);

  await row.getByRole("combobox", { name: `Role of ${MEMBER_NAME}` }).selectOption("investor");
  await page
    .getByRole("alertdialog", { name: `Make ${MEMBER_NAME} an investor?` })
    .getByRole("button", { name: "Make investor" })
    .click();
  await expect(page.getByText("Role changed", { exact: true })).toBeVisible();
  await page.reload();
  await page.getByRole("searchbox", { name: "Search name or e-mail" }).fill(member.email);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: member.email })
      .getByRole("combobox", { name: `Role of ${MEMBER_NAME}` }),
  ).toHaveValue("investor");
  // The member's session has the new role at its next page load.
  await memberPage.goto("/investor-portal");
  await expect(memberPage.locator("#main").getByLabel("Role: Investor")).toBeVisible();
  await memberContext.close();
});

test("[admin] changing a role asks first and names what it gives", async ({ page, signIn, browser }) => {
  const memberContext = await openBrowser(browser);
  const member = await signIn(await memberContext.newPage(), "regular", { fresh: true });
  await memberContext.close();
  await signIn(page, "admin");
  await openUsersTab(page);
  await page.getByRole("searchbox", { name: "Search name or e-mail" }).fill(member.email);
  const row = page.getByRole("row").filter({ hasText: member.email });
  await expect(row).toHaveCount(1);
  const select = row.getByRole("combobox", { name: `Role of ${MEMBER_NAME}` });

  // Admin: the dialog names the whole dashboard and two-factor; Cancel puts the select back and stores nothing.
  let changes = 0;
  page.on("request", (req) => {
    if (req.method() === "PATCH" && new URL(req.url()).pathname.startsWith("/api/admin/users/")) changes += 1;
  });
  await select.selectOption("admin");
  const ask = page.getByRole("alertdialog", { name: `Make ${MEMBER_NAME} an admin?` });
  await expect(ask).toContainText("An admin can use the whole dashboard");
  await expect(ask).toContainText("Admins must set up two-factor sign-in");
  await expect(ask).toContainText("Today: Registered member.");
  await ask.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeHidden();
  await expect(select).toHaveValue("regular");
  expect(changes).toBe(0);

  // Investor: the portal and the Investor Only documents; Confirm stores it.
  await select.selectOption("investor");
  const investor = page.getByRole("alertdialog", { name: `Make ${MEMBER_NAME} an investor?` });
  await expect(investor).toContainText("An investor can use the investor portal and read the Investor Only documents");
  await investor.getByRole("button", { name: "Make investor" }).click();
  await expect(page.getByText("Role changed", { exact: true })).toBeVisible();
  await expect(select).toHaveValue("investor");
  await page.reload();
  await page.locator('header[data-hydrated="true"]').waitFor();
  await page.getByRole("searchbox", { name: "Search name or e-mail" }).fill(member.email);
  await expect(
    page
      .getByRole("row")
      .filter({ hasText: member.email })
      .getByRole("combobox", { name: `Role of ${MEMBER_NAME}` }),
  ).toHaveValue("investor");
});

test("[admin] users: the role filter lists only that role, and the admin's own row offers no Disable", async ({ page, signIn }) => {
  const admin = await signIn(page, "admin");
  await openUsersTab(page);
  // The filtered list replaces the whole one when its answer arrives: wait for that answer before reading the rows.
  const filtered = page.waitForResponse((res) => new URL(res.url()).pathname === "/api/admin/users" && new URL(res.url()).searchParams.get("role") === "admin");
  await page.getByRole("combobox", { name: "Role", exact: true }).selectOption("admin");
  expect((await filtered).status()).toBe(200);
  const mine = page.getByRole("row").filter({ hasText: admin.email });
  await expect(mine.getByText("You", { exact: true })).toBeVisible();
  await expect(mine.getByRole("button", { name: /^Disable/ })).toHaveCount(0);
  // Every row shown is an admin's (the unfiltered list also holds the members other tests created).
  const roles = () => page.getByRole("combobox", { name: /^Role of / }).evaluateAll((selects) => selects.map((s) => (s as HTMLSelectElement).value));
  await expect.poll(async () => [...new Set(await roles())]).toEqual(["admin"]);
});

test("[admin] users: the Users tab in Arabic on a 390 px phone @mobile", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const member = await signIn(page, "regular", { fresh: true });
  await page.context().clearCookies();
  await signIn(page, "admin");
  await openUsersTab(page, "/ar/admin/users");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("heading", { name: "المستخدمون", level: 2 })).toBeVisible();
  await page.getByRole("searchbox", { name: "ابحث بالاسم أو البريد الإلكتروني" }).fill(member.email);
  const card = page.getByRole("row").filter({ hasText: member.email });
  await expect(card.getByRole("combobox", { name: `دور ${MEMBER_NAME}` })).toBeVisible();
  await expect(card.getByRole("button", { name: `تعطيل حساب ${MEMBER_NAME}` })).toBeVisible();
  await expect(card.getByText("مؤكَّد", { exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/users-ar-phone.png", fullPage: true });
});

test("[a11y] axe finds no serious or critical violations in the Users tab and its confirmation", async ({ page, signIn }) => {
  test.setTimeout(90_000); // axe takes several seconds per page on a small machine
  const member = await signIn(page, "regular", { fresh: true });
  await page.context().clearCookies();
  await signIn(page, "admin");
  await openUsersTab(page);
  await expect(page.getByRole("table", { name: "User accounts" })).toBeVisible();
  expect(await axeProblems(page)).toEqual([]);
  await page.getByRole("searchbox", { name: "Search name or e-mail" }).fill(member.email);
  await page
    .getByRole("row")
    .filter({ hasText: member.email })
    .getByRole("button", { name: `Disable ${MEMBER_NAME}` })
    .click();
  await expect(page.getByRole("alertdialog", { name: "Disable this account?" })).toBeVisible();
  expect(await axeProblems(page, '[role="alertdialog"]')).toEqual([]);
  await page.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
});
