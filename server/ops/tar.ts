/**
 * The backup archive's container: a ustar tar of regular files, written and read as streams with tar-stream. This
 * module adds what backups need on top: exact sizes with backpressure on the way out, and on the way in a strict
 * reading where a damaged or cut-off archive is refused in words an operator can act on, never half read.
 */
import type { Writable } from "node:stream";
import { extract as tarExtract, pack as tarPack, type Extract } from "tar-stream";

export const BLOCK = 512;

/** A damaged or truncated archive: `message` says what is wrong, in words an operator can act on. */
export class TarError extends Error {}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

const asBuffer = (chunk: Uint8Array) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));

type Emitter = { on(event: "drain" | "close" | "error", fn: () => void): unknown; off(event: "drain" | "close" | "error", fn: () => void): unknown };

/** Settles when `stream` may take more, or has closed or failed (the caller then looks at which). */
function drained(stream: Emitter): Promise<void> {
  return new Promise((resolve) => {
    const events = ["drain", "close", "error"] as const;
    const done = () => {
      for (const event of events) stream.off(event, done);
      resolve();
    };
    for (const event of events) stream.on(event, done);
  });
}

/**
 * Writes entries to `out` one after another, waiting whenever `out` asks to (backpressure). `failed` settles with
 * the error of whatever `out` feeds (a gzip stream, the file), so a full disk stops the writer instead of hanging it.
 */
export class TarWriter {
  private readonly pack = tarPack();
  private readonly pumped: Promise<void>;
  private failure: unknown;

  constructor(out: Writable, failed?: Promise<unknown>) {
    this.pumped = this.pump(out, failed);
    // What stops the archive is reported by add() and finish(), never as a stray 'error' event.
    this.pumped.catch(() => {});
    this.pack.on("error", () => {});
  }

  private async pump(out: Writable, failed?: Promise<unknown>) {
    const chunks = this.pack[Symbol.asyncIterator]();
    try {
      for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
        if (out.write(next.value)) continue;
        await drained(out);
        if (!out.destroyed) continue;
        const reason = await failed?.then(
          () => undefined,
          (err: unknown) => err,
        );
        throw reason ?? new Error("the archive stream closed");
      }
    } catch (err) {
      this.failure ??= err;
      this.pack.destroy(err as Error);
      throw err;
    }
  }

  /** Throws what stopped the archive, if anything did. */
  private check(entry?: { destroying: boolean }) {
    if (this.failure) throw this.failure;
    if (entry?.destroying) throw new Error("the archive stream closed");
  }

  /** One file of exactly `size` bytes from `body`; fewer or more bytes are an error (the header already said `size`). */
  async add(name: string, size: number, body: AsyncIterable<Uint8Array> | Uint8Array, mtime = new Date()) {
    this.check();
    // Plain ustar headers only: longer or non-ASCII names would need extension headers, which the reader refuses.
    if (name.length > 100 || /[^\x20-\x7e]/.test(name)) throw new Error(`tar: the entry name "${name}" is not up to 100 ASCII characters`);
    let entryError: Error | null | undefined;
    const entry = this.pack.entry({ name, size, mtime, mode: 0o600, type: "file" }, (err) => (entryError = err));
    entry.on("error", () => {});
    try {
      let written = 0;
      for await (const chunk of body instanceof Uint8Array ? [body] : body) {
        written += chunk.length;
        if (written > size) throw new Error(`${name} grew while it was copied (more than ${size} bytes)`);
        if (!entry.write(asBuffer(chunk)) && !entry.destroying) await drained(entry);
        this.check(entry);
      }
      if (written !== size) throw new Error(`${name} ended after ${written} of ${size} bytes`);
      entry.end(undefined);
      if (!entry.destroyed) await new Promise<void>((resolve) => entry.once("close", () => resolve()));
      this.check();
      if (entryError) throw entryError;
    } catch (err) {
      this.failure ??= err;
      this.pack.destroy(err as Error);
      throw err;
    }
  }

  /** The end-of-archive marker (two empty blocks), then waits until everything is handed to `out`. */
  async finish() {
    this.check();
    this.pack.finalize();
    await this.pumped;
  }
}

export type TarEntry = {
  name: string;
  size: number;
  /** The entry's bytes, valid until the next entry is asked for (what is left unread is skipped). */
  body: AsyncGenerator<Buffer>;
};

/** Feeds `source` to `extract` with backpressure; `state` counts the bytes and keeps the source's own error. */
async function feed(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>, extract: Extract, state: { fed: number; sourceError?: unknown }) {
  try {
    for await (const chunk of source) {
      if (extract.destroying) return;
      state.fed += chunk.length;
      if (!extract.write(asBuffer(chunk))) await drained(extract);
    }
    extract.end(undefined);
  } catch (err) {
    state.sourceError = err;
    extract.destroy(err as Error);
  }
}

