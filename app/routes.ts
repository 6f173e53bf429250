import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { ADMIN_SCREENS } from "../shared/admin-screens";

/**
 * Every page exists in English at '/...' and in Arabic at '/ar/...': one module serves both (it reads the
 * language from the URL). Machine-read files (sitemap.xml, robots.txt) have one address; the RSS feed has one
 * per language.
 */
const PAGES: [path: string, file: string, id: string][] = [
  ["auth", "routes/auth.tsx", "auth"],
  ["forgot-password", "routes/forgot-password.tsx", "forgot-password"],
  ["reset-password", "routes/reset-password.tsx", "reset-password"],
  ["verify-email", "routes/verify-email.tsx", "verify-email"],
  ["confirm-email", "routes/confirm-email.tsx", "confirm-email"],
  ["account", "routes/account.tsx", "account"],
  ["investors", "routes/investors.tsx", "investors"],
  ["investor-portal", "routes/investor-portal.tsx", "investor-portal"],
  // A library document in the viewer (signed in; never listed in the sitemap or indexed).
  ["investor-portal/documents/:id", "routes/document-viewer.tsx", "document-viewer"],
  ["environment-setup", "routes/environment-setup.tsx", "environment-setup"],
  ["press-releases", "routes/press-list.tsx", "press-list"],
  ["press-releases/:id", "routes/press-detail.tsx", "press-detail"],
  // Previews of unpublished releases: an admin's (by id) and a preview link's (by token); never cached or indexed.
  ["preview/press/:id", "routes/preview.tsx", "preview-press"],
  ["preview/:token", "routes/preview.tsx", "preview-link"],
  ["search", "routes/search.tsx", "search"],
  // Investor alerts: the confirmation and preferences pages an alert e-mail links to, with a token in the address
  // (never cached, indexed or listed in the sitemap).
  ["alerts/confirm", "routes/alerts-confirm.tsx", "alerts-confirm"],
  ["alerts/preferences", "routes/alerts-preferences.tsx", "alerts-preferences"],
  ["privacy", "routes/legal.tsx", "legal-privacy"],
  ["terms", "routes/legal.tsx", "legal-terms"],
  ["cookies", "routes/legal.tsx", "legal-cookies"],
  ["sitemap", "routes/sitemap-page.tsx", "sitemap-page"],
  ["developers/api", "routes/api-reference.tsx", "api-reference"],
  // One section of the API reference in full ("press-releases"); an unknown section is a 404.
  ["developers/api/:section", "routes/api-reference.tsx", "api-reference-section"],
  ["rss.xml", "routes/rss.ts", "rss"],
];

const localized = (prefix: "" | "ar") =>
  PAGES.map(([path, file, id]) => route(prefix ? `${prefix}/${path}` : path, file, { id: prefix ? `${prefix}/${id}` : id }));

/**
 * The dashboard: one layout (its heading, figures and navigation) and one route per screen, each loading its own data
 * on the server: the portfolio at '/admin', every other screen at '/admin/<screen>' (routes/admin/<screen>.tsx).
 */
const dashboard = (prefix: "" | "ar") => {
  const id = (name: string) => (prefix ? `${prefix}/${name}` : name);
  return route(prefix ? `${prefix}/admin` : "admin", "routes/admin.tsx", { id: id("admin") }, [
    index("routes/admin/portfolio.tsx", { id: id("admin/portfolio") }),
    ...ADMIN_SCREENS.filter((s) => s !== "portfolio").map((s) => route(s, `routes/admin/${s}.tsx`, { id: id(`admin/${s}`) })),
  ]);
};

export default [
  // The English home page is an index route (its contact form posts to '/?index'); the Arabic one posts to '/ar'.
  index("routes/home.tsx", { id: "home" }),
  route("ar", "routes/home.tsx", { id: "ar/home" }),
  ...localized(""),
  ...localized("ar"),
  dashboard(""),
  dashboard("ar"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("ar/*", "routes/not-found.tsx", { id: "ar/not-found" }),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
