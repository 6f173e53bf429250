// Screenshots of the main pages at a desktop and a phone width, for people to look at (not a test: nothing is
// compared). Needs a build (`npm run build`). Starts its own production server on a fresh database, signs in
// through the public API, and writes tmp/screens/<page>-1366.png and <page>-390.png (Arabic: <page>-ar-1366.png).
//
//   npm run screens                 every page, in English
//   npm run screens -- --ar         every page, in Arabic (the /ar/... addresses)
//   npm run screens -- admin press  only the pages whose name contains one of the words
import { mkdirSync } from "node:fs";
import path from "node:path";
import { chromium, type BrowserContext, type Page } from "@playwright/test";
import { E2E_ADMIN, E2E_BASE_PORT, startServer } from "../tests/e2e/server";
import { localizePath, type Locale } from "../shared/i18n/locales";
import type { MessageId } from "../shared/i18n/messages";
import { translate } from "../server/i18n";
import { authenticatorApp, type AuthenticatorApp } from "../tests/helpers/authenticator";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./chromium";

const OUT = path.resolve("tmp/screens");
const PORT = Number(process.env.SCREENS_PORT ?? E2E_BASE_PORT + 8);

const WIDTHS = [
  { suffix: "1366", options: { viewport: { width: 1366, height: 900 } } },
  { suffix: "390", options: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 } },
] as const;

type Who = "visitor" | "admin" | "member";
/** A shot; `prepare` (a click that opens a dialog or tab) finds its control by its name in the page's language. */
type Shot = { name: string; path: string; who: Who; prepare?: (page: Page, locale: Locale) => Promise<void> };

/** Scrolls every section into view (entrance effects, lazy images), waits for the images, back to the top. */
async function showEverything(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight / 2) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 60));
    }
    document.querySelectorAll("img").forEach((img) => (img.loading = "eager"));
  });
  await page.waitForFunction(() => Array.from(document.images).every((img) => img.complete), undefined, { timeout: 15_000 }).catch(() => {});
  await page.evaluate(() => window.scrollTo(0, 0));
}

const click =
  (label: MessageId, role: "button" | "tab" = "button") =>
  async (page: Page, locale: Locale) => {
    await page
      .getByRole(role, { name: translate(locale, label), exact: true })
      .first()
      .click();
    await page.waitForTimeout(400); // dialogs and tabs animate in
  };

/** Opens the first document row's button titled `title`, then (for a menu) its item `item`. */
const openFirstRow = (title: MessageId, item?: MessageId) => async (page: Page, locale: Locale) => {
  await page.getByTitle(translate(locale, title), { exact: true }).first().click();
  if (item) await page.getByRole("menuitem", { name: translate(locale, item) }).click();
  await page.getByRole("dialog").waitFor();
  await page.waitForTimeout(400); // dialogs animate in
};

function shots(firstReleaseId: number, noImageId: number | null): Shot[] {
  return [
    ...(noImageId ? [{ name: "press-detail-no-image", path: `/press-releases/${noImageId}`, who: "visitor" as const }] : []),
    { name: "press-not-found", path: "/press-releases/99999", who: "visitor" },
    { name: "home", path: "/", who: "visitor" },
    { name: "press-list", path: "/press-releases", who: "visitor" },
    { name: "press-detail", path: `/press-releases/${firstReleaseId}`, who: "visitor" },
    { name: "press-social-dialog", path: `/press-releases/${firstReleaseId}`, who: "visitor", prepare: click("site.social.extract") },
    { name: "search-results", path: "/search?q=axis", who: "visitor" },
    { name: "search-empty", path: "/search", who: "visitor" },
    { name: "legal-privacy", path: "/privacy", who: "visitor" },
    { name: "legal-terms", path: "/terms", who: "visitor" },
    { name: "sitemap", path: "/sitemap", who: "visitor" },
    { name: "investors", path: "/investors", who: "visitor" },
    { name: "investors-member", path: "/investors", who: "member" },
    { name: "api-reference", path: "/developers/api", who: "visitor" },
    { name: "auth", path: "/auth", who: "visitor" },
    { name: "not-found", path: "/no-such-page", who: "visitor" },
    { name: "admin-portfolio", path: "/admin", who: "admin" },
    { name: "admin-portfolio-dialog", path: "/admin", who: "admin", prepare: click("admin.portfolio.add") },
    { name: "admin-press", path: "/admin/press", who: "admin" },
    { name: "admin-press-dialog", path: "/admin/press", who: "admin", prepare: click("admin.press.add") },
    { name: "admin-contact", path: "/admin/contact", who: "admin" },
    { name: "admin-documents", path: "/admin/documents", who: "admin" },
    { name: "admin-documents-log", path: "/admin/documents", who: "admin", prepare: openFirstRow("admin.accessLog.title") },
    {
      name: "admin-documents-access",
      path: "/admin/documents",
      who: "admin",
      prepare: openFirstRow("admin.dataRoom.menu.title", "admin.dataRoom.menu.access"),
    },
    { name: "admin-applications", path: "/admin/applications", who: "admin" },
    { name: "admin-settings", path: "/admin/settings", who: "admin" },
    { name: "admin-users", path: "/admin/users", who: "admin" },
    { name: "admin-outbox", path: "/admin/outbox", who: "admin" },
    { name: "admin-security", path: "/admin/security", who: "admin" },
    { name: "account", path: "/account", who: "member" },
    { name: "environment", path: "/environment-setup", who: "admin" },
    { name: "portal-admin", path: "/investor-portal", who: "admin" },
    { name: "portal-admin-press", path: "/investor-portal?tab=press", who: "admin" },
    { name: "portal-member", path: "/investor-portal", who: "member" },
    { name: "portal-member-apply", path: "/investor-portal", who: "member", prepare: click("portal.access.button") },
    { name: "admin-access-denied", path: "/admin", who: "member" },
  ];
}

