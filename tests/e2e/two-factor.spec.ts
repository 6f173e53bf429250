import type { CDPSession, Page } from "@playwright/test";
import { authenticatorApp } from "../helpers/authenticator";
import { adminLogin, E2E_ADMIN, expect, registerMember, test, uid, MEMBER_NAME } from "./fixtures";
import { axeProblems } from "./axe";
import { AFTER_PASSWORD } from "./limits";
import { E2E_BASE_PORT, TEMPLATE_DIR, startServer, type E2EServer } from "./server";

const PASSWORD = "a member's long password";

/** The first step of signing in through the form: e-mail and password. */
async function passwordStep(page: Page, account: { email: string; password: string }) {
  await page.goto("/auth");
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

test("[2fa] a member sets up an authenticator app from the QR code's key, keeps the recovery codes, and signs in with a code and then a recovery code", async ({
  page,
  signIn,
}) => {
  test.slow(); // a new account, the app set up, and two sign-ins through the form, each with a second step
  const member = await signIn(page, "regular", { fresh: true });
  await page.goto("/account");
  const app = page.getByRole("region", { name: "Authenticator app" });
  await app.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(app.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = (await app.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);

  await app.getByLabel("2. Enter the 6-digit code the app shows").fill("000000");
  await app.getByRole("button", { name: "Turn on" }).click();
  await expect(app.getByText("That code is not right, or it was already used.")).toBeVisible();
  const phone = authenticatorApp(secret);
  await app.getByLabel("2. Enter the 6-digit code the app shows").fill(await phone.next());
  await app.getByRole("button", { name: "Turn on" }).click();

  const dialog = page.getByRole("dialog", { name: "Your recovery codes" });
  await expect(dialog).toBeVisible();
  const codes = await dialog.getByRole("listitem").allInnerTexts();
  expect(codes).toHaveLength(10);
  await dialog.getByRole("button", { name: "I have saved them" }).click();
  await expect(app.getByText("On", { exact: true })).toBeVisible();
  await expect(app.getByText("10 recovery codes left.")).toBeVisible();

  // Sign out, then in: the password, then the app's code.
  await page.context().clearCookies();
  await passwordStep(page, member);
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible(AFTER_PASSWORD);
  expect((await page.request.get("/api/user")).status()).toBe(401);
  await page.getByLabel("Code", { exact: true }).fill(await phone.next());
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByText("Login successful")).toBeVisible(AFTER_PASSWORD);
  expect((await (await page.request.get("/api/user")).json()).email).toBe(member.email);

  // Once more with a recovery code, which is then used up.
  await page.context().clearCookies();
  await passwordStep(page, member);
  await page.getByLabel("Code", { exact: true }).fill(codes[0]);
  await page.getByRole("button", { name: "Verify", exact: true }).click();
  await expect(page.getByText("Login successful")).toBeVisible(AFTER_PASSWORD);
  await page.goto("/account");
  await expect(page.getByText("9 recovery codes left.")).toBeVisible();
});

test("[2fa] an admin without a second factor is sent from the dashboard to set one up, then reaches it", async ({ page, signIn, adminApi }) => {
  test.slow(); // a new account made admin, the app set up, the dashboard loaded twice
  await signIn(page, "regular", { fresh: true });
  const me = await (await page.request.get("/api/user")).json();
  expect((await adminApi.patch(`/api/admin/users/${me.id}`, { data: { role: "admin" } })).status()).toBe(200);

  await page.goto("/admin");
  await expect(page).toHaveURL(/\/account\?setup=two-factor$/);
  // The page opens at the set-up step: the reason on top, the authenticator app in view, the profile below.
  await expect(page.getByRole("alert").filter({ hasText: "Admins sign in with a second factor." })).toBeInViewport();
  const app = page.getByRole("region", { name: "Authenticator app" });
  await expect(app.getByRole("button", { name: "Set up an authenticator app" })).toBeInViewport();
  await app.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = (await app.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  await app.getByLabel("2. Enter the 6-digit code the app shows").fill(await authenticatorApp(secret).next());
  await app.getByRole("button", { name: "Turn on" }).click();
  // The page reads the account again (the reason goes away); the recovery codes stay open until they are saved.
  await expect(page.getByRole("alert").filter({ hasText: "Admins sign in with a second factor." })).toHaveCount(0);
  const codes = page.getByRole("dialog", { name: "Your recovery codes" });
  await expect(codes.getByRole("listitem")).toHaveCount(10);
  await codes.getByRole("button", { name: "I have saved them" }).click();
  await expect(codes).toBeHidden();
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Admin Dashboard" })).toBeVisible();
});

test.describe("[passkeys] with Chromium's virtual authenticator", () => {
  // WebAuthn needs a domain for its relying party (not an IP address): this server's public origin is localhost.
  test.describe.configure({ mode: "serial" });
  const port = E2E_BASE_PORT + 8;
  const origin = `http://localhost:${port}`;
  let server: E2EServer;
  test.beforeAll(async ({ mailbox }) => {
    test.setTimeout(150_000);
    server = await startServer(port, { template: TEMPLATE_DIR, env: { SMTP_URL: mailbox.url, PUBLIC_ORIGIN: origin } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  test.use({ baseURL: origin });

  /** A platform authenticator that verifies its user (as a fingerprint reader would) and keeps discoverable passkeys. */
  async function authenticator(page: Page): Promise<CDPSession> {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("WebAuthn.enable");
    await cdp.send("WebAuthn.addVirtualAuthenticator", {
      options: {
        protocol: "ctap2",
        transport: "internal",
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    return cdp;
  }

  test("[passkeys] add a named passkey, use it as the second step and to sign in without a password, rename it and remove it", async ({
    page,
    mailbox,
    playwright,
  }) => {
    test.slow(); // a new account, three passkey ceremonies, a sign-in through the form, renaming, removing, an admin's sign-in
    const email = `passkey-${uid()}@e2e.test`;
    await registerMember(page.request, mailbox, { email, password: PASSWORD, fullName: MEMBER_NAME });
    await authenticator(page);

    await page.goto("/account");
    const keys = page.getByRole("region", { name: "Passkeys" });
    await keys.getByLabel("Name", { exact: true }).fill("Work laptop");
    await keys.getByRole("button", { name: "Add a passkey" }).click();
    await expect(page.getByText("Passkey “Work laptop” added")).toBeVisible();
    // The first second factor comes with recovery codes.
    const dialog = page.getByRole("dialog", { name: "Your recovery codes" });
    await expect(dialog.getByRole("listitem")).toHaveCount(10);
    await dialog.getByRole("button", { name: "I have saved them" }).click();
    await expect(keys.getByRole("list", { name: "Passkeys" }).getByText("Work laptop")).toBeVisible();

    // The password now asks for the passkey as the second step.
    await page.context().clearCookies();
    await passwordStep(page, { email, password: PASSWORD });
    await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible(AFTER_PASSWORD);
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page.getByText("Login successful")).toBeVisible(AFTER_PASSWORD);
    expect((await (await page.request.get("/api/user")).json()).email).toBe(email);

    // And on its own: no password at all.
    await page.context().clearCookies();
    await page.goto("/auth");
    await page.getByRole("button", { name: "Continue with a passkey" }).click();
    await expect(page.getByText("Login successful")).toBeVisible(AFTER_PASSWORD);
    expect((await (await page.request.get("/api/user")).json()).email).toBe(email);

    // Renamed, then removed: the password alone signs in again.
    await page.goto("/account");
    await keys.getByRole("button", { name: "Rename Work laptop" }).click();
    const rename = page.getByRole("dialog", { name: "Rename passkey" });
    await rename.getByLabel("Name").fill("Old laptop");
    await rename.getByRole("button", { name: "Save" }).click();
    await expect(keys.getByRole("list", { name: "Passkeys" }).getByText("Old laptop")).toBeVisible();
    await keys.getByRole("button", { name: "Remove Old laptop" }).click();
    await page.getByRole("dialog", { name: "Remove this passkey?" }).getByRole("button", { name: "Remove" }).click();
    await expect(keys.getByText("You have no passkeys yet.")).toBeVisible();

    // The security log has each change, for the admins.
    const admin = await playwright.request.newContext({ baseURL: origin });
    await adminLogin(admin, origin, E2E_ADMIN);
    const me = await (await page.request.get("/api/user")).json();
    const events = (await (await admin.get(`/api/admin/security-events?userId=${me.id}`)).json()).events as Array<{
      type: string;
      detail: { name?: string; method?: string };
    }>;
    await admin.dispose();
    expect(events.map((e) => e.type)).toEqual(expect.arrayContaining(["passkey-added", "passkey-removed"]));
    expect(events.filter((e) => e.type === "sign-in").map((e) => e.detail?.method)).toEqual(expect.arrayContaining(["passkey"]));
  });
});

test("[2fa] the sign-in security section in Arabic on a phone @mobile", async ({ page, signIn }) => {
  await signIn(page, "regular");
  await page.goto("/ar/account");
  await expect(page.getByRole("region", { name: "تطبيق المصادقة" }).getByRole("button", { name: "إعداد تطبيق مصادقة" })).toBeVisible();
  await expect(page.getByRole("region", { name: "مفاتيح المرور" }).getByRole("button", { name: "إضافة مفتاح مرور" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("[a11y] axe finds no serious or critical violations in the authenticator set-up, the recovery codes and the second step", async ({ page, signIn }) => {
  test.setTimeout(90_000); // axe takes several seconds per page on a small machine
  const member = await signIn(page, "regular", { fresh: true });
  await page.goto("/account");
  const app = page.getByRole("region", { name: "Authenticator app" });
  await app.getByRole("button", { name: "Set up an authenticator app" }).click();
  await expect(app.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  expect(await axeProblems(page, "#security")).toEqual([]);
  const secret = (await app.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
  const phone = authenticatorApp(secret);
  await app.getByLabel("2. Enter the 6-digit code the app shows").fill(await phone.next());
  await app.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("dialog", { name: "Your recovery codes" })).toBeVisible();
  expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await page.context().clearCookies();
  await passwordStep(page, member);
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible(AFTER_PASSWORD);
  expect(await axeProblems(page, "main")).toEqual([]);
});
