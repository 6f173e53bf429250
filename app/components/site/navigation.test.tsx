import type * as React from "react";
import { renderToString } from "react-dom/server";
import { parseHTML } from "linkedom";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { I18nProvider } from "~/i18n/provider";
import SitemapPage from "~/routes/sitemap-page";
import { catalog } from "../../../server/i18n";
import type { Locale } from "../../../shared/i18n/locales";
import { namespacesFor } from "../../../shared/i18n/namespaces";
import { SiteFooter } from "./footer";
import { SiteHeader } from "./header";
import { MobileMenu } from "./header-menus";

// The header, the phone menu, the footer and the /sitemap page read one navigation list; each shows its links with
// these texts and addresses, in English and in Arabic.

/** Server-renders `node` at `path` in the page's language, as the root does, and parses the HTML. */
function render(node: React.ReactNode, locale: Locale, path: string) {
  const messages = catalog(locale, namespacesFor(path));
  const Stub = createRoutesStub([
    {
      path: "*",
      Component: () => (
        <I18nProvider locale={locale} messages={messages}>
          {node}
        </I18nProvider>
      ),
    },
  ]);
  return parseHTML(`<!doctype html><html><body>${renderToString(<Stub initialEntries={[path]} />)}</body></html>`).document;
}

/** [text, href] of each link inside the first element `selector` matches. */
function links(doc: Document, selector: string) {
  const container = doc.querySelector(selector);
  expect(container, selector).not.toBeNull();
  return [...container!.querySelectorAll("a")].map((a) => [a.textContent?.trim(), a.getAttribute("href")]);
}

/** [text, href] of each link in the list below the heading `title`. */
function linksUnder(doc: Document, title: string) {
  const heading = [...doc.querySelectorAll("h2")].find((h) => h.textContent?.trim() === title);
  expect(heading, title).toBeDefined();
  return [...heading!.parentElement!.querySelectorAll("a")].map((a) => [a.textContent?.trim(), a.getAttribute("href")]);
}

const sitemapData = { releases: [], releaseTotal: 0, companies: [], origin: "https://example.test" };
const sitemapPage = <SitemapPage {...({ loaderData: sitemapData } as unknown as React.ComponentProps<typeof SitemapPage>)} />;

