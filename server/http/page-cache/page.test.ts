import { createHash } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { chooseEncoding } from "../encoding";
import type { CachedPage } from "./cache";
import { sendPage, withScriptHashes } from "./page";

const sha = (s: string) => `'sha256-${createHash("sha256").update(s, "utf8").digest("base64")}'`;
const POLICY = "default-src 'self';script-src 'self' 'nonce-abc123==';object-src 'none'";

describe("[page cache] a stored page carries no nonce", () => {
  it("nonce attributes go; each inline script is allowed by its hash; external scripts and JSON-LD need none", () => {
    const html =
      '<html><head><script type="application/ld+json">{"@type":"Organization"}</script>' +
      '<link rel="modulepreload" href="/assets/a.js" nonce="abc123=="/></head><body>' +
      '<script nonce="abc123==">window.__ctx = {"a":1};</script>' +
      '<script type="module" src="/assets/entry.js" nonce="abc123=="></script>' +
      '<script nonce="abc123==">import("/assets/entry.js");</script></body></html>';
    const result = withScriptHashes(html, POLICY, "abc123==")!;
    expect(result.html).not.toContain("abc123");
    expect(result.html).toContain('<script>window.__ctx = {"a":1};</script>');
    expect(result.policy).toBe(
      `default-src 'self';script-src 'self' ${sha('{"@type":"Organization"}')} ${sha('window.__ctx = {"a":1};')} ${sha('import("/assets/entry.js");')};object-src 'none'`,
    );
    expect(result.policy).not.toContain("nonce");
  });

  it("a page that shows the nonce anywhere else is not stored", () => {
    expect(withScriptHashes('<p>abc123==</p><script nonce="abc123==">1</script>', POLICY, "abc123==")).toBeUndefined();
  });
});

describe("[page cache] sending a stored page", () => {
  // A real server and client: what a browser receives from sendPage, hit after hit.
  const page = {
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "public, max-age=0", vary: "Accept-Encoding" },
    bodies: { identity: Buffer.from("hello, stored page"), br: Buffer.from("BR-BYTES"), gzip: Buffer.from("GZIP-BYTES") },
    etag: '"e1"',
    dependencies: [],
    storedAt: Date.now() - 5_000,
  } as CachedPage;

  it("each answer has its own encoding, length and age, though the head is built once per encoding", async () => {
    const server = http.createServer((req, res) => sendPage(req, res, page, "HIT"));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    const get = (acceptEncoding?: string) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        http
          .get({ port, host: "127.0.0.1", headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on("data", (c: Buffer) => chunks.push(c));
            res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks).toString() }));
          })
          .on("error", reject);
      });
    try {
      const br = await get("gzip, deflate, br");
      expect([br.headers["content-encoding"], br.headers["content-length"], br.body, br.headers.age]).toEqual(["br", "8", "BR-BYTES", "5"]);
      const gzip = await get("gzip");
      expect([gzip.headers["content-encoding"], gzip.headers["content-length"], gzip.body]).toEqual(["gzip", "10", "GZIP-BYTES"]);
      const plain = await get("identity");
      expect([plain.headers["content-encoding"], plain.headers["content-length"], plain.body]).toEqual([undefined, "18", "hello, stored page"]);
      // The same Accept-Encoding again (its choice remembered), the page now 65 s old: its own age.
      page.storedAt -= 60_000;
      const later = await get("gzip, deflate, br");
      expect([later.headers["content-encoding"], later.body, later.headers.age, later.headers["x-cache"], later.headers.etag]).toEqual([
        "br",
        "BR-BYTES",
        "65",
        "HIT",
        '"e1"',
      ]);
    } finally {
      server.close();
    }
  });

  it("a remembered choice is per set of held encodings: a file without brotli gets gzip for the same header", () => {
    expect(chooseEncoding("gzip, deflate, br", { identity: 1, br: 1, gzip: 1 })).toBe("br");
    expect(chooseEncoding("gzip, deflate, br", { identity: 1, gzip: 1 })).toBe("gzip");
    expect(chooseEncoding("gzip, deflate, br", { identity: 1 })).toBe("identity");
    expect(chooseEncoding("br;q=0, gzip;q=0.5, identity;q=0.1", { identity: 1, br: 1, gzip: 1 })).toBe("gzip");
  });
});
