/**
 * npm run bench:viewer — the data-room viewer's server side on this machine: time to a reader's first page image,
 * the event loop while a whole document is drawn, memory, and the encoding of watermarked pages.
 *
 * Runs the library in this process, as the server does (no HTTP, no database): poppler in child processes
 * (server/lib/pdf-render.ts), the watermark with sharp (server/lib/watermark.ts), the stamped download in the worker
 * pool (server/lib/pdf-stamp.ts). The PDFs are made here with pdf-lib: text pages of 40 lines (a report's body text).
 *
 * 1. First page image (page 1 at 1200 px, drawn if needed, then watermarked for a new view, so its overlay is drawn
 *    too), BENCH_ROUNDS times each on a 50-page PDF:
 *    - not cached: a copy of the file never seen before (pdfinfo runs, the page is drawn and stored);
 *    - cached: every page already in the disk cache (pdfinfo's answer remembered, as on a running server).
 * 2. All 100 pages of a 100-page PDF asked for at once (1200 px, not cached), twice: drawn only, then drawn and
 *    watermarked; the event loop's delay is sampled by monitorEventLoopDelay at 10 ms resolution. A third run samples
 *    memory: this process's RSS every 20 ms above its idle RSS, and each child's VmHWM from /proc every 10 ms.
 * 3. Encoding: a dense text page and a photograph page at 1200 px, watermarked, as WebP (what watermarkPage chooses)
 *    and as JPEG quality 82.
 * 4. A stamped download of the 50-page PDF (the worker already started).
 *
 * Knobs (environment variables):
 *   BENCH_ROUNDS=10   rounds of each first-page measurement
 *   BENCH_WRITE=1     0 prints the results without touching docs/performance.md
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { PDFDocument } from "@cantoo/pdf-lib";
import sharp from "sharp";
import { decompressionBomb, numberedPdf } from "../tests/helpers/pdf-fixtures";
import { closePdfTools, onPdfChild, pdfInfo, pdfRenderLimits, pdfToolsAvailable, renderPage, setPdfRenderLimits } from "../server/lib/pdf-render";
import { createPageCache } from "../server/lib/pdf-page-cache";
import { stampedPdf } from "../server/lib/pdf-stamp";
import { cachedWatermarkOverlay, watermarkLines, watermarkPage } from "../server/lib/watermark";
import { closeHtmlWorkers } from "../server/workers/html-pool";
import { BenchError, describeMachine, envFlag, envNumber, machine, markdownTable, median, ROOT, textTable, writeDocSection } from "./bench-common";

const ROUNDS = Math.max(1, Math.round(envNumber("BENCH_ROUNDS", 10)));
const WIDTH = 1200;
const MB = 1024 * 1024;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};
const ms = (n: number) => `${n.toFixed(0)} ms`;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;

let viewCounter = 0;
const newViewLines = () => watermarkLines({ name: "محمد عبد الله", email: "m.abdullah@example.com", at: new Date(), viewId: `bench${++viewCounter}` });

/** Peak resident memory of every child started while sampling is on, from /proc/<pid>/status (VmHWM). */
function sampleChildren() {
  let peak = 0;
  const timers = new Set<NodeJS.Timeout>();
  onPdfChild((pid) => {
    const timer = setInterval(() => {
      try {
        const hwm = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
        if (hwm) peak = Math.max(peak, Number(hwm[1]) * 1024);
      } catch {
        clearInterval(timer);
        timers.delete(timer);
      }
    }, 10);
    timers.add(timer);
  });
  return () => {
    onPdfChild(undefined);
    for (const timer of timers) clearInterval(timer);
    return peak;
  };
}

/** This process's RSS, sampled every 20 ms, as its peak above `idle`. */
function sampleRss(idle: number) {
  let peak = idle;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  return () => {
    clearInterval(timer);
    return Math.max(0, peak - idle);
  };
}

