import path from "node:path";
import { configDefaults, defineConfig } from "vitest/config";
import { i18nCatalogs } from "./scripts/vite/i18n-catalogs";

/** Folders no vitest project runs: Playwright's, the scale-out test's, build output and scratch folders. */
const notHere = [
  ...configDefaults.exclude,
  // Playwright (playwright.config.ts).
  "tests/e2e/**",
  // Needs a production build, PostgreSQL and nginx: vitest.scale.config.ts.
  "tests/scale/**",
  // Build output and scratch folders, never sources.
  "build/**",
  "build-*/**",
  "tmp/**",
  "data/**",
  "test-results/**",
];
const integration = "tests/integration/**/*.test.ts";

export default defineConfig({
  // Page modules import the catalog files' addresses (virtual:i18n-catalogs).
  plugins: [i18nCatalogs({ emit: false })],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    environment: "node",
    // The Vite server that page tests share (tests/helpers/pages-server.ts); it starts when one first needs it.
    globalSetup: ["tests/helpers/pages-vite.global.ts"],
    testTimeout: 30_000,
    // Set here once, for every hook (no test file repeats it): a file's beforeAll makes a fresh database, signs users
    // in (argon2 on every password) and, in page tests, waits while Vite compiles every module for the first render.
    // A 2-core machine at a load average of 10 needs minutes for that; a hook that hangs still fails.
    hookTimeout: 240_000,
    // Each file opens its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
    // Every *.test.* / *.spec.* file in the repository runs in one of the two projects, wherever it sits (unit tests
    // live next to their source), except the folders in notHere. scripts/check-test-files.mjs fails the test script on
    // a file that defines tests but no runner picks up.
    projects: [
      {
        // The integration files share their worker's loaded modules (the server, its routers, the catalogs): importing
        // them again for each file was 40 % of the PGlite pass. Each file still opens its own database and server,
        // and a file that changes process.env puts it back.
        extends: true,
        test: { name: "integration", include: [integration], exclude: notHere, isolate: false },
      },
      {
        extends: true,
        test: { name: "unit and fault", include: configDefaults.include, exclude: [...notHere, integration] },
      },
    ],
  },
});
