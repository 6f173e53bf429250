/**
 * Answers with a stored file. On the disk backend express's sendFile does it (ranges, conditional requests); from an
 * object store the file streams through this server, so every access rule, log entry and header stays the server's
 * and the store needs no public address: one byte range is passed on (206), anything else gets the whole file.
 */
import { pipeline } from "node:stream/promises";
import type { NextFunction, Request, Response } from "express";
import { AppError } from "../lib/errors";
import type { MessageId } from "../../shared/i18n/messages";
import { StoredFileMissing, type Area, type FileStore } from "../lib/storage";

/** One range of bytes=a-b, a- or -n; null for none, several or a malformed one (the whole file is sent). */
function singleRange(header: string | undefined, size: number): { start: number; end: number } | "unsatisfiable" | null {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}

export async function sendStoredFile(
  req: Request,
  res: Response,
  next: NextFunction,
  storage: FileStore,
  file: { area: Area; key: string; contentType: string; missing: MessageId },
): Promise<void> {
  const gone = () => {
    // The error answer is JSON, not a file to save.
    res.removeHeader("Content-Type");
    res.removeHeader("Content-Disposition");
    next(new AppError("NOT_FOUND", file.missing));
  };
  if (storage.kind === "disk") {
    const filePath = await storage.localPath(file.area, file.key).catch((err: unknown) => {
      if (err instanceof StoredFileMissing) return null;
      throw err;
    });
    if (!filePath) return gone();
    res.sendFile(filePath, { dotfiles: "deny", headers: { "Content-Type": file.contentType } }, (err) => {
      if (err && !res.headersSent) {
        if ((err as { status?: number }).status === 404) gone();
        else next(err);
      }
    });
    return;
  }
  try {
    await streamFromStore(req, res, storage, file, gone);
  } catch (err) {
    if (res.headersSent) return void res.destroy();
    res.removeHeader("Content-Type");
    res.removeHeader("Content-Disposition");
    next(err);
  }
}

async function streamFromStore(req: Request, res: Response, storage: FileStore, file: { area: Area; key: string; contentType: string }, gone: () => void) {
  const info = await storage.stat(file.area, file.key);
  if (!info) return gone();
  const range = singleRange(req.headers.range, info.size);
  res.set("Accept-Ranges", "bytes");
  res.set("Last-Modified", info.modified.toUTCString());
  if (range === "unsatisfiable") {
    res.status(416).set("Content-Range", `bytes */${info.size}`).end();
    return;
  }
  const opened = await storage.open(file.area, file.key, range ?? undefined).catch((err: unknown) => {
    if (err instanceof StoredFileMissing) return null;
    throw err;
  });
  if (!opened) return gone();
  res.type(file.contentType);
  if (range) res.status(206).set("Content-Range", `bytes ${opened.start}-${opened.end}/${opened.size}`);
  res.set("Content-Length", String(opened.end - opened.start + 1));
  if (req.method === "HEAD") {
    opened.body.destroy();
    res.end();
    return;
  }
  // A client that goes away mid-file ends the stream from the store too.
  await pipeline(opened.body, res).catch(() => {});
}
