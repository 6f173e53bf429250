import express from "express";
import http from "node:http";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPageCacheLayer } from "./index";

let server: http.Server;
let base: string;
const answers: number[] = [];

beforeAll(async () => {
  const layer = createPageCacheLayer({ maxBytes: 1024 * 1024, ttlMs: 60_000, logger: pino({ level: "silent" }) });
  layer.cache.setLive(true);
  const app = express();
  app.use(layer.capture);
  // Answers each request with the next status in `answers` (then 200): a public page once the server copes.
  app.get("/page", (_req, res) => {
    const status = answers.shift() ?? 200;
    res.status(status).set("Cache-Control", status === 200 ? "public, max-age=0, s-maxage=60" : "no-store");
    res.type("text/plain").send(status === 200 ? "the page" : "Service unavailable");
  });
  server = http.createServer((req, res) => layer.lookup(req, res, () => app(req, res)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

describe("[page cache] what an answer that cannot be stored says about its address", () => {
  it("an overloaded moment's 503 does not keep the page out of the cache: the next render is stored and served", async () => {
    answers.push(503);
    expect((await fetch(`${base}/page`)).status).toBe(503);
    const second = await fetch(`${base}/page`);
    expect([second.status, second.headers.get("x-cache")]).toEqual([200, "MISS"]);
    const third = await fetch(`${base}/page`);
    expect([third.status, third.headers.get("x-cache"), await third.text()]).toEqual([200, "HIT", "the page"]);
  });
});
