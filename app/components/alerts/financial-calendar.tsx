import { CalendarDays, CalendarPlus, Clock, Download, FileText, Newspaper, Rss, Video } from "lucide-react";
import * as React from "react";
import { pressPath } from "~/components/press/press-card";
import { contentProps, untranslated } from "~/components/site/labels";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Link } from "~/i18n/link";
import { useLocale, useT } from "~/i18n/provider";
import { eventFileHref, feedHref } from "~/lib/api/calendar";
import { cn } from "~/lib/utils";
import type { CalendarEventKind } from "../../../shared/alerts";
import { cairoTime, dateTile, eventDay } from "../../../shared/i18n/calendar-format";
import type { MessageId } from "../../../shared/i18n/messages";
import type { CalendarEvent, CalendarPage } from "./calendar-types";

const KIND_LABEL: Record<CalendarEventKind, MessageId> = {
  results: "alerts.calendar.kind.results",
  agm: "alerts.calendar.kind.agm",
  "dividend-record": "alerts.calendar.kind.dividendRecord",
  "dividend-payment": "alerts.calendar.kind.dividendPayment",
  call: "alerts.calendar.kind.call",
  other: "alerts.calendar.kind.other",
};

/** Past events shown before 'Show every past event'. */
export const PAST_SHOWN = 5;

const linkClass = "inline-flex items-center gap-1.5 text-sm font-medium text-navy-800 underline-offset-4 hover:text-gold-700 hover:underline";

/**
 * One event: its kind, its day (on Arabic pages in the Gregorian and the Umm al-Qura calendars), its time in Cairo,
 * title and description, and its links: the webcast, the release and documents it concerns, and the event as a
 * calendar file. A cancelled event keeps its place, its title struck through and labelled as cancelled.
 */
function EventItem({ event, past }: { event: CalendarEvent; past: boolean }) {
  const t = useT();
  const locale = useLocale();
  const cancelled = event.status === "cancelled";
  const day = eventDay(event.date, locale);
  const tile = dateTile(event.date, locale);
  const content = contentProps(event, locale);
  const titleId = `calendar-event-${event.id}`;
  const time = event.time
    ? event.endTime
      ? t("alerts.calendar.timeRange", { start: cairoTime(event.time, locale), end: cairoTime(event.endTime, locale) })
      : t("alerts.calendar.time", { time: cairoTime(event.time, locale) })
    : null;
  return (
    <li className="flex gap-4 py-5 first:pt-0 last:pb-0" data-testid="calendar-event" data-status={event.status}>
      {tile ? (
        <div
          className={cn(
            "flex h-16 w-14 shrink-0 flex-col items-center justify-center rounded-lg text-center",
            cancelled || past ? "bg-slate-100 text-slate-500" : "bg-navy-950 text-white",
          )}
          aria-hidden="true"
        >
          <span className="font-display text-2xl font-semibold leading-none">{tile.day}</span>
          <span className={cn("mt-1 text-xs font-medium", cancelled || past ? "text-slate-500" : "text-gold-400")}>{tile.month}</span>
        </div>
      ) : null}
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={past ? "slate" : "gold"}>{t(KIND_LABEL[event.kind] ?? KIND_LABEL.other)}</Badge>
          {cancelled ? <Badge variant="red">{t("alerts.calendar.cancelled")}</Badge> : null}
        </div>
        <h4 id={titleId} {...content} className={cn("mt-2 font-semibold text-navy-950 rtl:text-right", cancelled && "text-slate-500")}>
          {cancelled ? <s>{event.title}</s> : event.title}
        </h4>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="inline-flex items-start gap-1.5">
            <CalendarDays className="mt-0.5 h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />
            {/* Each calendar's date stays on one line; the Hijri one moves under the Gregorian one when space runs out. */}
            <span>
              <time dateTime={event.date} className="whitespace-nowrap">
                {day.gregorian}
              </time>
              {day.hijri ? (
                <>
                  {" "}
                  <span className="whitespace-nowrap text-slate-500" data-testid="calendar-hijri">
                    {t("alerts.calendar.hijri", { hijri: day.hijri })}
                  </span>
                </>
              ) : null}
            </span>
          </span>
          {time ? (
            <span className="inline-flex items-center gap-1.5 whitespace-nowrap">
              <Clock className="h-4 w-4 shrink-0 text-gold-700" aria-hidden="true" />
              {time}
            </span>
          ) : null}
        </p>
        {event.description ? (
          <p {...content} className="mt-2 whitespace-pre-line text-sm leading-relaxed text-slate-700 rtl:text-right">
            {event.description}
          </p>
        ) : null}
        {untranslated(event, locale) ? <p className="mt-1 text-xs text-slate-500">{t("common.translationMissing")}</p> : null}
        <ul className="mt-3 flex flex-wrap gap-x-5 gap-y-2">
          {event.linkUrl && !cancelled ? (
            <li>
              <a href={event.linkUrl} target="_blank" rel="noopener noreferrer" className={linkClass} aria-describedby={titleId}>
                <Video className="h-4 w-4" aria-hidden="true" />
                {t(past ? "alerts.calendar.replay" : "alerts.calendar.webcast")}
              </a>
            </li>
          ) : null}
          {event.pressRelease ? (
            <li>
              <Link to={pressPath(event.pressRelease.id)} className={linkClass}>
                <Newspaper className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="sr-only">{t("alerts.calendar.release")} </span>
                <span>{event.pressRelease.title}</span>
              </Link>
            </li>
          ) : null}
          {event.documents.map((d) => (
            <li key={d.id}>
              <Link to={`/investor-portal/documents/${d.id}`} className={linkClass}>
                <FileText className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="sr-only">{t("alerts.calendar.document")} </span>
                <span>{d.title}</span>
              </Link>
            </li>
          ))}
          {!cancelled && !past ? (
            <li>
              <a href={eventFileHref(event.id, locale)} download className={linkClass} aria-describedby={titleId}>
                <CalendarPlus className="h-4 w-4" aria-hidden="true" />
                {t("alerts.calendar.addToCalendar")}
              </a>
            </li>
          ) : null}
        </ul>
      </div>
    </li>
  );
}

