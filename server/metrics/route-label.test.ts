/** The metrics' route label: a template from a fixed set, never the address asked for. */
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { cachedPageRouteLabel, expressTemplate, methodLabel, pageRouteLabel, pageRouteTree, statusClass, UNMATCHED } from "./route-label";

/** The site's routes as the server build lists them: the root module, and the pages of app/routes.ts under it. */
function siteManifest(): ServerBuild["routes"] {
  const manifest: Record<string, unknown> = { root: { id: "root", path: "", module: {} } };
  for (const r of routes) {
    const id = r.id ?? r.file;
    manifest[id] = { id, parentId: "root", path: r.path, index: r.index, caseSensitive: r.caseSensitive, module: {} };
  }
  return manifest as ServerBuild["routes"];
}

describe("[metrics] page route labels", () => {
  const tree = pageRouteTree(siteManifest());
  const label = (path: string) => pageRouteLabel(tree, path);

  it("[metrics] a page is named by its route pattern, in both languages", () => {
    expect(label("/")).toBe("/");
    expect(label("/ar")).toBe("/ar");
    expect(label("/press-releases")).toBe("/press-releases");
    expect(label("/press-releases/quarterly-results-2026")).toBe("/press-releases/:id");
    expect(label("/ar/press-releases/42")).toBe("/ar/press-releases/:id");
    expect(label("/investor-portal/documents/7")).toBe("/investor-portal/documents/:id");
    expect(label("/preview/press/12")).toBe("/preview/press/:id");
    expect(label("/preview/abc.def-secret-token")).toBe("/preview/:token");
    expect(label("/sitemap.xml")).toBe("/sitemap.xml");
    expect(label("/PRESS-RELEASES/Some-Slug")).toBe("/press-releases/:id");
    expect(label("/investors/")).toBe("/investors");
  });

  it("[metrics] a page's data request counts as the page", () => {
    expect(label("/_root.data")).toBe("/");
    expect(label("/press-releases/some-slug.data")).toBe("/press-releases/:id");
    expect(label("/ar/search.data")).toBe("/ar/search");
  });

  it("[metrics] addresses no page has (the not-found pages) are all 'unmatched'", () => {
    expect(label("/no-such-page")).toBe(UNMATCHED);
    expect(label("/users/someone@example.com")).toBe(UNMATCHED);
    expect(label("/ar/no-such-page/123")).toBe(UNMATCHED);
    expect(label("/press-releases/a/b/c")).toBe(UNMATCHED);
    expect(label("/metrics")).toBe(UNMATCHED);
  });

  it("[metrics] the remembered labels are the same as matching afresh", () => {
    for (const path of ["/", "/press-releases/x", "/ar/investors", "/no-such-page", "/press-releases/x", "/ar/investors"]) {
      expect(cachedPageRouteLabel(tree, path)).toBe(label(path));
    }
  });

  it("[metrics] the tree is built once per build", () => {
    const manifest = siteManifest();
    expect(pageRouteTree(manifest)).toBe(pageRouteTree(manifest));
  });
});

describe("[metrics] Express route labels", () => {
  it("[metrics] mount paths and the route's own path make the template", () => {
    expect(expressTemplate("/api/press-releases", "/:id")).toBe("/api/press-releases/:id");
    expect(expressTemplate("/api/login", "/")).toBe("/api/login");
    expect(expressTemplate("/api/login", "/two-factor")).toBe("/api/login/two-factor");
    expect(expressTemplate("", "/healthz")).toBe("/healthz");
    expect(expressTemplate("", "/")).toBe("/");
  });

  it("[metrics] the case a client typed the mount path in makes no new label", () => {
    expect(expressTemplate("/API/Press-Releases", "/:id")).toBe("/api/press-releases/:id");
  });

  it("[metrics] a route without a string path is 'unmatched'", () => {
    expect(expressTemplate("/api", /x/)).toBe(UNMATCHED);
    expect(expressTemplate("/api", undefined)).toBe(UNMATCHED);
  });
});

describe("[metrics] method and status labels", () => {
  it("[metrics] known methods as they are, any other as OTHER", () => {
    expect(methodLabel("GET")).toBe("GET");
    expect(methodLabel("DELETE")).toBe("DELETE");
    expect(methodLabel("PROPFIND")).toBe("OTHER");
    expect(methodLabel(undefined)).toBe("OTHER");
  });

  it("[metrics] status classes, and 'aborted' for an answer never begun", () => {
    expect(statusClass({ statusCode: 200, headersSent: true })).toBe("2xx");
    expect(statusClass({ statusCode: 304, headersSent: true })).toBe("3xx");
    expect(statusClass({ statusCode: 404, headersSent: true })).toBe("4xx");
    expect(statusClass({ statusCode: 503, headersSent: true })).toBe("5xx");
    expect(statusClass({ statusCode: 200, headersSent: false })).toBe("aborted");
  });
});
