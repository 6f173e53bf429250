import { describe, expect, it, vi } from "vitest";
import { contactFailed, handleContactForm } from "./contact-action.server";
import { RateLimitedError } from "../../server/lib/rate-limited-error";

const CONTACT_RATE_MESSAGE = "You have sent several messages in a short time. Please wait a few minutes before sending another.";
import { CONTACT_THANKS } from "../../server/features/contact/contact";

const valid = { fullName: "Amina Youssef", email: "amina@example.com", subject: "Partnership", message: "We would like to discuss a partnership." };
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const deps = (over: Partial<Parameters<typeof handleContactForm>[1]> = {}) => ({
  ip: "203.0.113.7",
  submit: vi.fn(async () => undefined),
  thanks: "Thanks!",
  ...over,
});

describe("handleContactForm (the no-JavaScript contact post)", () => {
  it("stores a valid message with the sender's address", async () => {
    const d = deps();
    expect(await handleContactForm(form(valid), d)).toEqual({ ok: true, message: "Thanks!" });
    expect(d.submit).toHaveBeenCalledWith(valid, { ip: "203.0.113.7", honeypot: "" });
  });

  it("answers the spec's messages per field and echoes the values back", async () => {
    const d = deps();
    const r = await handleContactForm(form({ fullName: "A", email: "nope", subject: "x", message: "short", website: "" }), d);
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.status).toBe(400);
    expect(r.errors).toEqual({
      fullName: "Name must be at least 2 characters",
      email: "Please enter a valid email address",
      subject: "Subject is required",
      message: "Message must be at least 10 characters",
    });
    expect(r.values.fullName).toBe("A");
    expect(d.submit).not.toHaveBeenCalled();
  });

  it("treats missing fields as empty", async () => {
    const r = await handleContactForm(form({}), deps());
    expect(r.ok).toBe(false);
    if (!r.ok) expect(Object.keys(r.errors).sort()).toEqual(["email", "fullName", "message", "subject"]);
  });

  it("hands a filled honeypot to the service (which counts it and stores nothing) and answers like a success", async () => {
    const d = deps();
    expect(await handleContactForm(form({ ...valid, website: "http://spam.example" }), d)).toEqual({ ok: true, message: "Thanks!" });
    expect(d.submit).toHaveBeenCalledWith(valid, { ip: "203.0.113.7", honeypot: "http://spam.example" });
  });

  it("answers the service's rate limit with 429, the API's message and when to retry, keeping what was typed", async () => {
    const d = deps({ submit: vi.fn(async () => Promise.reject(new RateLimitedError("errors.rate.contact", 420))) });
    const r = await handleContactForm(form(valid), d);
    expect(r).toMatchObject({ ok: false, status: 429, message: CONTACT_RATE_MESSAGE, retryAfter: 420, values: valid });
  });

  it("reports a storage failure with the spec's generic message", async () => {
    const log = vi.fn();
    const r = await handleContactForm(form(valid), deps({ submit: async () => Promise.reject(new Error("db down")), log }));
    expect(r).toMatchObject({ ok: false, status: 500, message: "Failed to send your message. Please try again." });
    expect(log).toHaveBeenCalled();
  });

  describe("in the page's language", () => {
    it("[i18n] an Arabic page gets Arabic field messages and summary, never ids", async () => {
      const r = await handleContactForm(form({ fullName: "A", email: "nope", subject: "x", message: "short" }), deps({ locale: "ar" }));
      expect(r).toMatchObject({
        ok: false,
        status: 400,
        message: "يُرجى تصحيح الحقول المشار إليها.",
        errors: {
          fullName: "يجب ألا يقل الاسم عن حرفين",
          email: "يُرجى إدخال بريد إلكتروني صحيح",
          subject: "الموضوع مطلوب",
          message: "يجب ألا تقل الرسالة عن 10 أحرف",
        },
      });
    });

    it("[i18n] the rate limit, a failure and the thanks are Arabic too", async () => {
      const limited = await handleContactForm(
        form(valid),
        deps({ locale: "ar", submit: vi.fn(async () => Promise.reject(new RateLimitedError("errors.rate.contact", 60))) }),
      );
      expect(limited).toMatchObject({ status: 429, message: "لقد أرسلت عدة رسائل خلال وقت قصير. يُرجى الانتظار بضع دقائق قبل إرسال رسالة أخرى." });
      const failed = await handleContactForm(form(valid), deps({ locale: "ar", submit: vi.fn(async () => Promise.reject(new Error("disk"))) }));
      expect(failed).toMatchObject({ status: 500, message: "تعذّر إرسال رسالتك. يُرجى المحاولة مرة أخرى." });
      const thanks = await handleContactForm(form(valid), deps({ locale: "ar", thanks: CONTACT_THANKS }));
      expect(thanks).toEqual({ ok: true, message: "شكرًا لرسالتك. سيتواصل معك فريقنا قريبًا." });
    });

    it("[i18n] English stays exactly as it was", async () => {
      const thanks = await handleContactForm(form(valid), deps({ locale: "en", thanks: CONTACT_THANKS }));
      expect(thanks).toEqual({ ok: true, message: "Thank you for your message. Our team will get back to you shortly." });
    });
  });
});

describe("[contact] a message the route could not read", () => {
  it("is refused in the page's language", () => {
    expect(contactFailed("en")).toBe("Failed to send your message. Please try again.");
    expect(contactFailed("ar")).toBe("تعذّر إرسال رسالتك. يُرجى المحاولة مرة أخرى.");
  });
});
