/**
 * The address rule of the outbound fetch: only global unicast addresses are reachable. IPv6 has
 * many spellings of internal addresses (IPv4-compatible, -mapped, -translated, NAT64, 6to4, Teredo,
 * unique-local, link-local...); each must be refused before any socket is opened, whether it is
 * written in the URL, returned by DNS, or reached through a redirect.
 */
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { AppError } from "./errors";
import { message } from "./messages";
import { isPublicAddress, safeFetch, SafeFetchError, type LookupFunction } from "./safe-fetch";

const BLOCKED_V6 = [
  "::7f00:1", // ::127.0.0.1 as the URL parser writes it (IPv4-compatible loopback)
  "::127.0.0.1",
  "::a00:1", // ::10.0.0.1
  "::a9fe:a9fe", // ::169.254.169.254
  "::808:808", // ::8.8.8.8: IPv4-compatible addresses are deprecated and never global
  "::1",
  "::",
  "::2",
  "1::1",
  "ff::1",
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::ffff:10.0.0.1",
  "::ffff:169.254.169.254",
  "::ffff:8.8.8.8",
  "::ffff:0:7f00:1", // IPv4-translated (RFC 6145)
  "::ffff:0:a00:1",
  "64:ff9b::7f00:1", // NAT64 of 127.0.0.1
  "64:ff9b::a9fe:a9fe", // NAT64 of the metadata address
  "64:ff9b::c0a8:1",
  "64:ff9b:1::a00:1", // local-use NAT64
  "2002:7f00:1::1", // 6to4 of 127.0.0.1
  "2002:a00:1::1", // 6to4 of 10.0.0.1
  "2002:c0a8:101::1",
  "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
  "2001:db8::1", // documentation
  "2001:2::1", // benchmarking
  "2001:10::1",
  "100::1", // discard
  "fc00::1",
  "fd12:3456:789a::1",
  "fe80::1",
  "febf::1",
  "fec0::1", // site-local
  "ff02::1",
  "ff0e::1",
  "3fff::1", // documentation (2024)
  "5f00::1", // segment routing
  "4000::1", // outside 2000::/3: not allocated for global unicast
  "8000::1",
  "e000::1",
];

const BLOCKED_V4 = [
  "127.0.0.1",
  "10.0.0.1",
  "172.16.0.1",
  "192.168.0.1",
  "100.64.0.1",
  "169.254.169.254",
  "0.0.0.0",
  "0.1.2.3",
  "224.0.0.1",
  "255.255.255.255",
  "192.0.0.1",
  "192.0.2.1",
  "198.18.0.1",
  "240.0.0.1",
];

