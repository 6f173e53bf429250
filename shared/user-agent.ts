/**
 * A short description of a browser from its User-Agent header, for the owner's lists of sessions and sign-ins
 * ('Chrome on Windows'). Pure: the pages call it on what the server stored.
 *
 * Only the common browsers and systems are named; anything else is null (the page says 'unknown'). Order matters:
 * browsers built on Chromium also say 'Chrome' and 'Safari', so the more specific tokens are tested first.
 */

export type DeviceSummary = { browser: string | null; os: string | null };

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(e|A|iOS)?\//, "Edge"],
  [/\b(OPR|Opera|OPT)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\bYaBrowser\//, "Yandex Browser"],
  [/\bVivaldi\//, "Vivaldi"],
  [/\b(Firefox|FxiOS)\//, "Firefox"],
  [/\bCriOS\//, "Chrome"],
  [/\b(HeadlessChrome|Chromium)\//, "Chromium"],
  [/\bChrome\//, "Chrome"],
  // Safari's own token comes with 'Version/'; other iOS apps' web views say Safari without it.
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
  [/\bMSIE |\bTrident\//, "Internet Explorer"],
];

const SYSTEMS: [RegExp, string][] = [
  [/\bWindows Phone\b/, "Windows Phone"],
  [/\bWindows\b/, "Windows"],
  [/\b(iPhone|iPad|iPod)\b/, "iOS"],
  [/\bAndroid\b/, "Android"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b|\bX11\b/, "Linux"],
];

const first = (ua: string, table: [RegExp, string][]) => table.find(([pattern]) => pattern.test(ua))?.[1] ?? null;

/** The browser and operating system a User-Agent names; each null when not recognised (or no header at all). */
export function describeUserAgent(ua: string | null | undefined): DeviceSummary {
  if (!ua) return { browser: null, os: null };
  const text = ua.slice(0, 500);
  return { browser: first(text, BROWSERS), os: first(text, SYSTEMS) };
}
