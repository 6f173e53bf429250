import { E2E_ADMIN, expect, test } from "./fixtures";

test("[auth] an admin signs in through /auth and reaches /admin", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin$/);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Login successful")).toBeVisible();
});

test("[auth] a wrong password shows 'Login failed'", async ({ page }) => {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Login failed")).toBeVisible();
  await expect(page.getByText("Invalid email or password")).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});

test("[routes] unknown paths answer 404 with the spec's hint", async ({ page }) => {
  const res = await page.goto("/no-such-page");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
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
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});

test("[auth] a new account is greeted 'Welcome', and 'Welcome back' after signing in again", async ({ page }) => {
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
  await expect(page.getByText("Your account has been created.")).toBeVisible();
  await expect(page).toHaveURL(/\/investor-portal$/);
  await expect(page.getByRole("heading", { name: "Nadia Newcomer" })).toBeVisible();
  await expect(greeting).toHaveText("Welcome,");
  // Still new after a reload in the same tab.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Nadia Newcomer" })).toBeVisible();
  await expect(greeting).toHaveText("Welcome,");

  await page.getByRole("button", { name: "My Account" }).click();
  await page.getByRole("menuitem", { name: "Log Out" }).click();
  await expect(page.getByText("You have been logged out successfully.")).toBeVisible();

  await page.goto("/auth?redirect=%2Finvestor-portal");
  const login = page.getByRole("form", { name: "Login" });
  await login.getByLabel("Email").fill(email);
  await login.getByLabel("Password").fill("a good password");
  await login.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Welcome back, Nadia Newcomer!")).toBeVisible();
  await expect(page).toHaveURL(/\/investor-portal$/);
  await expect(page.getByRole("heading", { name: "Nadia Newcomer" })).toBeVisible();
  await expect(greeting).toHaveText("Welcome back,");
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
    await expect(page.getByText("Registration successful")).toBeVisible();
    await expect(page).toHaveURL(/\/press-releases$/);
    const me = await page.request.get("/api/user");
    expect((await me.json()).role).toBe("regular");
    await expect(page.getByRole("button", { name: "My Account" })).toBeVisible();
  });

  test("[auth] the redirect target never leaves the site", async ({ page }) => {
    for (const evil of ["https://evil.example", "//evil.example", "/\\evil.example", "javascript:alert(1)"]) {
      await page.goto(`/auth?redirect=${encodeURIComponent(evil)}`);
      await page.getByRole("tab", { name: "Register" }).click();
      const form = page.getByRole("form", { name: "Register" });
      await form.getByLabel("Full name").fill("Omar Open");
      await form.getByLabel("Email").fill(`open-${Date.now()}-${Math.random().toString(36).slice(2, 6)}@e2e.test`);
      await form.getByLabel("Password", { exact: true }).fill("a good password");
      await form.getByLabel("Confirm password").fill("a good password");
      await form.getByRole("button", { name: "Create Account" }).click();
      await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
      await page.context().clearCookies();
    }
  });

  test("[auth] an already signed-in visitor is sent on to the target", async ({ page }) => {
    await page.request.post("/api/login", { data: E2E_ADMIN });
    await page.goto("/auth?redirect=%2Fpress-releases");
    await expect(page).toHaveURL(/\/press-releases$/);
  });

  test("[auth] a regular user who opens /admin sees Access Denied", async ({ page }) => {
    await page.request.post("/api/register", { data: { email: `reg-${Date.now()}@e2e.test`, fullName: "Rami Regular", password: "a good password" } });
    const res = await page.goto("/admin");
    expect(res?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("This page is only accessible to administrators.")).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("[auth] log out from the account menu", async ({ page }) => {
    await page.request.post("/api/login", { data: E2E_ADMIN });
    await page.goto("/press-releases");
    await page.getByRole("button", { name: "My Account" }).click();
    await expect(page.getByRole("menuitem", { name: "Admin Dashboard" })).toBeVisible();
    await page.getByRole("menuitem", { name: "Log Out" }).click();
    await expect(page.getByText("You have been logged out successfully.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Login" })).toBeVisible();
    expect((await page.request.get("/api/user")).status()).toBe(401);
  });
});
