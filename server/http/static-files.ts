import { readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { etagOf, notModified } from "./conditional";
import { chooseEncoding, type Encoding } from "./encoding";

/** Files up to this size are held in memory and answered without touching the disk or Express. */
const MAX_IN_MEMORY = 512 * 1024;

/** Hashed build output never changes under its name: a year, immutable. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** Files from public/ keep their names across releases: an hour, then revalidated by ETag. */
export const REVALIDATE_HOURLY = "public, max-age=3600";

const TYPES: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".ttf": "font/ttf",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
};

/** The build writes these next to a file (scripts/precompress.mjs); they are never served under their own names. */
const PRECOMPRESSED: Record<Exclude<Encoding, "identity">, string> = { br: ".br", gzip: ".gz" };

type StaticFile = {
  type: string;
  etag: string;
  bodies: Partial<Record<Encoding, Buffer>>;
  /** The head of its 304 answer, and of its 200 answer in each encoding it is held in, made when the file is loaded. */
  notModifiedHead: Record<string, string>;
  heads: Partial<Record<Encoding, Record<string, string | number>>>;
};

/** Headers every static answer carries (the same as helmet gives the rest of the site where they apply). */
const COMMON_HEADERS = { "X-Content-Type-Options": "nosniff", "Cross-Origin-Resource-Policy": "same-origin" };

/**
 * Serves the client build (hashed /assets/ and the files copied from public/) from memory, before Express: no
 * session, no log line, no compression at run time. Each file is sent in the best encoding the browser
 * accepts among those the build precompressed. Large files (videos) and Range requests fall through to the
 * disk-based handler behind this one.
 */
export function createStaticFiles(root: string, { hsts = false }: { hsts?: boolean } = {}) {
  const files = new Map<string, StaticFile>();
  const extra: Record<string, string> = hsts ? { ...COMMON_HEADERS, "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : COMMON_HEADERS;

  for (const file of walk(root)) {
    if (file.endsWith(PRECOMPRESSED.br) || file.endsWith(PRECOMPRESSED.gzip)) continue;
    const type = TYPES[path.extname(file).toLowerCase()];
    if (!type) continue;
    if (statSync(file).size > MAX_IN_MEMORY) continue;
    const identity = readFileSync(file);
    const bodies: StaticFile["bodies"] = { identity };
    for (const [encoding, suffix] of Object.entries(PRECOMPRESSED) as [Exclude<Encoding, "identity">, string][]) {
      try {
        const body = readFileSync(file + suffix);
        if (body.length < identity.length) bodies[encoding] = body;
      } catch {
        // Not precompressed (small or already compressed formats): served as is.
      }
    }
    const url = "/" + path.relative(root, file).split(path.sep).map(encodeURIComponent).join("/");
    const cacheControl = url.startsWith("/assets/") ? IMMUTABLE : REVALIDATE_HOURLY;
    const etag = etagOf(identity);
    const compressed = Boolean(bodies.br || bodies.gzip);
    const notModifiedHead: StaticFile["notModifiedHead"] = {
      ...extra,
      "Content-Type": type,
      "Cache-Control": cacheControl,
      ETag: etag,
      ...(compressed ? { Vary: "Accept-Encoding" } : {}),
    };
    const heads: StaticFile["heads"] = {};
    for (const [encoding, body] of Object.entries(bodies) as [Encoding, Buffer][]) {
      heads[encoding] = { ...notModifiedHead, ...(encoding === "identity" ? {} : { "Content-Encoding": encoding }), "Content-Length": body.length };
    }
    files.set(url, {
      type,
      etag,
      notModifiedHead,
      heads,
      bodies,
    });
  }

  /** Answers the request when it asks for a file held here; false to let the next handler have it. */
  function serve(req: IncomingMessage, res: ServerResponse): boolean {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers.range) return false;
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const file = files.get(q === -1 ? url : url.slice(0, q));
    if (!file) return false;
    const compressed = file.bodies.br || file.bodies.gzip;
    if (notModified(req, file.etag)) {
      res.writeHead(304, file.notModifiedHead);
      res.end();
      return true;
    }
    const encoding = compressed ? chooseEncoding(req.headers["accept-encoding"], file.bodies) : "identity";
    res.writeHead(200, file.heads[encoding]!);
    res.end(req.method === "HEAD" ? undefined : file.bodies[encoding]);
    return true;
  }

  /**
   * The text of a stylesheet of the build (`/assets/app-….css`), for a page that writes it into its HTML instead
   * of linking it; undefined for any other address.
   */
  function stylesheet(url: string): string | undefined {
    const file = files.get(url);
    // Written inside <style>: a closing tag in it (only possible in a string or comment) would end the element.
    return file && file.type.startsWith("text/css") ? file.bodies.identity!.toString("utf8").replace(/<\/style/gi, "<\\/style") : undefined;
  }

  return { serve, stylesheet, size: files.size };
}

export type StaticFiles = ReturnType<typeof createStaticFiles>;

function* walk(dir: string): Generator<string> {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    // Build metadata (Vite's manifest) is not for browsers.
    if (entry.name.startsWith(".")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}
