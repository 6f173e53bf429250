/**
 * What visitors, members and admins send to the alerts and calendar endpoints, checked the same way in the browser
 * and on the server. Messages are ids of the validation catalog.
 */
import { z } from "zod";
import { ALERT_KINDS, ALERT_LISTS, ALERT_RATE, CALENDAR_EVENT_KINDS, SUBSCRIBER_STATUSES } from "./alerts";
import { email, isSafeLink } from "./schemas";

const locale = z.enum(["en", "ar"], { error: "validation.alerts.locale" });
/** At least one list, each named once. */
const lists = z
  .array(z.enum(ALERT_LISTS, { error: "validation.alerts.lists" }), { error: "validation.alerts.lists" })
  .min(1, "validation.alerts.lists")
  .max(ALERT_LISTS.length, "validation.alerts.lists")
  .transform((l) => [...new Set(l)]);
/** A link's secret: letters, digits, '-', '_' and '.' (never anything a header or a log could be split with). */
const token = z
  .string({ error: "validation.alerts.token" })
  .min(16, "validation.alerts.token")
  .max(200, "validation.alerts.token")
  .regex(/^[A-Za-z0-9_.-]+$/, "validation.alerts.token");

export const alertSubscribeSchema = z.object({ email, lists, locale });
export type AlertSubscribeInput = z.infer<typeof alertSubscribeSchema>;

/** Asks for a link to manage an address's alerts (the lost-e-mail path); answered alike for any address. */
export const alertManageRequestSchema = z.object({ email, locale: locale.optional() });

export const alertTokenSchema = z.object({ token });
/** A subscriber's choice on the preferences page: no list at all means no more alerts. */
export const alertPreferencesSchema = z.object({ token, lists: lists.or(z.array(z.never()).length(0)), locale });
export const accountAlertsSchema = z.object({ lists: lists.or(z.array(z.never()).length(0)), locale });
export type AlertPreferencesInput = z.infer<typeof accountAlertsSchema>;

export const alertSettingsSchema = z.strictObject({
  perMinute: z
    .number({ error: "validation.alerts.rate" })
    .int("validation.alerts.rate")
    .min(ALERT_RATE.min, "validation.alerts.rate")
    .max(ALERT_RATE.max, "validation.alerts.rate"),
  reminders: z.boolean({ error: "validation.alerts.reminders" }),
});
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const subscriberQuerySchema = z.strictObject({
  q: z.string().trim().max(254).optional(),
  list: z.enum(ALERT_LISTS).optional(),
  status: z.enum(SUBSCRIBER_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

export const suppressionQuerySchema = z.strictObject({
  q: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});
export const suppressionSchema = z.object({ email });

/** A correction alert: sends release `id` again to its list, saying it was corrected. */
export const correctionAlertSchema = z.strictObject({ kind: z.enum(["press"] satisfies (typeof ALERT_KINDS)[number][]), id: z.number().int().positive() });

const text = (max: number, message: "validation.calendar.title" | "validation.calendar.description") => z.string({ error: message }).trim().max(max, message);
const optionalText = (max: number, message: "validation.calendar.title" | "validation.calendar.description") =>
  text(max, message)
    .nullish()
    .transform((v) => v || null);

/**
 * One event: a day (`date`), or a day and a time in Cairo (`time`, with `endTime` optionally); titles in both
 * languages (the Arabic one may wait), optional links to a webcast, a release and documents.
 */
export const calendarEventSchema = z
  .strictObject({
    kind: z.enum(CALENDAR_EVENT_KINDS, { error: "validation.calendar.kind" }),
    date: z.iso.date({ error: "validation.calendar.date" }),
    time: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "validation.calendar.time")
      .nullish()
      .transform((v) => v || null),
    endTime: z
      .string()
      .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "validation.calendar.time")
      .nullish()
      .transform((v) => v || null),
    title: text(200, "validation.calendar.title").min(1, "validation.calendar.title"),
    titleAr: optionalText(200, "validation.calendar.title"),
    description: optionalText(4000, "validation.calendar.description"),
    descriptionAr: optionalText(4000, "validation.calendar.description"),
    linkUrl: z
      .string()
      .trim()
      .max(2000, "validation.calendar.link")
      .refine((v) => !v || (isSafeLink(v) && /^https:\/\//i.test(v)), "validation.calendar.link")
      .nullish()
      .transform((v) => v || null),
    pressReleaseId: z
      .number()
      .int()
      .positive()
      .nullish()
      .transform((v) => v ?? null),
    documentIds: z.array(z.number().int().positive()).max(10, "validation.calendar.documents").default([]),
  })
  .refine((e) => !e.endTime || (e.time && e.endTime > e.time), { message: "validation.calendar.endTime", path: ["endTime"] });
export type CalendarEventInput = z.infer<typeof calendarEventSchema>;
