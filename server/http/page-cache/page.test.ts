import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { withScriptHashes } from "./page";

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
