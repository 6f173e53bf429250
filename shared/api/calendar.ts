import { z } from "zod";
import { CALENDAR_EVENT_KINDS } from "../alerts";
import { calendarEventSchema } from "../alerts-schemas";
import { endpoint, fileAnswer, idParams } from "./contract";

const tag = "Financial calendar";
const adminTag = "Financial calendar (admin)";
const langQuery = z.strictObject({ lang: z.enum(["en", "ar"]).optional() });

const eventFields = {
  id: z.number().int(),
  uid: z.string().meta({ description: "The event's UID in calendar files: it never changes, so calendars update the event instead of adding one." }),
  kind: z.enum(CALENDAR_EVENT_KINDS),
  date: z.iso.date().meta({ description: "The day in Cairo." }),
  time: z.string().nullable().meta({ description: "HH:MM in Cairo; null for an all-day event." }),
  endTime: z.string().nullable(),
  startsAt: z.iso.datetime().meta({ description: "The instant it starts (midnight in Cairo for an all-day event)." }),
  linkUrl: z.string().nullable(),
  status: z.enum(["scheduled", "cancelled"]),
  updatedAt: z.iso.datetime(),
};

/** An event as the public pages show it, in one language. */
export const calendarEventDtoSchema = z
  .strictObject({
    ...eventFields,
    title: z.string(),
    description: z.string().nullable(),
    contentLocale: z.enum(["en", "ar"]).meta({ description: "The language of title and description (English where not translated)." }),
    pressRelease: z.strictObject({ id: z.number().int(), title: z.string() }).nullable(),
    documents: z.array(z.strictObject({ id: z.number().int(), title: z.string() })),
  })
  .meta({ id: "CalendarEvent" });

/** An event as the dashboard edits it: both languages. */
export const calendarEventAdminDtoSchema = z
  .strictObject({
    ...eventFields,
    title: z.string(),
    titleAr: z.string().nullable(),
    description: z.string().nullable(),
    descriptionAr: z.string().nullable(),
    pressReleaseId: z.number().int().nullable(),
    documentIds: z.array(z.number().int()),
    sequence: z.number().int().meta({ description: "Goes up with each change (the calendar files' SEQUENCE)." }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "CalendarEventAdmin" });

export const calendarPageSchema = z.strictObject({
  upcoming: z.array(calendarEventDtoSchema).meta({ description: "From today on, soonest first." }),
  past: z.array(calendarEventDtoSchema).meta({ description: "Before today, latest first (at most 50)." }),
  feeds: z.strictObject({ en: z.string(), ar: z.string() }).meta({ description: "The webcal:// addresses of the feeds." }),
});

/** The financial calendar: its events, each as a calendar file, the subscribable feeds, and the admin's events. */
export const calendarEndpoints = {
  list: endpoint({
    method: "GET",
    path: "/api/calendar",
    tag,
    summary: "Upcoming and past events, in the request's language",
    access: "public",
    query: langQuery,
    response: calendarPageSchema,
    cache: "public, max-age=60",
  }),
  eventFile: endpoint({
    method: "GET",
    path: "/api/calendar/:id/ics",
    tag,
    summary: "One event as an iCalendar (.ics) file",
    access: "public",
    params: idParams,
    query: langQuery,
    response: fileAnswer("text/calendar; charset=utf-8", "The event (Content-Disposition: attachment)."),
    errors: ["NOT_FOUND"],
    cache: "public, max-age=300",
  }),
  feed: endpoint({
    method: "GET",
    path: "/api/calendar/feed/:file",
    tag,
    summary: "Every event as a subscribable iCalendar feed (en.ics or ar.ics)",
    description: "Cancelled events stay in the feed with STATUS:CANCELLED so subscribed calendars remove them.",
    access: "public",
    params: z.strictObject({ file: z.enum(["en.ics", "ar.ics"]) }),
    response: fileAnswer("text/calendar; charset=utf-8", "The calendar."),
    cache: "public, max-age=300",
  }),
  adminList: endpoint({
    method: "GET",
    path: "/api/admin/calendar",
    tag: adminTag,
    summary: "Every event, latest first, cancelled ones included",
    access: "admin",
    response: z.array(calendarEventAdminDtoSchema),
  }),
  create: endpoint({
    method: "POST",
    path: "/api/admin/calendar",
    tag: adminTag,
    summary: "Adds an event (subscribers of the calendar list are told of an upcoming one)",
    access: "admin",
    body: calendarEventSchema,
    status: 201,
    response: calendarEventAdminDtoSchema,
    errors: ["NOT_FOUND"],
  }),
  update: endpoint({
    method: "PUT",
    path: "/api/admin/calendar/:id",
    tag: adminTag,
    summary: "Changes an event (same UID, next SEQUENCE)",
    access: "admin",
    params: idParams,
    body: calendarEventSchema,
    response: calendarEventAdminDtoSchema,
    errors: ["NOT_FOUND"],
  }),
  cancel: endpoint({
    method: "POST",
    path: "/api/admin/calendar/:id/cancel",
    tag: adminTag,
    summary: "Cancels an event (it stays in the feeds as cancelled)",
    access: "admin",
    params: idParams,
    response: calendarEventAdminDtoSchema,
    errors: ["NOT_FOUND"],
  }),
} as const;
