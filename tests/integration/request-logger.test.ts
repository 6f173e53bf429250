/**
 * Page loaders and actions log through the request's logger: every line carries the id pino-http gave the
 * request (the X-Request-Id the client sees), so one failing page can be traced in the logs. An error that
 * escapes a loader is logged once, by React Router's handleError, not a second time to the console.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestContext, type TestContext } from "../helpers/context";
import { closeVite, servePages } from "../helpers/pages-server";
import { createLogger } from "../../server/lib/logger";

type Line = { level: number; msg: string; reqId?: string; url?: string; err?: { message: string; stack?: string } };

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
const lines: Line[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  const logger = createLogger({ level: "info", pretty: false, destination: { write: (line: string) => void lines.push(JSON.parse(line) as Line) } });
  pages = await servePages(ctx.database, ctx.services.config, { logger });
  // The first render compiles every module; warm it up outside the tests' time limits.
  await fetch(`${pages.baseUrl}/`);
});

afterEach(() => {
  vi.restoreAllMocks();
  lines.length = 0;
});

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

const PINO_ERROR = 50;

describe("[logs] page loaders log with the request id", () => {
  it("an error thrown by a loader is logged once, at error level, with the request id", async () => {
    const [release] = await pages.services.press.list();
    vi.spyOn(pages.services.press, "get").mockRejectedValue(new Error("the press table is on fire"));
    const consoleError = vi.spyOn(console, "error").mockImplementation(() => {});

    const res = await fetch(`${pages.baseUrl}/press-releases/${release.id}`, { headers: { "X-Request-Id": "trace-loader-1" } });
    expect(res.status).toBe(500);
    expect(res.headers.get("x-request-id")).toBe("trace-loader-1");
    await res.text();

    const logged = lines.filter((l) => l.err?.message === "the press table is on fire");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: PINO_ERROR, reqId: "trace-loader-1", msg: "page request failed" });
    expect(logged[0].url).toContain(`/press-releases/${release.id}`);
    expect(logged[0].err?.stack).toContain("the press table is on fire");
    expect(consoleError).not.toHaveBeenCalled();
  });

  it("a read the home page survives is logged with the request id and the page still renders", async () => {
    vi.spyOn(pages.services.press, "homepageCards").mockRejectedValue(new Error("cards unavailable"));

    const res = await fetch(`${pages.baseUrl}/`, { headers: { "X-Request-Id": "trace-home-2" } });
    expect(res.status).toBe(200);
    await res.text();

    const logged = lines.filter((l) => l.err?.message === "cards unavailable");
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: PINO_ERROR, reqId: "trace-home-2", msg: "Home: homepage press releases could not be read" });
  });
});
