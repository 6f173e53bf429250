/**
 * npm run bench:memory — the production server's memory through a day in its life: idle after start, minutes of
 * mixed load, a cool-down, and optionally a long light soak.
 *
 * Starts `node server.js` (NODE_ENV=production, the demo content) on a fresh database: a new PGlite DATA_DIR, or with
 * `--db postgres` a new database on the local PostgreSQL (BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/postgres), dropped afterwards. Signs the seeded admin in with an authenticator
 * app (set up on the first sign-in, as every admin must) and samples once a second:
 *   - the server process: VmRSS (resident now) and VmHWM (the peak so far) from /proc/<pid>/status;
 *   - its child processes (the PDF tools' spawner and the tools themselves) summed, reported apart;
 *   - heap figures from /metrics (METRICS_PORT is set for the run): V8 heap used and total, external memory
 *     (Buffers and ArrayBuffers outside the heap, the WebAssembly memory of PGlite included).
 * At the end of each phase /proc/<pid>/smaps_rollup gives the split between anonymous memory and mapped files.
 *
 * Phases:
 *   idle      --idle seconds (30) after the server answers /readyz;
 *   load      --minutes (10) of mixed load: --connections (4) anonymous visitors in a closed loop (home, press list,
 *             press detail, search, investors, the Arabic pages, the public API lists), one signed-in admin in a closed
 *             loop (investor portal, admin, document library, document downloads), the data room viewer's page images
 *             (about 2 a second, within the account's viewer limit), image uploads (--images-per-minute, 3) and
 *             document uploads (--documents-per-minute, 1; each new PDF is then read in the viewer, drawn afresh) and
 *             draft press releases saved (--saves-per-minute, 2; each one's text cleaned and rendered in the editors'
 *             worker thread, which therefore lives through the load);
 *   cool-down --cooldown seconds (120) without requests;
 *   soak      with --soak <minutes>: --soak-rate (3) requests a second of the same mix, RSS sampled each minute; the
 *             slope of a least-squares line through those samples is reported in MB per hour.
 *
 * Other options: --env NAME=VALUE (repeatable) adds to the server's environment (to measure a setting);
 * --label TEXT names the run in the output; --section NAME writes the tables into docs/performance.md between
 * `<!-- bench:NAME:start -->` and its end marker; --json FILE writes every sample.
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import {
  BenchError,
  describeMachine,
  ensureBuild,
  freshDatabase,
  machine,
  markdownTable,
  onInterrupt,
  pickPort,
  startServer,
  textTable,
  writeDocSection,
  type RunningServer,
} from "./bench-common";
import { agent, firstErrors, fixtures, heavyLoad, lightLoad, signInAdmin, sleep, tally } from "./bench-memory-load";
import { sampler, smapsParts, smapsRollup, type Sample } from "./bench-memory-sampler";

const { values: args } = parseArgs({
  options: {
    db: { type: "string", default: "pglite" },
    minutes: { type: "string", default: "10" },
    idle: { type: "string", default: "30" },
    cooldown: { type: "string", default: "120" },
    soak: { type: "string", default: "0" },
    "soak-rate": { type: "string", default: "3" },
    connections: { type: "string", default: "4" },
    "images-per-minute": { type: "string", default: "3" },
    "documents-per-minute": { type: "string", default: "1" },
    "saves-per-minute": { type: "string", default: "2" },
    env: { type: "string", multiple: true, default: [] },
    label: { type: "string" },
    section: { type: "string" },
    json: { type: "string" },
  },
  allowPositionals: false,
});

const num = (name: keyof typeof args) => {
  const value = Number(args[name]);
  if (!Number.isFinite(value) || value < 0) throw new BenchError(`--${name} must be a non-negative number, got "${String(args[name])}"`);
  return value;
};
const DB = args.db === "postgres" || args.db === "pglite" ? args.db : undefined;
if (!DB) throw new BenchError(`--db must be pglite or postgres, got "${args.db}"`);
const LOAD_MS = num("minutes") * 60_000;
const IDLE_MS = num("idle") * 1000;
const COOLDOWN_MS = num("cooldown") * 1000;
const SOAK_MS = num("soak") * 60_000;
const SOAK_RATE = num("soak-rate");
const CONNECTIONS = Math.max(1, Math.round(num("connections")));
const IMAGES_PER_MINUTE = num("images-per-minute");
const DOCUMENTS_PER_MINUTE = num("documents-per-minute");
const SAVES_PER_MINUTE = num("saves-per-minute");
const EXTRA_ENV = Object.fromEntries(
  (args.env ?? []).map((pair) => {
    const eq = pair.indexOf("=");
    if (eq < 1) throw new BenchError(`--env wants NAME=VALUE, got "${pair}"`);
    return [pair.slice(0, eq), pair.slice(eq + 1)];
  }),
);
function rateBefore(samples: Sample[], sample: Sample, seconds = 30): number {
  const earlier = samples.filter((x) => x.t >= sample.t - seconds && x.t < sample.t);
  if (earlier.length === 0) return 0;
  const first = earlier[0];
  return sample.t > first.t ? (sample.requests - first.requests) / (sample.t - first.t) : 0;
}

const fmt = (n: number | undefined) => (n === undefined || Number.isNaN(n) ? "—" : n.toFixed(0));

/** Least-squares slope of RSS against time, in MB per hour. */
function slopeMbPerHour(samples: Sample[]): number {
  if (samples.length < 2) return Number.NaN;
  const xs = samples.map((s) => s.t / 3600);
  const ys = samples.map((s) => s.rssMb);
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  const num_ = xs.reduce((a, x, i) => a + (x - mx) * (ys[i] - my), 0);
  const den = xs.reduce((a, x) => a + (x - mx) ** 2, 0);
  return num_ / den;
}

