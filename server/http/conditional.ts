import { createHash } from "node:crypto";
import type { IncomingMessage } from "node:http";

/** A strong ETag from the bytes a visitor receives (before content encoding). */
export function etagOf(body: Buffer): string {
  return `"${createHash("sha1").update(body).digest("base64url").slice(0, 22)}"`;
}

/** True when the browser's copy (If-None-Match) is the current one. */
export function notModified(req: IncomingMessage, etag: string): boolean {
  const header = req.headers["if-none-match"];
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}
