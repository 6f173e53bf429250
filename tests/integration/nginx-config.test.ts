/**
 * The nginx configuration in deploy/nginx.conf is the one the README shows and the one the scale-out test
 * runs: the README's block is the file without its comments, the test's replacements all find their lines,
 * and nginx accepts the result (when nginx and openssl are installed).
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { checkNginxConf, makeCertificate, NGINX_BIN, NGINX_TEMPLATE, renderSiteConf, ROOT, send, startNginx, writeNginxConf } from "../scale/harness";

const template = readFileSync(NGINX_TEMPLATE, "utf8");
const withoutComments = (conf: string) =>
  conf
    .split("\n")
    .filter((line) => !/^\s*#/.test(line))
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();

describe("[deploy] nginx configuration", () => {
  it("the README shows deploy/nginx.conf, comments left out", () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const block = readme.match(/```nginx\n([\s\S]*?)```/);
    expect(block, "a ```nginx block in README.md").not.toBeNull();
    expect(block![1].trim()).toBe(withoutComments(template));
  });

  it("the scale-out test's version differs only in ports, names and certificate, and nginx accepts it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "mc-nginx-conf-"));
    try {
      const canCheck = existsSync(NGINX_BIN) && spawnSync("openssl", ["version"]).status === 0;
      const cert = canCheck ? makeCertificate(dir) : { certFile: path.join(dir, "cert.pem"), keyFile: path.join(dir, "key.pem") };
      const site = renderSiteConf(template, { httpsPort: 4400, httpPort: 4401, upstreams: [4410, 4411], certFile: cert.certFile, keyFile: cert.keyFile });
      expect(site).toContain("listen 127.0.0.1:4400 ssl http2;");
      expect(site).toContain("server 127.0.0.1:4410 max_fails=1 fail_timeout=10s;");
      expect(site).toContain("server 127.0.0.1:4411 max_fails=1 fail_timeout=10s;");
      expect(site).not.toMatch(/listen \[::\]|www\.example\.com;|letsencrypt/);
      // Everything that is not a port, name or path is the deployment's own text.
      const rest = (conf: string) =>
        withoutComments(conf)
          .split("\n")
          .filter((l) => !/listen|server_name|ssl_certificate|server 127|access_log \S+ redacted/.test(l));
      expect(rest(site)).toEqual(rest(template));
      if (!canCheck) return;
      expect(checkNginxConf(dir, writeNginxConf(dir, site))).toBe("");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("the access log keeps no secret a link carries: query strings are left out and preview tokens replaced", async () => {
    if (!existsSync(NGINX_BIN) || spawnSync("openssl", ["version"]).status !== 0) return;
    const dir = mkdtempSync(path.join(os.tmpdir(), "mc-nginx-log-"));
    // Stands in for the app: answers every request.
    const backend = http.createServer((_req, res) => res.end("ok"));
    await new Promise<void>((r) => backend.listen(0, "127.0.0.1", r));
    const upstream = (backend.address() as AddressInfo).port;
    const cert = makeCertificate(dir);
    const httpsPort = 4420 + (process.pid % 50);
    const site = renderSiteConf(template, { httpsPort, httpPort: httpsPort + 100, upstreams: [upstream, upstream], ...cert });
    const nginx = await startNginx(dir, site, httpsPort);
    try {
      const paths = [
        "/preview/SecretPreviewTokenA1",
        "/ar/preview/SecretPreviewTokenB2?lang=ar",
        "/preview/SecretPreviewTokenC3.data",
        "/reset-password?token=SecretResetToken",
        "/confirm-email?token=SecretConfirmToken&next=/",
        "/preview/press/12",
        "/press-releases",
      ];
      for (const p of paths) expect((await send(`https://127.0.0.1:${httpsPort}${p}`, { ca: cert.cert })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 200));
      const log = nginx.accessLog();
      expect(log).not.toMatch(/Secret/);
      expect(log).toContain('"GET /preview/[redacted] HTTP/1.1" 200');
      expect(log).toContain('"GET /ar/preview/[redacted] HTTP/1.1" 200');
      expect(log).toContain('"GET /reset-password?[query left out] HTTP/1.1" 200');
      expect(log).toContain('"GET /confirm-email?[query left out] HTTP/1.1" 200');
      // Addresses without a secret are logged as they are.
      expect(log).toContain('"GET /preview/press/12 HTTP/1.1" 200');
      expect(log).toContain('"GET /press-releases HTTP/1.1" 200');
    } finally {
      await nginx.stop();
      await new Promise((r) => backend.close(r));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
