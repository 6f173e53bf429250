#!/usr/bin/env node
// Checks the client build (build/client, or BUILD_DIR/client, or the directory given as the first argument):
// - the JavaScript the home page loads (the entry, the root and home route modules, and every chunk they import
//   statically) stays within HOME_BUDGET_GZIP bytes gzipped;
// - no public page loads a chunk holding admin or investor-portal code;
// - no public page can load the rich-text editor (Tiptap, ProseMirror), not even on demand: no chunk it loads or
//   imports, statically or dynamically, holds a module of it;
// - no page loads a message catalog: a page's texts come with its HTML, in its one language.
// Each public page is checked in English and in Arabic (its '/ar' route).
// It prints each public page's JavaScript (gzip, level 9) and exits 1 with a list of the problems.
//
// Reads React Router's manifest (assets/manifest-*.js: which module and chunks each route loads) and
// .vite/chunk-modules.json (which source modules each chunk holds, written by vite.config.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";

export const HOME_BUDGET_GZIP = 150 * 1024;

/**
 * @typedef {{ module: string; imports?: string[]; parentId?: string }} ManifestRoute
 * @typedef {{ entry: { module: string; imports?: string[] }; routes: Record<string, ManifestRoute> }} RouterManifest
 * @typedef {Record<string, { modules: string[]; imports: string[]; dynamicImports: string[] }>} ChunkModules
 */

/**
 * The public pages, by React Router route id.
 * @type {Record<string, string[]>}
 */
const bothLanguages = (/** @type {string[]} */ ids) => [...ids, ...ids.map((id) => `ar/${id}`)];
export const PUBLIC_PAGES = {
  home: bothLanguages(["home"]),
  "press list": bothLanguages(["press-list"]),
  "press detail": bothLanguages(["press-detail"]),
  search: bothLanguages(["search"]),
  legal: bothLanguages(["legal-privacy", "legal-terms", "legal-cookies"]),
  "sitemap page": bothLanguages(["sitemap-page"]),
  investors: bothLanguages(["investors"]),
  auth: bothLanguages(["auth"]),
};

/** Source modules only the admin dashboard and the investor portal use, and the message catalogs. */
export const PRIVATE_CODE = [
  /^app\/routes\/admin(\.tsx|\/)/,
  /^app\/routes\/investor-portal\.tsx/,
  /^app\/routes\/document-viewer\.tsx/,
  /^app\/components\/admin\//,
  /^app\/components\/manage\//,
  /^app\/components\/portal\//,
  /^app\/components\/viewer\//,
  /^shared\/i18n\/catalogs\//,
];

/** The press editor's code: Tiptap, ProseMirror and what is built on them. Only the dashboard may load it. */
export const EDITOR_LIBRARIES = [
  /^node_modules\/@tiptap\//,
  /^node_modules\/prosemirror-[\w-]+\//,
  /^node_modules\/(orderedmap|rope-sequence|w3c-keyname|linkifyjs)\//,
];
export const EDITOR_CODE = [...EDITOR_LIBRARIES, /^shared\/rich-text-schema\.ts/, /^app\/components\/manage\/rich-text\//];

/**
 * React Router's browser manifest from the text of assets/manifest-*.js.
 * @param {string} source
 * @returns {RouterManifest}
 */
export function parseRouterManifest(source) {
  const start = source.indexOf("{");
  const end = source.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("the React Router manifest has no object literal");
  return JSON.parse(source.slice(start, end + 1));
}

const fileOf = (/** @type {string} */ url) => url.replace(/^\//, "");

/**
 * Every chunk a page loads before it runs: the entry, each route module from the root down to the page's route,
 * the chunks the manifest lists for them, and everything those import statically (chunk-modules.json).
 * @param {RouterManifest} manifest
 * @param {ChunkModules} chunks
 * @param {string} routeId
 * @returns {string[]}
 */
export function pageChunks(manifest, chunks, routeId) {
  const routes = [];
  for (let id = routeId; id; id = manifest.routes[id]?.parentId) {
    const route = manifest.routes[id];
    if (!route) throw new Error(`route "${id}" is not in the manifest`);
    routes.push(route);
  }
  const start = [manifest.entry.module, ...(manifest.entry.imports ?? [])];
  for (const route of routes) start.push(route.module, ...(route.imports ?? []));
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of chunks[file]?.imports ?? []) walk(next);
  };
  for (const url of start) walk(fileOf(url));
  return [...seen].filter((f) => f.endsWith(".js")).sort();
}

/**
 * Every chunk a page can load at all: the ones it loads before it runs (pageChunks) and everything those import,
 * statically or on demand (a lazily loaded component).
 * @param {RouterManifest} manifest
 * @param {ChunkModules} chunks
 * @param {string} routeId
 * @returns {string[]}
 */
export function reachableChunks(manifest, chunks, routeId) {
  const seen = new Set();
  const walk = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const next of [...(chunks[file]?.imports ?? []), ...(chunks[file]?.dynamicImports ?? [])]) walk(next);
  };
  for (const file of pageChunks(manifest, chunks, routeId)) walk(file);
  return [...seen].filter((f) => f.endsWith(".js")).sort();
}

