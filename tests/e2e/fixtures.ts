import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from "@playwright/test";
import { snapshotContent } from "./content";
import { linkIn, startSmtpServer, type SmtpServer } from "../helpers/smtp";
import { E2E_ADMIN, E2E_BASE_PORT, TEMPLATE_DIR, startServer, type E2EServer } from "./server";
import { adminCode, adminLogin } from "./admin-code";

export { expect, E2E_ADMIN, adminLogin };

export type Role = "admin" | "regular" | "investor";
type StorageState = Awaited<ReturnType<APIRequestContext["storageState"]>>;
export type Account = { email: string; password: string; fullName: string };
type SignedIn = Account & { state: StorageState };

/** The name every registered test account carries (pages greet it, access logs list it). */
export const MEMBER_NAME = "Rana Regular";
const MEMBER_PASSWORD = "regular-password";

let n = 0;
/** A name no other test (in any worker) uses. */
export const uid = () => `${Date.now().toString(36)}${process.pid.toString(36)}${++n}`;

type WorkerFixtures = {
  /** A real SMTP server on 127.0.0.1 receiving every e-mail this worker's servers send. */
  mailbox: SmtpServer;
  /** This worker's own production server and database, shared by the tests the worker runs one after another. */
  server: E2EServer;
  /** One account per role for the whole worker, created through the public API the first time a test asks. */
  workerAccount: (role: Role) => Promise<SignedIn>;
};

type TestFixtures = {
  /**
   * Option: the test gets a server and database of its own, fresh from the seed (for what only a fresh install
   * shows). `signIn` then always makes a new session there.
   */
  freshServer: boolean;
  /**
   * Option: the press releases, their featured and homepage flags, the spotlight, portfolio companies and
   * documents are put back as they were after each test (for files whose tests change them through the pages).
   */
  restoresContent: boolean;
  _restoreContent: void;
  /**
   * Signs the page's browser context in. By default it reuses the worker's account of that role (its cookies are
   * copied, no request is made); `fresh: true` gives a new account (regular, investor) or a new admin session, for
   * tests that change the user (an application) or end the session (log out).
   */
  signIn: (page: Page, role: Role, options?: { fresh?: boolean }) => Promise<Account>;
  /** An API client signed in as the worker's admin, for setting up and cleaning up data. */
  adminApi: APIRequestContext;
};

export type SignIn = TestFixtures["signIn"];

/**
 * A page boots its scripts only after its first paint, so a page just loaded shows the server's HTML for a moment
 * before it answers to script. A test acts as a user who waits for the page to be ready: every page.goto and
 * page.reload returns once the page has hydrated (`<html data-hydrated="true">`) or given up (`"false"`: its
 * catalogs could not be loaded), or at once for a response that is not one of the site's pages (JSON, a file).
 */
function waitForHydrationAfterLoads(page: Page) {
  const ready = () =>
    page
      .waitForFunction(() => document.documentElement.dataset.hydrated !== undefined || !document.querySelector('script[type="module"]'), null, {
        timeout: 20_000,
      })
      .then(() => undefined);
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (options?.waitUntil !== "commit") await ready();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (options?.waitUntil !== "commit") await ready();
    return response;
  };
}

/** A second browser a test opens (another member, a signed-out colleague), whose pages wait for hydration too. */
export async function openBrowser(browser: Browser, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  if (options.javaScriptEnabled !== false) context.on("page", waitForHydrationAfterLoads);
  return context;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  context: async ({ context, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) context.on("page", waitForHydrationAfterLoads);
    await use(context);
  },
  mailbox: [
    async ({}, use) => {
      const smtp = await startSmtpServer();
      await use(smtp);
      await smtp.close();
    },
    { scope: "worker" },
  ],

  server: [
    async ({ mailbox }, use, workerInfo) => {
      const server = await startServer(E2E_BASE_PORT + workerInfo.parallelIndex, { template: TEMPLATE_DIR, env: { SMTP_URL: mailbox.url } });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 150_000 },
  ],

  workerAccount: [
    async ({ server, playwright, mailbox }, use) => {
      const made = new Map<Role, Promise<SignedIn>>();
      const newClient = (storageState?: StorageState) => playwright.request.newContext({ baseURL: server.baseURL, storageState });
      const create = async (role: Role): Promise<SignedIn> => {
        const api = await newClient();
        try {
          if (role === "admin") {
            await adminLogin(api, server.baseURL, E2E_ADMIN);
            return { ...E2E_ADMIN, fullName: "Site Administrator", state: await api.storageState() };
          }
          const account = await register(api, mailbox);
          if (role === "investor") {
            const admin = await newClient((await get("admin")).state);
            await approve(admin, await apply(api)).finally(() => admin.dispose());
          }
          return { ...account, state: await api.storageState() };
        } finally {
          await api.dispose();
        }
      };
      const get = (role: Role) => {
        if (!made.has(role)) made.set(role, create(role));
        return made.get(role)!;
      };
      await use(get);
    },
    { scope: "worker" },
  ],

  freshServer: [false, { option: true }],
  restoresContent: [false, { option: true }],

  baseURL: async ({ server, freshServer, mailbox }, use, testInfo) => {
    if (!freshServer) return use(server.baseURL);
    // The ports above the workers' ones: base + 5 + worker.
    const own = await startServer(E2E_BASE_PORT + 5 + testInfo.parallelIndex, { template: TEMPLATE_DIR, env: { SMTP_URL: mailbox.url } });
    await use(own.baseURL);
    await own.stop();
  },

  _restoreContent: [
    async ({ restoresContent, playwright, server, workerAccount }, use) => {
      if (!restoresContent) return use();
      const admin = await playwright.request.newContext({ baseURL: server.baseURL, storageState: (await workerAccount("admin")).state });
      const restore = await snapshotContent(admin);
      await use();
      await restore();
      await admin.dispose();
    },
    { auto: true },
  ],

  adminApi: async ({ playwright, server, workerAccount }, use) => {
    const api = await playwright.request.newContext({ baseURL: server.baseURL, storageState: (await workerAccount("admin")).state });
    await use(api);
    await api.dispose();
  },

  signIn: async ({ workerAccount, adminApi, freshServer, mailbox, baseURL }, use) => {
    await use(async (page, role, options = {}) => {
      if (!options.fresh && !freshServer) {
        const { state, ...account } = await workerAccount(role);
        await page.context().addCookies(state.cookies);
        return account;
      }
      if (role === "admin") {
        await adminLogin(page.request, baseURL!, E2E_ADMIN);
        return { ...E2E_ADMIN, fullName: "Site Administrator" };
      }
      if (role === "investor" && freshServer) throw new Error("signIn: no new investor on a server of the test's own (the approving admin is the worker's)");
      const account = await register(page.request, mailbox);
      if (role === "investor") await approve(adminApi, await apply(page.request));
      return account;
    });
  },
});

