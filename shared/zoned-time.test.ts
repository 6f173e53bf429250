import { describe, expect, it } from "vitest";
import { instantToWallTime, wallTimeToInstant } from "./zoned-time";

const CAIRO = "Africa/Cairo";

describe("[schedule] wall-clock times in Cairo and the instants they name", () => {
  it("winter is UTC+2 and summer UTC+3", () => {
    expect(wallTimeToInstant("2026-01-15T11:00", CAIRO)).toEqual({ ok: true, instant: new Date("2026-01-15T09:00:00Z"), offset: "+02:00" });
    expect(wallTimeToInstant("2026-07-15T11:00", CAIRO)).toEqual({ ok: true, instant: new Date("2026-07-15T08:00:00Z"), offset: "+03:00" });
  });

  it("spring forward (last Friday of April, 00:00 → 01:00): the skipped hour is refused, either side is exact", () => {
    expect(wallTimeToInstant("2026-04-23T23:59", CAIRO)).toMatchObject({ ok: true, instant: new Date("2026-04-23T21:59:00Z") });
    expect(wallTimeToInstant("2026-04-24T00:00", CAIRO)).toEqual({ ok: false, reason: "gap" });
    expect(wallTimeToInstant("2026-04-24T00:30", CAIRO)).toEqual({ ok: false, reason: "gap" });
    expect(wallTimeToInstant("2026-04-24T01:00", CAIRO)).toMatchObject({ ok: true, instant: new Date("2026-04-23T22:00:00Z"), offset: "+03:00" });
  });

  it("fall back (last Thursday of October, 24:00 → 23:00): the repeated hour needs its offset", () => {
    expect(wallTimeToInstant("2026-10-29T22:59", CAIRO)).toMatchObject({ ok: true, instant: new Date("2026-10-29T19:59:00Z") });
    expect(wallTimeToInstant("2026-10-29T23:30", CAIRO)).toEqual({ ok: false, reason: "ambiguous", offsets: ["+03:00", "+02:00"] });
    expect(wallTimeToInstant("2026-10-29T23:30", CAIRO, "+03:00")).toMatchObject({ ok: true, instant: new Date("2026-10-29T20:30:00Z") });
    expect(wallTimeToInstant("2026-10-29T23:30", CAIRO, "+02:00")).toMatchObject({ ok: true, instant: new Date("2026-10-29T21:30:00Z") });
    expect(wallTimeToInstant("2026-10-29T23:30", CAIRO, "+05:00")).toEqual({ ok: false, reason: "ambiguous", offsets: ["+03:00", "+02:00"] });
    expect(wallTimeToInstant("2026-10-30T00:00", CAIRO)).toMatchObject({ ok: true, instant: new Date("2026-10-29T22:00:00Z"), offset: "+02:00" });
  });

  it("an instant reads back as the wall time and offset it was scheduled with", () => {
    expect(instantToWallTime("2026-10-29T20:30:00Z", CAIRO)).toEqual({ wall: "2026-10-29T23:30", offset: "+03:00" });
    expect(instantToWallTime("2026-10-29T21:30:00Z", CAIRO)).toEqual({ wall: "2026-10-29T23:30", offset: "+02:00" });
    expect(instantToWallTime("2026-04-23T22:00:00Z", CAIRO)).toEqual({ wall: "2026-04-24T01:00", offset: "+03:00" });
  });

  it("dates that do not exist and malformed times are refused", () => {
    expect(wallTimeToInstant("2026-02-30T10:00", CAIRO)).toEqual({ ok: false, reason: "invalid" });
    expect(wallTimeToInstant("2026-02-10T24:00", CAIRO)).toEqual({ ok: false, reason: "invalid" });
    expect(wallTimeToInstant("10/02/2026 10:00", CAIRO)).toEqual({ ok: false, reason: "invalid" });
  });
});