/**
 * The private modules (admin, investor portal) a chunk holds.
 * @param {ChunkModules} chunks
 * @param {string} file
 * @param {RegExp[]} [patterns]
 * @returns {string[]}
 */
export function privateModules(chunks, file, patterns = PRIVATE_CODE) {
  return (chunks[file]?.modules ?? []).map((m) => m.replace(/\?.*$/, "")).filter((m) => patterns.some((re) => re.test(m)));
}

/**
 * The check itself. `sizeOf(file)` gives a chunk's gzipped size. Returns each public page's chunks and size,
 * and the problems found (empty when the build passes).
 * @param {{ manifest: RouterManifest; chunks: ChunkModules; sizeOf: (file: string) => number; budget?: number; pages?: Record<string, string[]>; patterns?: RegExp[]; editor?: RegExp[] }} options
 * @returns {{ report: { page: string; files: string[]; gzip: number }[]; problems: string[] }}
 */
export function checkBundle({ manifest, chunks, sizeOf, budget = HOME_BUDGET_GZIP, pages = PUBLIC_PAGES, patterns = PRIVATE_CODE, editor = EDITOR_CODE }) {
  const report = [];
  const problems = [];
  for (const [page, routeIds] of Object.entries(pages)) {
    const files = new Set();
    for (const id of routeIds) for (const f of pageChunks(manifest, chunks, id)) files.add(f);
    const list = [...files].sort();
    const gzip = list.reduce((sum, f) => sum + sizeOf(f), 0);
    report.push({ page, files: list, gzip });
    for (const f of list) {
      const found = privateModules(chunks, f, patterns);
      if (found.length) problems.push(`${page} loads ${f}, which holds admin or investor-portal code or a message catalog: ${found.join(", ")}`);
    }
    const reachable = new Set();
    for (const id of routeIds) for (const f of reachableChunks(manifest, chunks, id)) reachable.add(f);
    for (const f of [...reachable].sort()) {
      const found = privateModules(chunks, f, editor);
      if (found.length) problems.push(`${page} can load ${f}, which holds the rich-text editor: ${found.slice(0, 5).join(", ")}`);
    }
    if (page === "home" && gzip > budget) {
      const biggest = list
        .map((f) => [f, sizeOf(f)])
        .sort((a, b) => b[1] - a[1])
        .slice(0, 5)
        .map(([f, s]) => `${f} ${kb(s)}`)
        .join(", ");
      problems.push(`home loads ${kb(gzip)} of JavaScript (gzip), over the budget of ${kb(budget)}; largest: ${biggest}`);
    }
  }
  return { report, problems };
}

/**
 * The chunks that hold the editor's code (for the report).
 * @param {ChunkModules} chunks
 */
export const editorChunksOf = (chunks) => Object.keys(chunks).filter((f) => privateModules(chunks, f, EDITOR_LIBRARIES).length > 0);

export const kb = (/** @type {number} */ bytes) => `${(bytes / 1024).toFixed(1)} KB`;

function readBuild(clientDir) {
  const assets = path.join(clientDir, "assets");
  if (!existsSync(assets)) throw new Error(`${assets} does not exist: run \`npx react-router build\` first`);
  const manifestFile = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error(`no React Router manifest (manifest-*.js) in ${assets}`);
  const chunksFile = path.join(clientDir, ".vite", "chunk-modules.json");
  if (!existsSync(chunksFile)) throw new Error(`${chunksFile} is missing: the build must run with the chunk-modules plugin of vite.config.ts`);
  const manifest = parseRouterManifest(readFileSync(path.join(assets, manifestFile), "utf8"));
  const chunks = JSON.parse(readFileSync(chunksFile, "utf8"));
  const sizes = new Map();
  const sizeOf = (file) => {
    if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length);
    return sizes.get(file);
  };
  return { manifest, chunks, sizeOf };
}

function main() {
  const clientDir = path.resolve(process.argv[2] ?? path.join(process.env.BUILD_DIR ?? "build", "client"));
  let result;
  let build;
  try {
    build = readBuild(clientDir);
    result = checkBundle(build);
  } catch (err) {
    console.error(`Bundle check: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  }
  console.log(`JavaScript per public page (gzip; home budget ${kb(HOME_BUDGET_GZIP)}):`);
  for (const { page, files, gzip } of result.report) console.log(`  ${page.padEnd(14)} ${kb(gzip).padStart(9)}  (${files.length} files)`);
  const editorChunks = editorChunksOf(build.chunks);
  const editorSize = editorChunks.reduce((sum, f) => sum + build.sizeOf(f), 0);
  console.log(`The dashboard's rich-text editor, loaded when a press form opens: ${kb(editorSize)} (${editorChunks.join(", ") || "not built"})`);
  if (result.problems.length) {
    console.error("\nBundle check failed:");
    for (const p of result.problems) console.error(`  - ${p}`);
    process.exit(1);
  }
  console.log("Bundle check passed.");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
