/**
 * The backup archive's container: a POSIX (ustar) tar of regular files, written and read as streams. Only what
 * backups need: no links, directories or extended headers. The reader is strict, so a damaged or cut-off archive is
 * refused with the place where it stops making sense, never half read.
 */
import type { Writable } from "node:stream";
import { once } from "node:events";

export const BLOCK = 512;

/** A damaged or truncated archive: `message` says what is wrong, in words an operator can act on. */
export class TarError extends Error {}

const encoder = new TextEncoder();

function writeString(header: Buffer, offset: number, length: number, value: string) {
  const bytes = encoder.encode(value);
  if (bytes.length > length) throw new Error(`tar: "${value}" does not fit in ${length} bytes`);
  header.set(bytes, offset);
}

function writeOctal(header: Buffer, offset: number, length: number, value: number) {
  header.write(`${value.toString(8).padStart(length - 1, "0")}\0`, offset, length, "ascii");
}

/** Sizes of 8 GiB and more do not fit in 11 octal digits: GNU tar's base-256 form (high bit set, big-endian). */
function writeSize(header: Buffer, size: number) {
  if (size < 8 ** 11) return writeOctal(header, 124, 12, size);
  let rest = BigInt(size);
  for (let i = 135; i > 124; i--) {
    header[i] = Number(rest & 0xffn);
    rest >>= 8n;
  }
  header[124] = 0x80;
}

function checksum(header: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : header[i];
  return sum;
}

/** The 512-byte header of a regular file. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  writeString(header, 0, 100, name);
  writeOctal(header, 100, 8, 0o600);
  writeOctal(header, 108, 8, 0);
  writeOctal(header, 116, 8, 0);
  writeSize(header, size);
  writeOctal(header, 136, 12, Math.floor(mtime.getTime() / 1000));
  header[156] = 0x30; // '0': a regular file
  writeString(header, 257, 6, "ustar");
  writeString(header, 263, 2, "00");
  header.write(`${checksum(header).toString(8).padStart(6, "0")}\0 `, 148, 8, "ascii");
  return header;
}

const padding = (size: number) => (BLOCK - (size % BLOCK)) % BLOCK;

/**
 * Writes entries to `out` one after another, waiting whenever `out` asks to (backpressure). `failed` settles with
 * the error of whatever `out` feeds (a gzip stream, the file), so a full disk stops the writer instead of hanging it.
 */
export class TarWriter {
  bytes = 0;
  constructor(
    private readonly out: Writable,
    private readonly failed: Promise<unknown> = new Promise(() => {}),
  ) {}

  private async push(chunk: Uint8Array) {
    this.bytes += chunk.length;
    if (!this.out.write(chunk)) await Promise.race([once(this.out, "drain"), this.failed.then(() => Promise.reject(new Error("the archive stream closed")))]);
  }

  /** One file of exactly `size` bytes from `body`; fewer or more bytes are an error (the header already said `size`). */
  async add(name: string, size: number, body: AsyncIterable<Uint8Array> | Uint8Array, mtime = new Date()) {
    await this.push(tarHeader(name, size, mtime));
    let written = 0;
    const chunks = body instanceof Uint8Array ? [body] : body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > size) throw new Error(`${name} grew while it was copied (more than ${size} bytes)`);
      await this.push(chunk);
    }
    if (written !== size) throw new Error(`${name} ended after ${written} of ${size} bytes`);
    const pad = padding(size);
    if (pad) await this.push(Buffer.alloc(pad));
  }

  /** The end-of-archive marker: two empty blocks. */
  async finish() {
    await this.push(Buffer.alloc(BLOCK * 2));
  }
}

/** Reads exact byte counts from a stream of chunks; `null` at a clean end. */
class ByteReader {
  private buffered: Buffer[] = [];
  private length = 0;
  offset = 0;
  private done = false;
  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  private async fill(n: number): Promise<boolean> {
    while (this.length < n && !this.done) {
      const next = await this.source.next();
      if (next.done) this.done = true;
      else if (next.value.length) {
        this.buffered.push(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.length));
        this.length += next.value.length;
      }
    }
    return this.length >= n;
  }

  private take(n: number): Buffer {
    const all = this.buffered.length === 1 ? this.buffered[0] : Buffer.concat(this.buffered);
    const out = all.subarray(0, n);
    const rest = all.subarray(n);
    this.buffered = rest.length ? [rest] : [];
    this.length = rest.length;
    this.offset += n;
    return out;
  }

  /** Exactly `n` bytes, or null when the stream ends first. */
  async exact(n: number): Promise<Buffer | null> {
    if (!(await this.fill(n))) return null;
    return this.take(n);
  }

  /** Up to `max` bytes that are already here or arrive next; throws TarError when the stream ends first. */
  async piece(max: number, what: string): Promise<Buffer> {
    if (this.length === 0 && !(await this.fill(1))) throw new TarError(`it ends early, inside ${what} (truncated)`);
    return this.take(Math.min(max, this.length));
  }
}

