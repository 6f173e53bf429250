import { describe, expect, it } from "vitest";
import { FALLBACK_PRESS } from "./fallback-press";
import { HOMEPAGE_LIMIT } from "./rules";

describe("[press] the built-in fallback releases", () => {
  it("[press] feature one release at most, as the database allows", () => {
    expect(FALLBACK_PRESS.filter((p) => p.featured).map((p) => p.title)).toEqual(["Meridian Crest Acquires Majority Stake in Used-Car Marketplace Motorly"]);
  });

  it("[press] put no more on the homepage than the homepage limit", () => {
    expect(FALLBACK_PRESS.filter((p) => p.showOnHomepage).length).toBeLessThanOrEqual(HOMEPAGE_LIMIT);
  });
});
