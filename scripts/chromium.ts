/**
 * Debian's Chromium as the end-to-end tests and the Lighthouse benchmark start it: no sandbox (containers), no GPU,
 * and none of the background traffic (updates, sync, QUIC probes) that would reach for the internet.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? process.env.BENCH_CHROME ?? "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
