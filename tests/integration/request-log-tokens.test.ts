/**
 * A reset, confirmation or change-of-address link's token gives whoever reads it the account, so no log line may
 * hold one, in any form: the request's URL and its parsed query, the Referer header, a token carried inside another
 * parameter (`/auth?redirect=%2Fconfirm-email%3Ftoken%3D…`, encoded once or twice), and the URL an error is logged with.
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "../../server/lib/logger";
import { Client, createTestContext, type TestContext } from "../helpers/context";
import { closeVite, servePages } from "../helpers/pages-server";

type Line = {
  msg: string;
  level: number;
  url?: string;
  req?: { id?: string; url?: string; query?: Record<string, unknown>; headers?: Record<string, string> };
};

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
/** Every line exactly as written. */
const raw: string[] = [];
const parsed = () => raw.map((l) => JSON.parse(l) as Line);

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  const logger = createLogger({ level: "info", pretty: false, destination: { write: (line: string) => void raw.push(line) } });
  pages = await servePages(ctx.database, ctx.services.config, { logger });
  // The first render compiles every module; warm it up outside the tests' time limits.
  await fetch(`${pages.baseUrl}/auth`);
});

afterEach(() => {
  vi.restoreAllMocks();
  raw.length = 0;
});

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

/** A token as the site makes them: 32 random bytes, base64url. */
const newToken = () => randomBytes(32).toString("base64url");

/** The finished-request line of the request sent with `reqId`. */
async function requestLine(reqId: string) {
  return vi.waitFor(() => {
    const line = parsed().find((l) => l.req?.id === reqId && /request (completed|errored)/.test(l.msg));
    if (!line) throw new Error(`no request line for ${reqId}`);
    return line;
  });
}

describe("[logs] no token reaches the request log", () => {
  it("a reset link opened from a page whose address also held a token: URL, query and Referer are redacted", async () => {
    const [token, other] = [newToken(), newToken()];
    const res = await fetch(`${pages.baseUrl}/reset-password?token=${token}&lang=en`, {
      headers: { "X-Request-Id": "tok-1", Referer: `https://mail.example.test/read?msg=1&token=${other}` },
    });
    expect(res.status).toBe(200);
    await res.text();
    const line = await requestLine("tok-1");
    expect(line.req?.url).toBe("/reset-password?token=[redacted]&lang=en");
    expect(line.req?.query).toEqual({ token: "[redacted]", lang: "en" });
    expect(line.req?.headers?.referer).toBe("https://mail.example.test/read?msg=1&token=[redacted]");
    expect(raw.join("\n")).not.toContain(token);
    expect(raw.join("\n")).not.toContain(other);
  });

  it("a token inside the redirect parameter, encoded once or twice, and in a .data request", async () => {
    const [once, twice, data] = [newToken(), newToken(), newToken()];
    const urls = [
      `/auth?redirect=${encodeURIComponent(`/confirm-email?token=${once}`)}`,
      `/auth?redirect=${encodeURIComponent(`/auth?redirect=${encodeURIComponent(`/reset-password?token=${twice}`)}`)}`,
      `/ar/confirm-email.data?TOKEN=${data}`,
    ];
    for (const [i, url] of urls.entries()) {
      const res = await fetch(pages.baseUrl + url, { headers: { "X-Request-Id": `tok-2-${i}` } });
      await res.text();
      await requestLine(`tok-2-${i}`);
    }
    const all = raw.join("\n");
    for (const token of [once, twice, data]) expect(all).not.toContain(token);
    expect((await requestLine("tok-2-0")).req?.url).toBe("/auth?redirect=%2Fconfirm-email%3Ftoken%3D[redacted]");
    expect((await requestLine("tok-2-0")).req?.query).toEqual({ redirect: "/confirm-email?token=[redacted]" });
  });

  it("an API call with a token in its query string", async () => {
    const token = newToken();
    const res = await new Client(pages.baseUrl).post(`/api/verify-email?token=${token}`, { token: "short" }, { "X-Request-Id": "tok-3" });
    expect(res.status).toBe(400);
    await requestLine("tok-3");
    expect(raw.join("\n")).not.toContain(token);
  });
});

describe("[logs] errors are logged without the token of the URL they happened on", () => {
  it("a page loader that fails on a reset link: the error line's URL is redacted", async () => {
    const token = newToken();
    vi.spyOn(pages.services.accounts, "tokenIsValid").mockRejectedValue(new Error("token table unavailable"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await fetch(`${pages.baseUrl}/reset-password?token=${token}`, { headers: { "X-Request-Id": "tok-4" } });
    expect(res.status).toBe(500);
    await res.text();
    await requestLine("tok-4");
    const failed = parsed().find((l) => l.msg === "page request failed");
    expect(failed?.url).toContain("/reset-password?token=[redacted]");
    expect(raw.join("\n")).not.toContain(token);
  });

  it("an API handler that fails unexpectedly: the 'unhandled error' line's URL is redacted", async () => {
    const token = newToken();
    vi.spyOn(pages.services.accounts, "verifyEmail").mockRejectedValue(new Error("something broke"));
    const res = await new Client(pages.baseUrl).post(`/api/verify-email?token=${token}`, { token: newToken() }, { "X-Request-Id": "tok-5" });
    expect(res.status).toBe(500);
    await requestLine("tok-5");
    const failed = parsed().find((l) => l.msg === "unhandled error");
    expect(failed?.url).toBe("/api/verify-email?token=[redacted]");
    expect(raw.join("\n")).not.toContain(token);
  });
});
