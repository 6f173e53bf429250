/**
 * Live backups of the embedded database. PGlite runs inside the server process and its data directory must never be
 * opened by a second process, so the server answers dump requests itself on a Unix domain socket in DATA_DIR
 * (`.backup.sock`, mode 0600: only the app's own user can connect). `npm run backup` asks there first and opens the
 * directory itself only when no server answers.
 *
 * The dump is PGlite's own: a tar of its data directory, taken inside one PGlite transaction after a CHECKPOINT.
 * PGlite serves one call at a time and a transaction holds it for its whole length, so nothing else runs between the
 * checkpoint and the last byte copied: the copy is one consistent state, and the site merely waits that long (about
 * half a second for the demo site) before its next statement.
 */
import { chmodSync, existsSync, mkdtempSync, renameSync, rmdirSync, rmSync, statSync, unlinkSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import type { Database } from "../db/client";
import type { Logger } from "../lib/logger";
import { OpsError } from "./errors";
import { filterTar } from "./tar";

export const backupSocketPath = (dataDir: string) => path.join(dataDir, ".backup.sock");

/**
 * A consistent copy of a PGlite database: its data directory as an uncompressed tar (see the head of this file),
 * without the write-ahead log segments that recovery from the checkpoint cannot need: those before the checkpoint's
 * redo point, and the recycled ones after the segment being written (PostgreSQL keeps up to min_wal_size of old
 * segments for reuse; they hold stale records, most of the directory's bytes).
 */
export async function dumpPglite(client: PGlite, { onHeld }: { onHeld?: (ms: number) => void } = {}): Promise<Buffer> {
  let held = 0;
  const { blob, walFrom, walTo } = await client.transaction(async (tx) => {
    const started = performance.now();
    // Everything committed is written to the data files, so the copy needs no recovery to be complete.
    await tx.exec("CHECKPOINT");
    const { rows } = await tx.query<{ redo: string; current: string }>(
      "select redo_wal_file as redo, pg_walfile_name(pg_current_wal_insert_lsn()) as current from pg_control_checkpoint()",
    );
    const dumped = await client.dumpDataDir("none");
    held = performance.now() - started;
    return { blob: dumped, walFrom: rows[0].redo, walTo: rows[0].current };
  });
  onHeld?.(held);
  const tar = new Uint8Array(await blob.arrayBuffer());
  return filterTar(tar, (name) => {
    const segment = /(?:^|\/)pg_wal\/([0-9A-F]{24})$/.exec(name)?.[1];
    return !segment || (segment >= walFrom && segment <= walTo);
  });
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
          const dump = queue.then(() => dumpPglite(client, { onHeld: (ms) => (heldMs = ms) }));
          queue = dump.catch(() => {});
          const bytes = await dump;
          logger.info({ bytes: bytes.length, heldMs: Math.round(heldMs) }, "database dump sent to a backup");
          socket.write(`${JSON.stringify({ ok: true, bytes: bytes.length } satisfies Reply)}\n`);
          socket.end(bytes);
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
