/**
 * npm run bench:mail — how fast one instance's e-mail queue hands messages to an SMTP server.
 *
 * A fresh embedded database and a real SMTP server on 127.0.0.1 which, like most servers, greets each new connection
 * only after a pause (100 ms; Postfix's postscreen waits seconds). BENCH_MESSAGES e-mails of an alert's size (about
 * 8 KB of HTML and its text) are written to the queue at once, due now, and the clock runs until the server has
 * received every one. Each SMTP_CONNECTIONS value in BENCH_CONNECTIONS is one run on a fresh database; a run reports
 * the time, messages a minute, the SMTP connections the server saw and any message received twice. The results go
 * into docs/performance.md between the `bench:mail` markers.
 *
 * Knobs (environment variables):
 *   BENCH_MESSAGES=600        e-mails per run
 *   BENCH_CONNECTIONS=1,3,5   the SMTP_CONNECTIONS values to run
 *   BENCH_LABEL=              a note for the table (e.g. "before: a connection per message")
 *   BENCH_WRITE=1             0 prints the results without touching docs/performance.md
 */
import { performance } from "node:perf_hooks";
import { createTestContext } from "../tests/helpers/context";
import { startSmtpServer } from "../tests/helpers/smtp";
import type { OutgoingEmail } from "../server/features/mail/mail";
import { describeMachine, envFlag, envNumber, machine, markdownTable, textTable, writeDocSection, runBench } from "./bench-common";

const MESSAGES = Math.max(1, Math.round(envNumber("BENCH_MESSAGES", 600)));
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "1,3,5")
  .split(",")
  .map((v) => Number(v.trim()))
  .filter((v) => Number.isInteger(v) && v > 0);
const LABEL = process.env.BENCH_LABEL ?? "";

type Result = { connections: number; seconds: number; perMinute: number; opened: number; duplicates: number };

const paragraph = "Meridian Crest Holdings announces its results for the third quarter, with revenue up across logistics, energy and food security. ";
const html = `<html><body>${Array.from({ length: 60 }, () => `<p>${paragraph}</p>`).join("")}</body></html>`;

function email(i: number): OutgoingEmail {
  return {
    kind: "alert",
    to: `subscriber-${i}@bench.example`,
    locale: i % 3 === 0 ? "ar" : "en",
    headers: { "List-Unsubscribe": `<https://meridian.example/alerts/unsubscribe/${i}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" },
    content: { subject: `Q3 results (${i})`, html, text: paragraph.repeat(30) },
  };
}

async function run(connections: number): Promise<Result> {
  delete process.env.TEST_DATABASE_URL;
  const smtp = await startSmtpServer();
  const ctx = await createTestContext({ env: { SMTP_URL: smtp.url, SMTP_CONNECTIONS: String(connections), LOG_LEVEL: "silent" } });
  try {
    const started = performance.now();
    for (let i = 0; i < MESSAGES; i += 200) {
      await ctx.services.mail.enqueueAll(Array.from({ length: Math.min(200, MESSAGES - i) }, (_, j) => email(i + j)));
    }
    const deadline = Date.now() + 30 * 60_000;
    while (smtp.received.length < MESSAGES) {
      if (Date.now() > deadline) throw new Error(`only ${smtp.received.length} of ${MESSAGES} arrived within 30 minutes`);
      await new Promise((r) => setTimeout(r, 20));
    }
    const seconds = (performance.now() - started) / 1000;
    const distinct = new Set(smtp.received.map((m) => m.to)).size;
    console.log(`SMTP_CONNECTIONS=${connections}: ${MESSAGES} in ${seconds.toFixed(1)} s over ${smtp.connections} connections`);
    return {
      connections,
      seconds: Math.round(seconds * 10) / 10,
      perMinute: Math.round((MESSAGES / seconds) * 60),
      opened: smtp.connections,
      duplicates: smtp.received.length - distinct,
    };
  } finally {
    await ctx.close();
    await smtp.close();
  }
}

async function main() {
  const results: Result[] = [];
  for (const n of CONNECTIONS) results.push(await run(n));
  const header = ["SMTP_CONNECTIONS", "messages", "seconds", "messages a minute", "connections opened", "received twice"];
  const rows = results.map((r) => [String(r.connections), String(MESSAGES), String(r.seconds), String(r.perMinute), String(r.opened), String(r.duplicates)]);
  console.log(`\n${LABEL ? `${LABEL}\n` : ""}${textTable(header, rows)}`);
  if (!envFlag("BENCH_WRITE", true)) return;
  writeDocSection(
    "mail",
    `## Sending e-mail (\`npm run bench:mail\`)

${MESSAGES} e-mails of an alert's size written to the queue at once, sent by one instance to an SMTP server on
127.0.0.1 that greets each new connection after 100 ms (as most servers pause before greeting), until the server has
received them all.${LABEL ? ` ${LABEL}` : ""}

${markdownTable(header, rows)}

${describeMachine(machine())}`,
  );
}

runBench(main);