describe("[site] navigation", () => {
  it("header: the main navigation's links, About Us opening its menu", () => {
    const doc = render(<SiteHeader />, "en", "/press-releases");
    expect(links(doc, 'nav[aria-label="Main"]')).toEqual([
      ["Home", "/#home"],
      ["Investments", "/#portfolio"],
      ["Press Releases", "/press-releases"],
      ["Investors", "/investors"],
      ["Contact", "/#contact"],
    ]);
    const about = doc.querySelector('nav[aria-label="Main"] button[aria-haspopup="menu"]');
    expect(about?.textContent?.trim()).toBe("About Us");
    expect(doc.querySelector('nav[aria-label="Main"]')!.children[1]).toBe(about);
    expect(links(doc, "header")).toContainEqual(["Search", "/search"]);
    expect(links(doc, "header")).toContainEqual(["Login", "/auth"]);
  });

  it("header: the logo link is named by the words it shows", () => {
    const doc = render(<SiteHeader />, "en", "/press-releases");
    const logo = doc.querySelector('header a[href="/"]')!;
    expect(logo.hasAttribute("aria-label")).toBe(false);
    expect(logo.textContent?.replace(/\s+/g, " ").trim()).toBe("Meridian Crest Holdings");
  });

  it("header in Arabic: the same links to the Arabic pages", () => {
    const doc = render(<SiteHeader />, "ar", "/ar/press-releases");
    expect(links(doc, 'nav[aria-label="القائمة الرئيسية"]')).toEqual([
      ["الرئيسية", "/ar#home"],
      ["الاستثمارات", "/ar#portfolio"],
      ["البيانات الصحفية", "/ar/press-releases"],
      ["المستثمرون", "/ar/investors"],
      ["اتصل بنا", "/ar#contact"],
    ]);
  });

  it("phone menu: the main navigation with About Us's sections, search and sign-in", () => {
    const doc = render(<MobileMenu user={null} onClose={() => {}} onLogout={() => {}} />, "en", "/");
    expect(links(doc, "#mobile-menu").slice(0, 10)).toEqual([
      ["Home", "/#home"],
      ["About Us", "/#about"],
      ["Our Mission", "/#mission"],
      ["Our Vision", "/#vision"],
      ["Investments", "/#portfolio"],
      ["Press Releases", "/press-releases"],
      ["Investors", "/investors"],
      ["Contact", "/#contact"],
      ["Search", "/search"],
      ["Login / Register", "/auth"],
    ]);
  });

  it("phone menu of a signed-in member: the portal and account settings, no dashboard", () => {
    const user = { id: 2, username: "member", email: "m@example.test", fullName: null, role: "regular" as const };
    const doc = render(<MobileMenu user={user} onClose={() => {}} onLogout={() => {}} />, "en", "/");
    expect(links(doc, "#mobile-menu").slice(9, 11)).toEqual([
      ["Investor Portal", "/investor-portal"],
      ["Account settings", "/account"],
    ]);
  });

  it("footer: the quick links and the sitemap link", () => {
    const doc = render(<SiteFooter />, "en", "/");
    expect(linksUnder(doc, "Quick Links")).toEqual([
      ["Home", "/#home"],
      ["About Us", "/#about"],
      ["Investments", "/#portfolio"],
      ["Press Releases", "/press-releases"],
      ["Investors", "/investors"],
      ["Contact", "/#contact"],
      ["Investor Portal", "/investor-portal"],
    ]);
    expect(links(doc, 'nav[aria-label="Legal"]')).toContainEqual(["Sitemap", "/sitemap"]);
    expect(links(doc, 'nav[aria-label="Legal"]')).toContainEqual(["API reference", "/developers/api"]);
  });

  it("footer in Arabic", () => {
    const doc = render(<SiteFooter />, "ar", "/ar");
    expect(linksUnder(doc, "روابط سريعة")).toEqual([
      ["الرئيسية", "/ar#home"],
      ["من نحن", "/ar#about"],
      ["الاستثمارات", "/ar#portfolio"],
      ["البيانات الصحفية", "/ar/press-releases"],
      ["المستثمرون", "/ar/investors"],
      ["اتصل بنا", "/ar#contact"],
      ["بوابة المستثمرين", "/ar/investor-portal"],
    ]);
  });

  it("/sitemap: the website's pages and sections, then the investors' pages, legal pages and files", () => {
    const doc = render(sitemapPage, "en", "/sitemap");
    expect(links(doc, 'section[aria-labelledby="sitemap-site"]')).toEqual([
      ["Home", "/"],
      ["About Us", "/#about"],
      ["Our Portfolio", "/#portfolio"],
      ["Leadership", "/#leadership"],
      ["Contact", "/#contact"],
      ["Press Releases", "/press-releases"],
      ["Search", "/search"],
    ]);
    expect(links(doc, 'section[aria-labelledby="sitemap-investors"]')).toEqual([
      ["Investors", "/investors"],
      ["Investor Portal", "/investor-portal"],
      ["Login / Register", "/auth"],
      ["API reference", "/developers/api"],
      ["Privacy Policy", "/privacy"],
      ["Terms of Service", "/terms"],
      ["Cookie Policy", "/cookies"],
      ["Press releases feed (RSS)", "/rss.xml"],
      ["XML sitemap for search engines", "/sitemap.xml"],
    ]);
  });

  it("/ar/sitemap: the Arabic pages", () => {
    const doc = render(sitemapPage, "ar", "/ar/sitemap");
    expect(links(doc, 'section[aria-labelledby="sitemap-site"]').map(([, href]) => href)).toEqual([
      "/ar",
      "/ar#about",
      "/ar#portfolio",
      "/ar#leadership",
      "/ar#contact",
      "/ar/press-releases",
      "/ar/search",
    ]);
  });
});
