/**
 * A zip upload read without believing what it says about itself. The sizes a zip declares (in its central directory
 * and its local headers) are the writer's word: a 1 MB file can declare 2 KB and inflate to a gigabyte. So every part
 * is inflated here, its bytes counted as they come out, and the reading stops the moment the count passes a limit;
 * memory stays bounded (one zlib chunk when only counting) whatever the file declares.
 *
 * Inflation runs in zlib's thread pool (node:zlib streams), so counting a file's bytes never holds the event loop.
 */
import { createInflateRaw } from "node:zlib";

export type ZipEntry = {
  name: string;
  /** 0 stored, 8 deflated; anything else is refused when the zip is read. */
  method: number;
  /** The packed bytes, from the central directory (readers find the data with it, so it cannot lie and still be read). */
  packedBytes: number;
  /** Where the packed bytes start, from the entry's local header. */
  dataStart: number;
};

export type ZipLimits = {
  /** All parts together, unpacked, counted as they are inflated. */
  totalBytes: number;
  /** The most parts. */
  entries: number;
  /** Unpacked to packed, for a part over `ratioFloorBytes`: over it the part is a bomb. */
  ratio: number;
  ratioFloorBytes: number;
};

/** The file is not a zip this reader accepts (damaged, encrypted, an unknown compression, parts out of bounds). */
export class ZipFormatError extends Error {}

/** The file unpacks to more than a limit allows; `unpackedBytes` is what was counted when the reading stopped. */
export class ZipLimitError extends Error {
  constructor(
    message: string,
    readonly unpackedBytes: number,
  ) {
    super(message);
  }
}

const EOCD = 0x06054b50;
const ZIP64_LOCATOR = 0x07064b50;
const ZIP64_EOCD = 0x06064b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/**
 * The parts a zip's central directory lists, each with where its data starts per its local header. Throws
 * ZipFormatError for anything out of bounds, encrypted, compressed other than stored or deflated, or a name twice;
 * ZipLimitError for more than `maxEntries` parts.
 */
