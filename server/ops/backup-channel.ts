/**
 * Live backups of the embedded database. PGlite runs inside the server process and its data directory must never be
 * opened by a second process, so the server answers dump requests itself on a Unix domain socket in DATA_DIR
 * (`.backup.sock`, mode 0600: only the app's own user can connect). `npm run backup` asks there first and opens the
 * directory itself only when no server answers.
 *
 * The dump is a tar of PGlite's data directory in the layout PGlite's own dump has (`loadDataDir` opens it), taken
 * inside one PGlite transaction after a CHECKPOINT. PGlite serves one call at a time and a transaction holds it for
 * its whole length, so nothing else writes between the checkpoint and the last byte copied: the copy is one consistent
 * state, and the site's statements wait that long. The server's event loop does not: PGlite runs PostgreSQL on the
 * main thread, so the CHECKPOINT itself blocks it (as any statement does, for as long as it takes to write what
 * changed since the last one), but the files are then read from the disk asynchronously and packed in small steps,
 * so requests that need no data (/healthz, cached pages, static files) are answered meanwhile.
 */
import { once } from "node:events";
import { chmodSync, existsSync, mkdtempSync, readFileSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import net from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import { OpsError } from "./errors";
import { BLOCK, filterTar } from "./tar";

export const backupSocketPath = (dataDir: string) => path.join(dataDir, ".backup.sock");

/** A write-ahead log segment's name in a data directory's tar, or undefined for any other entry. */
const walSegment = (name: string) => /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];

/** The directory PGlite keeps its data in on this machine's disk, or undefined (in memory, or another file system). */
function hostDataDir(client: PGlite): string | undefined {
  const dir = client.dataDir;
  return dir && !/^[a-z]+:\/\//i.test(dir) ? path.resolve(dir) : undefined;
}

type Copied = { name: string; dir: boolean; data?: Buffer };

/** Files up to this size are read synchronously, in slices of at most SLICE_MS; larger ones through libuv's threads. */
const SYNC_READ_MAX = 1024 * 1024;
const SLICE_MS = 10;

/**
 * Every folder and file of `root` (names as PGlite's dump writes them: "/base/1/112") without the entries `keep`
 * refuses. A data directory is a thousand or more small files, already in the page cache (PGlite has just written
 * them): reading them synchronously is quicker than one thread-pool round trip each, which matters because the
 * database is held meanwhile, so they are read that way but in slices of about 10 ms, between which the event loop
 * runs. The large files (write-ahead log segments, big tables) are read asynchronously.
 */
async function copyTree(root: string, keep: (name: string) => boolean): Promise<Copied[]> {
  const out: Copied[] = [];
  let slice = performance.now();
  const pause = async () => {
    if (performance.now() - slice < SLICE_MS) return;
    await new Promise<void>((resolve) => setImmediate(resolve));
    slice = performance.now();
  };
  const walk = async (rel: string) => {
    for (const entry of await readdir(path.join(root, rel), { withFileTypes: true })) {
      const name = `${rel}/${entry.name}`;
      if (!(entry.isDirectory() || entry.isFile()) || !keep(name)) continue;
      if (entry.isDirectory()) {
        out.push({ name, dir: true });
        await walk(name);
        continue;
      }
      const full = path.join(root, name);
      const size = statSync(full).size;
      out.push({ name, dir: false, data: size > SYNC_READ_MAX ? await readFile(full) : readFileSync(full) });
      await pause();
    }
  };
  await walk("");
  return out;
}

