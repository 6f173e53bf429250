import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("auth", "routes/auth.tsx"),
  route("investor-portal", "routes/investor-portal.tsx"),
  route("admin", "routes/admin.tsx"),
  route("environment-setup", "routes/environment-setup.tsx"),
  route("press-releases", "routes/press-list.tsx"),
  route("press-releases/:id", "routes/press-detail.tsx"),
  route("search", "routes/search.tsx"),
  route("privacy", "routes/legal.tsx", { id: "legal-privacy" }),
  route("terms", "routes/legal.tsx", { id: "legal-terms" }),
  route("cookies", "routes/legal.tsx", { id: "legal-cookies" }),
  route("sitemap", "routes/sitemap-page.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("rss.xml", "routes/rss.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
