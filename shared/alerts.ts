/**
 * Investor alerts and the financial calendar: the lists an address can subscribe to, the kinds of calendar event,
 * and the limits of their settings. Pure data, shared by the forms, the server and the API reference.
 */
import { PRESS_CATEGORIES, categoryOf } from "./press-categories";

/**
 * The lists: press releases per category ('press:financialResults'), new public reports and documents, and the
 * financial calendar (new events and reminders).
 */
export const PRESS_ALERT_LISTS = PRESS_CATEGORIES.map((c) => `press:${c.key}` as const);
export const ALERT_LISTS = [...PRESS_ALERT_LISTS, "documents", "calendar"] as const;
export type AlertList = (typeof ALERT_LISTS)[number];

/** The list a release of category `word` is sent to; a word outside the categories counts as News. */
export const pressListOf = (word: string | null | undefined): AlertList => `press:${categoryOf(word)?.key ?? "news"}`;

/** What a subscriber's address is: waiting for its confirmation, receiving alerts, or no longer receiving any. */
export const SUBSCRIBER_STATUSES = ["pending", "confirmed", "unsubscribed"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** What an alert announces: a release, a public document, a new calendar event, or tomorrow's event. */
export const ALERT_KINDS = ["press", "document", "calendar-new", "calendar-reminder"] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** The kinds of event the financial calendar carries. */
export const CALENDAR_EVENT_KINDS = ["results", "agm", "dividend-record", "dividend-payment", "call", "other"] as const;
export type CalendarEventKind = (typeof CALENDAR_EVENT_KINDS)[number];

/** Alert e-mails sent per minute, over every alert (the queue spaces them out); the default suits a small relay. */
export const ALERT_RATE = { min: 10, max: 6000, default: 300 } as const;

/** A confirmation link works this long after it was sent. */
export const ALERT_CONFIRM_DAYS = 7;

/** Reminders of tomorrow's events are written at this hour (Cairo) the day before. */
export const REMINDER_HOUR = 9;

/**
 * The one-click unsubscribe address (RFC 8058) every alert's List-Unsubscribe header names: mail providers POST to
 * it from their own servers, so it is the one write the same-origin check lets through (it needs only its token).
 */
export const ONE_CLICK_PATH = "/api/alerts/one-click";
