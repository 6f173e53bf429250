/**
 * Investor alerts with two production instances on one PostgreSQL database behind nginx, both sending through one
 * real SMTP server on 127.0.0.1: addresses subscribe and confirm through nginx, a release is published through A,
 * and each subscriber receives the alert exactly once although both instances run the scheduler and the e-mail
 * queue every second; a one-click unsubscribe sent to B stops the next alert that A publishes.
 *
 * Needs what tests/scale/scale-out.test.ts needs (TEST_DATABASE_URL, nginx, openssl, a production build).
 * Ports: SCALE_TEST_PORT (default 4400) +70 for nginx https, +71 plain http, +80 and +81 for A and B.
 */
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { pressBody } from "../helpers/factories";
import { startSmtpServer, linkIn, type SmtpServer } from "../helpers/smtp";
import { ROOT, seededAdmin, send, sleep, startTwoInstanceSite, type Instance, type TwoInstanceSite } from "./harness";

const adminUrl = process.env.TEST_DATABASE_URL;
const BASE_PORT = Number(process.env.SCALE_TEST_PORT ?? 4400) + 70;
const SITE = `https://127.0.0.1:${BASE_PORT}`;
const ADMIN = { email: "admin@alerts-scale.test", password: "alerts-scale-admin-password" };
const buildDir = path.resolve(ROOT, process.env.BUILD_DIR ?? "build");

describe.skipIf(!adminUrl)(`[scale] investor alerts on two instances${adminUrl ? "" : " (skipped: TEST_DATABASE_URL is not set)"}`, () => {
  let site: TwoInstanceSite | undefined;
  let smtp: SmtpServer;
  let a: Instance;
  let b: Instance;
  let cert: string;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    site = await startTwoInstanceSite({
      name: "scale-alerts",
      databasePrefix: "scale_alerts",
      ports: { https: BASE_PORT, http: BASE_PORT + 1, a: BASE_PORT + 10, b: BASE_PORT + 11 },
      adminUrl: adminUrl!,
      buildDir,
      sessionSecret: "scale-alerts-secret-0123456789-abcdefghijklmn",
      admin: ADMIN,
      env: { SMTP_URL: smtp.url },
    });
    ({ a, b, cert } = site);
  });

  afterEach((ctx) => {
    if (ctx.task.result?.state === "fail") console.error(`[scale] ${ctx.task.name} failed; logs:\n${site?.diagnostics()}`);
  });

  afterAll(async () => {
    await site?.stop();
    await smtp?.close();
  });

  const admin = seededAdmin(ADMIN, SITE);
  const viaNginx = (p: string, body: unknown) => send(SITE + p, { method: "POST", json: body, headers: { Origin: SITE }, ca: cert });
  const alertsTo = (email: string) => smtp.received.filter((m) => m.to.includes(email) && m.kind === "alert-press");

  it("[scale] each subscriber gets one alert from two instances; a one-click unsubscribe on B stops A's next alert", async () => {
    const emails = Array.from({ length: 4 }, (_, i) => `investor${i}-${Date.now()}@alerts-scale.test`);
    const tokens: string[] = [];
    for (const email of emails) {
      const asked = await viaNginx("/api/alerts/subscribe", { email, lists: ["press:financialResults"], locale: "en" });
      expect(asked.status, asked.body).toBe(202);
      const mail = await smtp.waitFor((m) => m.to.includes(email) && m.kind === "alert-confirm", 30_000);
      const token = new URL(linkIn(mail, `${SITE}/alerts/confirm?token=`)).searchParams.get("token")!;
      const confirmed = await viaNginx("/api/alerts/confirm", { token });
      expect(confirmed.status, confirmed.body).toBe(200);
      tokens.push(confirmed.json.manageToken);
    }

    const Cookie = await admin.signIn(a);
    const created = await send(a.origin + "/api/press-releases", {
      method: "POST",
      json: pressBody({ category: "Financial Results", publication: "published" }),
      headers: { Origin: SITE, Cookie },
    });
    expect(created.status, created.body).toBe(201);
    for (const email of emails) await smtp.waitFor((m) => m.to.includes(email) && m.kind === "alert-press", 30_000);
    // Both instances keep stepping every second: give them time to send anything twice.
    await sleep(4_000);
    for (const email of emails) expect(alertsTo(email)).toHaveLength(1);

    // The provider's one-click POST reaches B directly (no Origin, a form body).
    const header = alertsTo(emails[0])[0]
      .parsed.headerLines.find((h) => h.key === "list-unsubscribe")!
      .line.replace(/^[^:]+:\s*<|>$/g, "");
    const oneClick = new URL(header);
    const res = await send(`${b.origin}${oneClick.pathname}${oneClick.search}`, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(res.status, res.body).toBe(200);
    const next = await send(a.origin + "/api/press-releases", {
      method: "POST",
      json: pressBody({ category: "Financial Results", publication: "published" }),
      headers: { Origin: SITE, Cookie },
    });
    expect(next.status, next.body).toBe(201);
    for (const email of emails.slice(1)) await expect.poll(() => alertsTo(email).length, { timeout: 30_000 }).toBe(2);
    await sleep(3_000);
    expect(alertsTo(emails[0])).toHaveLength(1);
    for (const email of emails.slice(1)) expect(alertsTo(email)).toHaveLength(2);
  });
});
