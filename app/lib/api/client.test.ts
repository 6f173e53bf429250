import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, apiRequest, hasErrorCode } from "./client";

const answer = (status: number, body: string) => vi.fn(async () => new Response(body, { status, headers: { "Content-Type": "application/json" } }));

afterEach(() => vi.unstubAllGlobals());

describe("[api client] errors", () => {
  it("[api client] a refused request throws an ApiError with the status, message, field errors and code", async () => {
    vi.stubGlobal(
      "fetch",
      answer(409, JSON.stringify({ message: "Only 3 press releases can be shown on the homepage. Please remove one first.", code: "HOMEPAGE_LIMIT" })),
    );
    const err = await apiRequest("PATCH", "/api/press-releases/1", { showOnHomepage: true }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 409, message: "Only 3 press releases can be shown on the homepage. Please remove one first.", code: "HOMEPAGE_LIMIT" });
    expect(hasErrorCode(err, "HOMEPAGE_LIMIT")).toBe(true);
    expect(hasErrorCode(err, "CONFLICT")).toBe(false);
  });

  it("[api client] an answer without a code (a proxy's page) has none; the message falls back to the body", async () => {
    vi.stubGlobal("fetch", answer(502, "Bad Gateway"));
    const err = await apiRequest("GET", "/api/portfolio").catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 502, message: "Bad Gateway", code: undefined });
    expect(hasErrorCode(err, "BAD_GATEWAY")).toBe(false);
    expect(hasErrorCode(new Error("x"), "BAD_GATEWAY")).toBe(false);
  });
});

describe("[api client] language", () => {
  it("[api client] asks for answers in the page's language (Accept-Language from <html lang>)", async () => {
    const fetch = answer(
      400,
      JSON.stringify({ message: "يُرجى إدخال بريد إلكتروني صحيح", errors: { email: "يُرجى إدخال بريد إلكتروني صحيح" }, code: "VALIDATION" }),
    );
    vi.stubGlobal("fetch", fetch);
    vi.stubGlobal("document", { documentElement: { lang: "ar" } });
    const err = await apiRequest("POST", "/api/register", { email: "x" }).catch((e: unknown) => e);
    expect(fetch.mock.calls[0]).toBeDefined();
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)["Accept-Language"]).toBe("ar");
    expect(err).toMatchObject({
      status: 400,
      message: "يُرجى إدخال بريد إلكتروني صحيح",
      errors: { email: "يُرجى إدخال بريد إلكتروني صحيح" },
      code: "VALIDATION",
    });
  });

  it("[api client] English when the page has no language (outside a page)", async () => {
    const fetch = answer(200, "{}");
    vi.stubGlobal("fetch", fetch);
    await apiRequest("GET", "/api/portfolio");
    const init = (fetch.mock.calls[0] as unknown as [string, RequestInit])[1];
    expect((init.headers as Record<string, string>)["Accept-Language"]).toBe("en");
  });
});
