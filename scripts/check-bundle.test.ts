/** The bundle check's rules, on a small made-up build. */
import { describe, expect, it } from "vitest";
import { checkBundle, editorChunksOf, pageChunks, parseRouterManifest, reachableChunks } from "./check-bundle.mjs";

const manifest = parseRouterManifest(
  `window.__reactRouterManifest=${JSON.stringify({
    entry: { module: "/assets/entry.client-1.js", imports: ["/assets/react-1.js"] },
    routes: {
      root: { id: "root", module: "/assets/root-1.js", imports: ["/assets/react-1.js", "/assets/ui-1.js"] },
      "routes/home": { id: "routes/home", parentId: "root", module: "/assets/home-1.js", imports: ["/assets/react-1.js"] },
      "routes/auth": { id: "routes/auth", parentId: "root", module: "/assets/auth-1.js", imports: [] },
      "routes/admin": { id: "routes/admin", parentId: "root", module: "/assets/admin-1.js", imports: ["/assets/dialog-1.js"] },
    },
  })};`,
);

const chunks = {
  "assets/entry.client-1.js": { modules: ["node_modules/react-dom/index.js"], imports: ["assets/react-1.js"], dynamicImports: [] },
  "assets/react-1.js": { modules: ["node_modules/react/index.js"], imports: [], dynamicImports: [] },
  "assets/root-1.js": {
    modules: ["app/root.tsx?__react-router-build-client-route"],
    imports: ["assets/react-1.js", "assets/ui-1.js"],
    dynamicImports: ["assets/menu-1.js"],
  },
  "assets/ui-1.js": { modules: ["app/components/ui/button.tsx"], imports: [], dynamicImports: [] },
  // Only loaded on demand: not counted.
  "assets/menu-1.js": { modules: ["app/components/site/user-menu.tsx"], imports: [], dynamicImports: [] },
  "assets/home-1.js": {
    modules: ["app/routes/home.tsx?__react-router-build-client-route"],
    imports: ["assets/react-1.js", "assets/form-1.js"],
    dynamicImports: [],
  },
  // Imported by the home chunk only through chunk-modules.json (not listed in the manifest): still counted.
  "assets/form-1.js": { modules: ["app/components/home/contact.tsx"], imports: [], dynamicImports: [] },
  "assets/auth-1.js": { modules: ["app/routes/auth.tsx?__react-router-build-client-route"], imports: ["assets/dialog-1.js"], dynamicImports: [] },
  "assets/dialog-1.js": { modules: ["app/components/ui/dialog.tsx", "app/components/portal/confirm-dialog.tsx"], imports: [], dynamicImports: [] },
  "assets/admin-1.js": {
    modules: ["app/routes/admin.tsx?__react-router-build-client-route", "app/components/admin/press-tab.tsx"],
    imports: ["assets/dialog-1.js"],
    dynamicImports: [],
  },
};

const sizes: Record<string, number> = {
  "assets/entry.client-1.js": 60_000,
  "assets/react-1.js": 40_000,
  "assets/root-1.js": 20_000,
  "assets/ui-1.js": 5_000,
  "assets/menu-1.js": 30_000,
  "assets/home-1.js": 15_000,
  "assets/form-1.js": 10_000,
  "assets/auth-1.js": 4_000,
  "assets/dialog-1.js": 8_000,
  "assets/admin-1.js": 50_000,
};
const sizeOf = (f: string) => sizes[f];
const pages = { home: ["routes/home"], auth: ["routes/auth"] };

