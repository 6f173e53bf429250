/**
 * npm run bench — the press list with 10,000 releases.
 *
 * Seeds 10,000 releases into a throw-away database (in-memory PGlite; or a fresh PostgreSQL database
 * when BENCH_DATABASE_URL points at a server, e.g. postgres://postgres@127.0.0.1:5432/postgres) and
 * times the queries behind /press-releases, /press-releases/:id, sitemap.xml and rss.xml.
 *
 *   BENCH_RELEASES=10000 BENCH_RUNS=40 npm run bench
 */
import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { openBenchDatabase, seedPressReleases } from "./bench-seed";

const RELEASES = Number(process.env.BENCH_RELEASES ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const PAGE = 10;

async function main() {
  const bench = await openBenchDatabase(process.env.BENCH_DATABASE_URL);
  const { database, services } = bench;
  try {
    const { db } = database;

    // ---------------------------------------------------------------- seed
    const seeded = performance.now();
    await seedPressReleases(bench, RELEASES);
    const seedMs = performance.now() - seeded;

    // ---------------------------------------------------------------- measure
    const { press, settings, portfolio } = services;
    const detailId = Math.floor(RELEASES / 2);

    /** What the press list loader does for one request (app/routes/press-list.tsx). */
    const listPage = async (q = "", company = "", count = PAGE) => {
      const spotlight = !q && !company ? await settings.spotlightId().then((id) => (id === null ? null : press.get(id))) : null;
      await Promise.all([press.search({ q, company, excludeId: spotlight?.id, limit: count }), press.companyNames()]);
    };

    const cases: [string, () => Promise<unknown>][] = [
      ["list: All, first 10 (+ tabs + spotlight)", () => listPage()],
      ["  part: first 10 cards + total", () => press.search({ limit: PAGE })],
      ["  part: company tabs", () => press.companyNames()],
      ["list: company tab, first 10", () => listPage("", "BravoPay")],
      ["list: Load More x30 (count=100)", () => listPage("", "", 100)],
      ["list: count=1000 (the cap)", () => listPage("", "", 1000)],
      ["search: one common word", () => listPage("payments")],
      ["search: two words", () => listPage("solar cairo")],
      ["search: no match", () => listPage("zzzzzz")],
      ["search: word + company tab", () => listPage("lending", "Motorly")],
      ["page: offset 9,990 (deep page of 10)", () => press.search({ limit: 10, offset: RELEASES - 10 })],
      [
        "detail: release + related + portfolio",
        async () => {
          const r = await press.get(detailId);
          await Promise.all([press.related(r, 3), portfolio.list(), settings.brand()]);
        },
      ],
      ["sitemap.xml: all ids", () => press.sitemapEntries()],
      ["rss.xml: latest 50", () => press.list({ limit: 50 })],
    ];

    console.log(`\nPress list benchmark — ${RELEASES.toLocaleString("en-US")} releases, ${database.kind}, ${RUNS} runs each (Node ${process.version})`);
    console.log(
      `seeded in ${(seedMs / 1000).toFixed(1)} s; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")} on ${os.cpus().length} CPUs\n`,
    );
    console.log(`${"case".padEnd(44)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)} ${"max ms".padStart(8)}`);
    const results: Record<string, { p50: number; p95: number; max: number }> = {};
    for (const [name, fn] of cases) {
      for (let i = 0; i < 3; i++) await fn(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await fn();
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))];
      results[name] = { p50: at(0.5), p95: at(0.95), max: times[times.length - 1] };
      console.log(`${name.padEnd(44)} ${at(0.5).toFixed(2).padStart(8)} ${at(0.95).toFixed(2).padStart(8)} ${times[times.length - 1].toFixed(2).padStart(8)}`);
    }

    // The plans show which queries use the (date, id) and company indexes.
    if (process.env.BENCH_EXPLAIN) {
      for (const [label, query] of [
        ["first page", sql`explain select id from press_releases order by date desc, id desc limit 10`],
        ["company tab", sql`explain select id from press_releases where company = 'BravoPay' order by date desc, id desc limit 10`],
      ] as const) {
        const res = (await db.execute(query)) as unknown as { rows: Record<string, string>[] };
        console.log(`\n${label}:\n${res.rows.map((r) => Object.values(r)[0]).join("\n")}`);
      }
    }
    return results;
  } finally {
    await bench.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