/** The admin's authenticator app, set up at the first sign-in (admins must have a second factor). */
let adminApp: AuthenticatorApp | undefined;

async function signIn(context: BrowserContext, who: Who) {
  if (who === "admin") {
    const res = await context.request.post("/api/login", { data: E2E_ADMIN });
    if (!res.ok()) throw new Error(`admin login failed: ${res.status()}`);
    if ((await res.json()).twoFactorRequired) {
      const second = await context.request.post("/api/login/two-factor", { data: { code: await adminApp!.next() } });
      if (!second.ok()) throw new Error(`admin second step failed: ${second.status()}`);
    } else {
      const setup = await context.request.post("/api/account/two-factor/app");
      if (!setup.ok()) throw new Error(`authenticator set-up failed: ${setup.status()}`);
      const app = authenticatorApp((await setup.json()).secret);
      const confirmed = await context.request.post("/api/account/two-factor/app/confirm", { data: { code: await app.toConfirm() } });
      if (!confirmed.ok()) throw new Error(`authenticator confirmation failed: ${confirmed.status()}`);
      adminApp = authenticatorApp(app.secret, (await confirmed.json()).recoveryCodes);
    }
  } else if (who === "member") {
    // Registering signs nobody in: the new member signs in next (an unconfirmed address may browse).
    const data = { email: `screens-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}@e2e.test`, password: "regular-password" };
    const res = await context.request.post("/api/register", { data: { ...data, fullName: "Rana Regular" } });
    if (!res.ok()) throw new Error(`register failed: ${res.status()}`);
    const login = await context.request.post("/api/login", { data });
    if (!login.ok()) throw new Error(`member login failed: ${login.status()}`);
  }
}

async function main() {
  const arabic = process.argv.includes("--ar");
  const words = process.argv.slice(2).filter((w) => w !== "--ar");
  mkdirSync(OUT, { recursive: true });
  const server = await startServer(PORT);
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const releases = (await (await fetch(`${server.baseURL}/api/press-releases`)).json()) as Array<{ id: number }>;
    // A release without an image, to see that layout too.
    const admin = await browser.newContext({ baseURL: server.baseURL });
    await signIn(admin, "admin");
    const created = await admin.request.post("/api/press-releases", {
      data: {
        title: "Meridian Crest Publishes Its Third-Quarter 2026 Portfolio Update",
        summary: "Net asset value held steady through the quarter as four active companies grew revenue.",
        content: "<p>Meridian Crest Holdings today published its portfolio update for the third quarter of 2026.</p>",
        date: "2026-11-20",
        company: "Meridian Crest Holdings",
        sector: "finance",
        category: "Financial Results",
      },
    });
    const noImageId = created.ok() ? ((await created.json()) as { id: number }).id : null;
    await admin.close();
    const wanted = shots(releases[0].id, noImageId).filter((s) => words.length === 0 || words.some((w) => s.name.includes(w)));
    for (const width of WIDTHS) {
      const contexts = new Map<Who, BrowserContext>();
      for (const shot of wanted) {
        let context = contexts.get(shot.who);
        if (!context) {
          context = await browser.newContext({ ...width.options, baseURL: server.baseURL, reducedMotion: "reduce" });
          await signIn(context, shot.who);
          contexts.set(shot.who, context);
        }
        const page = await context.newPage();
        await page.goto(arabic ? localizePath(shot.path, "ar") : shot.path);
        await page.waitForLoadState("networkidle").catch(() => {});
        await showEverything(page);
        if (shot.prepare) await shot.prepare(page, arabic ? "ar" : "en");
        const file = path.join(OUT, `${shot.name}${arabic ? "-ar" : ""}-${width.suffix}.png`);
        await page.screenshot({ path: file, fullPage: !shot.prepare });
        console.log(path.relative(process.cwd(), file));
        await page.close();
      }
      for (const context of contexts.values()) await context.close();
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
