import { describe, expect, it, vi } from "vitest";
import { handleContactForm } from "./contact-action.server";
import { CONTACT_RATE_MESSAGE, createRateLimiter } from "./contact-limit.server";

const valid = { fullName: "Amina Youssef", email: "amina@example.com", subject: "Partnership", message: "We would like to discuss a partnership." };
const form = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const deps = (over: Partial<Parameters<typeof handleContactForm>[1]> = {}) => ({
  ip: "203.0.113.7",
  limiter: createRateLimiter({ limit: 5, windowMs: 600_000 }),
  submit: vi.fn(async () => undefined),
  thanks: "Thanks!",
  ...over,
});

describe("handleContactForm (the no-JavaScript contact post)", () => {
  it("stores a valid message with the sender's address", async () => {
    const d = deps();
    expect(await handleContactForm(form(valid), d)).toEqual({ ok: true, message: "Thanks!" });
    expect(d.submit).toHaveBeenCalledWith(valid, { ip: "203.0.113.7" });
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

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const d = deps();
    expect(await handleContactForm(form({ ...valid, website: "http://spam.example" }), d)).toEqual({ ok: true, message: "Thanks!" });
    expect(d.submit).not.toHaveBeenCalled();
  });

  it("allows 5 posts per address in 10 minutes, then answers 429 with the API's message", async () => {
    let now = 1_000_000;
    const d = deps({ limiter: createRateLimiter({ limit: 5, windowMs: 600_000, now: () => now }) });
    for (let i = 0; i < 5; i++) expect((await handleContactForm(form(valid), d)).ok).toBe(true);
    const blocked = await handleContactForm(form(valid), d);
    expect(blocked).toMatchObject({ ok: false, status: 429, message: CONTACT_RATE_MESSAGE });
    expect(d.submit).toHaveBeenCalledTimes(5);
    // Another address is not affected; the first one may post again once the window has passed.
    expect((await handleContactForm(form(valid), { ...d, ip: "198.51.100.1" })).ok).toBe(true);
    now += 600_000;
    expect((await handleContactForm(form(valid), d)).ok).toBe(true);
  });

  it("reports a storage failure with the spec's generic message", async () => {
    const log = vi.fn();
    const r = await handleContactForm(form(valid), deps({ submit: async () => Promise.reject(new Error("db down")), log }));
    expect(r).toMatchObject({ ok: false, status: 500, message: "Failed to send your message. Please try again." });
    expect(log).toHaveBeenCalled();
  });
});

describe("createRateLimiter", () => {
  it("keeps its memory bounded when addresses rotate", () => {
    const limiter = createRateLimiter({ limit: 5, windowMs: 600_000, now: () => 0 });
    for (let i = 0; i < 12_000; i++) limiter.consume(`10.0.${i >> 8}.${i & 255}`);
    expect(limiter.size()).toBeLessThanOrEqual(10_001);
  });
});
