/**
 * An outbound HTTP GET for user-supplied URLs (extract from URL) that cannot be pointed inside.
 *
 * - Only http: and https:, no user:password@, only the usual web ports.
 * - The address is checked where the socket is opened: IP literals before connecting, host names
 *   in the DNS lookup the socket itself uses (so a second, different DNS answer cannot slip in
 *   between check and connect). Every address of a name must be public; anything that is not
 *   plain global unicast (loopback, RFC 1918, CGNAT, link-local incl. 169.254.169.254, 0.0.0.0,
 *   multicast, reserved; for IPv6 anything outside 2000::/3, such as ::7f00:1 or ::ffff:a.b.c.d,
 *   and the special blocks inside it: NAT64, 6to4, Teredo, documentation...) is refused.
 * - Redirects are followed by hand, at most `maxRedirects`, each hop checked like the first.
 * - One deadline for the whole exchange, and the body (after decompression) is capped.
 *
 * `allowOrigins` exempts exact origins (scheme://host:port) from the address rules. It exists so
 * the tests can serve fixture pages on 127.0.0.1; it is never read from the environment, and the
 * extract service refuses it in production (see docs/decisions/010-uploads-and-extraction.md).
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import { pipeline } from "node:stream";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";
import { DEFAULT_LOCALE } from "../../shared/i18n/locales";
import type { MessageId } from "../../shared/i18n/messages";
import { message, type MessageValues } from "./messages";

export type LookupFunction = (
  hostname: string,
  options: dns.LookupAllOptions,
  callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void,
) => void;

export type SafeFetchOptions = {
  /** Deadline for the whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Largest body accepted, counted after decompression. */
  maxBytes: number;
  maxRedirects: number;
  /** Exact origins exempt from the address rules. Tests only. */
  allowOrigins?: readonly string[];
  /** DNS resolution; tests inject answers. Defaults to the system resolver. */
  resolve?: LookupFunction;
  headers?: Record<string, string>;
};

export type SafeFetchFailure = "scheme" | "credentials" | "port" | "blocked-address" | "dns" | "timeout" | "too-large" | "redirects" | "status" | "network";

/** A refused or failed fetch: `messageId` (with `values`) says why in the catalogs' words; `message` is its English. */
export class SafeFetchError extends Error {
  readonly status?: number;
  readonly values?: MessageValues;

  constructor(
    readonly reason: SafeFetchFailure,
    readonly messageId: MessageId,
    opts: { status?: number; values?: MessageValues } = {},
  ) {
    super(message(DEFAULT_LOCALE, messageId, opts.values));
    this.name = "SafeFetchError";
    this.status = opts.status;
    this.values = opts.values;
  }
}

export type SafeFetchResponse = {
  url: string;
  status: number;
  contentType: string;
  body: Buffer;
};

const ALLOWED_PORTS = new Set(["", "80", "443", "8080", "8443"]);
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** 2000::/3, the only IPv6 block allocated for global unicast. */
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR("2000::/3");

/**
 * The IPv4 address an IPv6 address carries, where one is embedded: IPv4-compatible (::a.b.c.d),
 * -mapped (::ffff:a.b.c.d), -translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96 and the local-use
 * 64:ff9b:1::/48) and 6to4 (2002:aabb:ccdd::/48).
 */
function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4 | null {
  const w = v6.parts;
  const fromWords = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  if (zero(0, 6) || (zero(0, 5) && w[5] === 0xffff) || (zero(0, 4) && w[4] === 0xffff && w[5] === 0)) return fromWords(w[6], w[7]);
  if (w[0] === 0x64 && w[1] === 0xff9b && (zero(2, 6) || w[2] === 1)) return fromWords(w[6], w[7]);
  if (w[0] === 0x2002) return fromWords(w[1], w[2]);
  return null;
}

/**
 * True only for addresses on the public internet. IPv4: ipaddr's 'unicast' (everything but
 * loopback, private, CGNAT, link-local, reserved, broadcast, multicast, 0.0.0.0/8...). IPv6: inside
 * 2000::/3 and not in any special-purpose block (6to4, Teredo, NAT64, documentation, ...); the
 * other blocks (::/8 with its IPv4-compatible and -mapped forms, ULA, link-local, multicast) are
 * never global. An embedded IPv4 address is checked too, so no spelling of a private address passes.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv4") return parsed.range() === "unicast";
  const v6 = parsed as ipaddr.IPv6;
  if (v6.zoneId) return false;
  const v4 = embeddedIPv4(v6);
  if (v4 && v4.range() !== "unicast") return false;
  return v6.match(GLOBAL_UNICAST_V6) && v6.range() === "unicast";
}

const systemResolve: LookupFunction = (hostname, options, callback) => dns.lookup(hostname, options, callback);

const blocked = () => new SafeFetchError("blocked-address", "errors.fetch.blocked");

/** Scheme, credentials, port and (for IP literals) address; host names are checked at lookup. */
function checkUrl(url: URL, allowed: boolean) {
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new SafeFetchError("scheme", "errors.fetch.scheme");
  }
  if (url.username || url.password) {
    throw new SafeFetchError("credentials", "errors.fetch.credentials");
  }
  if (allowed) return;
  const host = hostOf(url);
  if (net.isIP(host) && !isPublicAddress(host)) throw blocked();
  if (!net.isIP(host) && (host === "localhost" || host.endsWith(".localhost"))) throw blocked();
  if (!ALLOWED_PORTS.has(url.port)) {
    throw new SafeFetchError("port", "errors.fetch.port");
  }
}

