import { dateTimeFormat } from "./format";
import type { Locale } from "./locales";

/**
 * The financial calendar's dates and times as its pages write them. An event's day and time are stored as they are in
 * Cairo ('2022-05-12', '14:30'), so they are written as given, never moved to the reader's time zone: both are read
 * in UTC, the day at noon so no zone can move it.
 *
 * Arabic pages give the day in the Gregorian calendar and in the Umm al-Qura Hijri calendar (the one Arab readers
 * expect beside the civil date for general assemblies and dividend dates). The formatters come from format.ts, so
 * the digit policy (Western digits in both languages) holds here too; this module is separate so the home page,
 * which shows no calendar, does not carry it.
 */

const noonOf = (iso: string) => new Date(`${iso}T12:00:00Z`);

const gregorianOptions = { weekday: "long", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" } as const;
const hijriOptions = { calendar: "islamic-umalqura", year: "numeric", month: "long", day: "numeric", timeZone: "UTC" } as const;
const timeOptions = { hour: "numeric", minute: "2-digit", timeZone: "UTC" } as const;

/** 'Thursday, May 12, 2022' / 'الخميس، 12 مايو 2022'; anything unreadable as given. */
export function gregorianDay(iso: string, locale: Locale): string {
  const d = noonOf(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat(locale, gregorianOptions).format(d);
}

/** The same day in the Umm al-Qura calendar: '11 شوال 1443 هـ' / 'Shawwal 11, 1443 AH'; anything unreadable as given. */
export function hijriDay(iso: string, locale: Locale): string {
  const d = noonOf(iso);
  return Number.isNaN(d.getTime()) ? iso : dateTimeFormat(locale, hijriOptions).format(d);
}

/** An event's day as its page shows it: the Gregorian date, and on Arabic pages the Hijri one too (else null). */
export function eventDay(iso: string, locale: Locale): { gregorian: string; hijri: string | null } {
  return { gregorian: gregorianDay(iso, locale), hijri: locale === "ar" ? hijriDay(iso, locale) : null };
}

/** A time of day in Cairo ('14:30') as the page's language writes it: '2:30 PM' / '2:30 م'; anything else as given. */
export function cairoTime(hhmm: string, locale: Locale): string {
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(hhmm)) return hhmm;
  return dateTimeFormat(locale, timeOptions).format(new Date(`1970-01-01T${hhmm}:00Z`));
}

const tileOptions = { day: "numeric", month: "short", timeZone: "UTC" } as const;

/** The day and the short month of a date, for a date tile ('12' and 'May' / '12' and 'مايو'); null when unreadable. */
export function dateTile(iso: string, locale: Locale): { day: string; month: string } | null {
  const d = noonOf(iso);
  if (Number.isNaN(d.getTime())) return null;
  const parts = dateTimeFormat(locale, tileOptions).formatToParts(d);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  return { day: part("day"), month: part("month") };
}
