/**
 * The e-mail queue with real processes, a real SMTP server and real databases: messages written while the SMTP server
 * refuses survive a restart of the app and are delivered once; two instances on one PostgreSQL database share the
 * queue and never send a message twice.
 */
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createPgCluster, pgClusterUnavailable, type PgCluster } from "../helpers/pg-cluster";
import { freePort, httpRequest, startServer, type ServerProcess } from "../helpers/fault-server";
import { startSmtpServer, type SmtpServer } from "../helpers/smtp";

const started: ServerProcess[] = [];
let smtp: SmtpServer | undefined;
afterEach(async () => {
  for (const s of started.splice(0)) await s.destroy();
  await smtp?.close();
  smtp = undefined;
});

const contact = (i: number) => ({
  fullName: "Sara Ali",
  email: `sara${i}@example.test`,
  subject: `Restart ${i}`,
  message: "A message written during an outage.",
});

async function waitUntil(check: () => boolean, ms: number, what: string) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("[fault] the e-mail queue", () => {
  it("[fault] messages refused by the SMTP server survive a restart and are delivered once each", async () => {
    smtp = await startSmtpServer();
    smtp.refuseWith(421);
    const port = await freePort();
    const env = { SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: "1", TRUST_PROXY: "true" };
    const first = await startServer({ port, env });
    started.push(first);
    for (let i = 0; i < 4; i++) {
      const res = await httpRequest(first.baseUrl, {
        method: "POST",
        path: "/api/contact",
        body: contact(i),
        headers: { "X-Forwarded-For": `198.51.100.${i}` },
      });
      expect(res.status).toBe(201);
    }
    // Tried and refused at least once each, then the app stops (SIGTERM) with all four pending.
    await waitUntil(() => first.output().includes("e-mail not delivered; will retry"), 15_000, "a refused attempt");
    first.child.kill("SIGTERM");
    expect((await first.exited).code).toBe(0);
    expect(smtp.received).toHaveLength(0);

    smtp.refuseWith(undefined);
    const second = await startServer({ port, env, dataDir: first.dataDir });
    started.push(second);
    await waitUntil(() => smtp!.received.length >= 4, 20_000, "four deliveries");
    await new Promise((r) => setTimeout(r, 1500));
    expect(smtp.received.map((m) => m.subject).sort()).toEqual([0, 1, 2, 3].map((i) => `New contact message: Restart ${i}`));
  }, 90_000);

  const skip = pgClusterUnavailable();
  describe.skipIf(Boolean(skip))(`two instances on one PostgreSQL database${skip ? ` (skipped: ${skip})` : ""}`, () => {
    let cluster: PgCluster | undefined;
    beforeAll(async () => {
      cluster = await createPgCluster(25421);
    });
    afterAll(async () => {
      await cluster?.destroy();
    });

    it("[fault] 60 due messages are sent by two instances together, each exactly once", async () => {
      const url = await cluster!.createDatabase("mail_queue_test");
      smtp = await startSmtpServer();
      const env = { DATABASE_URL: url, SMTP_URL: smtp.url };
      const a = await startServer({ port: await freePort(), env });
      started.push(a);
      const b = await startServer({ port: await freePort(), env });
      started.push(b);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`insert into email_messages (kind, to_address, locale, subject, html, text_body, status)
          select 'test', 'reader' || g || '@example.test', 'en', 'Message ' || g, '<p>Hello</p>', 'Hello', 'queued' from generate_series(1, 60) g`);
        await waitUntil(() => smtp!.received.length >= 60, 30_000, "sixty deliveries");
        // Both instances poll every few seconds: give them time to take anything twice if they could.
        await new Promise((r) => setTimeout(r, 6_000));
        const subjects = smtp.received.map((m) => m.subject);
        expect(subjects).toHaveLength(60);
        expect(new Set(subjects).size).toBe(60);
        const { rows } = await client.query(`select status, count(*)::int as n from email_messages where kind = 'test' group by status`);
        expect(rows).toEqual([{ status: "sent", n: 60 }]);
      } finally {
        await client.end();
      }
    }, 120_000);

    it("[fault] the database stops while messages wait: the sender keeps running and delivers each once when it is back", async () => {
      const url = await cluster!.createDatabase("mail_queue_outage");
      smtp = await startSmtpServer();
      smtp.refuseWith(421);
      const server = await startServer({ port: await freePort(), env: { DATABASE_URL: url, SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: "1" } });
      started.push(server);
      await cluster!.query(
        "mail_queue_outage",
        `insert into email_messages (kind, to_address, locale, subject, html, text_body, status)
         select 'test', 'reader' || g || '@example.test', 'en', 'Outage ' || g, '<p>Hello</p>', 'Hello', 'queued' from generate_series(1, 5) g`,
      );
      await waitUntil(() => server.output().includes("e-mail not delivered; will retry"), 15_000, "a refused attempt");
      await cluster!.stop();
      smtp.refuseWith(undefined);
      // Polls fail while the database is away: logged, and the process stays up.
      await waitUntil(() => server.output().includes("e-mail queue: cannot read due messages"), 20_000, "a failed poll");
      expect(server.isAlive()).toBe(true);
      await cluster!.start();
      // Well within the two-minute lease: the rows claimed when the database went away are given back, not left leased.
      await waitUntil(() => smtp!.received.length >= 5, 30_000, "five deliveries");
      await new Promise((r) => setTimeout(r, 6_000));
      expect(smtp.received.map((m) => m.subject).sort()).toEqual([1, 2, 3, 4, 5].map((i) => `Outage ${i}`));
      const rows = await cluster!.query<{ status: string; n: number }>(
        "mail_queue_outage",
        "select status, count(*)::int as n from email_messages group by status",
      );
      expect(rows).toEqual([{ status: "sent", n: 5 }]);
    }, 120_000);
  });
});
