/**
 * Scale-out: two production instances (`node server.js`) on one PostgreSQL database and one shared DATA_DIR,
 * behind Debian's nginx started from deploy/nginx.conf (https on a loopback port, round robin). What a client
 * of the site notices:
 * - a session made on one instance is the same session on the other, and signing out ends it on both;
 * - the contact form's limit (5 per 10 minutes per visitor, API and page form together) counts across both
 *   instances, per client address as nginx sees it, which a client cannot choose with X-Forwarded-For;
 * - a change made through instance A shows on the public pages instance B serves within 1 s, including
 *   pages B served (and would have cached) just before the change;
 * - an image uploaded through A is served by B (DATA_DIR is shared storage);
 * - the probes answer through nginx, and stopping instance B fails no GET: nginx sends it to A.
 *
 * Needs TEST_DATABASE_URL (a PostgreSQL server where it may create and drop a database), nginx, openssl and
 * a production build (`npx react-router build`; BUILD_DIR to use another). Run with
 * `npx vitest run --config vitest.scale.config.ts`; scripts/test.sh does so after the build.
 * Ports: SCALE_TEST_PORT (default 4400) for nginx https, +1 plain http, +10 and +11 for the instances.
 */
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  cookieFrom,
  ROOT,
  seededAdmin,
  send,
  sleep,
  startTwoInstanceSite,
  upstreamsOf,
  type Answer,
  type Instance,
  type SendOptions,
  type TwoInstanceSite,
} from "./harness";

const CONTACT_RATE_MESSAGE = "You have sent several messages in a short time. Please wait a few minutes before sending another.";
const CONTACT_THANKS = "Thank you for your message. Our team will get back to you shortly.";

const adminUrl = process.env.TEST_DATABASE_URL;
const BASE_PORT = Number(process.env.SCALE_TEST_PORT ?? 4400);
const HTTPS_PORT = BASE_PORT;
const HTTP_PORT = BASE_PORT + 1;
const PORT_A = BASE_PORT + 10;
const PORT_B = BASE_PORT + 11;
const SITE = `https://127.0.0.1:${HTTPS_PORT}`;
const ADMIN = { email: "admin@scale.test", password: "scale-admin-password" };
const SESSION_SECRET = "scale-out-secret-scale-out-secret-0123456789";
/** A change made on one instance must show on the other within a second. */
const VISIBLE_WITHIN_MS = 1_000;

const buildDir = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");