/** The URL's host without IPv6 brackets. The WHATWG parser has already normalised 0x7f.1, 2130706433 and friends. */
const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, "$1");

/** The lookup the socket uses: resolves, refuses if any answer is not public, hands back only checked addresses. */
function guardedLookup(resolve: LookupFunction): net.LookupFunction {
  return ((hostname: string, options: dns.LookupOptions, callback: (...args: unknown[]) => void) => {
    const query: dns.LookupAllOptions = { all: true };
    if (options.family === 4 || options.family === 6) query.family = options.family;
    if (options.hints) query.hints = options.hints;
    resolve(hostname, query, (err, addresses) => {
      if (err) {
        callback(new SafeFetchError("dns", "errors.fetch.dns"));
        return;
      }
      const list = Array.isArray(addresses) ? addresses : [];
      if (list.length === 0) {
        callback(new SafeFetchError("dns", "errors.fetch.dns"));
        return;
      }
      if (!list.every((a) => isPublicAddress(a.address))) {
        callback(blocked());
        return;
      }
      if (options.all) callback(null, list);
      else callback(null, list[0].address, list[0].family);
    });
  }) as net.LookupFunction;
}

function requestOnce(url: URL, opts: SafeFetchOptions, allowed: boolean, signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method: "GET",
      // A fresh connection per request: nothing pooled from another origin is ever reused.
      agent: false,
      signal,
      headers: {
        "User-Agent": "MeridianCrestBot/1.0 (+content extraction for the press desk)",
        Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
        "Accept-Encoding": "gzip, deflate, br",
        ...opts.headers,
      },
      ...(allowed ? {} : { lookup: guardedLookup(opts.resolve ?? systemResolve) }),
    });
    req.once("response", resolve);
    req.once("error", reject);
    req.end();
  });
}

async function readCapped(res: http.IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(res.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) {
    res.destroy();
    throw tooLarge(maxBytes);
  }
  const encoding = String(res.headers["content-encoding"] ?? "identity")
    .trim()
    .toLowerCase();
  let source: NodeJS.ReadableStream = res;
  if (encoding === "gzip" || encoding === "x-gzip" || encoding === "deflate" || encoding === "br") {
    const decoder = encoding === "br" ? zlib.createBrotliDecompress() : encoding === "deflate" ? zlib.createInflate() : zlib.createGunzip();
    // Errors on either side end the iteration below.
    pipeline(res, decoder, () => {});
    source = decoder;
  }
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > maxBytes) {
      res.destroy();
      throw tooLarge(maxBytes);
    }
    chunks.push(chunk);
  }
  // A body that ends because the connection was cut (our deadline, or the server going away while
  // sending a body delimited by connection close) is not the page: never hand on a truncated one.
  if (!res.complete) throw new SafeFetchError("network", "errors.fetch.incomplete");
  return Buffer.concat(chunks, total);
}

const tooLarge = (maxBytes: number) =>
  new SafeFetchError("too-large", "errors.fetch.tooLarge", { values: { mb: Math.round((maxBytes / 1024 / 1024) * 10) / 10 } });

/** GET with every hop checked. Resolves only with a 2xx answer and its (capped) body. */
export async function safeFetch(rawUrl: string, opts: SafeFetchOptions): Promise<SafeFetchResponse> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), opts.timeoutMs);
  const allowList = new Set(opts.allowOrigins ?? []);
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    clearTimeout(timer);
    throw new SafeFetchError("scheme", "errors.fetch.invalid");
  }
  try {
    for (let hop = 0; ; hop++) {
      const allowed = allowList.has(url.origin);
      checkUrl(url, allowed);
      const res = await requestOnce(url, opts, allowed, controller.signal);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        res.resume();
        const location = res.headers.location;
        if (!location) throw new SafeFetchError("status", "errors.fetch.noDestination", { status, values: { status } });
        if (hop >= opts.maxRedirects) throw new SafeFetchError("redirects", "errors.fetch.tooManyRedirects", { values: { max: opts.maxRedirects } });
        try {
          url = new URL(location, url);
        } catch {
          throw new SafeFetchError("status", "errors.fetch.badRedirect", { status });
        }
        continue;
      }
      if (status < 200 || status > 299) {
        res.resume();
        throw new SafeFetchError("status", "errors.fetch.status", { status, values: { status } });
      }
      const body = await readCapped(res, opts.maxBytes);
      // The deadline may fire between the last chunk and here; a late page is still a late page.
      if (controller.signal.aborted) throw new SafeFetchError("timeout", "errors.fetch.timeout");
      return { url: url.toString(), status, contentType: String(res.headers["content-type"] ?? ""), body };
    }
  } catch (err) {
    if (controller.signal.aborted) throw new SafeFetchError("timeout", "errors.fetch.timeout");
    if (err instanceof SafeFetchError) throw err;
    // Errors from our lookup arrive wrapped by some Node versions; find ours in the cause chain.
    let e: unknown = err;
    for (let i = 0; i < 4 && e && typeof e === "object"; i++) {
      if (e instanceof SafeFetchError) throw e;
      e = (e as { cause?: unknown }).cause;
    }
    const errs = (err as { errors?: unknown[] })?.errors;
    const inner = Array.isArray(errs) ? errs.find((x) => x instanceof SafeFetchError) : undefined;
    if (inner) throw inner;
    throw new SafeFetchError("network", "errors.fetch.network");
  } finally {
    clearTimeout(timer);
  }
}
