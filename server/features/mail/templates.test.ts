import { describe, expect, it } from "vitest";
import { emails, type MailContext } from "./templates";

const ARABIC_INDIC_DIGIT = /[\u0660-\u0669\u06F0-\u06F9]/;

const ctx = (locale: MailContext["locale"]): MailContext => ({
  locale,
  brand: { name: "Meridian Crest Holdings", address: "12 Nile Corniche, Cairo", email: "ir@meridiancrest.example" },
  origin: "https://meridiancrest.example",
});

describe("[mail] Arabic e-mails", () => {
  it("state a moment with Western digits, in the HTML and the plain text alike", () => {
    const mail = emails.passwordChanged(ctx("ar"), { name: "أمينة", at: new Date("2026-11-24T14:05:00Z") });
    expect(mail.text).toContain("في 24 نوفمبر 2026 في 2:05 م UTC.");
    expect(mail.html).toContain("24 نوفمبر 2026 في 2:05 م UTC");
    expect(mail.subject + mail.html + mail.text).not.toMatch(ARABIC_INDIC_DIGIT);
  });

  it("put the link's address in a left-to-right block of its own, isolated from the Arabic text", () => {
    const mail = emails.verifyEmail(ctx("ar"), { token: "abc123" });
    const url = "https://meridiancrest.example/ar/verify-email?token=abc123";
    const block = /<p dir="ltr" style="([^"]*)"><a href="([^"]*)"[^>]*>([^<]*)<\/a><\/p>/.exec(mail.html);
    expect(block?.[2]).toBe(url);
    expect(block?.[3]).toBe(url);
    expect(block?.[1]).toContain("text-align:left");
    expect(block?.[1]).toContain("unicode-bidi:isolate");
    expect(mail.html).toContain('<html lang="ar" dir="rtl">');
    // The plain text keeps the address on a line of its own, without invisible marks that would break a pasted link.
    expect(mail.text.split("\n")).toContain(url);
  });

  it("isolate a Latin address inside an Arabic sentence, and the brand's name and address in the footer", () => {
    const mail = emails.emailChanged(ctx("ar"), { name: null, newEmail: "amina.new@example.com", at: new Date("2026-11-24T14:05:00Z") });
    expect(mail.text).toContain("\u2068amina.new@example.com\u2069");
    expect(mail.html).toContain("<bdi>Meridian Crest Holdings</bdi> · <bdi>12 Nile Corniche, Cairo</bdi>");
  });
});
