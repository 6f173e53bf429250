import { describe, expect, it } from "vitest";
import { afterConfirmation, wasJustConfirmed } from "./email-confirmed";

describe("[auth] after the confirmation link's one press", () => {
  it("a visitor who is not signed in goes to sign-in, which keeps where they were going", () => {
    expect(afterConfirmation(false, "/investor-portal")).toBe("/auth?redirect=%2Finvestor-portal");
    expect(afterConfirmation(false, null)).toBe("/auth");
  });

  it("a signed-in user goes on to the page (the portal when the link names none)", () => {
    expect(afterConfirmation(true, "/investor-portal")).toBe("/investor-portal");
    expect(afterConfirmation(true, null)).toBe("/investor-portal");
  });

  it("only the confirmation page's own state says the address was just confirmed", () => {
    expect(wasJustConfirmed({ emailConfirmed: true })).toBe(true);
    expect(wasJustConfirmed(null)).toBe(false);
    expect(wasJustConfirmed({ emailConfirmed: "yes" })).toBe(false);
  });
});
