/**
 * Every date and number format the site shows, each built once: constructing an Intl formatter (or calling
 * toLocale*String with options, which builds one each time) costs far more than formatting with a ready one.
 */

const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
const SHORT_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "short", day: "numeric", timeZone: "UTC" });
const LOCAL_DAY = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const LOCAL_DATE_TIME = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit" });
const COUNT = new Intl.NumberFormat("en-US");

/** A date-only value ('2023-05-15') is read at noon UTC, so no time zone moves it to another day. */
const toDate = (iso: string) => new Date(iso.length === 10 ? `${iso}T12:00:00Z` : iso);

/** 'May 15, 2023' (the day in UTC), or 'May 15, 2023' with a short month when `short`; anything unreadable as given. */
export function formatDate(iso: string, opts: { short?: boolean } = {}): string {
  const d = toDate(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return (opts.short ? SHORT_DATE : LONG_DATE).format(d);
}

/** 'May 15, 2023' in the viewer's time zone (admin tables). */
export function formatDay(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : LOCAL_DAY.format(d);
}

/** 'May 15, 2023, 3:04 PM' in the viewer's time zone (admin tables and dialogs). */
export function formatWhen(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : LOCAL_DATE_TIME.format(d);
}

/** 12345 -> '12,345'. */
export function formatCount(n: number): string {
  return COUNT.format(n);
}

const FIXED: Map<string, Intl.NumberFormat> = new Map();

/** `n` with exactly `decimals` decimals, grouped ('1,234.5') or not; one formatter per combination. */
export function formatFixed(n: number, decimals: number, grouped: boolean): string {
  const key = `${decimals}:${grouped}`;
  let format = FIXED.get(key);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: grouped });
    FIXED.set(key, format);
  }
  return format.format(n);
}
