import type { Locale } from "../../../shared/i18n/locales";
import { href } from "./client";
import { calendarRoutes } from "./routes/calendar";

/**
 * The financial calendar's files as links (the page's events come with the investors page): one event as an
 * iCalendar file in a language, and the whole calendar's feed of a language (the https address of the webcal:// one).
 */
export const eventFileHref = (id: number, lang: Locale) => href(calendarRoutes.eventFile, { params: { id }, query: { lang } });
export const feedHref = (lang: Locale) => href(calendarRoutes.feed, { params: { file: lang === "ar" ? "ar.ics" : "en.ics" } });