const PUBLIC = ["93.184.215.14", "8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "2001:4860:4860::8888", "2a00:1450:4001:80b::200e", "2c0f:fb50::1"];

describe("[extract] isPublicAddress", () => {
  it.each(BLOCKED_V6)("refuses IPv6 %s", (a) => expect(isPublicAddress(a)).toBe(false));
  it.each(BLOCKED_V4)("refuses IPv4 %s", (a) => expect(isPublicAddress(a)).toBe(false));
  it.each(PUBLIC)("accepts global unicast %s", (a) => expect(isPublicAddress(a)).toBe(true));
  it("refuses what is not an address", () => {
    for (const a of ["", "localhost", "999.1.1.1", "fe80::1%eth0", "::ffff:1.2.3"]) expect(isPublicAddress(a), a).toBe(false);
  });
});

const BLOCKED = "This address points to a private or internal network and cannot be fetched.";
const opts = { timeoutMs: 2000, maxBytes: 1024 * 1024, maxRedirects: 5 };

describe("[extract] refused addresses are never connected to", () => {
  let connect: ReturnType<typeof vi.spyOn>;
  let fixture: http.Server;
  let origin: string;
  const hits: string[] = [];

  beforeAll(async () => {
    fixture = http.createServer((req, res) => {
      hits.push(req.url ?? "");
      const to = new URL(req.url ?? "/", "http://x").searchParams.get("to");
      if (to) {
        res.writeHead(302, { Location: to });
        return res.end();
      }
      res.writeHead(200, { "Content-Type": "text/html" });
      res.end("<p>fixture</p>");
    });
    await new Promise<void>((resolve) => fixture.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    fixture.closeAllConnections();
    await new Promise<void>((resolve) => fixture.close(() => resolve()));
  });
  afterEach(() => connect?.mockRestore());

  /**
   * Records every address a socket is about to connect to, other than the allowed fixture: IP
   * literals when connect() is called, names once their lookup has answered (a failed lookup
   * means no connection is attempted).
   */
  function watchConnections() {
    const original = net.Socket.prototype.connect;
    const fixturePort = Number(new URL(origin).port);
    const targets: string[] = [];
    const record = (address: string, port: number) => {
      if (!(address === "127.0.0.1" && port === fixturePort)) targets.push(`${address}:${port}`);
    };
    connect = vi.spyOn(net.Socket.prototype, "connect").mockImplementation(function (this: net.Socket, ...args: unknown[]) {
      const first = args[0];
      const target = (Array.isArray(first) ? first[0] : first) as { host?: string; port?: number } | undefined;
      if (target && typeof target === "object" && target.host) {
        const port = Number(target.port);
        if (net.isIP(target.host)) record(target.host, port);
        else this.once("lookup", (err: Error | null, address: string) => (err ? undefined : record(address, port)));
      }
      return (original as (...a: unknown[]) => net.Socket).apply(this, args);
    });
    return targets;
  }

  it.each([
    "::7f00:1",
    "::127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:0:7f00:1",
    "64:ff9b::7f00:1",
    "64:ff9b::a9fe:a9fe",
    "2002:7f00:1::",
    "fd00::1",
    "fe80::1",
    "::a9fe:a9fe",
    "::",
  ])("http://[%s]/ is refused without a connection attempt", async (address) => {
    const opened = watchConnections();
    await expect(safeFetch(`http://[${address}]/`, opts)).rejects.toMatchObject({ reason: "blocked-address", message: BLOCKED });
    expect(opened).toEqual([]);
  });

  it.each(["::7f00:1", "::ffff:127.0.0.1", "64:ff9b::a00:1", "2002:a9fe:a9fe::1", "fc00::5", "::"])(
    "a name resolving to %s is refused without a connection attempt",
    async (address) => {
      const opened = watchConnections();
      const resolve: LookupFunction = (_host, _o, cb) => cb(null, [{ address, family: 6 }]);
      await expect(safeFetch("http://news.example/", { ...opts, resolve })).rejects.toMatchObject({ reason: "blocked-address", message: BLOCKED });
      expect(opened).toEqual([]);
    },
  );

  it.each([
    "http://[::7f00:1]/",
    "http://[::ffff:7f00:1]/",
    "http://[64:ff9b::a9fe:a9fe]/latest/meta-data/",
    "http://[2002:7f00:1::]:8080/",
    "http://[fd00::1]/",
  ])("a redirect to %s is refused before connecting", async (to) => {
    const opened = watchConnections();
    const before = hits.length;
    await expect(safeFetch(`${origin}/hop?to=${encodeURIComponent(to)}`, { ...opts, allowOrigins: [origin] })).rejects.toMatchObject({
      reason: "blocked-address",
      message: BLOCKED,
    });
    expect(hits.length - before).toBe(1);
    expect(opened).toEqual([]);
  });

  it("the allowed fixture itself is still reachable (the spy sees real connections)", async () => {
    watchConnections();
    const res = await safeFetch(`${origin}/page`, { ...opts, allowOrigins: [origin] });
    expect(res.body.toString()).toBe("<p>fixture</p>");
    expect(connect).toHaveBeenCalled();
  });
});

describe("[extract] a failed fetch says why with a catalog id and its values", () => {
  let server: http.Server;
  let origin: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === "/loop") {
        res.writeHead(302, { Location: "/loop" });
        return res.end();
      }
      if (req.url === "/big") {
        res.writeHead(200, { "Content-Type": "text/html" });
        return res.end("x".repeat(200 * 1024));
      }
      res.writeHead(503);
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** The error a fetch of `path` fails with (a fetch that succeeds fails the test). */
  const refusal = (path: string, more: Partial<typeof opts> = {}): Promise<SafeFetchError> =>
    safeFetch(`${origin}${path}`, { ...opts, ...more, allowOrigins: [origin] }).then(
      () => Promise.reject(new Error(`${path} was fetched`)),
      (err: SafeFetchError) => err,
    );

  it("an error status, too many redirects and a page over the size limit, in English and in Arabic", async () => {
    const status = await refusal("/down");
    expect(status).toMatchObject({ reason: "status", status: 503, messageId: "errors.fetch.status", message: "The page answered with HTTP 503." });
    expect(new AppError("BAD_GATEWAY", status.messageId, { values: status.values }).localized("ar").message).toBe("أجابت الصفحة برمز HTTP 503.");

    const loop = await refusal("/loop", { maxRedirects: 2 });
    expect(loop).toMatchObject({ reason: "redirects", messageId: "errors.fetch.tooManyRedirects", message: "The page redirected more than 2 times." });
    expect(message("ar", loop.messageId, loop.values)).toBe("أعادت الصفحة التوجيه أكثر من مرتين.");

    const big = await refusal("/big", { maxBytes: 150 * 1024 });
    expect(big).toMatchObject({ reason: "too-large", messageId: "errors.fetch.tooLarge", message: "The page is larger than 0.1 MB and was not downloaded." });
    expect(message("ar", big.messageId, big.values)).toBe("حجم الصفحة أكبر من 0.1 ميغابايت، لذا لم يتم تنزيلها.");
  });
});
