import type { z } from "zod";
import type { calendarEventDtoSchema, calendarPageSchema } from "../../../shared/api/calendar";

/** The financial calendar as the investors page receives it: upcoming and past events and the feeds' webcal:// addresses. */
export type CalendarPage = z.infer<typeof calendarPageSchema>;
export type CalendarEvent = z.infer<typeof calendarEventDtoSchema>;
