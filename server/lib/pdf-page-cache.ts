/**
 * The disk cache of page images: each page of a document version drawn once per width (./pdf-render.ts) and kept
 * as a file, bounded in bytes, the least recently read going first; pre-rendering fills it in the background.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, stat, unlink, utimes, writeFile } from "node:fs/promises";
import path from "node:path";
import { AppError } from "./errors";
import { pdfInfo, renderPage } from "./pdf-render";
import { nearestWidth } from "./pdf-tools";
import { TEMP_PREFIX, type PageWidth, type Priority } from "./pdf-tools";

export type PrerenderResult = { rendered: number; cached: number; failed: number; stopped?: AppError | Error };

export type PageCache = {
  readonly dir: string;
  /** The cached image of a page, or undefined. */
  get(versionKey: string, width: number, page: number): Promise<Buffer | undefined>;
  /** Stores a page's image (a temporary file, then renamed: a reader never sees half a file). */
  put(versionKey: string, width: number, page: number, png: Uint8Array): Promise<void>;
  /**
   * A page's image at the allowed width nearest `width`: from the cache, or drawn and stored. Calls for the same page
   * at the same time share one drawing; a call for a page that background pre-rendering has queued moves it ahead.
   */
  renderCached(file: string, versionKey: string, page: number, width: number): Promise<Buffer>;
  /**
   * Draws every page not yet cached, one at a time, behind interactive calls. Stops at the first error that concerns
   * the whole file (encrypted, unreadable) or when the version is removed; a page over a limit counts as failed.
   * A second call for the same version and width while one runs answers the same promise.
   */
  prerender(file: string, versionKey: string, width: number, pages?: number): Promise<PrerenderResult>;
  /** Removes every cached page of a version, and stops its pre-rendering. */
  removeVersion(versionKey: string): Promise<void>;
  /** Resolves once removing the least recently used pages (past the size limit) has finished. */
  settled(): Promise<void>;
};

const exists = (file: string) =>
  stat(file).then(
    () => true,
    () => false,
  );

const VERSION_KEY = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,127}$/;

function checkVersionKey(versionKey: string) {
  if (!VERSION_KEY.test(versionKey) || versionKey.includes("..")) throw new Error(`invalid page cache version key: ${JSON.stringify(versionKey)}`);
}

/**
 * A cache of page images under `dir`: `dir/<versionKey>/<width>/<page>.png`. `versionKey` names one stored version of
 * a document (letters, digits, `_ . -`), so a new version never shows an old version's pages. `onError` hears of a
 * page that was drawn but could not be stored (a full disk): the page is still answered.
 */