export function zipEntries(bytes: Uint8Array, maxEntries: number): ZipEntry[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u16 = (at: number) => (at + 2 <= bytes.length ? view.getUint16(at, true) : fail("truncated"));
  const u32 = (at: number) => (at + 4 <= bytes.length ? view.getUint32(at, true) : fail("truncated"));
  const u64 = (at: number) => {
    const n = u32(at) + u32(at + 4) * 2 ** 32;
    return Number.isSafeInteger(n) ? n : fail("offset too large");
  };

  // The end-of-central-directory record: 22 bytes and a comment of at most 65,535.
  let eocd = bytes.length - 22;
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  while (eocd >= lowest && u32(eocd) !== EOCD) eocd--;
  if (eocd < lowest) fail("no end of central directory");
  let count = u16(eocd + 10);
  let offset = u32(eocd + 16);
  if ((count === 0xffff || offset === 0xffffffff) && eocd >= 20 && u32(eocd - 20) === ZIP64_LOCATOR) {
    const record = u64(eocd - 20 + 8);
    if (u32(record) !== ZIP64_EOCD) fail("bad zip64 record");
    count = u64(record + 32);
    offset = u64(record + 48);
  }
  if (count > maxEntries) throw new ZipLimitError(`${count} parts`, 0);

  const entries: ZipEntry[] = [];
  const names = new Set<string>();
  for (let i = 0, at = offset; i < count; i++) {
    if (u32(at) !== CENTRAL) fail("bad central directory entry");
    const flags = u16(at + 8);
    const method = u16(at + 10);
    let packedBytes = u32(at + 20);
    const declaredBytes = u32(at + 24);
    const nameLength = u16(at + 28);
    const extraLength = u16(at + 30);
    const commentLength = u16(at + 32);
    let localAt = u32(at + 42);
    if (at + 46 + nameLength > bytes.length) fail("truncated");
    const name = new TextDecoder(flags & 0x800 ? "utf-8" : "latin1").decode(bytes.subarray(at + 46, at + 46 + nameLength));
    // Zip64: the real values of the fields saturated at 0xffffffff, in this order.
    if (packedBytes === 0xffffffff || localAt === 0xffffffff || declaredBytes === 0xffffffff) {
      for (let x = at + 46 + nameLength; x + 4 <= at + 46 + nameLength + extraLength; x += 4 + u16(x + 2)) {
        if (u16(x) !== 0x0001) continue;
        let field = x + 4;
        if (declaredBytes === 0xffffffff) field += 8;
        if (packedBytes === 0xffffffff) {
          packedBytes = u64(field);
          field += 8;
        }
        if (localAt === 0xffffffff) localAt = u64(field);
        break;
      }
    }
    if (flags & 0x1) fail(`${name}: encrypted`);
    if (method !== 0 && method !== 8) fail(`${name}: compression ${method}`);
    if (names.has(name)) fail(`${name}: twice`);
    names.add(name);
    if (u32(localAt) !== LOCAL) fail(`${name}: bad local header`);
    const dataStart = localAt + 30 + u16(localAt + 26) + u16(localAt + 28);
    if (dataStart + packedBytes > bytes.length) fail(`${name}: data out of bounds`);
    entries.push({ name, method, packedBytes, dataStart });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

function fail(reason: string): never {
  throw new ZipFormatError(reason);
}

export type Unpacked = {
  /** Every part's name, in the central directory's order. */
  names: string[];
  /** With `keep`, every part's bytes by name (at most `limits.totalBytes` of them together); otherwise empty. */
  files: Record<string, Uint8Array>;
  /** The bytes inflated, all parts together. */
  unpackedBytes: number;
};

/**
 * Every part of the zip inflated and counted against `limits`. Throws ZipLimitError as soon as the count passes a
 * limit, ZipFormatError for a damaged zip or part.
 */
export async function unpackZip(bytes: Uint8Array, limits: ZipLimits, opts: { keep?: boolean } = {}): Promise<Unpacked> {
  const files: Record<string, Uint8Array> = {};
  const entries = zipEntries(bytes, limits.entries);
  let total = 0;
  for (const entry of entries) {
    const packed = bytes.subarray(entry.dataStart, entry.dataStart + entry.packedBytes);
    // Over this, the part alone is a bomb (ratio), or all parts together are too big (total).
    const partLimit = Math.max(limits.ratioFloorBytes, limits.ratio * Math.max(1, entry.packedBytes));
    const budget = limits.totalBytes - total;
    if (entry.method === 0) {
      total += packed.length;
      if (packed.length > budget) throw new ZipLimitError(`over ${limits.totalBytes} bytes at ${entry.name}`, total);
      if (opts.keep) files[entry.name] = packed;
      continue;
    }
    const chunks = await inflateCounted(packed, Math.min(partLimit, budget), opts.keep === true).catch((err: unknown) => {
      if (err instanceof ZipLimitError) {
        const which = partLimit < budget ? `packed over ${limits.ratio}:1` : `over ${limits.totalBytes} bytes`;
        throw new ZipLimitError(`${which} at ${entry.name}`, total + err.unpackedBytes);
      }
      throw err;
    });
    total += chunks.size;
    if (opts.keep) files[entry.name] = Buffer.concat(chunks.list, chunks.size);
  }
  return { names: entries.map((entry) => entry.name), files, unpackedBytes: total };
}

/** Inflates raw deflate data, counting the output; rejects with ZipLimitError once it passes `max` bytes. */
function inflateCounted(packed: Uint8Array, max: number, keep: boolean): Promise<{ list: Buffer[]; size: number }> {
  return new Promise((resolve, reject) => {
    const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
    const list: Buffer[] = [];
    let size = 0;
    inflate.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        inflate.destroy();
        reject(new ZipLimitError(`over ${max} bytes`, size));
        return;
      }
      if (keep) list.push(chunk);
    });
    inflate.on("error", (err) => reject(new ZipFormatError(String(err))));
    inflate.on("end", () => resolve({ list, size }));
    inflate.end(packed);
  });
}
