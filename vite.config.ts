import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { defineConfig, type Plugin } from "vite";
import { i18nCatalogs } from "./scripts/vite/i18n-catalogs";

/**
 * Writes `.vite/chunk-modules.json` into the client build: for every JavaScript chunk, the source modules it
 * holds and the chunks it imports. scripts/check-bundle.mjs reads it to tell which pages load which code.
 */
function chunkModules(): Plugin {
  const name = (id: string) => {
    const file = id.replace(/^\0/, "virtual:").split(path.sep).join("/");
    const nm = file.lastIndexOf("/node_modules/");
    if (nm >= 0) return file.slice(nm + 1);
    return id.startsWith(ROOT) ? path.relative(ROOT, id).split(path.sep).join("/") : file;
  };
  return {
    name: "chunk-modules",
    apply: "build",
    generateBundle(_options, bundle) {
      const chunks: Record<string, { modules: string[]; imports: string[]; dynamicImports: string[] }> = {};
      for (const out of Object.values(bundle)) {
        if (out.type !== "chunk") continue;
        chunks[out.fileName] = { modules: out.moduleIds.map(name), imports: out.imports, dynamicImports: out.dynamicImports };
      }
      this.emitFile({ type: "asset", fileName: ".vite/chunk-modules.json", source: `${JSON.stringify(chunks, null, 1)}\n` });
    },
  };
}

const ROOT = import.meta.dirname;

/** Source folders and files of the public pages (everything but the admin dashboard and the investor portal). */
const PUBLIC_SOURCES = [
  "app/root.tsx",
  "app/lib",
  "app/components/alerts",
  "app/components/home",
  "app/components/press",
  "app/components/search",
  "app/components/site",
  "app/components/ui",
];
const PUBLIC_ROUTES = /^(?!admin|investor-portal|environment-setup|document-viewer)[\w-]+\.tsx$/;

/** The lucide icon modules (their file names) the public pages import, read from their `from "lucide-react"` lines. */
function publicIconFiles(sources = PUBLIC_SOURCES, routes = PUBLIC_ROUTES, skip: string[] = []): Set<string> {
  const barrel = readFileSync(path.join(ROOT, "node_modules/lucide-react/dist/esm/lucide-react.mjs"), "utf8");
  const fileOfName = new Map<string, string>();
  for (const [, names, file] of barrel.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+\.mjs)'/g)) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) fileOfName.set(name, file);
  }
  const files = sources.flatMap((entry) => {
    const full = path.join(ROOT, entry);
    if (!statSync(full).isDirectory()) return [full];
    return readdirSync(full, { recursive: true, encoding: "utf8" })
      .filter((f) => /\.tsx?$/.test(f))
      .map((f) => path.join(full, f));
  });
  const skipped = new Set(skip.map((f) => path.join(ROOT, f)));
  files.splice(0, files.length, ...files.filter((f) => !skipped.has(f)));
  files.push(
    ...readdirSync(path.join(ROOT, "app/routes"))
      .filter((f) => routes.test(f))
      .map((f) => path.join(ROOT, "app/routes", f)),
  );
  const icons = new Set<string>();
  for (const file of files) {
    for (const [, names] of readFileSync(file, "utf8").matchAll(/import \{([^}]*)\} from "lucide-react"/g)) {
      for (const name of names
        .split(",")
        .map((n) => n.trim().split(/\s+as\s+/)[0])
        .filter(Boolean)) {
        const icon = fileOfName.get(name);
        if (icon) icons.add(icon);
      }
    }
  }
  return icons;
}

/**
 * Groups the client code the public pages share into three chunks, so a first visit over HTTP/1.1 makes eight
 * requests instead of thirty (each small chunk costs a round trip on a slow mobile connection):
 * - "framework": React, React DOM and React Router, which every page runs;
 * - "ui-core": the icon renderer and the class-name helpers;
 * - "site": the small components and helpers the public pages use (the navigation list among them),
 *   with the home page's icons and theirs;
 * - "public-icons": the icons only the other public pages (press, search, legal) use.
 * Everything else (route modules, the admin dashboard and the investor portal with their own icons) is split as
 * Rollup decides.
 */
