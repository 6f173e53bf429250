import { expect, test } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config";

test("[auth] an admin signs in through /auth and reaches /admin", async ({ page }) => {
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fadmin$/);
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
  await expect(page.getByText("Login successful")).toBeVisible();
  await page.screenshot({ path: "test-results/screens/admin-after-login.png", fullPage: true });
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
