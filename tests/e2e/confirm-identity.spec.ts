import type { APIRequestContext } from "@playwright/test";
import { authenticatorApp } from "../helpers/authenticator";
import { adminCode } from "./admin-code";
import { axeProblems } from "./axe";
import { AFTER_PASSWORD } from "./limits";
import { E2E_ADMIN, expect, registerMember, test, uid, MEMBER_NAME } from "./fixtures";
import { E2E_BASE_PORT, TEMPLATE_DIR, startServer, type E2EServer } from "./server";

const PASSWORD = "a member's long password";

/**
 * 'Confirm it is you': on this server the password proved at sign-in counts for 1 ms only (CONFIRM_IDENTITY_SECONDS),
 * so every change to how an account signs in asks for the password again, as it does 10 minutes after a sign-in.
 */
test.describe("[2fa] changes to second factors ask for the password again", () => {
  test.describe.configure({ mode: "serial" });
  const port = E2E_BASE_PORT + 9;
  const origin = `http://127.0.0.1:${port}`;
  let server: E2EServer;
  test.beforeAll(async ({ mailbox }) => {
    test.setTimeout(150_000);
    server = await startServer(port, { template: TEMPLATE_DIR, env: { SMTP_URL: mailbox.url, CONFIRM_IDENTITY_SECONDS: "0.001" } });
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  test.use({ baseURL: origin });

  test("[2fa] setting up the app asks for the password; a wrong one is refused, the right one goes on to the QR code", async ({ page, mailbox }) => {
    test.slow(); // several sign-in checks (argon2) and two dialogs
    await registerMember(page.request, mailbox, { email: `confirm-${uid()}@e2e.test`, password: PASSWORD, fullName: MEMBER_NAME });
    await page.goto("/account");
    const app = page.getByRole("region", { name: "Authenticator app" });
    await app.getByRole("button", { name: "Set up an authenticator app" }).click();

    const confirm = page.getByRole("dialog", { name: "Confirm it is you" });
    await expect(confirm).toBeVisible();
    expect(await axeProblems(page, '[role="dialog"]')).toEqual([]);
    await confirm.getByLabel("Your password").fill("not my password");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(confirm.getByText("That password is not right.")).toBeVisible(AFTER_PASSWORD);
    await confirm.getByLabel("Your password").fill(PASSWORD);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(confirm).toBeHidden(AFTER_PASSWORD);
    await expect(app.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();

    // Turning it on is a change too: asked once more, then the recovery codes.
    const secret = (await app.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
    await app.getByLabel("2. Enter the 6-digit code the app shows").fill(await authenticatorApp(secret).next());
    await app.getByRole("button", { name: "Turn on" }).click();
    await confirm.getByLabel("Your password").fill(PASSWORD);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByRole("dialog", { name: "Your recovery codes" })).toBeVisible(AFTER_PASSWORD);
  });

  test("[2fa] closing the password dialog leaves everything as it was", async ({ page, mailbox }) => {
    await registerMember(page.request, mailbox, { email: `cancel-${uid()}@e2e.test`, password: PASSWORD, fullName: MEMBER_NAME });
    await page.goto("/account");
    const app = page.getByRole("region", { name: "Authenticator app" });
    await app.getByRole("button", { name: "Set up an authenticator app" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm it is you" });
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await expect(app.getByRole("button", { name: "Set up an authenticator app" })).toBeVisible();
    await expect(page.getByText("Could not")).toHaveCount(0);
  });

  /** A member of this server with an authenticator app, set up through the API (each step carrying the password). */
  async function memberWithApp(api: APIRequestContext, mailbox: Parameters<typeof registerMember>[1]) {
    const email = `lost-phone-${uid()}@e2e.test`;
    await registerMember(api, mailbox, { email, password: PASSWORD, fullName: "Lost Phone" });
    const { secret } = await (await api.post("/api/account/two-factor/app", { data: { password: PASSWORD } })).json();
    const on = await api.post("/api/account/two-factor/app/confirm", { data: { code: await authenticatorApp(secret).toConfirm(), password: PASSWORD } });
    expect(on.status()).toBe(200);
    return { email };
  }

  test("[admin] an admin removes the two-factor sign-in of a member who lost their phone, after confirming their own password", async ({
    page,
    mailbox,
    playwright,
  }) => {
    test.slow();
    const api = await playwright.request.newContext({ baseURL: origin });
    const member = await memberWithApp(api, mailbox);
    await api.dispose();

    const login = await page.request.post("/api/login", { data: E2E_ADMIN });
    expect((await login.json()).twoFactorRequired).toBe(true);
    expect((await page.request.post("/api/login/two-factor", { data: { code: await adminCode(origin) } })).ok()).toBe(true);
    await page.goto(`/admin/users`);
    const row = page.getByRole("row").filter({ hasText: member.email });
    await page.getByLabel("Search name or e-mail").fill(member.email);
    await row.getByRole("button", { name: "Remove two-factor sign-in of Lost Phone" }).click();
    const sure = page.getByRole("alertdialog", { name: "Remove two-factor sign-in?" });
    await expect(sure.getByText("For someone who lost their phone and their recovery codes.")).toBeVisible();
    await sure.getByRole("button", { name: "Remove two-factor sign-in" }).click();
    const confirm = page.getByRole("dialog", { name: "Confirm it is you" });
    await confirm.getByLabel("Your password").fill(E2E_ADMIN.password);
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Two-factor sign-in removed")).toBeVisible(AFTER_PASSWORD);
    await expect(row.getByRole("button", { name: "Remove two-factor sign-in of Lost Phone" })).toHaveCount(0);

    // The member signs in with the password alone, and was told by e-mail.
    const mail = await mailbox.waitFor((m) => m.to.includes(member.email) && m.text.includes("An administrator removed two-factor sign-in"));
    expect(mail.subject).toBe("A change to how you sign in to Meridian Crest Holdings");
    const again = await playwright.request.newContext({ baseURL: origin });
    const signIn = await again.post("/api/login", { data: { email: member.email, password: PASSWORD } });
    expect(signIn.status()).toBe(200);
    expect((await signIn.json()).twoFactorRequired).toBeUndefined();
    await again.dispose();
  });
});
