import { expect, test } from "./fixtures";

test("[environment] anonymous visitors are sent to sign in", async ({ page }) => {
  await page.goto("/environment-setup");
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fenvironment-setup$/);
});

test("[environment] a regular user gets Access Denied and cannot switch modes", async ({ page, signIn }) => {
  await signIn(page, "regular");
  const res = await page.goto("/environment-setup");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
  await expect(page.getByText("This page is only accessible to administrators.")).toBeVisible();
  expect((await page.request.put("/api/admin/settings/environment", { data: { mode: "production" } })).status()).toBe(403);
});

test("[environment] the admin switches between production and development", async ({ page, signIn }) => {
  await signIn(page, "admin");
  // Settings links here.
  await page.goto("/admin/settings");
  await page.getByRole("link", { name: "Configure Environment" }).click();
  await expect(page).toHaveURL(/\/environment-setup$/);
  await expect(page.getByRole("heading", { name: "Environment Setup" })).toBeVisible();

  const current = page.getByTestId("current-mode");
  const toProduction = page.getByRole("button", { name: "Set to Production Mode" });
  const toDevelopment = page.getByRole("button", { name: "Set to Development Mode" });
  const stored = (await (await page.request.get("/api/admin/settings/environment")).json()).mode as string | null;
  await expect(current).toHaveText(stored ?? "Not Set");
  await expect(page.getByText(/No production host name is configured/)).toBeVisible();

  if (stored !== "development") {
    await toDevelopment.click();
    await expect(page.getByText("Development mode enabled")).toBeVisible();
  }
  await expect(current).toHaveText("development");
  await expect(toDevelopment).toBeDisabled();
  await expect(toProduction).toBeEnabled();
  await expect(page.getByText("This request runs in development mode")).toBeVisible();

  await toProduction.click();
  await expect(page.getByText("Production mode enabled")).toBeVisible();
  await expect(page.getByText("The environment is now set to production.")).toBeVisible();
  await expect(current).toHaveText("production");
  await expect(toProduction).toBeDisabled();
  await expect(toDevelopment).toBeEnabled();
  await expect(page.getByText("This request runs in production mode")).toBeVisible();
  expect((await (await page.request.get("/api/admin/settings/environment")).json()).mode).toBe("production");

  // The choice survives a reload, and the settings tab shows it.
  await page.reload();
  await expect(current).toHaveText("production");
  await page.getByRole("link", { name: "Back to Admin Dashboard" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole("navigation", { name: "Dashboard screens" }).getByRole("link", { name: "Settings" }).click();
  await expect(page.getByText("production", { exact: true })).toBeVisible();

  await page.request.put("/api/admin/settings/environment", { data: { mode: "development" } });
});

test("[environment] the page on a phone @mobile", async ({ page, signIn }) => {
  await signIn(page, "admin");
  await page.goto("/environment-setup");
  await expect(page.getByRole("button", { name: "Set to Production Mode" })).toBeVisible();
});
