/** The request deadline: a request that has sent nothing in time gets 503 with Retry-After, uploads excepted. */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestDeadline } from "./deadline";
import { apiErrorHandler } from "./errors";

const UNAVAILABLE = "The service is temporarily unavailable. Please try again shortly.";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("[deadline] request deadline", () => {
  let server: Server;
  let base = "";
  let lateFinished = false;

  beforeAll(async () => {
    const logger = pino({ level: "silent" });
    const app = express();
    app.use(requestDeadline({ ms: 300, logger }));
    app.get("/api/hang", () => {});
    app.get("/page", () => {});
    // Finishes after the deadline answered: its write must fail quietly.
    app.get("/api/late", async (_req, res) => {
      await sleep(600);
      lateFinished = true;
      res.json({ late: true });
    });
    app.post("/api/upload", async (_req, res) => {
      await sleep(600);
      res.json({ uploaded: true });
    });
    app.get("/api/quick", (_req, res) => {
      res.json({ ok: true });
    });
    app.use(apiErrorHandler(logger));
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((r) => server.once("listening", () => r()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
  });

  it("[deadline] an API request that answers nothing gets 503 JSON with Retry-After and Connection: close", async () => {
    const res = await fetch(`${base}/api/hang`);
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(res.headers.get("connection")).toBe("close");
    expect(await res.json()).toEqual({ message: UNAVAILABLE, code: "SERVICE_UNAVAILABLE" });
  });

  it("[deadline] a page that answers nothing gets the 503 page", async () => {
    const res = await fetch(`${base}/page`, { headers: { Accept: "text/html" } });
    expect(res.status).toBe(503);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(await res.text()).toContain(UNAVAILABLE);
  });

  it("[deadline] a handler finishing late changes nothing: the client has its 503 and the server goes on", async () => {
    const res = await fetch(`${base}/api/late`);
    expect(res.status).toBe(503);
    await sleep(500);
    expect(lateFinished).toBe(true);
    expect((await fetch(`${base}/api/quick`)).status).toBe(200);
  });

  it("[deadline] uploads (multipart) are not cut by the deadline", async () => {
    const form = new FormData();
    form.append("file", new Blob(["x"]), "x.txt");
    const res = await fetch(`${base}/api/upload`, { method: "POST", body: form });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ uploaded: true });
  });
});
