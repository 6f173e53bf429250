import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { bootAfterFirstPaint, bootAfterFirstPaintStream } from "./boot-after-paint.server";

// The head and boot module as React Router 7 writes them for a request with a nonce.
const NONCE = "Mni3gd7Ff9+hZFTkgHKDMA==";
const PAGE =
  '<!DOCTYPE html><html lang="ar" dir="rtl"><head><meta charSet="utf-8"/>' +
  '<link rel="preload" href="/assets/ibm-plex-sans-arabic-600-arabic-X.woff2" as="font" type="font/woff2" crossorigin="anonymous"/>' +
  '<link rel="preload" as="image" href="/media/hero-poster.webp" fetchPriority="high"/>' +
  '<link rel="preload" href="/assets/i18n/ar-common-A.json" as="fetch" crossorigin="anonymous"/>' +
  '<link rel="preload" href="/assets/i18n/ar-site-B.json" as="fetch" crossorigin="anonymous"/>' +
  "<title>ميريديان كرست القابضة</title>" +
  `<link rel="modulepreload" href="/assets/entry.client-C.js" nonce="${NONCE}"/>` +
  `<link rel="modulepreload" href="/assets/framework-D.js" nonce="${NONCE}"/>` +
  '<style id="site-css">body{margin:0}</style></head><body><h2>مجموعة استثمارية</h2>' +
  `<script nonce="${NONCE}">window.__reactRouterContext = {"basename":"/"};</script>` +
  `<script nonce="${NONCE}" type="module" async="">;\nimport * as route0 from "/assets/root-E.js";\nimport * as route1 from "/assets/home-F.js";\n` +
  '  window.__reactRouterManifest = {"version":"1"};\n  window.__reactRouterRouteModules = {"root":route0,"home":route1};\n\nimport("/assets/entry.client-C.js");</script>' +
  `<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`;

describe("[first paint] a page boots its scripts after its first frame", () => {
  it("module and catalog preloads leave the head, and the boot module adds them once the page has painted", () => {
    const out = bootAfterFirstPaint(PAGE);
    const head = out.slice(0, out.indexOf("</head>"));
    expect(head).not.toContain("modulepreload");
    expect(head).not.toContain('as="fetch"');
    // The font of the largest heading and the hero image are still preloaded at once.
    expect(head).toContain('<link rel="preload" href="/assets/ibm-plex-sans-arabic-600-arabic-X.woff2" as="font"');
    expect(head).toContain('<link rel="preload" as="image" href="/media/hero-poster.webp" fetchPriority="high"/>');

    const boot = /<script nonce="[^"]+" type="module" async="">([\s\S]*?)<\/script>/.exec(out)![1];
    expect(boot).not.toMatch(/import \* as/);
    expect(boot.indexOf('observe({ type: "paint", buffered: true })')).toBeGreaterThan(-1);
    expect(boot.indexOf("observe(")).toBeLessThan(boot.indexOf("document.createElement"));
    expect(boot).toContain(
      '[["/assets/entry.client-C.js",0],["/assets/framework-D.js",0],["/assets/i18n/ar-common-A.json",1],["/assets/i18n/ar-site-B.json",1]]',
    );
    expect(boot).toContain('const [route0, route1] = await Promise.all([import("/assets/root-E.js"), import("/assets/home-F.js")]);');
    expect(boot).toContain('window.__reactRouterRouteModules = {"root":route0,"home":route1};');
    expect(boot.trimEnd().endsWith('import("/assets/entry.client-C.js");')).toBe(true);
    // Everything else is as the server wrote it.
    expect(out.slice(out.indexOf("<style"))).toContain("<h2>مجموعة استثمارية</h2>");
    expect(out.endsWith(`<script nonce="${NONCE}">window.__reactRouterContext.streamController.close();</script></body></html>`)).toBe(true);
  });

  it("the boot module still parses as a module", async () => {
    const boot = /type="module" async="">([\s\S]*?)<\/script>/.exec(bootAfterFirstPaint(PAGE))![1];
    const { parseAst } = await import("vite");
    expect(() => parseAst(boot)).not.toThrow();
  });

  it("a page without the expected boot module passes through unchanged", () => {
    const plain = "<html><head></head><body><p>Service unavailable</p></body></html>";
    expect(bootAfterFirstPaint(plain)).toBe(plain);
    const noImports = '<html><head><link rel="modulepreload" href="/a.js"/></head><body><script type="module">import("/a.js")</script></body></html>';
    expect(bootAfterFirstPaint(noImports)).toBe(noImports);
  });

  it("the stream gives the same page whatever the chunks, Arabic letters split across chunks included", async () => {
    const bytes = Buffer.from(PAGE, "utf8");
    for (const size of [1, 7, 64, 1000, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let i = 0; i < bytes.length; i += size) chunks.push(bytes.subarray(i, i + size));
      const out = await text(Readable.from(chunks).pipe(bootAfterFirstPaintStream()));
      expect(out).toBe(bootAfterFirstPaint(PAGE));
    }
  });
});
