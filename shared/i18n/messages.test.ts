import { describe, expect, it } from "vitest";
import { isMessageId, splitMessage, withValues } from "./messages";

describe("[i18n] a message id with values", () => {
  it("travels as one string and comes apart into the id and its values, digits as numbers", () => {
    const text = withValues("validation.press.title.max", { max: 100, name: "a b&c" });
    expect(text).toBe("validation.press.title.max?max=100&name=a+b%26c");
    expect(splitMessage(text)).toEqual({ id: "validation.press.title.max", values: { max: 100, name: "a b&c" } });
  });

  it("leaves a bare id and any sentence as they are", () => {
    expect(splitMessage("validation.email")).toEqual({ id: "validation.email" });
    expect(splitMessage("Why not? max=3")).toEqual({ id: "Why not? max=3" });
    expect(isMessageId(withValues("validation.email", { max: 1 }))).toBe(false);
  });
});
