/**
 * Publication of press releases and portfolio items: the states an item is in, and the times an editor schedules
 * them for. Only a published item is seen on any public path; the others exist in the dashboard (and in preview).
 */

/**
 * - draft: never shown; the state of a new item and of an unpublished one;
 * - scheduled: shown from `publishAt`, when the scheduler publishes it (both languages at once);
 * - published: shown;
 * - withdrawn: taken down after publication and kept for the record; never shown again unless published anew.
 */
export const PUBLICATION_STATES = ["draft", "scheduled", "published", "withdrawn"] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/** The zone editors schedule in (the company's headquarters); instants are stored in UTC with the zone chosen. */
export const SCHEDULE_ZONE = "Africa/Cairo";
/** Zones an editor may schedule in. */
export const SCHEDULE_ZONES = [SCHEDULE_ZONE, "UTC"] as const;
export type ScheduleZone = (typeof SCHEDULE_ZONES)[number];

/** A wall-clock date and time, `YYYY-MM-DDTHH:mm`, as an editor types it. */
export const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
