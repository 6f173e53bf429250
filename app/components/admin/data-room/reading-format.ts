import * as React from "react";
import { useFormat, useLocale, useT, type Translate } from "~/i18n/provider";
import { dateTimeFormat } from "../../../../shared/i18n/format";
import type { Locale } from "../../../../shared/i18n/locales";
import { SCHEDULE_ZONE } from "../../../../shared/publication";

/**
 * '4 min 12 s' / '4 دقائق و12 ثانية': a reading time, in whole seconds up to an hour, then hours and minutes. The
 * numbers go through the catalog's formatter (the shared number format); the units are the catalog's words.
 */
export function formatDuration(ms: number, t: Translate): string {
  const total = Math.max(0, Math.round(ms / 1000));
  if (total < 60) return t("admin.dataRoom.duration.seconds", { sec: total });
  const min = Math.floor(total / 60);
  const sec = total % 60;
  if (min < 60) return sec ? t("admin.dataRoom.duration.minutesSeconds", { min, sec }) : t("admin.dataRoom.duration.minutes", { min });
  const hours = Math.floor(min / 60);
  const rest = min % 60;
  return rest ? t("admin.dataRoom.duration.hoursMinutes", { hours, min: rest }) : t("admin.dataRoom.duration.hours", { hours });
}

/** 'Dec 31, 2026': the day an instant falls on in Cairo (an expiry is set in Cairo time). */
export const cairoDay = (iso: string, locale: Locale) =>
  dateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", timeZone: SCHEDULE_ZONE }).format(new Date(iso));

/** The data room's formats in the page's language: durations, Cairo days and times, shares as percentages. */
export function useReadingFormat() {
  const t = useT();
  const f = useFormat();
  const locale = useLocale();
  return React.useMemo(
    () => ({
      duration: (ms: number) => formatDuration(ms, t),
      cairoDay: (iso: string) => cairoDay(iso, locale),
      when: f.cairoWhen,
      count: f.count,
      percent: (share: number) => t("admin.dataRoom.percent", { share }),
    }),
    [t, f, locale],
  );
}
