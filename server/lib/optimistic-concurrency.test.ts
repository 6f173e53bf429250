import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { assertUnchanged, expectedUpdatedAt } from "./optimistic-concurrency";

const STALE_EDIT_MESSAGE = "This item was changed by someone else since you opened it. Reload to see the latest version.";

describe("[concurrency] a save over a newer edit is refused", () => {
  const stored = new Date("2026-03-04T10:05:00.123Z");

  it("lets a save through when the editor loaded the stored version, or sent no version", () => {
    expect(() => assertUnchanged(stored, "2026-03-04T10:05:00.123Z")).not.toThrow();
    expect(() => assertUnchanged(stored, undefined)).not.toThrow();
    expect(() => assertUnchanged(stored, "")).not.toThrow();
  });

  it("refuses with 409 and the reload message when the row changed since, even by a millisecond", () => {
    for (const expected of ["2026-03-04T10:05:00.122Z", "2026-03-04T10:05:00.124Z", "2025-01-01T00:00:00.000Z"]) {
      let error: unknown;
      try {
        assertUnchanged(stored, expected);
      } catch (err) {
        error = err;
      }
      expect(error, expected).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(409);
      expect((error as AppError).message).toBe(STALE_EDIT_MESSAGE);
    }
  });

  it("treats an unreadable version as stale", () => {
    expect(() => assertUnchanged(stored, "yesterday-ish")).toThrow(STALE_EDIT_MESSAGE);
  });

  it("reads the expected version only from a string updatedAt in the body", () => {
    expect(expectedUpdatedAt({ updatedAt: "2026-03-04T10:05:00.123Z", title: "x" })).toBe("2026-03-04T10:05:00.123Z");
    expect(expectedUpdatedAt({ updatedAt: 1234 })).toBeUndefined();
    expect(expectedUpdatedAt({})).toBeUndefined();
    expect(expectedUpdatedAt(null)).toBeUndefined();
    expect(expectedUpdatedAt("updatedAt")).toBeUndefined();
    expect(expectedUpdatedAt([])).toBeUndefined();
  });
});