function readOctal(header: Buffer, offset: number, length: number): number {
  const text = header
    .subarray(offset, offset + length)
    .toString("ascii")
    .replace(/[\0 ]+$/, "")
    .trim();
  if (!/^[0-7]*$/.test(text)) return NaN;
  return text ? parseInt(text, 8) : 0;
}

function readSize(header: Buffer): number {
  if (header[124] & 0x80) {
    let size = 0n;
    for (let i = 125; i < 136; i++) size = (size << 8n) | BigInt(header[i]);
    return Number(size);
  }
  return readOctal(header, 124, 12);
}

function readString(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("utf8");
}

export type TarEntry = {
  name: string;
  size: number;
  /** The entry's bytes, valid until the next entry is asked for (what is left unread is skipped). */
  body: AsyncGenerator<Buffer>;
};

/**
 * The entries of a tar stream, in order. Throws TarError for a header whose checksum or fields are wrong, an entry
 * of a kind backups never write, and a stream that ends before the end-of-archive marker.
 */
export async function* readTar(source: AsyncIterable<Uint8Array>): AsyncGenerator<TarEntry> {
  const reader = new ByteReader(source[Symbol.asyncIterator]());
  for (;;) {
    const at = reader.offset;
    const header = await reader.exact(BLOCK);
    if (!header) throw new TarError("it ends early, before the end of the archive (truncated)");
    if (header.every((b) => b === 0)) {
      if (!(await reader.exact(BLOCK))) throw new TarError("it ends early, inside the end-of-archive marker (truncated)");
      return;
    }
    const stored = readOctal(header, 148, 8);
    if (stored !== checksum(header)) throw new TarError(`the tar header at byte ${at} is corrupt (its checksum does not match)`);
    if (readString(header, 257, 6) !== "ustar") throw new TarError(`the tar header at byte ${at} is not a ustar header`);
    const type = header[156];
    const size = readSize(header);
    const prefix = readString(header, 345, 155);
    const name = (prefix ? `${prefix}/` : "") + readString(header, 0, 100);
    if (type !== 0x30 && type !== 0) throw new TarError(`${name} is not a regular file (tar type ${String.fromCharCode(type)})`);
    if (!Number.isSafeInteger(size) || size < 0) throw new TarError(`the tar header of ${name} has no valid size`);
    // What the consumer leaves unread is skipped before the next header.
    const state = { left: size };
    const body = (async function* () {
      while (state.left > 0) {
        const piece = await reader.piece(state.left, name);
        state.left -= piece.length;
        yield piece;
      }
    })();
    yield { name, size, body };
    while (state.left > 0) state.left -= (await reader.piece(state.left, name)).length;
    const pad = padding(size);
    if (pad && !(await reader.exact(pad))) throw new TarError(`it ends early, after ${name} (truncated)`);
  }
}

/**
 * A copy of an in-memory tar (any tar of regular files and folders, such as PGlite's dump) without the entries
 * `keep` refuses. Stops at the end-of-archive marker.
 */
export function filterTar(tar: Uint8Array, keep: (name: string) => boolean): Buffer {
  const source = Buffer.from(tar.buffer, tar.byteOffset, tar.length);
  const parts: Buffer[] = [];
  for (let at = 0; at + BLOCK <= source.length;) {
    const header = source.subarray(at, at + BLOCK);
    if (header.every((b) => b === 0)) break;
    const size = header[156] === 0x30 || header[156] === 0 ? readSize(header) : 0;
    const prefix = readString(header, 345, 155);
    const name = (prefix ? `${prefix}/` : "") + readString(header, 0, 100);
    const span = BLOCK + size + padding(size);
    if (!Number.isSafeInteger(size) || at + span > source.length) throw new TarError(`the tar entry ${name} runs past the end`);
    if (keep(name)) parts.push(source.subarray(at, at + span));
    at += span;
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}
