/**
 * Wall-clock times in a time zone and the UTC instants they name, across daylight-saving changes (Egypt moves its
 * clocks twice a year). Kept apart from shared/publication.ts so pages that only need the states do not load the
 * zone library.
 */
import { TZDate } from "@date-fns/tz";
import { WALL_TIME } from "./publication";

/** The zone's offset from UTC at an instant, in minutes (Cairo in summer: +180). */
export function offsetMinutes(instant: number, zone: string): number {
  return -new TZDate(instant, zone).getTimezoneOffset();
}

/** `+03:00` for 180 minutes. */
export function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  return `${sign}${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
}

export type WallTimeResult =
  | { ok: true; instant: Date; offset: string }
  /** No such time that day: the clocks jumped over it (spring forward). */
  | { ok: false; reason: "gap" }
  /** The time happened twice that day (fall back): the offset says which; `offsets` lists both. */
  | { ok: false; reason: "ambiguous"; offsets: string[] }
  | { ok: false; reason: "invalid" };

/**
 * The instant a wall-clock time in `zone` names. Across a daylight-saving change a time may not exist (the hour the
 * clocks skip) or exist twice (the hour they repeat): the first is refused, the second needs `offset` to say which
 * occurrence is meant. Never guesses.
 */
export function wallTimeToInstant(wall: string, zone: string, offset?: string): WallTimeResult {
  const m = WALL_TIME.exec(wall);
  if (!m) return { ok: false, reason: "invalid" };
  const [year, month, day, hour, minute] = m.slice(1).map(Number);
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  const check = new Date(asUtc);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return { ok: false, reason: "invalid" };
  // The zone's offsets a day either side cover any change of offset near this time.
  const candidates = new Set([offsetMinutes(asUtc - 86_400_000, zone), offsetMinutes(asUtc, zone), offsetMinutes(asUtc + 86_400_000, zone)]);
  const matches = [...candidates]
    .map((o) => ({ o, instant: asUtc - o * 60_000 }))
    .filter(({ o, instant }) => offsetMinutes(instant, zone) === o)
    .sort((a, b) => a.instant - b.instant);
  if (matches.length === 0) return { ok: false, reason: "gap" };
  if (offset !== undefined) {
    const chosen = matches.find(({ o }) => formatOffset(o) === offset);
    return chosen
      ? { ok: true, instant: new Date(chosen.instant), offset }
      : { ok: false, reason: "ambiguous", offsets: matches.map(({ o }) => formatOffset(o)) };
  }
  if (matches.length > 1) return { ok: false, reason: "ambiguous", offsets: matches.map(({ o }) => formatOffset(o)) };
  return { ok: true, instant: new Date(matches[0].instant), offset: formatOffset(matches[0].o) };
}

/** The wall-clock time and offset of an instant in `zone`: `{ wall: "2026-10-29T23:30", offset: "+02:00" }`. */
export function instantToWallTime(instant: Date | string, zone: string): { wall: string; offset: string } {
  const ms = new Date(instant).getTime();
  const o = offsetMinutes(ms, zone);
  const local = new Date(ms + o * 60_000).toISOString().slice(0, 16);
  return { wall: local, offset: formatOffset(o) };
}
