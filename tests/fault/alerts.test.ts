/**
 * Investor alerts under real faults: a real server process on a PostgreSQL cluster of its own, a real SMTP server on
 * 127.0.0.1, and 450 confirmed subscribers of one list. A release is published through the API, and while its
 * alert's e-mails are being written and sent either PostgreSQL stops (fast shutdown) for a few seconds, or the
 * server gets SIGTERM and a new process takes over on the same database. Either way every subscriber receives the
 * alert exactly once, and the alert's counts say so.
 *
 * Alerts go at the highest sending rate (6 000 a minute, one every 10 ms), so sending the 450 spans at least 4.5 s
 * (the queue's pooled connections keep up with the rate). The fault comes with the first alert e-mail received, so it
 * always lands while the queue is sending.
 */
import { randomBytes } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { ALERT_RATE } from "../../shared/alerts";
import { pressBody } from "../helpers/factories";
import { freePort, httpRequest, sleep, startServer, type HttpResult, type ServerProcess } from "../helpers/fault-server";
import { createPgCluster, pgClusterUnavailable, type PgCluster } from "../helpers/pg-cluster";
import { linkIn, startSmtpServer, type SmtpServer } from "../helpers/smtp";

const UNAVAILABLE = "The service is temporarily unavailable. Please try again shortly.";
const SUBSCRIBERS = 450;
const LIST = "press:financialResults";
const skip = pgClusterUnavailable();

