/**
 * How many database statements each page costs, read from its Server-Timing header (SERVER_TIMING=1 sends it to
 * everyone) or, on the account pages that never carry it, from the request's log line. The numbers are exact:
 * a second read of the settings, or any other repeated or new query, changes them and fails here. Pages run
 * through the real React Router handler (Vite in middleware mode, as `npm run dev`).
 */
// On both engines: statements are counted by a hook in each engine's client.
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pressReleaseSchema } from "../../shared/schemas";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { pressBody } from "../helpers/factories";
import { closeVite, servePages } from "../helpers/pages-server";
import { createLogger } from "../../server/lib/logger";

const SERVER_TIMING = /^db;dur=\d+\.\d;desc="(\d+) queries", app;dur=\d+\.\d$/;

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
const clients = {} as Record<"anonymous" | "regular" | "investor" | "admin", Client>;
let seededRelease: number;
let otherRelease: number;
/** The request log: one parsed line per entry. */
const lines: { req?: { id?: string }; db?: { queries: number } }[] = [];

beforeAll(async () => {
  ctx = await createTestContext({ seed: true, env: { SERVER_TIMING: "1" } });
  const logger = createLogger({ level: "info", pretty: false, destination: { write: (line: string) => void lines.push(JSON.parse(line)) } });
  pages = await servePages(ctx.database, ctx.services.config, { logger });
  const at = { ...ctx, baseUrl: pages.baseUrl };
  for (const role of ["anonymous", "regular", "investor", "admin"] as const) clients[role] = (await signedInClient(at, role)).client;
  // A seeded release (its company has a fixed 'About' text), and one of a company known only by its portfolio entry.
  seededRelease = (await ctx.services.press.search({ company: "BravoPay", limit: 1 })).items[0].id;
  await ctx.services.portfolio.create({
    name: "Nile Clinics",
    description: "Outpatient clinics across Upper Egypt.",
    sector: "food-security",
    yearAcquired: 2024,
    image: null,
    companyLogo: null,
    website: null,
    status: "Active",
    exitYear: null,
  });
  otherRelease = (await ctx.services.press.create(pressReleaseSchema.parse(pressBody({ company: "Nile Clinics", sector: "finance" })))).id;
  // The first render compiles every module; warm up outside the tests' time limits.
  for (const url of ["/", "/press-releases", `/press-releases/${seededRelease}`, "/search", "/privacy", "/sitemap", "/auth"]) await clients.anonymous.get(url);
  for (const url of ["/admin", "/investor-portal"]) await clients.admin.get(url);
});

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

async function queriesFor(client: Client, url: string) {
  const res = await client.get(url);
  expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBe(200);
  const timing = res.headers.get("server-timing") ?? "";
  const match = SERVER_TIMING.exec(timing);
  expect(match, `${url}: Server-Timing "${timing}"`).not.toBeNull();
  return Number(match![1]);
}

let logged = 0;
/** The statements of a page that sends no Server-Timing, from the `db` of its request's log line. */
async function queriesLogged(client: Client, url: string) {
  const reqId = `queries-${++logged}`;
  const res = await client.get(url, { "X-Request-Id": reqId });
  expect(res.status, `${url}: ${res.text.slice(0, 200)}`).toBe(200);
  expect(res.headers.get("server-timing"), `${url} must not say what it cost`).toBeNull();
  return vi.waitFor(() => {
    const line = lines.find((l) => l.req?.id === reqId && l.db);
    if (!line) throw new Error(`no log line with the cost of ${url}`);
    return line.db!.queries;
  });
}

describe("[queries] public pages for an anonymous visitor", () => {
  const cases: [string, number, () => string, string][] = [
    ["/", 3, () => "/", "settings, portfolio, homepage releases"],
    ["/press-releases", 5, () => "/press-releases", "settings, spotlight, page, count, companies"],
    ["/press-releases?company=", 4, () => "/press-releases?company=BravoPay", "settings, page, count, companies (no spotlight)"],
    ["/press-releases/:id (fixed About text)", 3, () => `/press-releases/${seededRelease}`, "settings, release, related"],
    ["/press-releases/:id (About from the portfolio)", 4, () => `/press-releases/${otherRelease}`, "settings, release, related, portfolio description"],
    ["/search", 2, () => "/search", "settings, companies"],
    ["/privacy", 1, () => "/privacy", "settings"],
    ["/terms", 1, () => "/terms", "settings"],
    ["/cookies", 1, () => "/cookies", "settings"],
    ["/developers/api", 1, () => "/developers/api", "settings (the API reference is built from the contract, not the database)"],
    ["/developers/api/:section", 1, () => "/developers/api/press-releases", "settings"],
    ["/sitemap", 3, () => "/sitemap", "settings, newest releases (fewer than listed: no count), portfolio"],
  ];
  it.each(cases)("%s: %i statements", async (_name, expected, url) => {
    expect(await queriesFor(clients.anonymous, url())).toBe(expected);
  });
  it("/auth: 1 statement (settings), read from the request log: the page never sends Server-Timing", async () => {
    expect(await queriesLogged(clients.anonymous, "/auth")).toBe(1);
  });
});

describe("[queries] a signed-in user adds exactly one statement (session and user together)", () => {
  const cases: [string, number, () => string][] = [
    ["/", 4, () => "/"],
    ["/press-releases", 6, () => "/press-releases"],
    ["/press-releases/:id", 4, () => `/press-releases/${seededRelease}`],
    ["/search", 3, () => "/search"],
    ["/privacy", 2, () => "/privacy"],
    ["/sitemap", 4, () => "/sitemap"],
  ];
  it.each(cases)("%s as an admin: %i statements", async (_name, expected, url) => {
    expect(await queriesFor(clients.admin, url())).toBe(expected);
  });
  it("the home page as an investor: 4 statements", async () => {
    expect(await queriesFor(clients.investor, "/")).toBe(4);
  });
});

describe("[queries] the investor portal and the admin dashboard", () => {
  it("/investor-portal as an investor or an admin: session, settings, documents, categories, portfolio, releases", async () => {
    expect(await queriesFor(clients.investor, "/investor-portal")).toBe(6);
    expect(await queriesFor(clients.admin, "/investor-portal")).toBe(6);
  });

  it("/investor-portal as a regular member: session, settings, public documents, categories, the latest application", async () => {
    expect(await queriesFor(clients.regular, "/investor-portal")).toBe(5);
  });

  it("/investor-portal/documents/:id (the viewer's page): session and settings; the document comes through the API", async () => {
    expect(await queriesFor(clients.investor, "/investor-portal/documents/1")).toBe(2);
  });

  it("/admin: session, settings (spotlight included), portfolio, releases, what needs attention", async () => {
    expect(await queriesFor(clients.admin, "/admin")).toBe(5);
  });
});

describe("[queries] Server-Timing on API answers", () => {
  it("an API read reports its statements in the same format", async () => {
    expect(await queriesFor(clients.anonymous, "/api/portfolio")).toBe(1);
    expect(await queriesFor(clients.admin, "/api/user")).toBe(1);
  });
});
