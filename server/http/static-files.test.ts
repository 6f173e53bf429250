import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createStaticFiles } from "./static-files";

let dir: string;
let server: http.Server;
let base: string;
let files: ReturnType<typeof createStaticFiles>;
const css = ".text-navy-950{color:var(--color-navy-950)}\n";
const js = "export const answer = 42;\n".repeat(100);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "mc-static-"));
  mkdirSync(path.join(dir, "assets"));
  mkdirSync(path.join(dir, ".vite"));
  writeFileSync(path.join(dir, "assets/entry-AbC123.js"), js);
  writeFileSync(path.join(dir, "assets/entry-AbC123.js.br"), brotliCompressSync(js));
  writeFileSync(path.join(dir, "assets/entry-AbC123.js.gz"), gzipSync(js));
  writeFileSync(path.join(dir, "assets/app-Xy9.css"), css);
  writeFileSync(path.join(dir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
  writeFileSync(path.join(dir, ".vite/manifest.json"), "{}");
  writeFileSync(path.join(dir, "big.webm"), Buffer.alloc(600 * 1024));
  files = createStaticFiles(dir);
  server = http.createServer((req, res) => {
    if (files.serve(req, res)) return;
    res.writeHead(418, { "X-Fell-Through": "yes" });
    res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  rmSync(dir, { recursive: true, force: true });
});

/** Raw bytes and headers (fetch would decode the body itself). */
function get(url: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request(base + url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("[static] files of the client build", () => {
  it("gives a built stylesheet's text to the pages that write it into their HTML, and nothing for other files", () => {
    expect(files.stylesheet("/assets/app-Xy9.css")).toBe(css);
    expect(files.stylesheet("/assets/entry-AbC123.js")).toBeUndefined();
    expect(files.stylesheet("/assets/app-missing.css")).toBeUndefined();
  });

  it("hashed assets are immutable for a year and sent precompressed in the encoding the browser prefers", async () => {
    const br = await get("/assets/entry-AbC123.js", { "Accept-Encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(br.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["x-content-type-options"]).toBe("nosniff");
    expect(Number(br.headers["content-length"])).toBe(brotliCompressSync(js).length);
    const gz = await get("/assets/entry-AbC123.js", { "Accept-Encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gz.body).toString()).toBe(js);
    const plain = await get("/assets/entry-AbC123.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
  });

  it("files from public/ are revalidated hourly; an unchanged copy gets 304", async () => {
    const first = await get("/favicon.svg");
    expect(first.headers["cache-control"]).toBe("public, max-age=3600");
    const again = await get("/favicon.svg", { "If-None-Match": first.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/favicon.svg", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(first.body.length));
  });

  it("build metadata, precompressed copies by name, large files, Range requests and unknown paths go to the next handler", async () => {
    for (const url of ["/.vite/manifest.json", "/assets/entry-AbC123.js.br", "/big.webm", "/nothing.js"]) {
      expect((await get(url)).status, url).toBe(418);
    }
    expect((await get("/assets/entry-AbC123.js", { Range: "bytes=0-10" })).status).toBe(418);
  });
});
