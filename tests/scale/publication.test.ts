/**
 * Scheduled publication with two production instances on one PostgreSQL database behind nginx. An admin schedules a
 * release through instance A for the next whole minute (schedules are wall-clock minutes); until that instant no
 * public path shows it on either instance, directly or through nginx, also after each instance has cached the
 * pages; within 5 s after it every one of them does, on both instances; and it was published once: one
 * `press.publish` event by the system, one instance's log line, and a recorded lag under 5 s.
 *
 * Needs what tests/scale/scale-out.test.ts needs (TEST_DATABASE_URL, nginx, openssl, a production build).
 * Ports: SCALE_TEST_PORT (default 4400) +30 for nginx https, +31 plain http, +40 and +41 for the instances.
 */
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pressArabic, pressBody } from "../helpers/factories";
import { ROOT, seededAdmin, send, sleep, startTwoInstanceSite, type Answer, type Instance, type SendOptions, type TwoInstanceSite } from "./harness";

const adminUrl = process.env.TEST_DATABASE_URL;
const BASE_PORT = Number(process.env.SCALE_TEST_PORT ?? 4400) + 30;
const HTTPS_PORT = BASE_PORT;
const HTTP_PORT = BASE_PORT + 1;
const PORT_A = BASE_PORT + 10;
const PORT_B = BASE_PORT + 11;
const SITE = `https://127.0.0.1:${HTTPS_PORT}`;
const ADMIN = { email: "admin@publication-scale.test", password: "publication-scale-admin-password" };
/** Every public path must show the release within this long after its time. */
const VISIBLE_WITHIN_MS = 5_000;
/** The soonest the release may be due after it is scheduled: time to see it hidden everywhere first. */
const LEAD_MS = 8_000;

const buildDir = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");