async function main() {
  ensureBuild();
  const m = machine();
  const adminUrl = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const database = await freshDatabase(DB!, DB === "postgres" ? adminUrl : undefined);
  let server: RunningServer | undefined;
  onInterrupt(async () => {
    await server?.stop({ keepLog: true });
    await database.drop();
  });
  try {
    const port = await pickPort(0);
    const metricsPort = await pickPort(1);
    // The environment the server inherits; --env adds to it (startServer sets the database, port and admin).
    for (const [name, value] of Object.entries({ ...EXTRA_ENV, METRICS_PORT: String(metricsPort), METRICS_HOST: "127.0.0.1" })) process.env[name] = value;
    const label =
      args.label ??
      (Object.keys(EXTRA_ENV).length
        ? Object.entries(EXTRA_ENV)
            .map(([k, v]) => `${k}=${v}`)
            .join(" ")
        : "defaults");
    console.log(`Memory benchmark (${database.label}, ${label}) · ${describeMachine(m)}`);
    console.log(`Starting the server on a fresh database (the first start migrates and seeds) ...`);
    // The first start seeds; a restart measures a server as it runs day to day, seeding not counted.
    server = await startServer(database, port);
    await server.stop();
    server = await startServer(database, port);
    console.log(`Server pid ${server.pid} at ${server.origin}, metrics on port ${metricsPort}.`);
    const s = sampler(server, metricsPort);
    const rows: { phase: string; sample: Sample; smaps?: ReturnType<typeof smapsRollup> & ReturnType<typeof smapsParts> }[] = [];
    const smapsNow = () => ({ ...smapsRollup(server!.pid), ...smapsParts(server!.pid) });
    // smaps_rollup is read when the row is made: not for the peak, which is an earlier sample.
    const mark = async (phase: string, sample?: Sample) => {
      const taken = sample ?? (await s.take());
      rows.push({ phase, sample: taken, smaps: sample ? undefined : smapsNow() });
      console.log(
        `  ${phase}: RSS ${fmt(taken.rssMb)} MB (peak so far ${fmt(taken.hwmMb)}), heap used ${fmt(taken.heapUsedMb)} MB, external ${fmt(taken.externalMb)} MB`,
      );
    };

    s.phase("idle");
    s.every(1000);
    await sleep(IDLE_MS);
    await mark(`idle (${IDLE_MS / 1000} s after start)`);
    // Signing in is part of the load (argon2 and the authenticator set-up).
    s.phase("load");
    const admin = await signInAdmin(server.origin);
    const f = await fixtures(server.origin, admin);
    console.log(
      `Load: ${LOAD_MS / 60_000} min, ${CONNECTIONS} anonymous connections, 1 signed-in, viewer pages, ${IMAGES_PER_MINUTE} images, ${DOCUMENTS_PER_MINUTE} documents and ${SAVES_PER_MINUTE} saves a minute ...`,
    );
    const loadStarted = performance.now();
    await heavyLoad(server.origin, admin, f, LOAD_MS, {
      connections: CONNECTIONS,
      imagesPerMinute: IMAGES_PER_MINUTE,
      documentsPerMinute: DOCUMENTS_PER_MINUTE,
      savesPerMinute: SAVES_PER_MINUTE,
    });
    const loadSeconds = (performance.now() - loadStarted) / 1000;
    const endOfLoad = await s.take();
    const endSmaps = smapsNow();
    const loadSamples = s.samples.filter((x) => x.phase === "load");
    const peak = loadSamples.reduce((a, b) => (b.rssMb > a.rssMb ? b : a), endOfLoad);
    await mark("peak during load (largest 1 s sample)", peak);
    await mark(`end of ${LOAD_MS / 60_000} min of load`, endOfLoad);
    rows[rows.length - 1].smaps = endSmaps;
    const loadRequests = tally.requests;
    const loadErrors = tally.errors;
    // The viewer's pages are the largest image work (a watermarked page encoded in the process), so their rate is stated apart.
    const viewerPages = tally.byKind.get("viewer page image") ?? { n: 0, bad: 0 };
    const loadAverageAtEnd = os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" / ");
    const rateLine = `${loadRequests} requests in ${loadSeconds.toFixed(0)} s (**${(loadRequests / loadSeconds).toFixed(1)}/s**; viewer page images ${(viewerPages.n / loadSeconds).toFixed(2)}/s, ${viewerPages.bad} failed), ${loadErrors} errors or unexpected statuses; load average at its end ${loadAverageAtEnd}`;
    s.phase("cool-down");
    await sleep(COOLDOWN_MS);
    await mark(`after ${COOLDOWN_MS / 1000} s cool-down`);

    let soak: { minutes: number; slope: number; first: number; last: number; min: number; max: number; requests: number; errors: number } | undefined;
    if (SOAK_MS > 0) {
      s.stop();
      s.phase("soak");
      const soakSamples: Sample[] = [];
      const before = { requests: tally.requests, errors: tally.errors };
      console.log(`Soak: ${SOAK_MS / 60_000} min at ${SOAK_RATE} requests a second, RSS each minute ...`);
      const load = lightLoad(server.origin, admin, f, SOAK_MS, SOAK_RATE);
      const until = Date.now() + SOAK_MS;
      while (Date.now() < until) {
        await sleep(Math.min(60_000, until - Date.now()));
        const taken = await s.take();
        soakSamples.push(taken);
        console.log(
          `  soak ${((taken.t - soakSamples[0].t) / 60).toFixed(0).padStart(3)} min: RSS ${fmt(taken.rssMb)} MB, heap used ${fmt(taken.heapUsedMb)} MB, external ${fmt(taken.externalMb)} MB`,
        );
      }
      await load;
      await mark(`end of ${SOAK_MS / 60_000} min soak`);
      const rss = soakSamples.map((x) => x.rssMb);
      soak = {
        minutes: SOAK_MS / 60_000,
        slope: slopeMbPerHour(soakSamples),
        first: rss[0],
        last: rss[rss.length - 1],
        min: Math.min(...rss),
        max: Math.max(...rss),
        requests: tally.requests - before.requests,
        errors: tally.errors - before.errors,
      };
    }
    s.stop();
    const hwm = (await s.take()).hwmMb;
    await server.stop();
    server = undefined;

    // ----------------------------------------------------------------------------------- output
    const header = [
      "when",
      "requests/s (30 s before)",
      "RSS MB",
      "peak (VmHWM) MB",
      "heap used MB",
      "heap total MB",
      "external MB",
      "page cache MB",
      "worker threads",
      "anonymous MB",
      "file-backed MB",
      "thread arenas MB (count)",
      "WebAssembly MB",
      "children MB",
    ];
    const tableRows = rows.map(({ phase, sample, smaps }) => [
      phase,
      rateBefore(s.samples, sample).toFixed(1),
      fmt(sample.rssMb),
      fmt(sample.hwmMb),
      fmt(sample.heapUsedMb),
      fmt(sample.heapTotalMb),
      fmt(sample.externalMb),
      fmt(sample.pageCacheMb),
      fmt(sample.workerThreads),
      fmt(smaps?.anonymous),
      fmt(smaps?.files),
      smaps ? `${fmt(smaps.arenaMb)} (${smaps.arenas})` : "—",
      fmt(smaps?.wasmMb),
      fmt(sample.childrenMb),
    ]);
    const kinds = [...tally.byKind.entries()].map(([kind, t]) => [kind, String(t.n), String(t.bad)]);
    console.log(`\n${textTable(header, tableRows)}`);
    console.log(`\nLoad: ${rateLine.replace(/\*\*/g, "")}; highest RSS of the run (VmHWM) ${fmt(hwm)} MB.`);
    console.log(textTable(["requests", "count", "errors"], kinds));
    if (firstErrors.length) console.log(`First errors:\n  ${firstErrors.join("\n  ")}`);
    if (soak)
      console.log(
        `\nSoak: ${soak.minutes} min, ${soak.requests} requests (${soak.errors} errors); RSS ${fmt(soak.first)} -> ${fmt(soak.last)} MB (min ${fmt(soak.min)}, max ${fmt(soak.max)}); slope ${soak.slope.toFixed(1)} MB/hour.`,
      );
    if (args.json)
      writeFileSync(
        args.json,
        JSON.stringify({ machine: m, database: database.label, label, env: EXTRA_ENV, rows, samples: s.samples, tally: kinds, soak }, null, 2),
      );
    if (args.section) {
      const md = [
        `Measured ${describeMachine(m)}.`,
        "",
        `${database.label}, ${label}; ${LOAD_MS / 60_000} min of load (${CONNECTIONS} anonymous connections, one signed-in admin, viewer pages, ${IMAGES_PER_MINUTE} image and ${DOCUMENTS_PER_MINUTE} document uploads a minute): ${rateLine}; highest RSS of the run (VmHWM) ${fmt(hwm)} MB.`,
        "",
        markdownTable(header, tableRows),
        ...(soak
          ? [
              "",
              `Soak: ${soak.minutes} min at ${SOAK_RATE} requests a second (${soak.requests} requests, ${soak.errors} errors): RSS ${fmt(soak.first)} -> ${fmt(soak.last)} MB (min ${fmt(soak.min)}, max ${fmt(soak.max)}), slope **${soak.slope.toFixed(1)} MB/hour**.`,
            ]
          : []),
      ].join("\n");
      writeDocSection(args.section, md);
    }
  } finally {
    await server?.stop({ keepLog: true });
    await database.drop();
    agent.destroy();
  }
}

main().catch((err) => {
  console.error(err instanceof BenchError ? err.message : err);
  process.exitCode = 1;
  agent.destroy();
});