export function createPageCache(dir: string, opts: { onError?: (err: unknown) => void; maxBytes?: number } = {}): PageCache {
  const root = path.resolve(dir);
  const maxBytes = opts.maxBytes ?? Infinity;
  /** The bytes under `root` as far as this process knows: counted once when first needed, then kept up to date. */
  let knownBytes: number | undefined;
  let trimming: Promise<void> | undefined;
  const inFlight = new Map<string, { promise: Promise<Buffer>; priority: Priority }>();
  const prerendering = new Map<string, Promise<PrerenderResult>>();
  /** Bumped by removeVersion: a drawing that started before is not stored, and pre-rendering stops. */
  const generation = new Map<string, number>();
  const gen = (versionKey: string) => generation.get(versionKey) ?? 0;

  const fileOf = (versionKey: string, width: number, page: number) => {
    checkVersionKey(versionKey);
    if (!Number.isInteger(width) || width < 1 || !Number.isInteger(page) || page < 1) throw new Error(`invalid page cache entry: ${width}/${page}`);
    return path.join(root, versionKey, String(width), `${page}.png`);
  };

  /** Every cached page with its size and last use (its modification time, moved forward on each hit). */
  async function entries(): Promise<{ file: string; size: number; used: number }[]> {
    const found: { file: string; size: number; used: number }[] = [];
    const files = await readdir(root, { recursive: true }).catch(() => [] as string[]);
    for (const name of files) {
      if (!name.endsWith(".png")) continue;
      const file = path.join(root, name);
      const info = await stat(file).catch(() => null);
      if (info?.isFile()) found.push({ file, size: info.size, used: info.mtimeMs });
    }
    return found;
  }

  /**
   * Keeps the cache within maxBytes: past it, the least recently used pages are removed until it holds at most 90 %
   * of it, so a busy cache is not trimmed on every page. Other instances may share the folder; each counts what it sees.
   */
  function trim(added: number) {
    if (maxBytes === Infinity) return;
    if (knownBytes !== undefined) knownBytes += added;
    if ((knownBytes !== undefined && knownBytes <= maxBytes) || trimming) return;
    trimming = (async () => {
      const all = await entries();
      let total = all.reduce((sum, e) => sum + e.size, 0);
      if (total > maxBytes) {
        for (const e of all.sort((a, b) => a.used - b.used)) {
          if (total <= maxBytes * 0.9) break;
          if (
            await unlink(e.file).then(
              () => true,
              () => false,
            )
          )
            total -= e.size;
        }
      }
      knownBytes = total;
    })()
      .catch((err: unknown) => opts.onError?.(err))
      .finally(() => (trimming = undefined));
  }

  const get = async (versionKey: string, width: number, page: number) => {
    try {
      const file = fileOf(versionKey, width, page);
      const png = await readFile(file);
      if (maxBytes !== Infinity) {
        const now = new Date();
        await utimes(file, now, now).catch(() => {});
      }
      return png;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw err;
    }
  };

  const put = async (versionKey: string, width: number, page: number, png: Uint8Array) => {
    const target = fileOf(versionKey, width, page);
    await mkdir(path.dirname(target), { recursive: true });
    const temp = path.join(path.dirname(target), `${TEMP_PREFIX}${page}-${randomBytes(6).toString("hex")}`);
    try {
      await writeFile(temp, png);
      await rename(temp, target);
    } catch (err) {
      await unlink(temp).catch(() => {});
      throw err;
    }
    trim(png.byteLength);
  };

  const draw = (file: string, versionKey: string, page: number, width: PageWidth, priority: Priority): Promise<Buffer> => {
    const key = `${versionKey}/${width}/${page}`;
    const running = inFlight.get(key);
    if (running) {
      if (!priority.background && running.priority.background) running.priority.promote?.();
      return running.promise;
    }
    const started = gen(versionKey);
    const promise = (async () => {
      const cached = await get(versionKey, width, page);
      if (cached) return cached;
      const png = await renderPage(file, page, width, priority);
      if (gen(versionKey) === started) {
        await put(versionKey, width, page, png).catch((err) => opts.onError?.(err));
      }
      return png;
    })().finally(() => inFlight.delete(key));
    inFlight.set(key, { promise, priority });
    return promise;
  };

  const prerenderAll = async (file: string, versionKey: string, width: PageWidth, pages: number | undefined): Promise<PrerenderResult> => {
    const started = gen(versionKey);
    const result: PrerenderResult = { rendered: 0, cached: 0, failed: 0 };
    try {
      const count = pages ?? (await pdfInfo(file, { background: true })).pages;
      for (let page = 1; page <= count; page++) {
        if (gen(versionKey) !== started) break;
        if (await exists(fileOf(versionKey, width, page))) {
          result.cached++;
          continue;
        }
        try {
          await draw(file, versionKey, page, width, { background: true });
          result.rendered++;
        } catch (err) {
          // A page over a limit is skipped (it answers its error when asked for); anything else stops the run.
          if (err instanceof AppError && err.messageId === "errors.pdf.tooComplex") result.failed++;
          else throw err;
        }
      }
    } catch (err) {
      result.stopped = err as Error;
    }
    return result;
  };

  return {
    dir: root,
    get,
    put,
    settled: async () => {
      await trimming;
    },
    renderCached: (file, versionKey, page, width) => draw(file, versionKey, page, nearestWidth(width), { background: false }),
    prerender(file, versionKey, width, pages) {
      checkVersionKey(versionKey);
      const w = nearestWidth(width);
      const key = `${versionKey}/${w}`;
      let pending = prerendering.get(key);
      if (!pending) {
        pending = prerenderAll(file, versionKey, w, pages).finally(() => prerendering.delete(key));
        prerendering.set(key, pending);
      }
      return pending;
    },
    async removeVersion(versionKey) {
      checkVersionKey(versionKey);
      generation.set(versionKey, gen(versionKey) + 1);
      await rm(path.join(root, versionKey), { recursive: true, force: true });
      knownBytes = undefined;
    },
  };
}
