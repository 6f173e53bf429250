import { describe, expect, it } from "vitest";
import { linkRedirect, safeRedirect } from "./redirect";

/**
 * Every value here arrives as the already-decoded `redirect` query parameter (what
 * URLSearchParams.get returns), and every one would leave the site if used as a Location or
 * handed to the router after normalisation.
 */
const HOSTILE = [
  "//evil.example",
  "///evil.example",
  "/.//evil.example",
  "/..//evil.example",
  "/foo/..//evil.example",
  "/foo/bar/../..//evil.example",
  "/./\\evil.example",
  "/\\evil.example",
  "/\\/evil.example",
  "/%2e%2e/%2f%2fevil.example",
  "/../%2f%2fevil.example",
  "/%2e/%2fevil.example",
  "/%2E%2E//evil.example",
  "/.%2e//evil.example",
  "/%2e.//evil.example",
  "/%2f/evil.example",
  "/%5c%5cevil.example",
  "/%5c/evil.example",
  "/.//evil.example/path?x=1#y",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n//evil.example",
  "/\u0000//evil.example",
  "/./\u0009/evil.example",
  "https://evil.example",
  "http:evil.example",
  "javascript:alert(1)",
  "evil.example",
  "\\\\evil.example",
  " //evil.example",
];

describe("[auth] safeRedirect", () => {
  it.each(HOSTILE)("%j falls back to /", (value) => {
    expect(safeRedirect(value)).toBe("/");
  });

  it("the query-string form of the payloads, decoded once as the server and browser do, also falls back", () => {
    for (const raw of [
      "/.//evil.example",
      "/..//evil.example",
      "/foo/..//evil.example",
      "/./\\",
      "/%2e%2e/%2f%2fevil.example",
      "%2F.%2F%2Fevil.example",
      "/%252e%252e/%252f%252fevil.example",
    ]) {
      const decoded = new URLSearchParams(`redirect=${raw}`).get("redirect");
      const result = safeRedirect(decoded);
      // Whatever comes back, resolving it against this site must stay on this site.
      expect(new URL(result, "https://www.site.example").origin, raw).toBe("https://www.site.example");
      expect(result.startsWith("//"), raw).toBe(false);
    }
  });

  it("no output of safeRedirect, used as a relative URL, ever leaves the site", () => {
    const pieces = ["/", ".", "..", "%2e", "%2f", "%5c", "\\", "//", "evil.example", "?", "#", "@", ":"];
    let checked = 0;
    for (const a of pieces)
      for (const b of pieces)
        for (const c of pieces)
          for (const d of pieces) {
            const out = safeRedirect(`/${a}${b}${c}${d}`);
            checked++;
            expect(new URL(out, "https://www.site.example").origin, `/${a}${b}${c}${d} -> ${out}`).toBe("https://www.site.example");
            expect(out.startsWith("//") || out.startsWith("/\\")).toBe(false);
          }
    expect(checked).toBe(pieces.length ** 4);
  });

  it("keeps real paths on this site, normalised, with query and hash", () => {
    expect(safeRedirect("/investor-portal")).toBe("/investor-portal");
    expect(safeRedirect("/press-releases?q=solar&company=BravoPay#top")).toBe("/press-releases?q=solar&company=BravoPay#top");
    expect(safeRedirect("/admin/../investor-portal")).toBe("/investor-portal");
    expect(safeRedirect("/a/./b")).toBe("/a/b");
    expect(safeRedirect("/press-releases/caf%C3%A9")).toBe("/press-releases/caf%C3%A9");
  });

  it("missing, empty or non-string values give the fallback", () => {
    expect(safeRedirect(null)).toBe("/");
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect("")).toBe("/");
    expect(safeRedirect(42 as unknown as string)).toBe("/");
    expect(safeRedirect("//evil.example", "/admin")).toBe("/admin");
  });
});

describe("[auth] linkRedirect: the return path an e-mailed link carries", () => {
  it.each(HOSTILE)("%j is left out", (value) => {
    expect(linkRedirect(value)).toBeNull();
  });

  it("keeps a path on this site, leaves out the home page and missing values", () => {
    expect(linkRedirect("/investor-portal")).toBe("/investor-portal");
    expect(linkRedirect("/ar/investor-portal")).toBe("/ar/investor-portal");
    expect(linkRedirect("/")).toBeNull();
    expect(linkRedirect(null)).toBeNull();
    expect(linkRedirect("")).toBeNull();
  });
});
