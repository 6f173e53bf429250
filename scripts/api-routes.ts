// Writes app/lib/api/routes/, the browser's tables of every endpoint's method and path, from the contract in
// shared/api (`npm run api:routes`). A test (app/lib/api/routes.test.ts) fails when they are out of date.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { API } from "../shared/api";

/** Each resource of the API: the module that defines it and the name it is exported under. */
export const RESOURCE_MODULES: Record<keyof typeof API, { file: string; name: string }> = {
  press: { file: "press", name: "pressEndpoints" },
  portfolio: { file: "portfolio", name: "portfolioEndpoints" },
  settings: { file: "settings", name: "settingsEndpoints" },
  search: { file: "search", name: "searchEndpoints" },
  applications: { file: "applications", name: "applicationEndpoints" },
  contact: { file: "contact", name: "contactEndpoints" },
  documents: { file: "documents", name: "documentEndpoints" },
  dataRoom: { file: "data-room", name: "dataRoomEndpoints" },
  uploads: { file: "uploads", name: "uploadEndpoints" },
  imports: { file: "imports", name: "importEndpoints" },
  extract: { file: "extract", name: "extractEndpoints" },
  auth: { file: "auth", name: "authEndpoints" },
  account: { file: "account", name: "accountEndpoints" },
  users: { file: "users", name: "userEndpoints" },
  securityEvents: { file: "security-events", name: "securityEventEndpoints" },
  audit: { file: "audit", name: "auditEndpoints" },
  preview: { file: "preview", name: "previewEndpoints" },
  revisions: { file: "revisions", name: "revisionEndpoints" },
  outbox: { file: "outbox", name: "outboxEndpoints" },
  attention: { file: "attention", name: "attentionEndpoints" },
  meta: { file: "meta", name: "metaEndpoints" },
  alerts: { file: "alerts", name: "alertEndpoints" },
  calendar: { file: "calendar", name: "calendarEndpoints" },
};

export const ROUTES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../app/lib/api/routes");

const HEADER = [
  "// Generated from the contract (shared/api) by `npm run api:routes`; do not edit. The method and path of each",
  "// endpoint, typed by its contract but without its schemas, so a page's bundle carries no zod for an API call, and",
  "// only the routes of the resources it calls. A test fails when these files are out of date.",
];

/** The files' texts: one module per resource (`<file>.ts`, exporting `<key>Routes`) and an index of them all. */
export function renderRoutes(): Record<string, string> {
  const files: Record<string, string> = {};
  const index = [...HEADER];
  for (const [key, group] of Object.entries(API) as [keyof typeof API, Record<string, { method: string; path: string }>][]) {
    const { file, name } = RESOURCE_MODULES[key];
    const lines = [
      ...HEADER,
      `import type { ${name} } from "../../../../shared/api/${file}";`,
      'import { route } from "../route";',
      "",
      `export const ${key}Routes = {`,
    ];
    for (const [op, e] of Object.entries(group))
      lines.push(`  ${op}: route<(typeof ${name})[${JSON.stringify(op)}]>(${JSON.stringify(e.method)}, ${JSON.stringify(e.path)}),`);
    lines.push("} as const;", "");
    files[`${file}.ts`] = lines.join("\n");
    index.push(`import { ${key}Routes } from "./${file}";`);
  }
  index.push("", "/** Every resource's routes (tests and tools; the browser's clients import their resource's module). */", "export const ROUTES = {");
  for (const key of Object.keys(API)) index.push(`  ${key}: ${key}Routes,`);
  index.push("} as const;", "");
  files["index.ts"] = index.join("\n");
  return files;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  mkdirSync(ROUTES_DIR, { recursive: true });
  for (const [file, text] of Object.entries(renderRoutes())) writeFileSync(path.join(ROUTES_DIR, file), text);
  console.log(`wrote ${path.relative(process.cwd(), ROUTES_DIR)}/`);
}
