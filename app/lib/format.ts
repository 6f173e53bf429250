import { DEFAULT_LOCALE, LOCALE_INFO, type Locale } from "../../shared/i18n/locales";

/**
 * Every date, size and number format the site shows, built once per language: constructing an Intl formatter (or
 * calling toLocale*String with options, which builds one each time) costs far more than formatting with a ready one.
 *
 * Digits: prose, dates and counters use the page language's own digits (Arabic-Indic on Arabic pages); admin and
 * financial tables use Latin digits in both languages (`table: true`).
 */

export type Formatters = {
  /** 'May 15, 2023' (the day in UTC); a short month when `short`; anything unreadable as given. */
  date(iso: string, opts?: { short?: boolean }): string;
  /** 'May 15, 2023' in the viewer's time zone. */
  day(iso: string): string;
  /** 'May 15, 2023, 3:04 PM' in the viewer's time zone. */
  when(iso: string): string;
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

function build(locale: Locale, table: boolean): Formatters {
  const tag = table ? LOCALE_INFO[locale].tableIntl : LOCALE_INFO[locale].intl;
  const longDate = new Intl.DateTimeFormat(tag, { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  const shortDate = new Intl.DateTimeFormat(tag, { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
  const localDay = new Intl.DateTimeFormat(tag, { month: "short", day: "numeric", year: "numeric" });
  const localDateTime = new Intl.DateTimeFormat(tag, { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
  const count = new Intl.NumberFormat(tag);
  const fixed = new Map<string, Intl.NumberFormat>();
  const fixedFormat = (decimals: number, grouped: boolean) => {
    const key = `${decimals}:${grouped}`;
    let format = fixed.get(key);
    if (!format) {
      format = new Intl.NumberFormat(tag, { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: grouped });
      fixed.set(key, format);
    }
    return format;
  };
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

const BUILT = new Map<string, Formatters>();

/** The formatters of `locale`; `table` gives Latin digits for tables. Built on first use, then kept. */
export function formatters(locale: Locale = DEFAULT_LOCALE, opts: { table?: boolean } = {}): Formatters {
  const key = `${locale}:${Boolean(opts.table)}`;
  let f = BUILT.get(key);
  if (!f) {
    f = build(locale, Boolean(opts.table));
    BUILT.set(key, f);
  }
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
