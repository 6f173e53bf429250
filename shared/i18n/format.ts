import { DEFAULT_LOCALE, type Locale } from "./locales";

/**
 * The one module that turns numbers and dates into text, for pages, e-mails, messages and exports alike: nothing else
 * builds an Intl number or date formatter or calls toLocale*String (the linter refuses it), so every screen, e-mail
 * and file writes digits the same way.
 *
 * Digits: Western digits (0-9) in both languages. Arabic text uses `ar-EG` with the Latin numbering system, as
 * Egyptian listed companies write their Arabic disclosures: figures, dates, codes and the text editors type then
 * agree on one screen.
 *
 * Formatters are built once per language and options: constructing an Intl formatter (or calling toLocale*String
 * with options, which builds one each time) costs far more than formatting with a ready one.
 */

/** The Intl locale of each language: month names and separators of the language, Western digits. */
const INTL_LOCALE: Record<Locale, string> = { en: "en-US", ar: "ar-EG-u-nu-latn" };

/** The Intl locale tag of `locale` (for Intl services that write no digits, such as plural rules). */
export const intlLocale = (locale: Locale): string => INTL_LOCALE[locale] ?? INTL_LOCALE[DEFAULT_LOCALE];

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A number formatter of `locale` with `options`, built once. */
export function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(intlLocale(locale), options)));
  return format;
}

/** A date and time formatter of `locale` with `options`, built once. */
export function dateTimeFormat(locale: Locale, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  const key = `${locale}:${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(intlLocale(locale), options)));
  return format;
}

export type Formatters = {
  /** 'May 15, 2023' (the day in UTC); a short month when `short`; anything unreadable as given. */
  date(iso: string, opts?: { short?: boolean }): string;
  /** 'May 15, 2023' in the viewer's time zone. */
  day(iso: string): string;
  /** 'May 15, 2023, 3:04 PM' in the viewer's time zone. */
  when(iso: string): string;
  /** 'May 15, 2023, 3:04:05 PM' in Cairo time, wherever the viewer is (the company's records, the audit trail). */
  cairoWhen(iso: string): string;
  /** 'November 24, 2026 at 2:05 PM UTC': a moment as an e-mail states it, in UTC with the zone named. */
  utcMoment(at: Date): string;
  /** 12345 -> '12,345'. */
  count(n: number): string;
  /** `n` with exactly `decimals` decimals, grouped ('1,234.5') or not. */
  fixed(n: number, decimals: number, grouped: boolean): string;
  /** 900 -> '900 B', 1536 -> '1.5 KB', 5 MiB -> '5 MB'; null for a missing or impossible size. */
  fileSize(bytes: number | null | undefined): string | null;
};

/** A date-only value ('2023-05-15') is read at noon UTC, so no time zone moves it to another day. */
const toDate = (iso: string) => new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);

const SIZE_UNITS = { en: ["B", "KB", "MB", "GB"], ar: ["بايت", "ك.ب", "م.ب", "ج.ب"] } as const;

function build(locale: Locale): Formatters {
  // Each format adds to a few shared option sets (the page's code stays small).
  const day = { year: "numeric", month: "short", day: "numeric" } as const;
  const time = { ...day, hour: "numeric", minute: "2-digit" } as const;
  const longDate = dateTimeFormat(locale, { ...day, month: "long", timeZone: "UTC" });
  const shortDate = dateTimeFormat(locale, { ...day, timeZone: "UTC" });
  const localDay = dateTimeFormat(locale, day);
  const localDateTime = dateTimeFormat(locale, time);
  const cairoDateTime = dateTimeFormat(locale, { ...time, second: "2-digit", timeZone: "Africa/Cairo" });
  const utcMoment = dateTimeFormat(locale, { ...time, month: "long", timeZone: "UTC", timeZoneName: "short" });
  const count = numberFormat(locale);
  const fixedFormat = (decimals: number, grouped: boolean) =>
    numberFormat(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: grouped });
  const units = SIZE_UNITS[locale];
  return {
    date(iso, opts = {}) {
      const d = toDate(iso);
      if (Number.isNaN(d.getTime())) return iso;
      return (opts.short ? shortDate : longDate).format(d);
    },
    day(iso) {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : localDay.format(d);
    },
    when(iso) {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : localDateTime.format(d);
    },
    cairoWhen(iso) {
      const d = new Date(iso);
      return Number.isNaN(d.getTime()) ? iso : cairoDateTime.format(d);
    },
    utcMoment: (at) => utcMoment.format(at),
    count: (n) => count.format(n),
    fixed: (n, decimals, grouped) => fixedFormat(decimals, grouped).format(n),
    fileSize(bytes) {
      if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return null;
      if (bytes < 1024) return `${fixedFormat(0, false).format(bytes)} ${units[0]}`;
      let value = bytes / 1024;
      let unit = 1;
      while (value >= 1024 && unit < units.length - 1) {
        value /= 1024;
        unit++;
      }
      const shown = value >= 10 ? Math.round(value) : Math.round(value * 10) / 10;
      return `${fixedFormat(Number.isInteger(shown) ? 0 : 1, false).format(shown)} ${units[unit]}`;
    },
  };
}

const BUILT = new Map<Locale, Formatters>();

/** The formatters of `locale`, built on first use, then kept. */
export function formatters(locale: Locale = DEFAULT_LOCALE): Formatters {
  let f = BUILT.get(locale);
  if (!f) BUILT.set(locale, (f = build(locale)));
  return f;
}

// English shorthands, for code that has no page language (feeds, tests) and callers not yet given one.
const EN = formatters(DEFAULT_LOCALE);
export const formatDate = EN.date;
export const formatDay = EN.day;
export const formatWhen = EN.when;
export const formatCount = EN.count;
export const formatFixed = EN.fixed;
export const formatFileSize = EN.fileSize;
