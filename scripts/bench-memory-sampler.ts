/**
 * What `npm run bench:memory` reads about the server while it runs (scripts/bench-memory.ts): its RSS and heap, its
 * child processes, its memory map by kind, and the metrics it exports.
 */
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import { type RunningServer } from "./bench-common";
import { MB, send, tally } from "./bench-memory-load";

export type Sample = {
  t: number;
  phase: string;
  /** Requests the load had sent when the sample was taken (the rate beside a figure is taken from these). */
  requests: number;
  rssMb: number;
  hwmMb: number;
  childrenMb: number;
  heapUsedMb?: number;
  heapTotalMb?: number;
  externalMb?: number;
  pageCacheMb?: number;
  /** Worker threads alive (both lanes): each holds 45-60 MB while it lives. */
  workerThreads?: number;
};

const procStatus = (pid: number) => {
  const text = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, hwm: kb("VmHWM") / 1024 };
};

/** Every process below `pid` (the spawner, the PDF tools it starts), by walking /proc/<pid>/task/<tid>/children. */
function descendants(pid: number): number[] {
  const out: number[] = [];
  const walk = (p: number) => {
    let tids: string[] = [];
    try {
      tids = readFileSync(`/proc/${p}/task/${p}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    } catch {
      return;
    }
    for (const c of tids.map(Number)) {
      out.push(c);
      walk(c);
    }
  };
  walk(pid);
  return out;
}

const childrenRss = (pid: number) =>
  descendants(pid).reduce((sum, c) => {
    try {
      return sum + procStatus(c).rss;
    } catch {
      return sum;
    }
  }, 0);

/** /proc/<pid>/smaps_rollup in MB: Rss, Anonymous, and Rss minus Anonymous (file-backed: code, mapped files). */
export function smapsRollup(pid: number) {
  const text = readFileSync(`/proc/${pid}/smaps_rollup`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(text)?.[1] ?? 0);
  return { rss: kb("Rss") / 1024, anonymous: kb("Anonymous") / 1024, files: (kb("Rss") - kb("Anonymous")) / 1024 };
}

/**
 * From /proc/<pid>/smaps: glibc's thread arenas (each a 64 MB-aligned reservation, the part in use read-write and the
 * rest inaccessible), counted with their resident MB; and the resident MB of WebAssembly memories (a read-write
 * mapping at the start of a reservation of a gigabyte or more: PGlite's linear memory).
 */
export function smapsParts(pid: number) {
  type Map = { start: bigint; end: bigint; perms: string; name: string; rss: number };
  const maps: Map[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, "utf8").split("\n")) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) maps.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3], name: head[4].trim(), rss: 0 });
    else if (line.startsWith("Rss:") && maps.length) maps[maps.length - 1].rss = Number(line.split(/\s+/)[1]) / 1024;
  }
  const ARENA = 64n << 20n;
  let arenas = 0;
  let arenaMb = 0;
  let wasmMb = 0;
  maps.forEach((m, i) => {
    if (m.perms !== "rw-p" || m.name) return;
    const size = m.end - m.start;
    const next = maps[i + 1];
    const prev = maps[i - 1];
    const rest = next && next.start === m.end && next.perms === "---p" && !next.name ? next.end - next.start : 0n;
    if (m.start % ARENA === 0n && size + rest === ARENA) {
      arenas++;
      arenaMb += m.rss;
    } else if (prev && prev.end === m.start && prev.perms === "---p" && prev.end - prev.start >= 1n << 30n) wasmMb += m.rss;
  });
  return { arenas, arenaMb, wasmMb };
}

async function scrapeMetrics(port: number): Promise<Partial<Sample>> {
  try {
    const res = await send(`http://127.0.0.1:${port}/metrics`, { timeoutMs: 5000 });
    const text = res.body.toString("utf8");
    const value = (name: string) => {
      const m = new RegExp(`^meridian_${name}(?:\\{[^}]*\\})? ([\\d.e+-]+)$`, "m").exec(text);
      return m ? Number(m[1]) / MB : undefined;
    };
    return {
      heapUsedMb: value("nodejs_heap_size_used_bytes"),
      heapTotalMb: value("nodejs_heap_size_total_bytes"),
      externalMb: value("nodejs_external_memory_bytes"),
      pageCacheMb: value("page_cache_size_bytes"),
      workerThreads: (value("html_workers_threads") ?? Number.NaN) * MB,
    };
  } catch {
    return {};
  }
}

export function sampler(server: RunningServer, metricsPort: number) {
  const samples: Sample[] = [];
  const started = performance.now();
  let phase = "start";
  let timer: NodeJS.Timeout | undefined;
  const take = async () => {
    const { rss, hwm } = procStatus(server.pid);
    const sample: Sample = {
      t: (performance.now() - started) / 1000,
      phase,
      requests: tally.requests,
      rssMb: rss,
      hwmMb: hwm,
      childrenMb: childrenRss(server.pid),
      ...(await scrapeMetrics(metricsPort)),
    };
    samples.push(sample);
    return sample;
  };
  return {
    samples,
    take,
    phase: (name: string) => (phase = name),
    every(ms: number) {
      clearInterval(timer);
      timer = setInterval(() => void take().catch(() => {}), ms);
    },
    stop: () => clearInterval(timer),
  };
}

// ------------------------------------------------------------------------------------------- the load