function chunkGroups(): (id: string) => string | undefined {
  const icons = publicIconFiles();
  // The icons of the home page and of the code every public page shares (the "site" group below) load with them;
  // the icons only other public pages use load with those pages.
  const homeIcons = publicIconFiles(
    [
      "app/root.tsx",
      "app/lib",
      "app/i18n",
      "app/components/home",
      "app/components/site",
      "app/components/ui",
      "app/components/press/brand-icons.tsx",
      "app/components/press/press-card.tsx",
      "app/components/press/press-image.tsx",
    ],
    /^home\.tsx$/,
    // Loaded when asked for (the header's menus, the not-found panel) or used by the dashboard and the portal only
    // (the edit and delete buttons of their tables): their icons load with them, not with every page.
    ["app/components/site/header-menus.tsx", "app/components/site/not-found-panel.tsx", "app/components/ui/icon-buttons.tsx"],
  );
  const groups: [name: string, pattern: RegExp][] = [
    ["framework", /\/node_modules\/(react|react-dom|scheduler|react-router|turbo-stream|cookie|set-cookie-parser)\//],
    ["ui-core", /\/node_modules\/(lucide-react\/dist\/esm\/(shared|context|Icon|createLucideIcon)|clsx|tailwind-merge)\b|\/app\/lib\/utils\.ts$/],
    [
      "site",
      /\/(app\/lib\/(format|toast|nonce)|app\/components\/ui\/(button|input|skeleton|card|badge)|app\/components\/site\/anchor-link|app\/components\/press\/(brand-icons|press-image|press-card|seo)|shared\/(brand|legal|portfolio-display|rules)|app\/i18n\/(meta|provider|link|catalogs)|app\/lib\/navigation|app\/components\/site\/(nav-entry-link|social-links|language-switch)|app\/hooks\/use-root-data)\.tsx?$/,
    ],
  ];
  return (id) => {
    const file = id.split(path.sep).join("/");
    const icon = /\/lucide-react\/dist\/esm\/icons\/([\w-]+\.mjs)$/.exec(file);
    if (icon) return homeIcons.has(icon[1]) ? "site" : icons.has(icon[1]) ? "public-icons" : "private-icons";
    return groups.find(([, pattern]) => pattern.test(file))?.[0];
  };
}

/**
 * The worker threads' entry modules as entries of the server build of their own (server/workers/pool.ts), written to
 * build/server/workers/. A module only imported dynamically would share the server's entry chunk for every module the
 * two have in common, so a thread would load (and run) the whole server bundle before its first task; as entries, they
 * import only the shared chunks their own code needs.
 */
const WORKER_ENTRIES = { "editor-worker": "./server/workers/html-tasks.ts", "reader-worker": "./server/workers/reader-tasks.ts" };
function workerEntries(): Plugin {
  return {
    name: "worker-entries",
    apply: "build",
    // The React Router plugin names the server's entry file; the worker entries get a name of their own.
    outputOptions: (options) => ({ ...options, entryFileNames: (chunk) => (chunk.name in WORKER_ENTRIES ? "workers/[name].js" : "index.js") }),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  build: {
    // The server bundle's entry is the Express app, which imports the React Router build.
    rollupOptions: isSsrBuild ? { input: { index: "./server/app.ts", ...WORKER_ENTRIES } } : { output: { manualChunks: chunkGroups() } },
    target: "es2022",
    sourcemap: process.env.SOURCEMAP === "1",
  },
  ssr: {
    // Native and WASM packages stay in node_modules.
    external: ["@electric-sql/pglite", "@node-rs/argon2", "sharp", "pg", "pino", "pino-pretty", "pino-http"],
  },
  plugins: [tailwindcss(), reactRouter(), i18nCatalogs({ emit: !isSsrBuild }), ...(isSsrBuild ? [workerEntries()] : [chunkModules()])],
}));
