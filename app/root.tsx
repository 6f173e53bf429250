import { type ShouldRevalidateFunctionArgs, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation, useRouteLoaderData } from "react-router";
import * as React from "react";
import type { Route } from "./+types/root";
import appStyles from "./app.css?url";
import displayFont from "./fonts/playfair-display-latin.woff2?url";
import arabicHeadingFont from "./fonts/ibm-plex-sans-arabic-600-arabic.woff2?url";
import { useNonce } from "./lib/nonce";
import { stylesheetSource } from "./lib/stylesheet";
import { DeferredToaster } from "./lib/toast";
import { SiteFooter } from "./components/site/footer";
import { SiteHeader } from "./components/site/header";
import type { PublicUser } from "../server/features/accounts/users";
import type { Brand } from "../shared/brand";
import { brand as defaultBrand } from "../shared/brand";
import { I18nProvider, useT } from "./i18n/provider";
import { LOCALE_INFO, LOCALES, localeOfPath, localizePath, stripLocale, type Locale } from "../shared/i18n/locales";
import { namespacesFor } from "../shared/i18n/namespaces";
import type { CompiledMessages } from "../shared/i18n/messages";
import { catalogUrls, loadCatalogs, messagesFor } from "./i18n/catalogs";

const NO_MESSAGES: CompiledMessages = {};

/*
 * Nothing in <head> makes the first paint wait for another request: the stylesheet is written into the page (see
 * SiteStylesheet), and the one font file the page's largest heading uses is preloaded (the display face's Latin
 * letters in English, the Arabic face's semibold letters in Arabic). The other faces load when the first layout
 * needs them, the fallback face showing meanwhile (font-display: swap, app/fonts/fonts.css).
 */
/** The id of the <style> element that carries the site's stylesheet in a server-rendered page. */
const INLINE_STYLESHEET_ID = "site-css";

/**
 * The site's stylesheet. A built server writes its text into the page (about 13 KB once compressed with the page),
 * so the first paint needs no second round trip; the browser keeps the element as the server wrote it. Under the
 * development server (no built stylesheet to read) the page links it instead.
 */
function SiteStylesheet() {
  const [css] = React.useState(() =>
    typeof document === "undefined" ? stylesheetSource?.(appStyles) : document.getElementById(INLINE_STYLESHEET_ID) ? "" : undefined,
  );
  if (css === undefined) return <link rel="stylesheet" href={appStyles} precedence="default" />;
  // The browser keeps the server's text: hydration does not compare or replace the inner HTML it is given here.
  return <style id={INLINE_STYLESHEET_ID} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />;
}

/** Who is signed in, as the header shows it. */
export type RootUser = Pick<PublicUser, "id" | "username" | "email" | "fullName" | "role">;
export type RootData = {
  user: RootUser | null;
  brand: Brand;
  mode: "production" | "development";
  /** The page's language (from its URL); its messages are in catalog files of their own (app/i18n/catalogs.ts). */
  locale: Locale;
  origin: string;
};

export async function loader({ context, request }: Route.LoaderArgs): Promise<RootData> {
  const { services, user } = context;
  const url = new URL(request.url);
  const { locale } = context;
  // Both come from the request's one read of the settings.
  const [brand, mode] = await Promise.all([services.settings.brand({ locale }), services.settings.effectiveMode(url.hostname)]);
  return {
    user: user ? { id: user.id, username: user.username, email: user.email, fullName: user.fullName, role: user.role } : null,
    brand,
    mode,
    locale,
    origin: context.origin,
  };
}

/** A navigation shows a page only once the catalogs of its area are loaded (the browser keeps them). */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const { pathname } = new URL(request.url);
  const [data] = await Promise.all([serverLoader(), loadCatalogs(localeOfPath(pathname), namespacesFor(pathname))]);
  return data;
}

/**
 * The session shown in the header must follow sign-in and sign-out, which happen on /auth or through the API; the
 * messages must follow the language and the area (a page of another area needs other catalogs).
 */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const areaChanged = namespacesFor(currentUrl.pathname).join() !== namespacesFor(nextUrl.pathname).join();
  const signInPage = (path: string) => stripLocale(path) === "/auth";
  return (
    defaultShouldRevalidate ||
    areaChanged ||
    localeOfPath(currentUrl.pathname) !== localeOfPath(nextUrl.pathname) ||
    signInPage(currentUrl.pathname) ||
    signInPage(nextUrl.pathname)
  );
}