function EventList({ events, past, label }: { events: CalendarEvent[]; past: boolean; label: string }) {
  return (
    <ul aria-label={label} className="divide-y divide-slate-200">
      {events.map((e) => (
        <EventItem key={e.id} event={e} past={past} />
      ))}
    </ul>
  );
}

/**
 * The financial calendar on the investors page: upcoming events (soonest first) and past ones (latest first, the
 * first few until asked for all), the feed of the page's language to subscribe to in a calendar app (webcal://) or to
 * download, and every event as its own calendar file.
 */
export function FinancialCalendar({ calendar }: { calendar: CalendarPage }) {
  const t = useT();
  const locale = useLocale();
  const [allPast, setAllPast] = React.useState(false);
  const { upcoming, past, feeds } = calendar;
  const pastShown = allPast ? past : past.slice(0, PAST_SHOWN);
  const webcal = locale === "ar" ? feeds.ar : feeds.en;
  return (
    <section
      id="calendar"
      aria-labelledby="investors-calendar"
      className="scroll-mt-28 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8"
      data-testid="financial-calendar"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0 flex-1 basis-72">
          <h2 id="investors-calendar" className="font-display text-2xl font-semibold text-navy-950">
            {t("alerts.calendar.title")}
          </h2>
          <p className="mt-2 text-slate-600">{t("alerts.calendar.intro")}</p>
        </div>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:items-end">
          {webcal ? (
            <Button asChild variant="outline" className="w-full sm:w-auto">
              <a href={webcal}>
                <Rss className="h-4 w-4" aria-hidden="true" />
                {t("alerts.calendar.subscribe")}
              </a>
            </Button>
          ) : null}
          <a href={feedHref(locale)} download className={cn(linkClass, "self-center sm:self-end")}>
            <Download className="h-4 w-4" aria-hidden="true" />
            {t("alerts.calendar.download")}
          </a>
        </div>
      </div>
      <p className="mt-3 text-xs text-slate-500">{t("alerts.calendar.subscribeHint")}</p>

      <h3 className="mt-8 text-sm font-semibold uppercase tracking-wider text-gold-700">{t("alerts.calendar.upcoming")}</h3>
      <div className="mt-4">
        {upcoming.length ? (
          <EventList events={upcoming} past={false} label={t("alerts.calendar.upcoming")} />
        ) : (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">{t("alerts.calendar.noUpcoming")}</p>
        )}
      </div>

      {past.length ? (
        <>
          <h3 className="mt-10 text-sm font-semibold uppercase tracking-wider text-slate-500">{t("alerts.calendar.past")}</h3>
          <div className="mt-4">
            <EventList events={pastShown} past label={t("alerts.calendar.past")} />
          </div>
          {past.length > PAST_SHOWN ? (
            <Button type="button" variant="ghost" size="sm" className="mt-4" aria-expanded={allPast} onClick={() => setAllPast((v) => !v)}>
              {allPast ? t("alerts.calendar.fewerPast") : t("alerts.calendar.allPast", { count: past.length })}
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