describe.skipIf(Boolean(skip))(`[fault] investor alerts across real faults${skip ? ` (skipped: ${skip})` : ""}`, () => {
  let cluster: PgCluster | undefined;
  let smtp: SmtpServer | undefined;
  const servers: ServerProcess[] = [];

  beforeAll(async () => {
    cluster = await createPgCluster(25471);
  });

  afterEach(async () => {
    for (const s of servers.splice(0)) await s.destroy();
    await smtp?.close();
    smtp = undefined;
  });

  afterAll(async () => {
    await cluster?.destroy();
  });

  async function serve(env: Record<string, string>): Promise<ServerProcess> {
    const server = await startServer({ port: await freePort(), env });
    servers.push(server);
    return server;
  }

  const send = (server: ServerProcess, method: string, path: string, cookie: string, body?: unknown) =>
    httpRequest(server.baseUrl, { method, path, body, headers: { Cookie: cookie } });

  const crashes = (server: ServerProcess) =>
    server.logLines().filter((l) => l.level >= 60 || l.msg === "unhandled promise rejection" || l.msg === "uncaught exception; exiting");

  async function waitUntil(check: () => boolean | Promise<boolean>, ms: number, what: string) {
    const until = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
      await sleep(50);
    }
  }

  const alertMails = () => smtp!.received.filter((m) => m.kind === "alert-press");

  /**
   * A database, an SMTP server and a server process on them, alerts at the highest rate, and SUBSCRIBERS confirmed
   * subscribers of LIST: the first through the form and its e-mail's link, the others copied from its row and its
   * consent record (only the address, language and preferences-link salt differ), so they are stored exactly as the
   * service stores a confirmed subscriber.
   */
  async function prepare(database: string) {
    const url = await cluster!.createDatabase(database);
    smtp = await startSmtpServer();
    const env = { DATABASE_URL: url, SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: "1", TRUST_PROXY: "true" };
    const server = await serve(env);
    const cookie = await server.adminCookie();
    const rate = await send(server, "PUT", "/api/admin/alert-settings", cookie, { perMinute: ALERT_RATE.max, reminders: true });
    expect(rate.status, rate.body).toBe(200);

    const domain = `${database.replace(/_/g, "-")}.test`;
    const first = `investor-0@${domain}`;
    const visitor = { "X-Forwarded-For": "203.0.113.7" };
    const asked = await httpRequest(server.baseUrl, {
      method: "POST",
      path: "/api/alerts/subscribe",
      body: { email: first, lists: [LIST], locale: "en" },
      headers: visitor,
    });
    expect(asked.status, asked.body).toBe(202);
    const mail = await smtp.waitFor((m) => m.to.includes(first) && m.kind === "alert-confirm", 15_000);
    const token = new URL(linkIn(mail, `${server.baseUrl.replace("127.0.0.1", "localhost")}/alerts/confirm?token=`)).searchParams.get("token");
    const confirmed = await httpRequest(server.baseUrl, { method: "POST", path: "/api/alerts/confirm", body: { token }, headers: visitor });
    expect(confirmed.status, confirmed.body).toBe(200);

    const rest = Array.from({ length: SUBSCRIBERS - 1 }, (_, i) => ({
      email: `investor-${i + 1}@${domain}`,
      locale: i % 3 === 0 ? "ar" : "en",
      salt: randomBytes(12).toString("base64url"),
    }));
    const copies = `unnest($1::text[], $2::text[], $3::text[]) as c(email, locale, salt)`;
    const values = [rest.map((r) => r.email), rest.map((r) => r.locale), rest.map((r) => r.salt), first];
    await cluster!.query(
      database,
      `insert into alert_subscribers (email, status, lists, locale, pending_lists, pending_locale, confirm_token_hash, confirm_expires_at,
         manage_salt, source, user_id, confirmed_at, unsubscribed_at)
       select c.email, s.status, s.lists, c.locale, s.pending_lists, s.pending_locale, s.confirm_token_hash, s.confirm_expires_at,
         c.salt, s.source, s.user_id, s.confirmed_at, s.unsubscribed_at
       from ${copies}, alert_subscribers s where s.email = $4`,
      values,
    );
    await cluster!.query(
      database,
      `insert into alert_consents (email, action, source, lists, locale, ip, user_agent, user_id, created_at)
       select c.email, k.action, k.source, k.lists, c.locale, k.ip, k.user_agent, k.user_id, k.created_at
       from ${copies}, alert_consents k where k.email = $4`,
      values,
    );
    const [stored] = await cluster!.query<{ confirmed: number; consents: number }>(
      database,
      `select (select count(*)::int from alert_subscribers where status = 'confirmed' and lists = array[$1]::text[] and confirmed_at is not null
                and confirm_token_hash is null and pending_lists is null) as confirmed,
              (select count(*)::int from alert_consents where action = 'confirmed') as consents`,
      [LIST],
    );
    expect(stored).toEqual({ confirmed: SUBSCRIBERS, consents: SUBSCRIBERS });
    return { env, server, cookie, emails: [first, ...rest.map((r) => r.email)] };
  }

  /** Publishes a release of LIST through the API; its alert's id. */
  async function publish(server: ServerProcess, database: string, cookie: string) {
    const created = await send(server, "POST", "/api/press-releases", cookie, pressBody({ category: "Financial Results", publication: "published" }));
    expect(created.status, created.body).toBe(201);
    const id = created.json.id as number;
    const [alert] = await cluster!.query<{ id: number }>(database, `select id from alerts where kind = 'press' and item_id = $1`, [id]);
    expect(alert, "publishing wrote no alert").toBeDefined();
    return { pressId: id, alertId: alert.id };
  }

  /** What a timed-out wait needs to be understood: the queue by status, the alert, and the server's warnings. */
  async function diagnosis(server: ServerProcess, database: string, alertId: number) {
    const queue = await cluster!.query(
      database,
      `select status, count(*)::int as n, min(next_attempt_at) as due, max(attempts) as attempts, max(locked_until) as leased_until, now() as now
       from email_messages where kind = 'alert-press' group by status`,
    );
    const alert = await cluster!.query(database, `select status, cursor, recipients from alerts where id = $1`, [alertId]);
    const log = server
      .logLines()
      .filter((l) => l.level >= 40)
      .map((l) => `${new Date(l.time).toISOString()} ${l.msg}${l.err?.message ? `: ${l.err.message}` : ""}`);
    return `received ${alertMails().length}; queue ${JSON.stringify(queue)}; alert ${JSON.stringify(alert)}\n${log.slice(-40).join("\n")}`;
  }

  /**
   * Waits until every subscriber has an e-mail and the queue holds nothing queued or being sent, then checks every
   * count. Once every row is 'sent' no instance can claim one again, so a short pause lets in only what was already
   * on its way.
   */
  async function expectEachOnce(server: ServerProcess, database: string, cookie: string, alertId: number, emails: string[]) {
    const waiting = async () =>
      (await cluster!.query<{ n: number }>(database, `select count(*)::int as n from email_messages where status in ('queued', 'sending')`))[0].n;
    try {
      await waitUntil(async () => alertMails().length >= emails.length && (await waiting()) === 0, 120_000, `all ${emails.length} alert e-mails`);
    } catch (err) {
      throw new Error(`${(err as Error).message}: ${await diagnosis(server, database, alertId)}`);
    }
    await sleep(1_500);

    // At the SMTP server: one alert e-mail per subscriber, none twice, none to anyone else.
    const perRecipient = new Map<string, number>();
    for (const m of alertMails()) perRecipient.set(m.to, (perRecipient.get(m.to) ?? 0) + 1);
    expect([...perRecipient].filter(([, n]) => n !== 1)).toEqual([]);
    expect([...perRecipient.keys()].sort()).toEqual([...emails].sort());
    expect(alertMails()).toHaveLength(emails.length);

    // In the database: one delivery per subscriber, each pointing at its own e-mail, every e-mail sent.
    const [deliveries] = await cluster!.query<{ rows: number; subscribers: number; emails: number; sent: number; missing: number }>(
      database,
      `select count(*)::int as rows, count(distinct d.subscriber_id)::int as subscribers, count(distinct d.email_id)::int as emails,
         count(*) filter (where m.status = 'sent')::int as sent,
         (select count(*)::int from alert_subscribers s where not exists (select 1 from alert_deliveries x where x.alert_id = $1 and x.subscriber_id = s.id)) as missing
       from alert_deliveries d left join email_messages m on m.id = d.email_id where d.alert_id = $1`,
      [alertId],
    );
    expect(deliveries).toEqual({ rows: emails.length, subscribers: emails.length, emails: emails.length, sent: emails.length, missing: 0 });
    const written = await cluster!.query<{ status: string; n: number; addresses: number }>(
      database,
      `select status, count(*)::int as n, count(distinct to_address)::int as addresses from email_messages where kind = 'alert-press' group by status`,
    );
    expect(written).toEqual([{ status: "sent", n: emails.length, addresses: emails.length }]);

    // The dashboard's counts: all written, all sent, nothing failed or waiting, the alert finished.
    const listed = await send(server, "GET", "/api/admin/alerts", cookie);
    expect(listed.status, listed.body).toBe(200);
    expect(listed.json.find((a: { id: number }) => a.id === alertId)).toMatchObject({
      recipients: emails.length,
      sent: emails.length,
      failed: 0,
      waiting: 0,
      status: "done",
    });
  }

  it(
    "[fault] PostgreSQL stops mid-alert: 503 meanwhile, the same process recovers by itself, each subscriber gets the alert once",
    { timeout: 180_000 },
    async () => {
      const database = "alerts_db_restart";
      const { server, cookie, emails } = await prepare(database);
      const pid = server.child.pid;
      const began = Date.now();
      const { pressId, alertId } = await publish(server, database, cookie);

      // The first alert e-mail is in: the others are being written or wait in the queue.
      await waitUntil(() => alertMails().length > 0, 15_000, "the first alert e-mail");
      const atFault = alertMails().length;
      const stopping = Date.now();
      await cluster!.stop();
      const down = alertMails().length;
      expect(down, "every e-mail was sent before the database stopped: the test proves nothing").toBeLessThan(emails.length);

      // Down for a few seconds: every read of the database answers 503 with the readable message, readiness too.
      const answers: Array<{ path: string; res?: HttpResult; error?: string }> = [];
      const outageEnds = Date.now() + 3_000;
      while (Date.now() < outageEnds) {
        for (const path of [`/api/press-releases/${pressId}`, "/readyz"]) {
          try {
            answers.push({ path, res: await httpRequest(server.baseUrl, { path, timeoutMs: 10_000 }) });
          } catch (err) {
            answers.push({ path, error: (err as NodeJS.ErrnoException).code ?? String(err) });
          }
        }
        await sleep(250);
      }
      expect(server.isAlive(), `the server exited:\n${server.output().slice(-3000)}`).toBe(true);
      expect(answers.filter((a) => a.error)).toEqual([]);
      expect(answers.length).toBeGreaterThan(4);
      for (const { path, res } of answers) {
        expect(res!.status, path).toBe(503);
        expect(res!.headers["retry-after"]).toMatch(/^\d+$/);
        if (path !== "/readyz") expect(res!.json?.message).toBe(UNAVAILABLE);
      }

      await cluster!.start();
      const upAt = Date.now();
      await waitUntil(async () => (await httpRequest(server.baseUrl, { path: "/readyz" }).catch(() => undefined))?.status === 200, 15_000, "readiness");
      const readyMs = Date.now() - upAt;

      await expectEachOnce(server, database, cookie, alertId, emails);
      // Which part of the alert the fault met: its batches' e-mails carry their transaction's start.
      const [{ before }] = await cluster!.query<{ before: number }>(
        database,
        `select count(*) filter (where created_at < $1)::int as before from email_messages where kind = 'alert-press'`,
        [new Date(stopping)],
      );
      console.log(
        `[fault] alerts: the database was told to stop after ${atFault} of ${emails.length} e-mails were sent and ${before} written (${down} sent when it was down); ` +
          `ready ${readyMs} ms after its start; each delivered once, ${Date.now() - began} ms from publication to the last check`,
      );
      // The same process throughout, and it noticed the outage without crashing.
      expect(server.isAlive()).toBe(true);
      expect(server.child.pid).toBe(pid);
      expect(server.output()).toContain("scheduled publication could not run");
      expect(crashes(server)).toEqual([]);
    },
  );

  it("[fault] SIGTERM mid-alert: a new process on the same database finishes it, each subscriber gets the alert once", { timeout: 180_000 }, async () => {
    const database = "alerts_sigterm";
    // The session lives in the database: the new process accepts it too.
    const { env, server: first, cookie, emails } = await prepare(database);
    const began = Date.now();
    const { alertId } = await publish(first, database, cookie);

    await waitUntil(() => alertMails().length > 0, 15_000, "the first alert e-mail");
    const atSignal = alertMails().length;
    first.child.kill("SIGTERM");
    expect(await first.exited).toEqual({ code: 0, signal: null });
    const whenStopped = alertMails().length;
    expect(whenStopped, "every e-mail was sent before the process stopped: the test proves nothing").toBeLessThan(emails.length);
    expect(crashes(first)).toEqual([]);
    // A stopping instance records every message it claimed (sent, or given back): none waits out a lease.
    const left = await cluster!.query<{ status: string; n: number }>(
      database,
      `select status, count(*)::int as n from email_messages where kind = 'alert-press' group by status order by status`,
    );
    expect(left.filter((r) => r.status !== "queued" && r.status !== "sent")).toEqual([]);
    expect(left.find((r) => r.status === "sent")?.n ?? 0).toBe(whenStopped);

    const second = await serve(env);
    await expectEachOnce(second, database, cookie, alertId, emails);
    console.log(
      `[fault] alerts: SIGTERM after ${atSignal} of ${emails.length} e-mails (${whenStopped} when the process had exited); ` +
        `the new process sent the rest, each once, ${Date.now() - began} ms from publication to the last check`,
    );
    expect(crashes(second)).toEqual([]);
  });
});
