/**
 * The built server started the plain way (`node server.js`, no NODE_ENV, as systemd or a container would)
 * runs in production: JSON log lines, React's production build, the page cache and in-memory static files.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, send, startInstance, waitUntilReady, type Instance } from "./harness";

const PORT = Number(process.env.SCALE_TEST_PORT ?? 4400) + 20;
const buildDir = path.resolve(process.env.BUILD_DIR ?? path.join(ROOT, "build"));
let instance: Instance;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "mc-prod-mode-"));
  instance = startInstance("plain", PORT, { DATA_DIR: dataDir, BUILD_DIR: buildDir, LOG_LEVEL: "info" });
  await waitUntilReady(instance);
});

afterAll(async () => {
  await instance?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe("[production] node server.js without NODE_ENV", () => {
  it("runs React and the libraries in production mode, and logs one JSON object per line", () => {
    const serving = instance
      .output()
      .split("\n")
      .find((line) => line.includes("Serving on"));
    expect(serving).toBeDefined();
    expect(JSON.parse(serving!)).toMatchObject({ level: 30, nodeEnv: "production", msg: `Serving on http://127.0.0.1:${PORT} (pglite)` });
  });

  it("serves hashed assets immutable and precompressed, and anonymous pages from the page cache", async () => {
    // The largest script (the framework chunk): small files are not worth precompressing and are sent as they are.
    const assets = path.join(buildDir, "client/assets");
    const entry = readdirSync(assets)
      .filter((f) => f.endsWith(".js"))
      .sort((a, b) => statSync(path.join(assets, b)).size - statSync(path.join(assets, a)).size)[0];
    const asset = await send(`${instance.origin}/assets/${entry}`, { headers: { "Accept-Encoding": "br" } });
    expect(asset.status).toBe(200);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(asset.headers["content-encoding"]).toBe("br");
    await send(`${instance.origin}/`, { headers: { "Accept-Encoding": "gzip" } });
    const page = await send(`${instance.origin}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(page.headers["x-cache"]).toBe("HIT");
    expect(page.headers["content-security-policy"]).toMatch(/script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+;/);
  });
});