describe("[bundle check]", () => {
  it("a page loads the entry, its routes from the root down, and their static imports, never dynamic ones", () => {
    expect(pageChunks(manifest, chunks, "routes/home")).toEqual([
      "assets/entry.client-1.js",
      "assets/form-1.js",
      "assets/home-1.js",
      "assets/react-1.js",
      "assets/root-1.js",
      "assets/ui-1.js",
    ]);
  });

  it("passes within the budget and without private code, and reports each page's size", () => {
    const { report, problems } = checkBundle({ manifest, chunks, sizeOf, budget: 150_000, pages: { home: ["routes/home"] } });
    expect(problems).toEqual([]);
    expect(report).toEqual([{ page: "home", files: expect.any(Array), gzip: 150_000 }]);
  });

  it("fails when the home page is over budget, naming the largest chunks", () => {
    const { problems } = checkBundle({ manifest, chunks, sizeOf, budget: 149_999, pages: { home: ["routes/home"] } });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^home loads 146\.5 KB of JavaScript \(gzip\), over the budget of 146\.5 KB; largest: assets\/entry\.client-1\.js 58\.6 KB/);
  });

  it("fails when a public page loads a chunk holding investor-portal or admin code, and says which module", () => {
    const { problems } = checkBundle({ manifest, chunks, sizeOf, budget: 150_000, pages });
    expect(problems).toEqual([
      "auth loads assets/dialog-1.js, which holds admin or investor-portal code or a message catalog: app/components/portal/confirm-dialog.tsx",
    ]);
  });

  it("fails when a page loads a message catalog", () => {
    const withCatalog = {
      ...chunks,
      "assets/home-1.js": { ...chunks["assets/home-1.js"], modules: [...chunks["assets/home-1.js"].modules, "shared/i18n/catalogs/ar/site.json"] },
    };
    const { problems } = checkBundle({ manifest, chunks: withCatalog, sizeOf, budget: 150_000, pages: { home: ["routes/home"] } });
    expect(problems).toEqual([
      "home loads assets/home-1.js, which holds admin or investor-portal code or a message catalog: shared/i18n/catalogs/ar/site.json",
    ]);
  });

  it("no public page can load the rich-text editor, not even on demand; the dashboard may", () => {
    // The editor in a chunk only the admin route imports, on demand: allowed.
    const editorChunk = {
      modules: [
        "node_modules/@tiptap/core/dist/index.js",
        "node_modules/prosemirror-view/dist/index.js",
        "app/components/manage/rich-text/rich-text-editor.tsx",
      ],
      imports: [],
      dynamicImports: [],
    };
    const adminOnly = {
      ...chunks,
      "assets/admin-1.js": { ...chunks["assets/admin-1.js"], dynamicImports: ["assets/editor-1.js"] },
      "assets/editor-1.js": editorChunk,
    };
    expect(checkBundle({ manifest, chunks: adminOnly, sizeOf, budget: 150_000, pages: { home: ["routes/home"] } }).problems).toEqual([]);
    expect(editorChunksOf(adminOnly)).toEqual(["assets/editor-1.js"]);
    // The same chunk reachable from the home page's lazily loaded menu: refused, though the page never loads it first.
    const lazyOnHome = { ...adminOnly, "assets/menu-1.js": { ...chunks["assets/menu-1.js"], dynamicImports: ["assets/editor-1.js"] } };
    expect(pageChunks(manifest, lazyOnHome, "routes/home")).not.toContain("assets/editor-1.js");
    expect(reachableChunks(manifest, lazyOnHome, "routes/home")).toContain("assets/editor-1.js");
    expect(checkBundle({ manifest, chunks: lazyOnHome, sizeOf, budget: 150_000, pages: { home: ["routes/home"] } }).problems).toEqual([
      "home can load assets/editor-1.js, which holds the rich-text editor: node_modules/@tiptap/core/dist/index.js, node_modules/prosemirror-view/dist/index.js, app/components/manage/rich-text/rich-text-editor.tsx",
    ]);
    // The editor's schema module on a public page pulls Tiptap in: refused by name too.
    const schemaOnHome = { ...chunks, "assets/form-1.js": { ...chunks["assets/form-1.js"], modules: ["shared/rich-text-schema.ts"] } };
    expect(checkBundle({ manifest, chunks: schemaOnHome, sizeOf, budget: 150_000, pages: { home: ["routes/home"] } }).problems).toEqual([
      "home can load assets/form-1.js, which holds the rich-text editor: shared/rich-text-schema.ts",
    ]);
  });

  it("refuses a route that is not in the manifest", () => {
    expect(() => checkBundle({ manifest, chunks, sizeOf, pages: { search: ["routes/search"] } })).toThrow('route "routes/search" is not in the manifest');
  });
});
