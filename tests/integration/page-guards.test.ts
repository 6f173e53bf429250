/**
 * Every guarded page, requested as each kind of visitor. Anonymous visitors are sent to /auth with the page
 * they wanted as the redirect target; a signed-in user whose role may not open the page gets the
 * 'Access Denied' page with HTTP 403; the right role gets the page (200). Admins pass every role check.
 * Pages run through the real React Router handler (Vite in middleware mode, as `npm run dev`).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCESS_DENIED_TEXT, ACCESS_DENIED_TITLE } from "../../shared/rules";
import { message } from "../../server/lib/messages";
import { adminScreenPath, type AdminScreen } from "../../shared/admin-screens";
import { Client, createTestContext, enrolAuthenticator, signedInClient, type TestContext } from "../helpers/context";
import { closeVite, servePages } from "../helpers/pages-server";

type Visitor = "anonymous" | "regular" | "investor" | "admin";
const VISITORS: Visitor[] = ["anonymous", "regular", "investor", "admin"];

let ctx: TestContext;
let pages: Awaited<ReturnType<typeof servePages>>;
const clients = {} as Record<Visitor, Client>;

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  pages = await servePages(ctx.database, ctx.services.config);
  for (const visitor of VISITORS) clients[visitor] = (await signedInClient({ ...ctx, baseUrl: pages.baseUrl }, visitor)).client;
  // The first render compiles every module; warm it up outside the tests' time limits.
  await clients.admin.get("/admin");
});

afterAll(async () => {
  await pages?.close();
  await closeVite();
  await ctx?.close();
});

/** What a visitor must get: the page (with a text only it shows), the sign-in redirect, or Access Denied for a role. */
type Expected = { page: string } | { signIn: true } | { denied: keyof typeof ACCESS_DENIED_TEXT };

/** Each dashboard screen's name in its title, and a text only it shows in its own part of the page (its heading). */
const SCREENS: Record<Exclude<AdminScreen, "portfolio">, [name: string, heading: string]> = {
  press: ["Press Releases", ">Press Releases</h2>"],
  contact: ["Contact Submissions", ">Contact Form Submissions</h2>"],
  documents: ["Documents", ">Documents</h2>"],
  applications: ["Investor Applications", ">Investor Applications</h2>"],
  users: ["Users", ">Users</h2>"],
  outbox: ["Outbox", ">Outbox</h2>"],
  alerts: ["Alerts", ">Investor alerts</h2>"],
  security: ["Security", ">Security log</h2>"],
  audit: ["Audit trail", ">Audit trail</h2>"],
  settings: ["Settings", ">Website Settings</h2>"],
};

/** Each guarded route of app/routes.ts with what every kind of visitor must get. */
const GUARDED: { path: string; title: string; expect: Record<Visitor, Expected> }[] = [
  {
    path: "/admin",
    title: "Admin Dashboard",
    expect: { anonymous: { signIn: true }, regular: { denied: "admin" }, investor: { denied: "admin" }, admin: { page: "Portfolio Management" } },
  },
  // Every other dashboard screen has its own address and title; the admin gets the screen's own heading.
  ...Object.entries(SCREENS).map(([screen, [name, heading]]) => ({
    path: adminScreenPath(screen as AdminScreen),
    title: `${name} · Admin Dashboard`,
    expect: {
      anonymous: { signIn: true },
      regular: { denied: "admin" },
      investor: { denied: "admin" },
      admin: { page: heading },
    } as Record<Visitor, Expected>,
  })),
  {
    path: "/environment-setup",
    title: "Environment Setup",
    expect: { anonymous: { signIn: true }, regular: { denied: "admin" }, investor: { denied: "admin" }, admin: { page: "Set to Production Mode" } },
  },
  {
    // Every signed-in member may open the portal; a regular member sees the public documents and the access request.
    path: "/investor-portal",
    title: "Investor Portal",
    expect: {
      anonymous: { signIn: true },
      regular: { page: "Investor Portal" },
      investor: { page: "Investor Portal" },
      admin: { page: "Investor Portal" },
    },
  },
  {
    // The viewer's page is open to every signed-in member; the API then decides whether the document is theirs to read.
    path: "/investor-portal/documents/1",
    title: "Document Viewer",
    expect: {
      anonymous: { signIn: true },
      regular: { page: "Opening the document" },
      investor: { page: "Opening the document" },
      admin: { page: "Opening the document" },
    },
  },
];

const cases = GUARDED.flatMap((route) => VISITORS.map((visitor) => ({ ...route, visitor, want: route.expect[visitor] })));