async function allPages(file: string, dir: string, key: string, watermark: boolean) {
  const cache = createPageCache(dir);
  const { pages } = await pdfInfo(file);
  const lines = newViewLines();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: pages }, async (_, i) => {
      const png = await cache.renderCached(file, key, i + 1, WIDTH);
      if (watermark) await watermarkPage(png, lines);
    }),
  );
  return performance.now() - started;
}

async function main() {
  if (!(await pdfToolsAvailable())) throw new BenchError("poppler-utils are not installed (apt-get install poppler-utils).");
  const m = machine();
  const work = path.join(ROOT, "tmp", `bench-viewer-${Date.now().toString(36)}`);
  mkdirSync(work, { recursive: true });
  try {
    console.log(`Data-room viewer benchmark · ${describeMachine(m)}\nWorking in ${path.relative(ROOT, work)} ...`);
    const fifty = await numberedPdf(50, { lines: 40 });
    const hundred = await numberedPdf(100, { lines: 40 });
    const fiftyFile = path.join(work, "fifty.pdf");
    const hundredFile = path.join(work, "hundred.pdf");
    writeFileSync(fiftyFile, fifty);
    writeFileSync(hundredFile, hundred);
    // Warm-up: the first sharp text drawing loads fontconfig and the font; the first child loads poppler from disk.
    await watermarkPage(await renderPage(fiftyFile, 1, WIDTH), newViewLines());

    // 1. First page image.
    const uncached: number[] = [];
    const cached: number[] = [];
    const nextPage: number[] = [];
    const warmCache = createPageCache(path.join(work, "cache-warm"));
    await warmCache.prerender(fiftyFile, "fifty", WIDTH);
    for (let round = 0; round < ROUNDS; round++) {
      const copy = path.join(work, `fifty-${round}.pdf`);
      writeFileSync(copy, fifty);
      const cold = createPageCache(path.join(work, `cache-cold-${round}`));
      let t = performance.now();
      await pdfInfo(copy);
      await watermarkPage(await cold.renderCached(copy, "fifty", 1, WIDTH), newViewLines());
      uncached.push(performance.now() - t);

      const lines = newViewLines();
      t = performance.now();
      await pdfInfo(fiftyFile);
      await watermarkPage(await warmCache.renderCached(fiftyFile, "fifty", 1, WIDTH), lines);
      cached.push(performance.now() - t);
      // The next page of the same view: the overlay is remembered.
      t = performance.now();
      await watermarkPage(await warmCache.renderCached(fiftyFile, "fifty", 2, WIDTH), lines);
      nextPage.push(performance.now() - t);
    }

    // 2. A whole document at once: the event loop, then memory.
    setPdfRenderLimits({ maxWaiting: 200 });
    const loop: { label: string; seconds: number; max: number; p99: number; mean: number }[] = [];
    for (const watermark of [false, true]) {
      const histogram = monitorEventLoopDelay({ resolution: 10 });
      histogram.enable();
      const elapsed = await allPages(hundredFile, path.join(work, `cache-loop-${watermark}`), "hundred", watermark);
      histogram.disable();
      loop.push({
        label: watermark ? "drawn and watermarked" : "drawn only",
        seconds: elapsed / 1000,
        max: histogram.max / 1e6,
        p99: histogram.percentile(99) / 1e6,
        mean: histogram.mean / 1e6,
      });
    }
    global.gc?.();
    await new Promise((r) => setTimeout(r, 500));
    const idleRss = process.memoryUsage().rss;
    const stopRss = sampleRss(idleRss);
    const stopChildren = sampleChildren();
    await allPages(hundredFile, path.join(work, "cache-memory"), "hundred", true);
    const rssAbove = stopRss();
    const childPeak = stopChildren();

    // Why the tools start from the spawner: what a fork of this process itself holds its event loop for.
    const forkTimes: number[] = [];
    for (let i = 0; i < 20; i++) {
      const t = performance.now();
      const child = spawn("true", [], { stdio: "ignore" });
      forkTimes.push(performance.now() - t);
      await new Promise((resolve) => child.on("close", resolve));
    }
    const forkRss = process.memoryUsage().rss;

    // 3. Encoding of a watermarked page.
    const photoPdf = await PDFDocument.create();
    const photo = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 60 } } })
      .blur(3)
      .jpeg({ quality: 85 })
      .toBuffer();
    photoPdf.addPage([595, 842]).drawImage(await photoPdf.embedJpg(photo), { x: 0, y: 0, width: 595, height: 842 });
    const photoFile = path.join(work, "photo.pdf");
    writeFileSync(photoFile, await photoPdf.save());
    const encoding: string[][] = [];
    for (const [label, file] of [
      ["text page (40 lines)", fiftyFile],
      ["photograph page", photoFile],
    ] as const) {
      const png = await renderPage(file, 1, WIDTH);
      const lines = newViewLines();
      const { width, height } = await sharp(png).metadata();
      const overlay = await cachedWatermarkOverlay(lines, width!, height!);
      const time = async (encode: () => Promise<Buffer>) => {
        const times: number[] = [];
        let size = 0;
        for (let i = 0; i < 5; i++) {
          const t = performance.now();
          size = (await encode()).length;
          times.push(performance.now() - t);
        }
        return { size, ms: median(times) };
      };
      const webp = await time(() => watermarkPage(png, lines));
      const jpeg = await time(() =>
        sharp(png)
          .composite([{ input: overlay }])
          .flatten({ background: "#ffffff" })
          .jpeg({ quality: 82 })
          .toBuffer(),
      );
      encoding.push([label, kb(png.length), kb(webp.size), ms(webp.ms), kb(jpeg.size), ms(jpeg.ms)]);
    }

    // 4. A stamped download (the first call starts the worker thread).
    await stampedPdf(fiftyFile, newViewLines());
    const stampTimes: number[] = [];
    let stampedSize = 0;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      stampedSize = (await stampedPdf(fiftyFile, newViewLines())).length;
      stampTimes.push(performance.now() - t);
    }

    // A decompression bomb (a 400 MB image and 256 MB of content, 650 KB of file) as one page.
    const bombFile = path.join(work, "bomb.pdf");
    writeFileSync(bombFile, await decompressionBomb());
    const t = performance.now();
    const bombOutcome = await renderPage(bombFile, 1, WIDTH).then(
      () => "drawn",
      (err: Error) => err.message,
    );
    const bombMs = performance.now() - t;

    // Results.
    const firstRows = [
      ["not cached (pdfinfo, draw, store, watermark)", ms(median(uncached)), ms(percentile(uncached, 90)), ms(Math.max(...uncached))],
      ["cached (read, watermark with a new overlay)", ms(median(cached)), ms(percentile(cached, 90)), ms(Math.max(...cached))],
      ["next page of the same view (cached)", ms(median(nextPage)), ms(percentile(nextPage, 90)), ms(Math.max(...nextPage))],
    ];
    const ratio = median(uncached) / median(cached);
    const loopRows = loop.map((l) => [l.label, `${l.seconds.toFixed(1)} s`, ms(l.max), ms(l.p99), `${l.mean.toFixed(1)} ms`]);
    const memoryRows = [
      ["server process RSS above idle (peak)", mb(rssAbove)],
      ["one child's peak RSS (pdfinfo / pdftoppm, VmHWM)", mb(childPeak)],
      ["children's address-space limit (prlimit --as)", mb(pdfRenderLimits().memoryBytes)],
      [`one fork of this process itself (RSS ${mb(forkRss)}), median of 20`, ms(median(forkTimes))],
    ];
    const firstHeader = [`first page image, ${WIDTH} px, 50-page PDF (${ROUNDS} rounds)`, "median", "p90", "max"];
    const loopHeader = ["all 100 pages at once, 1200 px, 2 children", "total", "loop delay max", "p99", "mean"];
    const encHeader = ["watermarked page, 1200 px", "page PNG", "WebP (chosen)", "encode", "JPEG q82", "encode"];
    console.log(`\n${textTable(firstHeader, firstRows)}\n  not cached / cached: ${ratio.toFixed(1)}x`);
    console.log(`\n${textTable(loopHeader, loopRows)}`);
    console.log(`\n${textTable(["memory while drawing and watermarking 100 pages", "value"], memoryRows)}`);
    console.log(`\n${textTable(encHeader, encoding)}`);
    console.log(`\nstamped download of the 50-page PDF: median ${ms(median(stampTimes))} (${kb(fifty.length)} -> ${kb(stampedSize)})`);
    console.log(`decompression bomb page: ${bombOutcome} in ${ms(bombMs)}`);

    if (!envFlag("BENCH_WRITE", true)) return;
    const target = loop.every((l) => l.max < 100) ? "under" : "over";
    writeDocSection(
      "viewer",
      `## Data-room viewer (\`npm run bench:viewer\`)

Measured ${describeMachine(m)}.

The library the data-room viewer calls, in one process as the server runs it (no HTTP, no database): pages drawn by
poppler's \`pdftoppm\` in child processes (at most 2 at once, each under \`prlimit\`, started by a small spawner
process), written as uncompressed TIFF and encoded as PNG by sharp, then watermarked with sharp
(server/lib/pdf-render.ts, server/lib/watermark.ts). The script makes its PDFs with pdf-lib: A4 text pages of 40
lines. A first page image is page 1 at ${WIDTH} px, watermarked for a new view (its overlay drawn too). "Not cached"
is a copy of the file the process has never seen (pdfinfo runs, the page is drawn and stored); "cached" has every
page in the disk cache already (pre-rendered when the version was published). With other work on the machine (the
load average above), every figure grows with it; compare the ratios.

${markdownTable(firstHeader, firstRows)}

Not cached / cached: **${ratio.toFixed(1)}x** (medians).
The watermark (a new view's overlay, then the page's encoding) is most of a first page; drawing it is the rest.

The event loop while all 100 pages of a 100-page PDF are asked for at once (none cached), sampled by
\`monitorEventLoopDelay\` at 10 ms resolution. The target is a maximum under 100 ms; it was ${target}:

${markdownTable(loopHeader, loopRows)}

Memory in a third run of the watermarked case: the process's RSS sampled every 20 ms above its idle RSS, and each
child's peak from \`/proc/<pid>/status\` (VmHWM) sampled every 10 ms. The last line is why the children are started by
the spawner (a 40 MB process) and not by the server: a fork holds the forking thread while the kernel copies its page
tables, and the server's thread is its event loop.

${markdownTable(["memory while drawing and watermarking 100 pages", "value"], memoryRows)}

The watermarked page's encoding (median of 5): a text page is sent as lossless WebP (small type stays exact, where
JPEG rings around black edges and is larger), a scan or photograph as lossy WebP at quality 80, chosen by the drawn
page's PNG bytes per pixel.

${markdownTable(encHeader, encoding)}

A stamped download of the 50-page PDF (pdf-lib in the worker pool, its thread already started):
median ${ms(median(stampTimes))}, ${kb(fifty.length)} -> ${kb(stampedSize)}.
A decompression bomb (one page drawing a 400 MB image over 256 MB of content, in 650 KB of file):
${bombOutcome === "drawn" ? "drawn" : "refused"} in ${ms(bombMs)} (the time limit is ${pdfRenderLimits().renderTimeoutMs / 1000} s).

Two choices this rests on, measured while building it (the same machine, with other work on it, load average 4-5):
pdftoppm's own \`-png\` took 330 ms for a text page at 1200 px that it draws in 30 ms, so it writes uncompressed TIFF
and sharp encodes the PNG (100 pages drawn only: 25.9 s before, 9.7 s after); and the server starting the tools itself
spent 2.6 s of its main thread in \`ChildProcess.spawn\` over those 100 pages (a CPU profile), which the spawner
takes out of it.`,
    );
  } finally {
    closePdfTools();
    await closeHtmlWorkers();
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err instanceof BenchError ? err.message : err);
  process.exit(1);
});