/** Height of the fixed site header in px: 4rem bar on phones; 2.25rem top bar + 5rem bar from the md breakpoint. */
const HEADER_HEIGHT = { phone: 64, desktop: 116 } as const;
const TOAST_GAP = 12;

/** Pages a search engine should know in both languages: everything but the signed-in areas and sign-in. */
const SIGNED_IN_AREAS = /^\/(auth|account|investor-portal|admin|environment-setup)(\/|$)/;

/** hreflang alternates (en, ar, x-default) and Open Graph locales of a public page. */
function LanguageAlternates({ locale, origin }: { locale: Locale; origin: string }) {
  const { pathname, search } = useLocation();
  const path = stripLocale(pathname);
  if (SIGNED_IN_AREAS.test(path)) return null;
  const href = (l: Locale) => `${origin}${localizePath(path, l)}${search}`;
  return (
    <>
      {LOCALES.map((l) => (
        <link key={l} rel="alternate" hrefLang={l} href={href(l)} />
      ))}
      <link rel="alternate" hrefLang="x-default" href={href("en")} />
      <meta property="og:locale" content={LOCALE_INFO[locale].og} />
      {LOCALES.filter((l) => l !== locale).map((l) => (
        <meta key={l} property="og:locale:alternate" content={LOCALE_INFO[l].og} />
      ))}
    </>
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // The page answers to script from here on (until then it is the server's HTML, booted after its first paint).
  React.useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  const data = useRouteLoaderData<RootData>("root");
  const { pathname } = useLocation();
  const locale = data?.locale ?? localeOfPath(pathname);
  const namespaces = namespacesFor(pathname);
  // Preload hints matter for the first page only (later pages' catalogs are fetched by the root's client
  // loader): they stay as the server wrote them, so a navigation adds no second request for the same file.
  const [preloads] = React.useState(() => catalogUrls(locale, namespaces));
  return (
    <html lang={locale} dir={LOCALE_INFO[locale].dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {/* The face of the page's largest heading: Arabic pages never download the Latin display face early. */}
        <link rel="preload" href={locale === "ar" ? arabicHeadingFont : displayFont} as="font" type="font/woff2" crossOrigin="anonymous" />
        {/* The page's message catalogs download alongside its scripts; the client entry waits for them. */}
        {preloads.map((href) => (
          <link key={href} rel="preload" href={href} as="fetch" crossOrigin="anonymous" />
        ))}
        <SiteStylesheet />
        <Meta />
        <Links />
        {data ? <LanguageAlternates locale={locale} origin={data.origin} /> : null}
      </head>
      <body className="min-h-screen">
        <I18nProvider locale={locale} messages={messagesFor(locale, namespaces) ?? NO_MESSAGES}>
          <SkipLink />
          {children}
        </I18nProvider>
        {/* Toasts open below the fixed header, so they never cover its Login / My Account button or the menu toggle;
            at the top corner on the end side of the reading direction (right in English, left in Arabic). */}
        <DeferredToaster
          position={LOCALE_INFO[locale].dir === "rtl" ? "top-left" : "top-right"}
          offset={{ top: HEADER_HEIGHT.desktop + TOAST_GAP }}
          mobileOffset={{ top: HEADER_HEIGHT.phone + TOAST_GAP }}
          richColors
          closeButton
          visibleToasts={1}
          duration={5000}
          dir={LOCALE_INFO[locale].dir}
        />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function SkipLink() {
  const t = useT();
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:start-4 focus:top-4 focus:z-[100] focus:rounded focus:bg-white focus:px-4 focus:py-2 focus:text-navy-900"
    >
      {t("common.skipToContent")}
    </a>
  );
}

export default function App() {
  return (
    <>
      <SiteHeader />
      <main id="main">
        <Outlet />
      </main>
      <SiteFooter />
    </>
  );
}

/** Error pages are rare: their panel is a chunk of its own, kept out of every page's first download. */
const ErrorMain = React.lazy(() => import("./components/site/not-found-panel").then((m) => ({ default: m.ErrorMain })));

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}

function ErrorPage({ error }: { error: unknown }) {
  return (
    <>
      <SiteHeader forceDark />
      <ErrorMain error={error} />
      <SiteFooter />
    </>
  );
}

export const DEFAULT_BRAND = defaultBrand;
