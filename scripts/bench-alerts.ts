/**
 * npm run bench:alerts — how long the scheduler takes to write one alert's e-mails for many subscribers, and what it
 * costs the event loop meanwhile.
 *
 * For each database (the embedded PGlite, and PostgreSQL when BENCH_DATABASE_URL's server answers) it makes a fresh
 * site without SMTP (the e-mails are written and held, so only the writing is measured), adds BENCH_SUBSCRIBERS
 * confirmed subscribers of one list, publishes a release of that list and steps the scheduler until its alert is
 * done, as an instance does every second. It reports the e-mails written per second of stepping, the time per
 * batch of 200, and the event loop's delay (p99, max) during the steps beside its delay over an idle second before
 * (the same process, the same run), and writes them into docs/performance.md between the `bench:alerts` markers.
 *
 * Knobs (environment variables):
 *   BENCH_SUBSCRIBERS=5000  confirmed subscribers of the release's list
 *   BENCH_DATABASE_URL=     postgres://postgres@127.0.0.1:5432/postgres (a fresh database is made and dropped)
 *   BENCH_WRITE=1           0 prints the results without touching docs/performance.md
 */
import { randomBytes } from "node:crypto";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { alertSubscribers, alerts } from "../server/db/schema";
import { pressReleaseSchema } from "../shared/schemas";
import { createTestContext, type TestContext } from "../tests/helpers/context";
import { pressBody } from "../tests/helpers/factories";
import { ALERT_BATCH } from "../server/features/alerts/alert-sending";
import { describeMachine, envFlag, envNumber, machine, markdownTable, textTable, writeDocSection, runBench } from "./bench-common";

const SUBSCRIBERS = Math.max(1, Math.round(envNumber("BENCH_SUBSCRIBERS", 5000)));
const DATABASE_URL = process.env.BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";

type Result = { database: string; seconds: number; perSecond: number; batchMs: number; idle: { p99: number; max: number }; busy: { p99: number; max: number } };

const ms = (ns: number) => Math.round((ns / 1e6) * 10) / 10;

async function loopDelay<T>(during: () => Promise<T>) {
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const value = await during();
  h.disable();
  return { value, p99: ms(h.percentile(99)), max: ms(h.max) };
}

async function run(kind: "pglite" | "postgres"): Promise<Result> {
  if (kind === "postgres") process.env.TEST_DATABASE_URL = DATABASE_URL;
  else delete process.env.TEST_DATABASE_URL;
  const ctx: TestContext = await createTestContext({ env: { LOG_LEVEL: "silent" } });
  try {
    const db = ctx.services.database.db;
    for (let i = 0; i < SUBSCRIBERS; i += 1000) {
      const rows = Array.from({ length: Math.min(1000, SUBSCRIBERS - i) }, (_, j) => ({
        email: `bench-${i + j}@subscribers.example`,
        status: "confirmed" as const,
        lists: ["press:financialResults"],
        locale: (i + j) % 3 === 0 ? "ar" : "en",
        manageSalt: randomBytes(9).toString("base64url"),
        confirmedAt: new Date(),
      }));
      await db.insert(alertSubscribers).values(rows);
    }
    const idle = await loopDelay(() => new Promise((r) => setTimeout(r, 1000)));
    await ctx.services.press.create(pressReleaseSchema.parse(pressBody({ category: "Financial Results" })), { publication: "published" });
    const started = performance.now();
    let steps = 0;
    const busy = await loopDelay(async () => {
      for (;;) {
        await ctx.services.publication.step();
        steps++;
        const [{ open }] = await db
          .select({ open: sql<number>`count(*)::int` })
          .from(alerts)
          .where(sql`${alerts.status} <> 'done'`);
        if (Number(open) === 0) break;
      }
    });
    const seconds = (performance.now() - started) / 1000;
    const batches = Math.ceil(SUBSCRIBERS / ALERT_BATCH);
    console.log(`${kind}: ${steps} steps, ${batches} batches, ${seconds.toFixed(1)} s`);
    return {
      database: kind === "pglite" ? "PGlite (embedded)" : "PostgreSQL 15",
      seconds: Math.round(seconds * 10) / 10,
      perSecond: Math.round(SUBSCRIBERS / seconds),
      batchMs: Math.round((seconds * 1000) / batches),
      idle: { p99: idle.p99, max: idle.max },
      busy: { p99: busy.p99, max: busy.max },
    };
  } finally {
    await ctx.close();
  }
}

async function main() {
  const results: Result[] = [await run("pglite")];
  try {
    results.push(await run("postgres"));
  } catch (err) {
    console.log(`PostgreSQL skipped: ${err instanceof Error ? err.message : String(err)}`);
  }
  const header = ["database", "subscribers", "seconds", "e-mails/s", "ms per batch", "loop p99 idle → busy (ms)", "loop max idle → busy (ms)"];
  const rows = results.map((r) => [
    r.database,
    String(SUBSCRIBERS),
    String(r.seconds),
    String(r.perSecond),
    String(r.batchMs),
    `${r.idle.p99} → ${r.busy.p99}`,
    `${r.idle.max} → ${r.busy.max}`,
  ]);
  console.log(`\n${textTable(header, rows)}`);
  if (!envFlag("BENCH_WRITE", true)) return;
  writeDocSection(
    "alerts",
    `## Writing an alert's e-mails (\`npm run bench:alerts\`)

One release published to ${SUBSCRIBERS} confirmed subscribers of its list; the scheduler's steps write the e-mails in
batches of ${ALERT_BATCH} (five batches per step at most) into the e-mail queue, without SMTP (only the writing is
measured; sending is paced by the rate setting). The event loop's delay is measured over an idle second and then
during the steps, in the same process.

${markdownTable(header, rows)}

${describeMachine(machine())}`,
  );
}

runBench(main);
