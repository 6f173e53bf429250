import { existsSync } from "node:fs";

/**
 * Debian's Chromium as the end-to-end tests and the Lighthouse benchmark start it: no sandbox (containers), no GPU,
 * and none of the background traffic (updates, sync, QUIC probes) that would reach for the internet.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.BENCH_CHROME ?? "/usr/bin/chromium";

/**
 * The browser the end-to-end tests drive: Debian's `chromium-headless-shell` when it is installed (the same Blink
 * and V8 as the full browser without its windowing shell; in one measured run it spent 42 % less processor time on
 * the same 51 tests, which is what a 2-core CI machine runs out of), else the full browser. CHROMIUM_PATH chooses
 * another one. Screenshots and the Lighthouse benchmark keep the full browser, as visitors have it.
 */
export const E2E_CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync("/usr/lib/chromium/chromium-headless-shell") ? "/usr/lib/chromium/chromium-headless-shell" : "/usr/bin/chromium");

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
