import path from "node:path";
import { defineConfig } from "vitest/config";
import { i18nCatalogs } from "./scripts/vite/i18n-catalogs";

export default defineConfig({
  // Page modules import the catalog files' addresses (virtual:i18n-catalogs).
  plugins: [i18nCatalogs({ emit: false })],
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: [
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "shared/**/*.test.ts",
      "app/**/*.test.{ts,tsx}",
      "tests/integration/**/*.test.ts",
      "tests/fault/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Each file opens its own database; two at a time suits a 2-core machine.
    maxWorkers: 2,
  },
});