describe.skipIf(!adminUrl)(`[scale] two instances behind nginx${adminUrl ? "" : " (skipped: TEST_DATABASE_URL is not set)"}`, () => {
  let site: TwoInstanceSite | undefined;
  let cert: string;
  let a: Instance;
  let b: Instance;
  /** The instance behind an X-Upstream address. */
  const nameOf = (addr: string) => (addr === `127.0.0.1:${PORT_A}` ? "A" : addr === `127.0.0.1:${PORT_B}` ? "B" : `? ${addr}`);

  /** Through nginx, as a browser on this site would send it. */
  const viaNginx = (p: string, opts: SendOptions = {}) => send(SITE + p, { ca: cert, ...opts });
  const direct = (instance: Instance, p: string, opts: SendOptions = {}) => send(instance.origin + p, opts);
  /** A JSON write from this site's pages (POST unless `method` says otherwise). */
  const json = (body: unknown, headers: Record<string, string> = {}, method = "POST"): SendOptions => ({
    method,
    json: body,
    headers: { Origin: SITE, ...headers },
  });

  beforeAll(async () => {
    site = await startTwoInstanceSite({
      name: "scale",
      databasePrefix: "scale",
      ports: { https: HTTPS_PORT, http: HTTP_PORT, a: PORT_A, b: PORT_B },
      adminUrl: adminUrl!,
      buildDir,
      sessionSecret: SESSION_SECRET,
      admin: ADMIN,
      accessLogInDiagnostics: true,
    });
    ({ cert, a, b } = site);
  });

  afterEach((ctx) => {
    if (ctx.task.result?.state === "fail") console.error(`[scale] ${ctx.task.name} failed; logs:\n${site?.diagnostics()}`);
  });

  afterAll(async () => {
    await site?.stop();
  });

  /** The seeded admin; their authenticator app is set up once (the session test does it through nginx). */
  const admin = seededAdmin(ADMIN, SITE);
  /** One admin session per instance (password and the app's code), made on first use. */
  const adminSessions = new Map<Instance, Promise<string>>();
  function adminCookie(instance: Instance): Promise<string> {
    if (!adminSessions.has(instance)) adminSessions.set(instance, admin.signIn(instance));
    return adminSessions.get(instance)!;
  }

  it("[scale] the probes answer 200 through nginx on both instances, and plain http redirects to https", async () => {
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const health = await viaNginx("/healthz");
      expect(health.status).toBe(200);
      expect(health.json).toEqual({ status: "ok" });
      expect(health.headers["cache-control"]).toBe("no-store");
      upstreamsOf(health).forEach((u) => seen.add(nameOf(u)));
      const ready = await viaNginx("/readyz");
      expect(ready.status).toBe(200);
      expect(ready.json).toEqual({ status: "ready" });
      upstreamsOf(ready).forEach((u) => seen.add(nameOf(u)));
    }
    expect([...seen].sort()).toEqual(["A", "B"]);

    const plain = await send(`http://127.0.0.1:${HTTP_PORT}/press-releases?page=2`);
    expect(plain.status).toBe(301);
    expect(plain.headers.location).toBe("https://127.0.0.1/press-releases?page=2");
  });

  it("[scale] a session made through nginx is known to both instances; signing out on one ends it on the other", async () => {
    const login = await viaNginx("/api/login", json(ADMIN));
    expect(login.status).toBe(200);
    expect(login.json).toMatchObject({ email: ADMIN.email, role: "admin" });
    const session = cookieFrom(login, "mc_session")!;
    // PUBLIC_ORIGIN is https and nginx says X-Forwarded-Proto: https, so the cookie is Secure.
    expect(session.attributes).toMatch(/;?\s*Secure/);
    expect(session.attributes).toMatch(/HttpOnly/);
    const Cookie = session.pair;

    const users: Array<{ upstream: string; status: number; email?: string }> = [];
    for (let i = 0; i < 6; i++) {
      const res = await viaNginx("/api/user", { headers: { Cookie } });
      users.push({ upstream: nameOf(upstreamsOf(res).at(-1)!), status: res.status, email: res.json?.email });
    }
    expect(users.map((u) => [u.status, u.email])).toEqual(Array.from({ length: 6 }, () => [200, ADMIN.email]));
    expect(new Set(users.map((u) => u.upstream))).toEqual(new Set(["A", "B"]));

    // The seeded admin has no second factor yet: the dashboard sends them to set one up. They do, through nginx,
    // and the session that did it opens the dashboard on either instance.
    const unprotected = await viaNginx("/admin", { headers: { Cookie } });
    expect(unprotected.status).toBe(302);
    expect(unprotected.headers.location).toBe("/account?setup=two-factor");
    await admin.enrol(viaNginx, Cookie);

    // The dashboard page too: rendered for this user by either instance, never stored by a cache.
    const pages = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const page = await viaNginx("/admin", { headers: { Cookie } });
      expect(page.status).toBe(200);
      expect(page.body).toContain("<title>Admin Dashboard | ");
      expect(page.body).toContain(ADMIN.email);
      expect(page.headers["cache-control"]).toBe("private, no-store");
      pages.add(nameOf(upstreamsOf(page).at(-1)!));
    }
    expect(pages).toEqual(new Set(["A", "B"]));

    const logout = await viaNginx("/api/logout", { method: "POST", headers: { Cookie, Origin: SITE } });
    expect(logout.status).toBe(200);
    expect(logout.json).toEqual({ message: "Logged out" });
    const signedOutOn = nameOf(upstreamsOf(logout).at(-1)!);
    const other = signedOutOn === "A" ? b : a;

    const elsewhere = await direct(other, "/api/user", { headers: { Cookie } });
    expect(elsewhere.status).toBe(401);
    expect(elsewhere.json).toEqual({ message: "You need to sign in to do that.", code: "UNAUTHORIZED" });
    for (let i = 0; i < 4; i++) {
      const res = await viaNginx("/api/user", { headers: { Cookie } });
      expect(res.status).toBe(401);
    }
    const page = await direct(other, "/admin", { headers: { Cookie } });
    expect(page.status).toBe(302);
    expect(page.headers.location).toBe("/auth?redirect=%2Fadmin");
  });

  it("[scale] the contact limit counts on both instances together, per client address as nginx sees it", async () => {
    const visitor = "127.0.0.2";
    const message = (subject: string) => ({
      fullName: "Amina Youssef",
      email: "amina@example.com",
      subject,
      message: "We would like to discuss a logistics partnership.",
    });
    const viaApi = (from: string, subject: string, headers: Record<string, string> = {}) =>
      viaNginx("/api/contact", { ...json(message(subject), headers), localAddress: from });
    // The home page's form, posted by a browser without JavaScript.
    const viaForm = (from: string, subject: string) =>
      viaNginx("/?index", {
        method: "POST",
        localAddress: from,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: SITE },
        body: new URLSearchParams({ ...message(subject), website: "" }).toString(),
      });

    const accepted: Answer[] = [
      await viaApi(visitor, "Scale 1"),
      await viaForm(visitor, "Scale 2"),
      await viaApi(visitor, "Scale 3"),
      await viaForm(visitor, "Scale 4"),
      await viaApi(visitor, "Scale 5"),
    ];
    expect(accepted.map((r) => r.status)).toEqual([201, 303, 201, 303, 201]);
    expect(accepted[0].json).toEqual({ message: CONTACT_THANKS });
    expect(accepted[1].headers.location).toBe("/?sent#contact");
    expect(new Set(accepted.map((r) => nameOf(upstreamsOf(r).at(-1)!)))).toEqual(new Set(["A", "B"]));

    // The 6th is refused, by whichever instance answers: both know the count.
    const refusedBy = new Set<string>();
    for (let i = 0; i < 4 && refusedBy.size < 2; i++) {
      const refused = await viaApi(visitor, `Scale refused ${i}`);
      expect(refused.status).toBe(429);
      expect(refused.json).toEqual({ message: CONTACT_RATE_MESSAGE, code: "TOO_MANY_REQUESTS" });
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      refusedBy.add(nameOf(upstreamsOf(refused).at(-1)!));
    }
    expect(refusedBy).toEqual(new Set(["A", "B"]));
    const form = await viaForm(visitor, "Scale refused form");
    expect(form.status).toBe(429);
    expect(form.body).toContain(CONTACT_RATE_MESSAGE);

    // nginx replaces X-Forwarded-For with the connection's address: naming another one buys nothing.
    const spoofed = await viaApi(visitor, "Scale spoofed", { "X-Forwarded-For": "203.0.113.9" });
    expect(spoofed.status).toBe(429);
    expect(spoofed.json).toEqual({ message: CONTACT_RATE_MESSAGE, code: "TOO_MANY_REQUESTS" });

    // Another client address has its own budget.
    const neighbour = await viaApi("127.0.0.3", "Scale neighbour");
    expect(neighbour.status).toBe(201);
    expect(neighbour.json).toEqual({ message: CONTACT_THANKS });

    // What was stored: the five accepted messages and the neighbour's, nothing that was refused.
    const cookie = await adminCookie(b);
    const inbox = await direct(b, "/api/contact?limit=200", { headers: { Cookie: cookie } });
    expect(inbox.status).toBe(200);
    const subjects = (inbox.json as Array<{ subject: string }>).map((m) => m.subject).filter((s) => s.startsWith("Scale "));
    expect(subjects.sort()).toEqual(["Scale 1", "Scale 2", "Scale 3", "Scale 4", "Scale 5", "Scale neighbour"]);
  });

  describe("[scale] a change made through A shows on B's pages within 1 s", () => {
    const unique = () => Math.random().toString(36).slice(2, 8);
    /** React's escaping of text: what a title looks like inside the HTML. */
    const inHtml = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

    /**
     * B serves each page twice to an anonymous visitor (so a page cache would hold it) and each must show
     * `before`; returns the ETags it gave, for conditional requests later.
     */
    async function warm(paths: string[], before: string) {
      const etags = new Map<string, string>();
      for (const p of paths) {
        for (let i = 0; i < 2; i++) {
          for (const encoding of ["br", "gzip", "identity"]) {
            const res = await direct(b, p, { headers: { "Accept-Encoding": encoding } });
            expect(res.status, `${p} on B`).toBe(200);
            expect(res.body, `${p} on B before the change`).toContain(before);
            if (typeof res.headers.etag === "string") etags.set(p, res.headers.etag);
            // The second round comes from B's page cache: the change must reach a stored page.
            if (i === 1) expect(res.headers["x-cache"], `${p} on B, asked again`).toBe("HIT");
          }
        }
      }
      return etags;
    }

    /**
     * Polls B directly (anonymous, no cookie) in every encoding, and with the ETag it gave before the change,
     * until each page shows `after`. A request counts when it was sent within the bound after the write
     * was acknowledged; the page is stale when none did.
     */
    async function expectVisibleOnB(paths: string[], after: string, writtenAt: number, etags: Map<string, string>) {
      const variants = (p: string): Array<{ label: string; headers: Record<string, string> }> => [
        { label: "br", headers: { "Accept-Encoding": "br" } },
        { label: "gzip", headers: { "Accept-Encoding": "gzip" } },
        { label: "identity", headers: { "Accept-Encoding": "identity" } },
        ...(etags.has(p) ? [{ label: `If-None-Match ${etags.get(p)}`, headers: { "Accept-Encoding": "gzip", "If-None-Match": etags.get(p)! } }] : []),
      ];
      const pending = new Map<string, { path: string; headers: Record<string, string>; last: string }>();
      for (const p of paths) for (const v of variants(p)) pending.set(`${p} [${v.label}]`, { path: p, headers: v.headers, last: "" });
      while (pending.size > 0) {
        const sentAt = Date.now();
        if (sentAt - writtenAt > VISIBLE_WITHIN_MS) break;
        await Promise.all(
          [...pending].map(async ([key, v]) => {
            const res = await direct(b, v.path, { headers: v.headers });
            if (res.status === 200 && res.body.includes(after)) pending.delete(key);
            else v.last = `${res.status} ${res.body.length} bytes`;
          }),
        );
        if (pending.size > 0) await sleep(50);
      }
      const stale = [...pending].map(([key, v]) => `${key}: ${v.last}`);
      expect(stale, `pages on B still without "${after}" ${VISIBLE_WITHIN_MS} ms after the write on A`).toEqual([]);
    }

    it("[scale] a press release's new title: detail page, press list, home page, feed and API", async () => {
      const adminCookieA = await adminCookie(a);
      const list = await direct(b, "/press-releases");
      const onHome = (await direct(b, "/api/press-releases/homepage")).json as Array<{ id: number; title: string }>;
      // A release on the home page that the first page of the press list shows too, with a title that reads
      // the same in HTML, XML and JSON.
      const release = onHome.find((r) => /^[\w .,-]+$/.test(r.title) && list.body.includes(r.title));
      expect(release, "a home-page release listed on the first page of /press-releases").toBeDefined();
      const paths = [
        `/press-releases/${release!.id}`,
        "/press-releases",
        "/",
        "/rss.xml",
        `/api/press-releases/${release!.id}`,
        "/api/press-releases/homepage",
      ];
      const etags = await warm(paths, release!.title);

      const current = (await direct(a, `/api/press-releases/${release!.id}`)).json;
      const title = `Scale Check Release ${unique()}`;
      const put = await direct(a, `/api/press-releases/${release!.id}`, json({ ...current, title }, { Cookie: adminCookieA }, "PUT"));
      expect(put.status).toBe(200);
      expect(put.json.title).toBe(title);
      await expectVisibleOnB(paths, title, Date.now(), etags);
    });

    it("[scale] a portfolio item's new name: home page and /api/portfolio", async () => {
      const adminCookieA = await adminCookie(a);
      const items = (await direct(b, "/api/portfolio")).json as Array<{ id: number; name: string }>;
      const item = items.find((i) => /^[A-Za-z .]+$/.test(i.name))!;
      const paths = ["/", "/api/portfolio", `/api/portfolio/${item.id}`];
      const etags = await warm(paths, item.name);

      const current = (await direct(a, `/api/portfolio/${item.id}`)).json;
      const name = `Scale Check Holding ${unique()}`;
      const put = await direct(a, `/api/portfolio/${item.id}`, json({ ...current, name }, { Cookie: adminCookieA }, "PUT"));
      expect(put.status, put.body).toBe(200);
      expect(put.json.name).toBe(name);
      await expectVisibleOnB(paths, name, Date.now(), etags);
    });

    it("[scale] the brand's new name: every public page and the feed", async () => {
      const adminCookieA = await adminCookie(a);
      const brand = (await direct(a, "/api/admin/settings/brand", { headers: { Cookie: adminCookieA } })).json;
      const release = ((await direct(b, "/api/press-releases?limit=1")).json as Array<{ id: number }>)[0];
      const paths = ["/", "/press-releases", `/press-releases/${release.id}`, "/rss.xml", "/privacy", "/sitemap"];
      const etags = await warm(paths, inHtml(brand.name));

      const name = `Scale Check Brand ${unique()}`;
      const put = await direct(a, "/api/admin/settings/brand", json({ ...brand, name }, { Cookie: adminCookieA }, "PUT"));
      expect(put.status, put.body).toBe(200);
      expect(put.json.name).toBe(name);
      await expectVisibleOnB(paths, name, Date.now(), etags);
    });
  });

  it("[scale] an image uploaded through A is served by B (DATA_DIR is shared storage)", async () => {
    const cookie = await adminCookie(a);
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .png()
      .toBuffer();
    const boundary = `----scale${Date.now()}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="scale.png"\r\nContent-Type: image/png\r\n\r\n`),
      png,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = await direct(a, "/api/admin/uploads?kind=image", {
      method: "POST",
      body,
      headers: { Cookie: cookie, Origin: SITE, "Content-Type": `multipart/form-data; boundary=${boundary}` },
    });
    expect(upload.status, upload.body).toBe(201);
    const url = upload.json.url as string;
    expect(url).toMatch(/^\/uploads\/[\w-]+\.webp$/);
    const served = await direct(b, url);
    expect(served.status).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
  });

  it("[scale] stopping instance B (SIGTERM) fails no GET through nginx: the rest go to A", async () => {
    type Outcome = { path: string; status?: number; error?: string; upstreams: string[]; afterExit: boolean };
    const outcomes: Outcome[] = [];
    let bExited = false;
    let stopAfter = Infinity;
    const paths = ["/api/portfolio", "/press-releases", "/healthz", "/"];
    // Four clients in a loop, each request on a new connection; bounded in count.
    const clients = Array.from({ length: 4 }, async (_, n) => {
      for (let i = 0; i < 400 && outcomes.length < stopAfter; i++) {
        const p = paths[(n + i) % paths.length];
        const afterExit = bExited;
        try {
          const res = await viaNginx(p, { timeoutMs: 20_000 });
          outcomes.push({ path: p, status: res.status, upstreams: upstreamsOf(res).map(nameOf), afterExit });
        } catch (err) {
          outcomes.push({ path: p, error: (err as NodeJS.ErrnoException).code ?? String(err), upstreams: [], afterExit });
        }
      }
    });
    while (outcomes.length < 12) await sleep(20);
    const exit = await b.stop();
    bExited = true;
    expect(exit).toEqual({ code: 0, signal: null });
    stopAfter = outcomes.length + 40;
    await Promise.all(clients);

    const failed = outcomes.filter((o) => o.status !== 200);
    expect(failed).toEqual([]);
    const later = outcomes.filter((o) => o.afterExit);
    expect(later.length).toBeGreaterThanOrEqual(20);
    // Once B is gone every answer comes from A; a request nginx had sent to B first shows both ("B", "A").
    expect(later.filter((o) => o.upstreams.at(-1) !== "A")).toEqual([]);
    expect(outcomes.some((o) => o.upstreams.join(",") === "B,A")).toBe(true);

    const ready = await viaNginx("/readyz");
    expect(ready.status).toBe(200);
    expect(nameOf(upstreamsOf(ready).at(-1)!)).toBe("A");
  });
});
