/**
 * The financial calendar: events on a day, or a day and time, in Cairo, written in both languages. Each event has a
 * UID that never changes and a SEQUENCE that goes up with every change, so a calendar that imported the event or
 * subscribed to the feed updates it in place; a cancelled event stays in the feed, marked, so calendars remove it.
 * Events are public from the moment they are saved (an unannounced date is not entered until it may be known).
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import ical, { ICalCalendarMethod, ICalEventStatus } from "ical-generator";
import type { CalendarEventInput } from "../../../shared/alerts-schemas";
import type { Locale } from "../../../shared/i18n/locales";
import { SCHEDULE_ZONE } from "../../../shared/publication";
import { instantToWallTime, wallTimeToInstant } from "../../../shared/zoned-time";
import type { Db, Tx } from "../../db/client";
import { calendarEvents, documents, pressReleases } from "../../db/schema";
import { AppError, notFound } from "../../lib/errors";
import { translate } from "../../i18n";
import { recordBy, type AuditBy, type AuditService } from "../audit/audit";
import { publicDocument, publishedPress } from "../publication/public-rules";

type EventRow = typeof calendarEvents.$inferSelect;

/** Past events the public page lists. */
export const PAST_EVENTS = 50;
/** A timed event without an end lasts this long in calendar files. */
const DEFAULT_DURATION_MS = 60 * 60_000;

const badTime = () => new AppError("VALIDATION", "validation.calendar.time", { errors: { time: "validation.calendar.time" } });

/** The instant an event starts: its time in Cairo, or the start of its day there (an all-day event). */
function startOf(date: string, time: string | null): Date {
  if (time) {
    const at = wallTimeToInstant(`${date}T${time}`, SCHEDULE_ZONE);
    if (!at.ok) throw badTime();
    return at.instant;
  }
  // A day whose midnight the clocks skip (the start of summer time) starts an hour later.
  for (const hour of ["00:00", "01:00"]) {
    const at = wallTimeToInstant(`${date}T${hour}`, SCHEDULE_ZONE);
    if (at.ok) return at.instant;
  }
  throw badTime();
}

/** Today's date in Cairo (YYYY-MM-DD). */
const cairoToday = () => instantToWallTime(new Date(), SCHEDULE_ZONE).wall.slice(0, 10);

const iso = (d: Date) => d.toISOString();