describe("[page guards] every guarded page as every kind of visitor", () => {
  it.each(cases.map((c) => [c.path, c.visitor, c] as const))("%s as %s", async (_path, visitor, c) => {
    const res = await clients[visitor].get(c.path, { Accept: "text/html" });
    if ("signIn" in c.want) {
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(`/auth?redirect=${encodeURIComponent(c.path)}`);
    } else if ("denied" in c.want) {
      expect(res.status).toBe(403);
      expect(res.text).toContain(`<title>${message("en", ACCESS_DENIED_TITLE)} |`);
      expect(res.text).toContain(`>${message("en", ACCESS_DENIED_TEXT[c.want.denied])}<`);
      expect(res.text).not.toContain(`<title>${c.title} |`);
    } else {
      expect(res.status).toBe(200);
      expect(res.text).toContain(`<title>${c.title} |`);
      expect(res.text).toContain(c.want.page);
      expect(res.text).not.toContain(`<title>${message("en", ACCESS_DENIED_TITLE)} |`);
    }
  });

  // A client-side navigation asks for the route's data (`/admin.data`): the same guard answers, encoded for the router.
  it.each(cases.filter((c) => !c.path.includes("?")).map((c) => [c.path, c.visitor, c] as const))("%s data as %s", async (path, visitor, c) => {
    const res = await clients[visitor].get(`${path}.data`);
    if ("signIn" in c.want) {
      expect(res.status).toBe(202);
      expect(res.text).toContain(`"SingleFetchRedirect"`);
      expect(res.text).toContain(`"redirect","/auth?redirect=${encodeURIComponent(path)}"`);
    } else if ("denied" in c.want) {
      // The router's encoding stores each string once, so the role may be a reference to an earlier "admin".
      expect(res.status).toBe(403);
      expect(res.text).toContain(`"ErrorResponse"`);
      expect(res.text).toContain(`"denied"`);
      expect(res.text).toContain(`"${c.want.denied}"`);
    } else {
      expect(res.status).toBe(200);
      expect(res.text).not.toContain(`"denied"`);
    }
  });

  it("a dashboard screen's own data, asked for alone, is refused to every visitor but an admin", async () => {
    for (const screen of ["contact", "settings", "security"] as const) {
      const path = `${adminScreenPath(screen)}.data?_routes=admin/${screen}`;
      expect((await clients.regular.get(path)).status, path).toBe(403);
      expect((await clients.investor.get(path)).status, path).toBe(403);
      expect((await clients.anonymous.get(path)).text, path).toContain(`"redirect","/auth?redirect=`);
      const own = await clients.admin.get(path);
      expect(own.status, path).toBe(200);
      expect(own.text, path).not.toContain(`"denied"`);
    }
  });

  it("an address from before each screen had its own (?tab=) goes to the screen's address for good, in both languages", async () => {
    for (const [from, to] of [
      ["/admin?tab=press", "/admin/press"],
      ["/ar/admin?tab=settings", "/ar/admin/settings"],
      ["/admin?tab=portfolio", "/admin"],
      ["/admin?tab=nonsense", "/admin"],
    ]) {
      const res = await clients.admin.get(from, { Accept: "text/html" });
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location"), from).toBe(to);
    }
  });

  it("/auth sends a signed-in user on to the page asked for, and shows the form to anonymous visitors", async () => {
    for (const visitor of ["regular", "investor", "admin"] as const) {
      const res = await clients[visitor].get("/auth?redirect=%2Fpress-releases", { Accept: "text/html" });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe("/press-releases");
    }
    const anonymous = await clients.anonymous.get("/auth?redirect=%2Fpress-releases", { Accept: "text/html" });
    expect(anonymous.status).toBe(200);
  });
});

describe("[page guards] an admin whose session did not prove a second factor", () => {
  it("is sent to prove one from every admin page, its data and the portal, in both languages; a member's pages stay open", async () => {
    const email = `page-guard-admin-${Date.now().toString(36)}@example.test`;
    const password = "a long enough password";
    const early = new Client(pages.baseUrl);
    const admin = await ctx.services.users.create({
      email,
      password,
      fullName: "Password Only",
      company: null,
      position: null,
      role: "admin",
      isVerified: true,
    });
    expect((await early.post("/api/login", { email, password })).status).toBe(200);
    for (const path of ["/admin", "/environment-setup", "/investor-portal", "/investor-portal/documents/1", "/ar/admin"]) {
      const res = await early.get(path, { Accept: "text/html" });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe(path.startsWith("/ar/") ? "/ar/account?setup=two-factor" : "/account?setup=two-factor");
      const data = await early.get(`${path}.data`);
      expect(data.text, path).toContain(`"redirect","${path.startsWith("/ar/") ? "/ar" : ""}/account?setup=two-factor"`);
    }
    expect((await early.get("/account", { Accept: "text/html" })).status).toBe(200);
    // Sent to set one up, the account page starts with the reason and the set-up step, above the profile form.
    for (const [path, reason, profile] of [
      ["/account?setup=two-factor", "Admins sign in with a second factor.", ">Profile</h2>"],
      ["/ar/account?setup=two-factor", "يسجّل المسؤولون الدخول بعامل تحقق ثانٍ.", ">الملف الشخصي</h2>"],
    ]) {
      const html = (await early.get(path, { Accept: "text/html" })).text;
      expect(html.indexOf(reason), path).toBeGreaterThan(0);
      expect(html.indexOf(reason), path).toBeLessThan(html.indexOf(profile));
      expect(html.indexOf('id="security"'), path).toBeLessThan(html.indexOf(profile));
    }
    // Without the set-up request the page keeps its order and says nothing of it.
    const plain = (await early.get("/account", { Accept: "text/html" })).text;
    expect(plain).not.toContain("Admins sign in with a second factor.");
    expect(plain.indexOf(">Profile</h2>")).toBeLessThan(plain.indexOf('id="security"'));
    expect((await early.get("/press-releases", { Accept: "text/html" })).status).toBe(200);

    // The owner enrols an authenticator app in another browser: the password-only session ends, it is not promoted.
    await enrolAuthenticator({ ...ctx, baseUrl: pages.baseUrl }, admin.id);
    const after = await early.get("/admin", { Accept: "text/html" });
    expect(after.status).toBe(302);
    expect(after.headers.get("location")).toBe("/auth?redirect=%2Fadmin");
  });
});
