import { AlertTriangle, CalendarClock, CheckCircle2 } from "lucide-react";
import * as React from "react";
import { useRevalidator } from "react-router";
import { Badge } from "~/components/ui/badge";
import { useLocale, useT } from "~/i18n/provider";
import { cn } from "~/lib/utils";
import { numberFormat } from "../../../shared/i18n/format";
import { SCHEDULE_ZONE, type PublicationState } from "../../../shared/publication";
import { useZonedTime, type PublicationKind } from "./publication";

/** What the panel reads of a release or a company. */
export type ScheduledItem = {
  kind: PublicationKind;
  id: number;
  title: string;
  publication: PublicationState;
  publishAt: string | null;
  publishedAt: string | null;
  scheduleZone: string | null;
  publishLagMs: number | null;
};

/** A scheduled item still waiting this long after its time is overdue: the scheduler looks every second. */
export const OVERDUE_AFTER_MS = 60_000;
/** A publication later than this after its time is flagged in the recent list. */
const LATE_AFTER_MS = 5_000;
/** How many of the latest scheduled publications are listed with their lateness. */
const RECENT = 5;

/** '3 minutes', '1.2 seconds', '2 hours': a duration in the page's language, in the largest sensible unit. */
export function useDuration() {
  const locale = useLocale();
  return React.useCallback(
    (ms: number) => {
      const abs = Math.abs(ms);
      const [value, unit, digits] =
        abs < 10_000
          ? [abs / 1000, "second", 1]
          : abs < 90_000
            ? [abs / 1000, "second", 0]
            : abs < 90 * 60_000
              ? [abs / 60_000, "minute", 0]
              : abs < 36 * 3_600_000
                ? [abs / 3_600_000, "hour", 0]
                : [abs / 86_400_000, "day", 0];
      return numberFormat(locale, { style: "unit", unit, unitDisplay: "long", maximumFractionDigits: digits }).format(value);
    },
    [locale],
  );
}

/**
 * 'Scheduled': every release and company waiting for its time (soonest first, in Cairo time with the UTC offset,
 * and how long until then), anything overdue flagged, and how late the latest scheduled publications went out.
 * The page reloads its data once an item's time has passed, so it moves to the published list by itself.
 */
export function SchedulePanel({ items }: { items: ScheduledItem[] }) {
  const t = useT();
  const zoned = useZonedTime();
  const duration = useDuration();
  const revalidator = useRevalidator();
  const [now, setNow] = React.useState(() => Date.now());

  const waiting = items.filter((i) => i.publication === "scheduled" && i.publishAt).sort((a, b) => a.publishAt!.localeCompare(b.publishAt!));
  const recent = items
    .filter((i) => i.publication === "published" && i.publishLagMs !== null && i.publishedAt)
    .sort((a, b) => b.publishedAt!.localeCompare(a.publishedAt!))
    .slice(0, RECENT);

  // Ticks every 15 s, and reloads a few seconds after the next item's time, so what went out leaves the list.
  const next = waiting.find((i) => Date.parse(i.publishAt!) > now);
  React.useEffect(() => {
    const tick = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(tick);
  }, []);
  React.useEffect(() => {
    if (!next) return;
    const wait = Math.min(Date.parse(next.publishAt!) - now + 3_000, 2_147_000_000);
    const timer = setTimeout(
      () => {
        setNow(Date.now());
        void revalidator.revalidate();
      },
      Math.max(wait, 1_000),
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the next item changes
  }, [next?.kind, next?.id, next?.publishAt]);

  if (!waiting.length && !recent.length) return null;
  const kindLabel = (kind: PublicationKind) => t(kind === "press" ? "admin.schedule.kind.press" : "admin.schedule.kind.portfolio");

  return (
    <section aria-labelledby="schedule-heading" className="mb-5 rounded-lg bg-white p-4 ring-1 ring-slate-200">
      <h3 id="schedule-heading" className="flex items-center gap-2 font-semibold text-navy-950">
        <CalendarClock className="h-4 w-4 text-gold-600" aria-hidden="true" />
        {t("admin.schedule.title")}
      </h3>
      {waiting.length ? (
        <ul className="mt-3 divide-y divide-slate-100">
          {waiting.map((item) => {
            const due = Date.parse(item.publishAt!);
            const overdue = now - due > OVERDUE_AFTER_MS;
            return (
              <li
                key={`${item.kind}-${item.id}`}
                className="flex flex-col gap-1 py-2 text-sm sm:flex-row sm:items-center sm:gap-3"
                data-overdue={overdue || undefined}
              >
                <div className="flex min-w-0 flex-1 items-start gap-2 sm:items-center">
                  <Badge variant="slate" className="shrink-0">
                    {kindLabel(item.kind)}
                  </Badge>
                  <bdi className="min-w-0 break-words font-medium text-navy-950">{item.title}</bdi>
                </div>
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="text-slate-600">
                    <bdi>{zoned(item.publishAt!, item.scheduleZone ?? SCHEDULE_ZONE)}</bdi>
                  </span>
                  {overdue ? (
                    <span className="inline-flex items-center gap-1 font-medium text-red-700">
                      <AlertTriangle className="h-4 w-4 shrink-0" aria-hidden="true" />
                      {t("admin.schedule.overdue", { late: duration(now - due) })}
                    </span>
                  ) : (
                    <span className="text-slate-500">{due > now ? t("admin.schedule.in", { wait: duration(due - now) }) : t("admin.schedule.goingOut")}</span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-slate-600">{t("admin.schedule.none")}</p>
      )}
      {recent.length ? (
        <>
          <h4 className="mt-4 text-xs font-semibold uppercase tracking-wide text-slate-500">{t("admin.schedule.recent")}</h4>
          <ul className="mt-1 space-y-1">
            {recent.map((item) => {
              const late = (item.publishLagMs ?? 0) > LATE_AFTER_MS;
              return (
                <li key={`${item.kind}-${item.id}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
                  <CheckCircle2 className={cn("h-4 w-4", late ? "text-amber-600" : "text-green-700")} aria-hidden="true" />
                  <bdi className="min-w-0 flex-1 text-slate-800">{item.title}</bdi>
                  <span className={cn(late ? "font-medium text-amber-800" : "text-slate-500")}>
                    {t(late ? "admin.schedule.late" : "admin.schedule.onTime", { lag: duration(item.publishLagMs ?? 0) })}
                  </span>
                </li>
              );
            })}
          </ul>
        </>
      ) : null}
    </section>
  );
}