export function createCalendarService({
  db,
  audit,
  origin,
  onAdded,
  brandName = async () => "",
}: {
  db: Db;
  audit?: AuditService;
  origin: string;
  /** In the transaction that adds an upcoming event (its alert to subscribers). */
  onAdded?: (tx: Tx, id: number) => Promise<void>;
  /** The company's name in a language (the calendar's name). */
  brandName?: (locale: Locale) => Promise<string>;
}) {
  const hostname = new URL(origin).hostname;

  /** The linked release and documents must exist (documents public): a 400 names the field otherwise. */
  async function checkLinks(tx: Tx, input: CalendarEventInput) {
    if (input.pressReleaseId) {
      const [r] = await tx.select({ id: pressReleases.id }).from(pressReleases).where(eq(pressReleases.id, input.pressReleaseId));
      if (!r) throw new AppError("VALIDATION", "errors.calendar.pressRelease", { errors: { pressReleaseId: "errors.calendar.pressRelease" } });
    }
    const ids = [...new Set(input.documentIds)];
    if (ids.length) {
      const found = await tx
        .select({ id: documents.id })
        .from(documents)
        .where(and(inArray(documents.id, ids), publicDocument));
      if (found.length !== ids.length) throw new AppError("VALIDATION", "errors.calendar.documents", { errors: { documentIds: "errors.calendar.documents" } });
    }
    return ids;
  }

  function columns(input: CalendarEventInput, documentIds: number[]) {
    return {
      kind: input.kind,
      date: input.date,
      time: input.time,
      endTime: input.time ? input.endTime : null,
      startsAt: startOf(input.date, input.time),
      title: input.title,
      titleAr: input.titleAr,
      description: input.description,
      descriptionAr: input.descriptionAr,
      linkUrl: input.linkUrl,
      pressReleaseId: input.pressReleaseId,
      documentIds,
    };
  }

  /** The fields every answer about an event has. */
  const eventFields = (e: EventRow) => ({
    id: e.id,
    uid: e.uid,
    kind: e.kind,
    date: e.date,
    time: e.time,
    endTime: e.endTime,
    startsAt: iso(e.startsAt),
    linkUrl: e.linkUrl,
    status: e.status,
    updatedAt: iso(e.updatedAt),
  });

  const adminDto = (e: EventRow) => ({
    ...eventFields(e),
    title: e.title,
    titleAr: e.titleAr,
    description: e.description,
    descriptionAr: e.descriptionAr,
    pressReleaseId: e.pressReleaseId,
    documentIds: e.documentIds,
    sequence: e.sequence,
    createdAt: iso(e.createdAt),
  });

  /** Events as a page in `locale` shows them: texts in that language where written, links only to public items. */
  async function publicDtos(rows: EventRow[], locale: Locale) {
    const releaseIds = [...new Set(rows.map((r) => r.pressReleaseId).filter((id): id is number => id !== null))];
    const documentIds = [...new Set(rows.flatMap((r) => r.documentIds))];
    const [releases, docs] = await Promise.all([
      releaseIds.length
        ? db
            .select({ id: pressReleases.id, title: pressReleases.title, titleAr: pressReleases.titleAr })
            .from(pressReleases)
            .where(and(inArray(pressReleases.id, releaseIds), publishedPress))
        : [],
      documentIds.length
        ? db
            .select({ id: documents.id, title: documents.title, titleAr: documents.titleAr })
            .from(documents)
            .where(and(inArray(documents.id, documentIds), publicDocument))
        : [],
    ]);
    const titled = (t: { title: string; titleAr: string | null }) => (locale === "ar" && t.titleAr ? t.titleAr : t.title);
    return rows.map((e) => {
      const arabic = locale === "ar" && Boolean(e.titleAr);
      const release = releases.find((r) => r.id === e.pressReleaseId);
      return {
        ...eventFields(e),
        title: arabic ? e.titleAr! : e.title,
        description: arabic ? (e.descriptionAr ?? e.description) : e.description,
        contentLocale: arabic ? ("ar" as const) : ("en" as const),
        pressRelease: release ? { id: release.id, title: titled(release) } : null,
        documents: e.documentIds.flatMap((id) => {
          const d = docs.find((x) => x.id === id);
          return d ? [{ id: d.id, title: titled(d) }] : [];
        }),
      };
    });
  }

  /** The events as an iCalendar file in `locale` (one event, or the whole feed). */
  function icsOf(rows: EventRow[], locale: Locale, opts: { feed: boolean; brand: string }) {
    const cal = ical({
      name: translate(locale, "email.calendar.feedName", { brand: opts.brand }),
      prodId: { company: hostname, product: "financial-calendar", language: locale.toUpperCase() },
      method: ICalCalendarMethod.PUBLISH,
      ...(opts.feed ? { ttl: 6 * 60 * 60 } : {}),
    });
    for (const e of rows) {
      const arabic = locale === "ar" && Boolean(e.titleAr);
      const end = e.time
        ? e.endTime
          ? startOf(e.date, e.endTime)
          : new Date(e.startsAt.getTime() + DEFAULT_DURATION_MS)
        : new Date(new Date(`${e.date}T00:00:00Z`).getTime() + 86_400_000);
      const description = [arabic ? (e.descriptionAr ?? e.description) : e.description, e.linkUrl].filter(Boolean).join("\n\n");
      cal.createEvent({
        id: e.uid,
        sequence: e.sequence,
        stamp: e.updatedAt,
        lastModified: e.updatedAt,
        created: e.createdAt,
        start: e.time ? e.startsAt : new Date(`${e.date}T00:00:00Z`),
        end,
        allDay: !e.time,
        summary: arabic ? e.titleAr! : e.title,
        description: description || undefined,
        url: e.linkUrl ?? `${origin}${locale === "ar" ? "/ar" : ""}/investors#calendar`,
        status: e.status === "cancelled" ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      });
    }
    return cal.toString();
  }

  async function byId(id: number) {
    const [row] = await db.select().from(calendarEvents).where(eq(calendarEvents.id, id));
    if (!row) throw notFound("errors.notFound.calendarEvent");
    return row;
  }

  return {
    /** The public page's calendar: upcoming events (from today in Cairo), the latest past ones, and the feeds. */
    async page(locale: Locale) {
      const today = cairoToday();
      const [upcoming, past] = await Promise.all([
        db.select().from(calendarEvents).where(gte(calendarEvents.date, today)).orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id)),
        db
          .select()
          .from(calendarEvents)
          .where(lt(calendarEvents.date, today))
          .orderBy(desc(calendarEvents.startsAt), desc(calendarEvents.id))
          .limit(PAST_EVENTS),
      ]);
      const webcal = origin.replace(/^https?:/, "webcal:");
      return {
        upcoming: await publicDtos(upcoming, locale),
        past: await publicDtos(past, locale),
        feeds: { en: `${webcal}/api/calendar/feed/en.ics`, ar: `${webcal}/api/calendar/feed/ar.ics` },
      };
    },

    /** One event as a calendar file. */
    async eventFile(id: number, locale: Locale) {
      const row = await byId(id);
      return { ics: icsOf([row], locale, { feed: false, brand: await brandName(locale) }), fileName: `event-${row.date}-${row.id}.ics` };
    },

    /** Every event (cancelled ones marked) as the subscribable feed in `locale`. */
    async feed(locale: Locale) {
      const rows = await db.select().from(calendarEvents).orderBy(asc(calendarEvents.startsAt), asc(calendarEvents.id));
      return icsOf(rows, locale, { feed: true, brand: await brandName(locale) });
    },

    async adminList() {
      const rows = await db.select().from(calendarEvents).orderBy(desc(calendarEvents.startsAt), desc(calendarEvents.id));
      return rows.map(adminDto);
    },

    /** Adds an event; subscribers of the calendar list are told of one that has not yet started. */
    async create(input: CalendarEventInput, by?: AuditBy) {
      return db.transaction(async (tx) => {
        const ids = await checkLinks(tx, input);
        const [row] = await tx
          .insert(calendarEvents)
          .values({ uid: `${randomUUID()}@${hostname}`, ...columns(input, ids) })
          .returning();
        await recordBy(audit, by, { action: "calendar.create", entity: { type: "calendar", id: row.id }, before: null, after: adminDto(row) }, tx);
        if (row.startsAt > new Date()) await onAdded?.(tx, row.id);
        return adminDto(row);
      });
    },

    /** Changes an event: same UID, next SEQUENCE. */
    async update(id: number, input: CalendarEventInput, by?: AuditBy) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, id)).for("update");
        if (!current) throw notFound("errors.notFound.calendarEvent");
        const ids = await checkLinks(tx, input);
        const [row] = await tx
          .update(calendarEvents)
          .set({ ...columns(input, ids), sequence: sql`${calendarEvents.sequence} + 1`, updatedAt: sql`now()` })
          .where(eq(calendarEvents.id, id))
          .returning();
        await recordBy(audit, by, { action: "calendar.update", entity: { type: "calendar", id }, before: adminDto(current), after: adminDto(row) }, tx);
        return adminDto(row);
      });
    },

    /** Cancels an event: it stays, marked, so subscribed calendars remove it. */
    async cancel(id: number, by?: AuditBy) {
      return db.transaction(async (tx) => {
        const [current] = await tx.select().from(calendarEvents).where(eq(calendarEvents.id, id)).for("update");
        if (!current) throw notFound("errors.notFound.calendarEvent");
        if (current.status === "cancelled") return adminDto(current);
        const [row] = await tx
          .update(calendarEvents)
          .set({ status: "cancelled", sequence: sql`${calendarEvents.sequence} + 1`, updatedAt: sql`now()` })
          .where(eq(calendarEvents.id, id))
          .returning();
        await recordBy(audit, by, { action: "calendar.cancel", entity: { type: "calendar", id }, before: adminDto(current), after: adminDto(row) }, tx);
        return adminDto(row);
      });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