/** A ustar header (POSIX tar, 512 bytes) for a folder or a file of `size` bytes, mode 0700 or 0600. */
function ustarHeader(name: string, dir: boolean, size: number, mtime: Date): Buffer {
  const header = Buffer.alloc(BLOCK);
  // A name over 100 bytes is split at a slash into the 155-byte prefix field and the rest.
  let prefix = "";
  let rest = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf("/", 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`tar: the path ${name} is too long`);
    prefix = name.slice(0, cut);
    rest = name.slice(cut + 1);
  }
  const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, "0")}\0`;
  header.write(rest, 0, 100, "utf8");
  header.write(octal(dir ? 0o700 : 0o600, 8), 100, "ascii");
  header.write(octal(0, 8), 108, "ascii");
  header.write(octal(0, 8), 116, "ascii");
  header.write(octal(dir ? 0 : size, 12), 124, "ascii");
  header.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, "ascii");
  header.write(dir ? "5" : "0", 156, "ascii");
  header.write("ustar\x0000", 257, "latin1");
  header.write(prefix, 345, 155, "utf8");
  // The checksum is counted with its own field as spaces.
  header.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of header) sum += byte;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return header;
}

/** Entries packed between two turns of the event loop. */
const PACK_STEP = 64;

/**
 * An uncompressed tar of `entries` as parts (headers, the files' own buffers, padding), so no byte is copied; a few
 * entries at a time, so the event loop keeps turning.
 */
async function packTar(entries: Copied[]): Promise<Buffer[]> {
  const parts: Buffer[] = [];
  const mtime = new Date();
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i];
    const size = e.data?.length ?? 0;
    parts.push(ustarHeader(e.name, e.dir, size, mtime));
    if (!e.dir && size > 0) {
      parts.push(e.data!);
      if (size % BLOCK) parts.push(Buffer.alloc(BLOCK - (size % BLOCK)));
    }
    if (i % PACK_STEP === PACK_STEP - 1) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  // Two zero blocks end the archive.
  parts.push(Buffer.alloc(2 * BLOCK));
  return parts;
}

/**
 * A consistent copy of a PGlite database: its data directory as an uncompressed tar, in parts (see the head of this
 * file), without the write-ahead log segments that recovery from the checkpoint cannot need: those before the
 * checkpoint's redo point, and the recycled ones after the segment being written (PostgreSQL keeps up to min_wal_size
 * of old segments for reuse; they hold stale records, most of the directory's bytes). `onHeld` is told how long
 * PGlite served nothing else.
 */
export async function dumpPgliteParts(client: PGlite, { onHeld }: { onHeld?: (ms: number) => void } = {}): Promise<Buffer[]> {
  const hostDir = hostDataDir(client);
  let held = 0;
  const { copied, walFrom, walTo } = await client.transaction(async (tx) => {
    const started = performance.now();
    // Everything committed is written to the data files, so the copy needs no recovery to be complete.
    await tx.exec("CHECKPOINT");
    const { rows } = await tx.query<{ redo: string; current: string }>(
      "select redo_wal_file as redo, pg_walfile_name(pg_current_wal_insert_lsn()) as current from pg_control_checkpoint()",
    );
    const { redo, current } = rows[0];
    const wanted = (name: string) => {
      const segment = walSegment(name);
      return !segment || (segment >= redo && segment <= current);
    };
    // On this machine's disk: read asynchronously, only what is kept. Elsewhere (in memory): PGlite's own dump.
    const copy = hostDir ? await copyTree(hostDir, wanted) : await client.dumpDataDir("none");
    held = performance.now() - started;
    return { copied: copy, walFrom: redo, walTo: current };
  });
  onHeld?.(held);
  if (Array.isArray(copied)) return packTar(copied);
  const tar = new Uint8Array(await copied.arrayBuffer());
  return [
    await filterTar(tar, (name) => {
      const segment = walSegment(name);
      return !segment || (segment >= walFrom && segment <= walTo);
    }),
  ];
}

/** The same dump as one buffer. */
export async function dumpPglite(client: PGlite, opts: { onHeld?: (ms: number) => void } = {}): Promise<Buffer> {
  return Buffer.concat(await dumpPgliteParts(client, opts));
}

type Reply = { ok: true; bytes?: number } | { ok: false; message: string };

const REQUEST = { dump: "pglite-dump", ping: "ping" } as const;

/** One JSON line from `socket` (at most 4 KB), then what follows it. */
function readLine(socket: net.Socket): Promise<{ line: string; rest: Buffer }> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk]);
      const nl = buffered.indexOf(10);
      if (nl === -1 && buffered.length < 4096) return;
      cleanup();
      if (nl === -1) return reject(new Error("the backup channel sent a line too long"));
      socket.pause();
      resolve({ line: buffered.subarray(0, nl).toString("utf8"), rest: buffered.subarray(nl + 1) });
    };
    const onEnd = () => {
      cleanup();
      reject(new Error("the backup channel closed before answering"));
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const cleanup = () => {
      socket.off("data", onData);
      socket.off("end", onEnd);
      socket.off("error", onError);
    };
    socket.on("data", onData);
    socket.once("end", onEnd);
    socket.once("error", onError);
  });
}

/**
 * Serves dump requests for the server's PGlite database on DATA_DIR/.backup.sock. Does nothing on PostgreSQL (pg_dump
 * reads a running server). Never stops the server: a socket that cannot be made is a warning in the log.
 */
export async function startBackupChannel({ database, dataDir, logger }: { database: Database; dataDir: string; logger: Logger }): Promise<void> {
  const client = database.pglite;
  if (database.kind !== "pglite" || !client) return;
  const socketPath = backupSocketPath(dataDir);
  let privateDir: string | undefined;
  try {
    if (existsSync(socketPath)) {
      if (await answers(socketPath)) {
        logger.error({ socket: socketPath }, "another process answers on the backup socket of DATA_DIR: live backups go there, not to this server");
        return;
      }
      unlinkSync(socketPath);
    }
    // The socket is made in a private folder, given mode 0600 and only then moved into place, so no other user can
    // connect in the moment between its creation and the chmod.
    privateDir = mkdtempSync(path.join(dataDir, ".backup-sock-"));
    const made = path.join(privateDir, "s");
    let queue: Promise<unknown> = Promise.resolve();
    const server = net.createServer((socket) => {
      socket.on("error", () => {});
      // A client that never says what it wants is not kept.
      socket.setTimeout(30_000, () => socket.destroy());
      readLine(socket)
        .then(async ({ line }) => {
          const request = (JSON.parse(line) as { request?: string }).request;
          if (request === REQUEST.ping) return socket.end(`${JSON.stringify({ ok: true } satisfies Reply)}\n`);
          if (request !== REQUEST.dump) return socket.end(`${JSON.stringify({ ok: false, message: "unknown request" } satisfies Reply)}\n`);
          let heldMs = 0;
          // One dump at a time: each holds the database for its length.
          const dump = queue.then(() => dumpPgliteParts(client, { onHeld: (ms) => (heldMs = ms) }));
          queue = dump.catch(() => {});
          const parts = await dump;
          const bytes = parts.reduce((sum, part) => sum + part.length, 0);
          logger.info({ bytes, heldMs: Math.round(heldMs) }, "database dump sent to a backup");
          socket.write(`${JSON.stringify({ ok: true, bytes } satisfies Reply)}\n`);
          for (const part of parts) if (!socket.write(part)) await once(socket, "drain");
          socket.end();
        })
        .catch((err: unknown) => {
          logger.warn({ err }, "a backup's database dump failed");
          if (!socket.destroyed) socket.end(`${JSON.stringify({ ok: false, message: err instanceof Error ? err.message : String(err) } satisfies Reply)}\n`);
        });
    });
    await new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(made, () => {
        server.off("error", reject);
        resolve();
      });
    });
    chmodSync(made, 0o600);
    renameSync(made, socketPath);
    rmdirSync(privateDir);
    privateDir = undefined;
    server.unref();
    const inode = statSync(socketPath).ino;
    process.once("exit", () => {
      try {
        if (statSync(socketPath).ino === inode) unlinkSync(socketPath);
      } catch {
        // Already gone.
      }
    });
  } catch (err) {
    if (privateDir) rmSync(privateDir, { recursive: true, force: true });
    logger.warn({ err, socket: socketPath }, "live backups are off: the backup socket could not be made in DATA_DIR");
  }
}

function connect(socketPath: string): Promise<net.Socket | null> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    socket.once("connect", () => resolve(socket));
    socket.once("error", (err: NodeJS.ErrnoException) => {
      // No socket, or one a dead server left: nobody serves this DATA_DIR.
      if (err.code === "ENOENT" || err.code === "ECONNREFUSED") resolve(null);
      else reject(err);
    });
  });
}

/** True when a server answers on the backup socket of this data directory. */
export async function answers(socketPath: string): Promise<boolean> {
  const socket = await connect(socketPath).catch(() => null);
  if (!socket) return false;
  try {
    socket.write(`${JSON.stringify({ request: REQUEST.ping })}\n`);
    const { line } = await readLine(socket);
    return (JSON.parse(line) as Reply).ok === true;
  } catch {
    return false;
  } finally {
    socket.destroy();
  }
}

/** Unix socket paths are limited to 107 bytes on Linux: a longer DATA_DIR can have no backup socket. */
const MAX_SOCKET_PATH = 107;

/** The running server's dump of its database, or null when no server answers for this DATA_DIR. */
export async function requestLiveDump(dataDir: string): Promise<Buffer | null> {
  const socketPath = backupSocketPath(dataDir);
  // Without a socket a running server could not be told from a stopped one, and its database must not be opened.
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH) {
    throw new OpsError(`DATA_DIR's path is too long for the backup socket (${socketPath} is over ${MAX_SOCKET_PATH} bytes): use a shorter DATA_DIR`);
  }
  const socket = await connect(socketPath);
  if (!socket) return null;
  try {
    socket.write(`${JSON.stringify({ request: REQUEST.dump })}\n`);
    const { line, rest } = await readLine(socket);
    const reply = JSON.parse(line) as Reply;
    if (!reply.ok) throw new Error(`the server could not dump its database: ${reply.message}`);
    const size = reply.bytes ?? 0;
    const chunks: Buffer[] = [rest];
    let received = rest.length;
    await new Promise<void>((resolve, reject) => {
      socket.on("data", (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
      });
      socket.once("end", resolve);
      socket.once("error", reject);
      socket.resume();
    });
    if (received !== size) throw new Error(`the server's dump ended after ${received} of ${size} bytes`);
    return Buffer.concat(chunks, size);
  } finally {
    socket.destroy();
  }
}
