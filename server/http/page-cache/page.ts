import { createHash } from "node:crypto";
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { chooseEncoding, type Encoding } from "../encoding";
import { etagOf, notModified } from "../conditional";
import type { CachedPage } from "./cache";

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/** Headers that belong to one response, never to a stored page. */
const PER_RESPONSE = new Set([
  "date",
  "connection",
  "keep-alive",
  "transfer-encoding",
  "content-length",
  "content-encoding",
  "x-request-id",
  "server-timing",
  "set-cookie",
  "vary",
  "etag",
  "x-cache",
  "age",
]);

/** A page is cached only if its response says a shared cache may keep it. */
export function isShareable(res: ServerResponse): boolean {
  const cacheControl = String(res.getHeader("cache-control") ?? "").toLowerCase();
  return (
    res.statusCode === 200 &&
    /\bpublic\b/.test(cacheControl) &&
    !/\b(private|no-store|no-cache)\b/.test(cacheControl) &&
    !res.hasHeader("set-cookie") &&
    !res.hasHeader("content-encoding")
  );
}

/** Documents and their data requests show who is signed in; a shared cache must key them by the cookie. */
export function variesWithCookie(req: IncomingMessage, contentType: string): boolean {
  const path = (req.url ?? "").split("?")[0];
  return /^text\/html\b/i.test(contentType) || path.endsWith(".data");
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi;

/**
 * A stored page is sent to many visitors, so it cannot carry a per-response nonce. Its inline scripts are
 * allowed by their hashes instead: the nonce attributes are removed from the HTML and the policy's
 * `'nonce-…'` source is replaced by one `'sha256-…'` source per inline script. Returns undefined if the
 * nonce appears anywhere else (the page is then not stored).
 */
export function withScriptHashes(html: string, policy: string, nonce: string): { html: string; policy: string } | undefined {
  const body = html.split(` nonce="${nonce}"`).join("");
  if (body.includes(nonce)) return undefined;
  const hashes = new Set<string>();
  for (const match of body.matchAll(INLINE_SCRIPT)) {
    hashes.add(`'sha256-${createHash("sha256").update(match[1], "utf8").digest("base64")}'`);
  }
  const source = `'nonce-${nonce}'`;
  if (!policy.includes(source)) return undefined;
  return { html: body, policy: policy.split(source).join([...hashes].join(" ") || "") };
}

/** Builds the stored form of a response: headers without per-response ones, the body in three encodings. */
export async function buildPage(opts: {
  req: IncomingMessage;
  headers: OutgoingHttpHeaders;
  body: Buffer;
  dependencies: Iterable<string>;
  nonce?: string;
}): Promise<CachedPage | undefined> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(opts.headers)) {
    if (value === undefined || PER_RESPONSE.has(name.toLowerCase())) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  let body = opts.body;
  const contentType = headers["content-type"] ?? "";
  const policy = headers["content-security-policy"];
  if (policy && opts.nonce) {
    if (/^text\/html\b/i.test(contentType)) {
      const hashed = withScriptHashes(body.toString("utf8"), policy, opts.nonce);
      if (!hashed) return undefined;
      body = Buffer.from(hashed.html, "utf8");
      headers["content-security-policy"] = hashed.policy;
    } else {
      // No scripts in JSON or XML: the nonce is simply left out.
      headers["content-security-policy"] = policy.split(` 'nonce-${opts.nonce}'`).join("");
    }
  }
  // What the app said it varies with, plus the encoding; documents always vary with the cookie.
  const vary = new Set(["Accept-Encoding"]);
  for (const name of String(opts.headers.vary ?? "").split(",")) {
    const trimmed = name.trim();
    if (trimmed) vary.add(trimmed.toLowerCase() === "accept-encoding" ? "Accept-Encoding" : trimmed.toLowerCase() === "cookie" ? "Cookie" : trimmed);
  }
  if (variesWithCookie(opts.req, contentType)) vary.add("Cookie");
  headers.vary = [...vary].join(", ");
  const [br, gzip] = await Promise.all([
    brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gz(body, { level: 9 }),
  ]);
  return {
    headers,
    bodies: { identity: body, br, gzip },
    etag: etagOf(body),
    dependencies: [...opts.dependencies],
    storedAt: Date.now(),
  };
}

/**
 * The head of a stored page's 200 answer in one encoding, built once per page and encoding: a hit allocates no
 * header object and only sets `age` (the head is written out before the next request can change it).
 */
function headFor(page: CachedPage, encoding: Encoding, cacheStatus: "HIT" | "MISS"): Record<string, string | number> {
  const heads = (page.heads ??= {});
  const id = `${encoding} ${cacheStatus}`;
  let head = heads[id];
  if (!head) {
    head = { ...page.headers, etag: page.etag, "x-cache": cacheStatus, age: 0, "content-length": page.bodies[encoding].length };
    if (encoding !== "identity") head["content-encoding"] = encoding;
    heads[id] = head;
  }
  return head;
}

/** Sends a stored page: 304 when the browser has it, else the body in the best encoding it accepts. */
export function sendPage(req: IncomingMessage, res: ServerResponse, page: CachedPage, cacheStatus: "HIT" | "MISS") {
  const age = Math.max(0, Math.floor((Date.now() - page.storedAt) / 1000));
  if (notModified(req, page.etag)) {
    const headers: Record<string, string | number> = { ...page.headers, etag: page.etag, "x-cache": cacheStatus, age };
    delete headers["content-type"];
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"], page.bodies);
  const head = headFor(page, encoding, cacheStatus);
  head.age = age;
  res.writeHead(200, head);
  res.end(req.method === "HEAD" ? undefined : page.bodies[encoding]);
}
