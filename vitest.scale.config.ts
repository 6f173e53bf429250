import path from "node:path";
import { defineConfig } from "vitest/config";

// The scale-out test (tests/scale): two production instances on PostgreSQL behind nginx. Kept out of the
// plain `npx vitest run` because it needs a production build, TEST_DATABASE_URL and nginx; scripts/test.sh
// runs it after the build.
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    include: ["tests/scale/**/*.{test,spec}.?(c|m)[jt]s?(x)"],
    environment: "node",
    testTimeout: 60_000,
    // Set here once for every hook: the set-up starts two production instances, nginx and a PostgreSQL database.
    hookTimeout: 180_000,
    maxWorkers: 1,
  },
});