async function apiLogin(api: APIRequestContext, credentials: { email: string; password: string }) {
  const res = await api.post("/api/login", { data: credentials });
  if (!res.ok()) throw new Error(`login as ${credentials.email} failed: ${res.status()} ${await res.text()}`);
}

/**
 * Signs the page's browser in as the administrator through the form: e-mail, password, then the app's code. Texts
 * in the page's language.
 */
export async function signInAsAdminThroughForm(page: Page, baseURL: string, texts = ADMIN_FORM_TEXTS.en) {
  await page.getByLabel(texts.email).fill(E2E_ADMIN.email);
  await page.getByLabel(texts.password).fill(E2E_ADMIN.password);
  await page.getByRole("button", { name: texts.signIn, exact: true }).click();
  // The second step, or the form's message saying why not (a loaded machine answers slowly; say what the page said).
  const code = page.getByLabel(texts.code, { exact: true });
  const refusal = page.getByTestId("auth-error");
  await expect(code.or(refusal)).toBeVisible({ timeout: 60_000 });
  if (await refusal.isVisible()) throw new Error(`the sign-in form refused the administrator: ${await refusal.innerText()}`);
  await code.fill(await adminCode(baseURL));
  await page.getByRole("button", { name: texts.verify, exact: true }).click();
}

/**
 * Opens the header's account menu and waits for `item` in it. The button answers only once the header has hydrated
 * (a click on the server's HTML does nothing), so it waits for that first; on a loaded machine it takes up to 20 s.
 */
export async function openAccountMenu(page: Page, item: string) {
  const header = page.locator("header").first();
  await expect(header).toHaveAttribute("data-hydrated", "true", { timeout: 20_000 });
  await header.getByRole("button", { name: "My Account" }).click();
  const entry = page.getByRole("menuitem", { name: item });
  await expect(entry).toBeVisible();
  return entry;
}

export const ADMIN_FORM_TEXTS = {
  en: { email: "Email", password: "Password", signIn: "Sign In", code: "Code", verify: "Verify" },
  ar: { email: "البريد الإلكتروني", password: "كلمة المرور", signIn: "دخول", code: "الرمز", verify: "تحقّق" },
};

/**
 * Registers a regular member through the public API, confirms the address with the link the e-mail brings, and signs
 * the client in as them.
 */
async function register(api: APIRequestContext, mailbox: SmtpServer, email = `member-${uid()}@e2e.test`): Promise<Account> {
  return registerMember(api, mailbox, { email, password: MEMBER_PASSWORD, fullName: MEMBER_NAME });
}

/** Registers `account`, confirms its address from the e-mail, and signs `api` in as it. */
export async function registerMember(api: APIRequestContext, mailbox: SmtpServer, account: Account): Promise<Account> {
  const email = account.email;
  const res = await api.post("/api/register", { data: account });
  if (!res.ok()) throw new Error(`register failed: ${res.status()} ${await res.text()}`);
  const link = linkIn(await mailbox.waitFor((m) => m.to.includes(email) && m.kind === "verify-email"), "http");
  const verified = await api.post("/api/verify-email", { data: { token: new URL(link).searchParams.get("token") } });
  if (!verified.ok()) throw new Error(`verify failed: ${verified.status()} ${await verified.text()}`);
  await apiLogin(api, account);
  return account;
}

/** The signed-in member applies for investor access; returns the application's id. */
async function apply(api: APIRequestContext): Promise<number> {
  const res = await api.post("/api/investor-applications", {
    data: { company: "Nile Family Office", position: "Partner", motivation: "We would like to review the annual reports before investing." },
  });
  if (!res.ok()) throw new Error(`apply failed: ${res.status()} ${await res.text()}`);
  return (await res.json()).id;
}

async function approve(admin: APIRequestContext, applicationId: number) {
  const res = await admin.post(`/api/admin/investor-applications/${applicationId}/approve`);
  if (!res.ok()) throw new Error(`approve failed: ${res.status()} ${await res.text()}`);
}

/** As an admin on the press tab: opens 'Add Press Release', then its 'Extract from URL' dialog; returns both dialogs. */
export async function openExtractDialog(page: Page) {
  await page.goto("/admin/press");
  await page.getByRole("button", { name: "Add Press Release" }).click();
  const form = page.getByRole("dialog", { name: "Create New Press Release" });
  await form.getByRole("button", { name: "Extract from URL" }).click();
  return { form, dialog: page.getByRole("dialog", { name: "Extract Content from URL" }) };
}