/**
 * The entries of a tar stream, in order; reads `source` to its end (for gzip, that checks its trailer). Throws
 * TarError for a header whose checksum or fields are wrong, an entry of a kind backups never write, data after the
 * end-of-archive marker, and a stream that ends before that marker. Errors of `source` itself pass unchanged.
 */
export async function* readTar(source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const extract = tarExtract();
  const state: { fed: number; sourceError?: unknown } = { fed: 0 };
  const feeding = feed(source, extract, state);
  let end = 0; // where the entries read so far end, padding included
  let last: string | undefined;
  let inside: string | undefined; // the entry whose bytes have not all arrived

  // tar-stream's errors are plain Errors with fixed messages; each becomes the operator's sentence with a place.
  const explain = (err: unknown): unknown => {
    if (err instanceof TarError || err === state.sourceError) return err;
    const message = err instanceof Error ? err.message : String(err);
    const where = last ? `after ${last}` : "at its start";
    if (message === "Unexpected end of data") {
      if (inside) return new TarError(`it ends early, inside ${inside} (truncated)`);
      if (state.fed < end) return new TarError(`it ends early, after ${last} (truncated)`);
      if (state.fed - end >= 2 * BLOCK) return new TarError(`it has stray bytes after its end-of-archive marker`);
      return new TarError("it ends early, before the end of the archive (truncated)");
    }
    if (message.startsWith("Invalid tar header. Maybe")) return new TarError(`the tar header ${where} is corrupt (its checksum does not match)`);
    if (message.startsWith("Invalid tar header: unknown format")) return new TarError(`the tar header ${where} is not a ustar header`);
    if (message === "Invalid header") return new TarError(`the tar header ${where} has no valid size`);
    return new TarError(`it cannot be read as tar ${where} (${message})`);
  };

  try {
    for await (const entry of extract) {
      const { name, size, type } = entry.header;
      // Zero blocks (an end-of-archive marker) or extension headers before this one: backups write neither.
      if (entry.offset !== end) throw new TarError(`it holds data after its end-of-archive marker, or tar extension headers, before ${name}`);
      if (type !== "file") throw new TarError(`${name} is not a regular file (tar type ${type ?? "unknown"})`);
      if (!Number.isSafeInteger(size) || size < 0) throw new TarError(`the tar header of ${name} has no valid size`);
      const bytes = entry[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
      inside = size > 0 ? name : undefined;
      const next = async () => {
        try {
          const piece = await bytes.next();
          if (piece.done) inside = undefined;
          return piece;
        } catch (err) {
          throw explain(err);
        }
      };
      // Its own loop, not for-await over the entry: leaving that early would destroy the whole extraction.
      const body = (async function* () {
        for (let piece = await next(); !piece.done; piece = await next()) yield piece.value;
      })();
      yield { name, size, body };
      while (!(await next()).done);
      end = entry.offset + BLOCK + size + padding(size);
      last = name;
    }
    await feeding;
    if (state.fed - end === 0) throw new TarError("it ends early, before the end of the archive (truncated)");
    if (state.fed - end < 2 * BLOCK) throw new TarError("it ends early, inside the end-of-archive marker (truncated)");
  } catch (err) {
    throw explain(err);
  } finally {
    extract.destroy();
  }
}

/**
 * A copy of an in-memory tar (any tar of regular files and folders, such as PGlite's dump) without the entries
 * `keep` refuses. The headers are written again by tar-stream; each kept file's bytes are a view of `tar`.
 */
export async function filterTar(tar: Uint8Array, keep: (name: string) => boolean): Promise<Buffer> {
  const extract = tarExtract();
  const pack = tarPack();
  const parts: Buffer[] = [];
  pack.on("data", (chunk: unknown) => parts.push(chunk as Buffer));
  const packed = new Promise<void>((resolve, reject) => pack.on("end", () => resolve()).on("error", reject));
  extract.end(asBuffer(tar));
  try {
    for await (const entry of extract) {
      if (!keep(entry.header.name)) {
        entry.resume();
        continue;
      }
      const pieces: Buffer[] = [];
      for await (const piece of entry) pieces.push(piece as Buffer);
      pack.entry(entry.header, pieces.length === 1 ? pieces[0] : Buffer.concat(pieces));
    }
  } catch (err) {
    throw new TarError(`the tar to filter cannot be read (${(err as Error).message})`);
  }
  pack.finalize();
  await packed;
  return Buffer.concat(parts);
}
