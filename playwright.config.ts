import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, E2E_CHROMIUM_PATH } from "./scripts/chromium";

const chromium = { executablePath: E2E_CHROMIUM_PATH, args: CHROMIUM_ARGS };

/**
 * Every worker starts its own production server and database (tests/e2e/fixtures.ts), so tests run in parallel
 * without seeing each other's changes; a test that changes site-wide content puts it back when it ends.
 * Worker n listens on E2E_PORT + n (default 3510); the servers start from a copy of one database seeded by the
 * global setup (E2E_PORT + 7), a test with a server of its own gets E2E_PORT + 5 + n.
 */
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: process.env.E2E_OUTPUT ?? "test-results",
  fullyParallel: true,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // A failing test runs once more in a new worker (its own server, a fresh copy of the database) and is reported as
  // flaky when the second run passes; a test that fails twice fails the suite. E2E_RETRIES=0 shows every first failure.
  retries: Number(process.env.E2E_RETRIES ?? 1),
  // Sized for a loaded CI machine: at a load average of 15-20 on two cores, a third of the tests took 10-30 s (the
  // longest single-page ones about 20 s). Tests with several sign-ins or long workflows add test.slow() (3 times
  // this); steps that wait on password hashing use AFTER_PASSWORD (tests/e2e/limits.ts).
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  use: {
    // Recording a trace costs a quarter to a third of the suite's time; E2E_TRACE=retain-on-failure keeps one for
    // each failing test when you need it (a failure still leaves its screenshot and error context).
    trace: (process.env.E2E_TRACE as "off" | "on" | "retain-on-failure" | undefined) ?? "off",
    screenshot: "only-on-failure",
    // The browser asks for reduced motion, which the site honours (transitions and animations of 0.01 ms): a test
    // does not wait for a dialog's or a menu's transition to settle, and the browser paints no animation frames (29 %
    // less browser processor time on the same tests). Tests of motion itself ask for it (`reducedMotion:
    // "no-preference"`); E2E_MOTION=1 runs every test with motion.
    reducedMotion: process.env.E2E_MOTION === "1" ? "no-preference" : "reduce",
    launchOptions: chromium,
  },
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1366, height: 900 }, launchOptions: chromium }, grepInvert: /@mobile/ },
    { name: "mobile", use: { ...devices["Pixel 7"], launchOptions: chromium }, grep: /@mobile/ },
  ],
});