describe.skipIf(!adminUrl)(`[scale] scheduled publication on two instances${adminUrl ? "" : " (skipped: TEST_DATABASE_URL is not set)"}`, () => {
  let site: TwoInstanceSite | undefined;
  let cert: string;
  let a: Instance;
  let b: Instance;
  let instances: Instance[] = [];

  /** A JSON write from this site's pages. */
  const json = (body: unknown, Cookie?: string, method = "POST"): SendOptions => ({
    method,
    json: body,
    headers: { Origin: SITE, ...(Cookie ? { Cookie } : {}) },
  });

  /** Where a visitor can read the site: each instance directly, and nginx in front of both. */
  const targets = () => [
    { name: "A", get: (p: string) => send(a.origin + p) },
    { name: "B", get: (p: string) => send(b.origin + p) },
    { name: "nginx", get: (p: string) => send(SITE + p, { ca: cert }) },
  ];

  /** The JSON log lines an instance wrote. */
  const logLines = (instance: Instance): Array<Record<string, unknown>> =>
    instance
      .output()
      .split("\n")
      .filter((l) => l.startsWith("{"))
      .flatMap((l) => {
        try {
          return [JSON.parse(l) as Record<string, unknown>];
        } catch {
          return [];
        }
      });

  beforeAll(async () => {
    site = await startTwoInstanceSite({
      name: "scale-publication",
      databasePrefix: "scale_pub",
      ports: { https: HTTPS_PORT, http: HTTP_PORT, a: PORT_A, b: PORT_B },
      adminUrl: adminUrl!,
      buildDir,
      sessionSecret: "scale-publication-secret-0123456789-abcdefgh",
      admin: ADMIN,
    });
    ({ cert, a, b } = site);
    instances = [a, b];
  });

  afterEach((ctx) => {
    if (ctx.task.result?.state === "fail") console.error(`[scale] ${ctx.task.name} failed; logs:\n${site?.diagnostics()}`);
  });

  afterAll(async () => {
    await site?.stop();
  });

  /** The seeded admin, signed in on A with the authenticator app every admin sets up before using the API. */
  const admin = seededAdmin(ADMIN, SITE);
  const adminCookie = () => admin.signIn(a);

  // The wait for the next whole minute is most of this test (8 to 68 s), plus 5 s and the checks.
  it("[scale] a scheduled release is on no public path before its time and on every one within 5 s after, on both instances; published once", async () => {
    const cookie = await adminCookie();
    const mark = `Quorvexta${Math.random()
      .toString(36)
      .replace(/[^a-z]/g, "")
      .slice(0, 6)}`;
    const title = `Embargoed scale release ${mark}`;
    const titleAr = `بيان صحفي مجدول ${mark}`;

    // A home-page place for it (three at most, counted over published and scheduled releases alike).
    const all = (await send(a.origin + "/api/admin/press-releases", { headers: { Cookie: cookie } })).json as Array<{ id: number; showOnHomepage: boolean }>;
    for (const r of all.filter((r) => r.showOnHomepage).slice(2)) {
      const off = await send(a.origin + `/api/press-releases/${r.id}`, json({ showOnHomepage: false }, cookie, "PATCH"));
      expect(off.status, off.body).toBe(200);
    }
    const today = new Date().toISOString().slice(0, 10);
    const created = await send(
      a.origin + "/api/press-releases",
      json(pressBody({ title, date: today, showOnHomepage: true, ...pressArabic({ titleAr }) }), cookie),
    );
    expect(created.status, created.body).toBe(201);
    const id = created.json.id as number;
    // Creating may publish at once: take it back to a draft, then schedule it.
    if (created.json.publication !== "draft") {
      const draft = await send(a.origin + `/api/admin/press-releases/${id}/unpublish`, json({}, cookie));
      expect(draft.status, draft.body).toBe(200);
    }
    const due = Math.ceil((Date.now() + LEAD_MS) / 60_000) * 60_000;
    const local = new Date(due).toISOString().slice(0, 16);
    const scheduled = await send(a.origin + `/api/admin/press-releases/${id}/schedule`, json({ publishAt: { local }, zone: "UTC" }, cookie));
    expect(scheduled.status, scheduled.body).toBe(200);
    expect(scheduled.json).toMatchObject({ publication: "scheduled", publishAt: new Date(due).toISOString(), scheduleZone: "UTC" });

    const paths = [
      "/",
      "/press-releases",
      `/search?q=${mark}`,
      "/rss.xml",
      "/api/press-releases",
      `/api/press-releases/${id}`,
      `/press-releases/${id}`,
      "/ar/press-releases",
      `/ar/press-releases/${id}`,
    ];
    /** What each path shows once the release is out: the title in its language. */
    const shown = (p: string) => (p.startsWith("/ar/") ? titleAr : title);
    // A release that is not published answers exactly as an id that never existed.
    const missingId = 2_000_000_000;
    const absent = new Map<string, { status: number; location?: string }>();
    for (const p of paths.filter((p) => p.includes(String(id)))) {
      const res = await send(a.origin + p.replace(String(id), String(missingId)));
      absent.set(p, { status: res.status, location: res.headers.location?.replace(String(missingId), String(id)) });
      expect(res.status, `${p} for an id that does not exist`).toBeGreaterThanOrEqual(300);
    }
    const expectHidden = (where: string, p: string, res: Answer) => {
      const label = `${where} ${p}, before the release's time`;
      expect(res.body, label).not.toContain(shown(p));
      const notFound = absent.get(p);
      if (notFound) expect({ status: res.status, location: res.headers.location }, label).toEqual(notFound);
      else expect(res.status, label).toBe(200);
    };

    // Before its time, round after round (so each instance also serves the pages from its cache): hidden everywhere.
    // Only answers that arrived before the due instant count.
    let rounds = 0;
    while (Date.now() < due - 1_000) {
      const answers = await Promise.all(targets().flatMap((t) => paths.map(async (p) => ({ t: t.name, p, res: await t.get(p), at: Date.now() }))));
      for (const { t, p, res, at } of answers) if (at < due) expectHidden(t, p, res);
      rounds++;
      await sleep(200);
    }
    expect(rounds, "rounds of checks before the release's time").toBeGreaterThanOrEqual(2);

    // From its time: every path, on both instances and through nginx, until each shows it.
    while (Date.now() < due) await sleep(20);
    const pending = new Map<string, { get: (p: string) => Promise<Answer>; p: string; last: string }>();
    for (const t of targets()) for (const p of paths) pending.set(`${t.name} ${p}`, { get: t.get, p, last: "not asked" });
    const seenAt = new Map<string, number>();
    while (pending.size > 0 && Date.now() - due <= VISIBLE_WITHIN_MS) {
      await Promise.all(
        [...pending].map(async ([key, v]) => {
          const res = await v.get(v.p);
          if (res.status === 200 && res.body.includes(shown(v.p))) {
            pending.delete(key);
            seenAt.set(key, Date.now() - due);
          } else v.last = `${res.status} ${res.body.length} bytes`;
        }),
      );
      if (pending.size > 0) await sleep(100);
    }
    const stale = [...pending].map(([key, v]) => `${key}: ${v.last}`);
    expect(stale, `paths still without the release ${VISIBLE_WITHIN_MS} ms after its time`).toEqual([]);
    console.log(
      `[scale] release ${id} due ${new Date(due).toISOString()}: first seen ${Math.min(...seenAt.values())} ms, everywhere ${Math.max(...seenAt.values())} ms after its time (last: ${[...seenAt].sort((x, y) => y[1] - x[1])[0][0]})`,
    );

    // And it stays so: a round later every path still shows it.
    for (const t of targets()) {
      for (const p of paths) {
        const res = await t.get(p);
        expect(res.status, `${t.name} ${p}`).toBe(200);
        expect(res.body, `${t.name} ${p}`).toContain(shown(p));
      }
    }

    // Published once, by the system, late by less than the bound.
    const release = await send(a.origin + `/api/admin/press-releases/${id}`, { headers: { Cookie: cookie } });
    expect(release.json).toMatchObject({ publication: "published", publishAt: new Date(due).toISOString() });
    expect(release.json.publishLagMs).toEqual(expect.any(Number));
    expect(release.json.publishLagMs).toBeGreaterThanOrEqual(0);
    expect(release.json.publishLagMs).toBeLessThan(VISIBLE_WITHIN_MS);
    const audit = await send(b.origin + `/api/admin/audit?entityType=press&entityId=${id}`, { headers: { Cookie: cookie } });
    expect(audit.status, audit.body).toBe(200);
    const events = audit.json.events as Array<{ action: string; actorId: number | null; actorEmail: string | null; summary: Record<string, unknown> }>;
    const publications = events.filter((e) => e.action === "press.publish");
    expect(publications).toHaveLength(1);
    expect(publications[0]).toMatchObject({ actorId: null, actorEmail: null, summary: { publication: { from: "scheduled", to: "published" } } });
    expect(events.find((e) => e.action === "press.schedule")).toMatchObject({ actorEmail: ADMIN.email });
    // One instance did it (whichever stepped first), and said so once; neither failed a step.
    const logged = instances.flatMap((i) =>
      logLines(i)
        .filter((l) => l.msg === "published on schedule" && l.id === id)
        .map((l) => ({ instance: i.name, lagMs: l.lagMs })),
    );
    expect(logged).toEqual([{ instance: expect.stringMatching(/^[AB]$/), lagMs: release.json.publishLagMs }]);
    for (const i of instances) expect(logLines(i).filter((l) => String(l.msg).startsWith("scheduled publication could not run"))).toEqual([]);
    console.log(`[scale] published by instance ${logged[0].instance}, publishLagMs ${release.json.publishLagMs}`);
  }, 120_000);
});
