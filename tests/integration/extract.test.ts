/**
 * POST /api/extract-url: content from fixture pages served on 127.0.0.1 (allowed only through the
 * test-only allow-list), and every address class the fetch must refuse. Refused addresses are
 * refused before any connection is attempted, so no traffic leaves this machine.
 */
import { readFileSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portfolioSchema } from "../../shared/schemas";
import { createExtractService } from "../../server/features/extract/extract";
import { loadConfig } from "../../server/env";
import type { LookupFunction } from "../../server/lib/safe-fetch";
import { createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { portfolioBody } from "../helpers/factories";

const PAGES = path.resolve(import.meta.dirname, "../fixtures/pages");
const page = (name: string) => readFileSync(path.join(PAGES, name));

let fixture: http.Server;
let origin: string;
let ctx: TestContext;
let admin: Awaited<ReturnType<typeof signedInClient>>["client"];
const hits: string[] = [];
/** Images the fixture site serves, made with sharp in beforeAll: path -> [content type, bytes]. */
const images = new Map<string, [string, Buffer]>();

const solid = (width: number, height: number, format: "png" | "jpeg", color = { r: 20, g: 90, b: 160 }) => {
  const image = sharp({ create: { width, height, channels: 3, background: color } });
  return (format === "png" ? image.png() : image.jpeg()).toBuffer();
};

/** A page with an article and many images: some copyable, some not. */
function imagesPage(fixtureOrigin: string) {
  const figures = [
    `<p><img src="/img/hub.png" alt="The new hub"></p>`,
    `<p><img src="${fixtureOrigin}/img/team.jpg" alt="The team"></p>`,
    `<p><img src="http://${fixtureOrigin.replace("http://127.0.0.1", "[::127.0.0.1]")}/img/inside.png" alt="Inside"></p>`,
    `<p><img src="/img/missing.png" alt="Missing"></p>`,
    `<p><img src="/img/page-not-image.png" alt="Not an image"></p>`,
    `<p><img src="/img/drawing.svg" alt="Vector"></p>`,
    ...Array.from({ length: 6 }, (_, i) => `<p><img src="/img/extra-${i}.png" alt="Extra ${i}"></p>`),
    `<p><img src="/img/thirteenth.png" alt="One too many"></p>`,
  ];
  return `<!doctype html><html><head><meta charset="utf-8">
  <title>Kahwa Coffee opens its hundredth store | Cairo Business Wire</title>
  <meta property="og:title" content="Kahwa Coffee opens its hundredth store in Alexandria">
  <meta property="og:site_name" content="Cairo Business Wire">
  <meta property="og:image" content="http://127.0.0.1:${new URL(fixtureOrigin).port}/img/lead.jpg">
  <link rel="icon" href="/img/site-logo.png" sizes="64x64">
  </head><body><article><h1>Kahwa Coffee opens its hundredth store</h1>
  <p>Kahwa Coffee Co. opened its hundredth store in Alexandria on Saturday, with a roastery on site and a training centre for baristas.</p>
  ${figures.join("\n")}
  <p>The company plans another twenty stores across the Delta next year, each buying beans from the new roastery.</p>
  </article></body></html>`;
}

function startFixtureServer() {
  const server = http.createServer((req, res) => {
    const url = req.url ?? "/";
    hits.push(url);
    const html = (body: Buffer | string, type = "text/html; charset=utf-8") => {
      res.writeHead(200, { "Content-Type": type });
      res.end(body);
    };
    const image = images.get(url);
    if (image) {
      res.writeHead(200, { "Content-Type": image[0] });
      return res.end(image[1]);
    }
    if (url === "/img/page-not-image.png") return html("<p>Not an image</p>");
    if (url === "/img/drawing.svg") return html(`<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`, "image/svg+xml");
    if (url === "/images-page.html") return html(imagesPage(origin));
    if (url === "/company-site.html") {
      return html(`<!doctype html><html><head><title>Press | BRAVOPAY</title><meta property="og:site_name" content="Bravopay">
        <meta property="og:image" content="/images/nile-hub.jpg"></head><body><article><h1>BravoPay launches instant payouts</h1>
        <p>${"BravoPay merchants can now receive their card payments within minutes instead of days, across Egypt and the Gulf. ".repeat(3)}</p></article></body></html>`);
    }
    if (url === "/og.html") return html(page("og.html"));
    if (url === "/jsonld.html") return html(page("jsonld.html"));
    if (url === "/plain.html") return html(page("plain.html"), "text/html");
    if (url === "/gzip.html") {
      res.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" });
      return res.end(zlib.gzipSync(page("og.html")));
    }
    if (url === "/to-og") {
      res.writeHead(301, { Location: "/og.html" });
      return res.end();
    }
    if (url === "/to-loopback") {
      res.writeHead(302, { Location: "http://127.0.0.1:9/admin" });
      return res.end();
    }
    if (url === "/to-metadata") {
      res.writeHead(302, { Location: "http://169.254.169.254/latest/meta-data/iam/security-credentials/" });
      return res.end();
    }
    if (url === "/to-localhost") {
      res.writeHead(307, { Location: `http://localhost:${(server.address() as AddressInfo).port}/og.html` });
      return res.end();
    }
    if (url === "/to-file") {
      res.writeHead(302, { Location: "file:///etc/passwd" });
      return res.end();
    }
    const loop = /^\/loop\/(\d+)$/.exec(url);
    if (loop) {
      const n = Number(loop[1]);
      res.writeHead(302, { Location: n > 0 ? `/loop/${n - 1}` : "/og.html" });
      return res.end();
    }
    if (url === "/slow") {
      // Headers, then nothing: the deadline must cover the body as well.
      res.writeHead(200, { "Content-Type": "text/html" });
      res.write("<html><body><p>Loading");
      return;
    }
    if (url === "/silent") return; // never answers at all
    if (url === "/half-close-delimited" || url === "/half-length" || url === "/half-gzip") {
      // Half an article, then a stall: whatever arrived before the deadline must not count as the page.
      const half = `<html><head><title>Half an article</title><meta property="og:title" content="Half an article"></head><body><article><p>${"Only the first part of this article arrived. ".repeat(40)}</p>`;
      if (url === "/half-close-delimited") {
        // No Content-Length and no chunking: the body ends when the connection closes.
        req.socket.write(`HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n${half}`);
        return;
      }
      if (url === "/half-length") {
        res.writeHead(200, { "Content-Type": "text/html", "Content-Length": String(half.length * 2) });
        res.write(half);
        return;
      }
      res.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" });
      const gz = zlib.createGzip();
      gz.pipe(res);
      gz.write(half);
      gz.flush();
      return;
    }
    if (url === "/huge") {
      res.writeHead(200, { "Content-Type": "text/html" });
      const chunk = Buffer.alloc(64 * 1024, "<p>filler text</p>\n");
      let sent = 0;
      const pump = () => {
        while (sent < 4 * 1024 * 1024) {
          sent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", pump);
        }
        res.end();
      };
      res.on("error", () => {});
      return pump();
    }
    if (url === "/huge-declared") {
      res.writeHead(200, { "Content-Type": "text/html", "Content-Length": String(50 * 1024 * 1024) });
      res.write("<html>");
      return;
    }
    if (url === "/gzip-bomb") {
      res.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" });
      return res.end(zlib.gzipSync(Buffer.alloc(20 * 1024 * 1024, " ")));
    }
    if (url === "/report.pdf") return html("%PDF-1.7\n", "application/pdf");
    if (url === "/empty.html") return html("<!doctype html><html><head></head><body></body></html>");
    res.writeHead(404, { "Content-Type": "text/html" });
    res.end("<h1>Not found</h1>");
  });
  return server;
}

/** No real DNS in these tests: every name other than the fixture's IP literal is unknown. */
const noDns: LookupFunction = (_hostname, _options, callback) => callback(Object.assign(new Error("not found"), { code: "ENOTFOUND" }), []);

beforeAll(async () => {
  images.set("/images/nile-hub.jpg", ["image/jpeg", await solid(1200, 630, "jpeg")]);
  images.set("/images/team.jpg", ["image/jpeg", await solid(800, 500, "jpeg", { r: 200, g: 120, b: 40 })]);
  images.set("/apple-touch-icon.png", ["image/png", await solid(180, 180, "png")]);
  images.set("/favicon-32.png", ["image/png", await solid(32, 32, "png")]);
  images.set("/static/publisher-logo.png", ["image/png", await solid(300, 100, "png")]);
  images.set("/img/lead.jpg", ["image/jpeg", await solid(1600, 900, "jpeg")]);
  images.set("/img/site-logo.png", ["image/png", await solid(64, 64, "png")]);
  images.set("/img/hub.png", ["image/png", await solid(640, 400, "png")]);
  images.set("/img/team.jpg", ["image/jpeg", await solid(640, 400, "jpeg")]);
  images.set("/img/inside.png", ["image/png", await solid(64, 64, "png")]);
  images.set("/img/thirteenth.png", ["image/png", await solid(64, 64, "png")]);
  for (let i = 0; i < 6; i++) images.set(`/img/extra-${i}.png`, ["image/png", await solid(100 + i, 80, "png")]);
  fixture = startFixtureServer();
  await new Promise<void>((resolve) => fixture.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`;
  ctx = await createTestContext({ services: { extract: { allowOrigins: [origin], timeoutMs: 1000, resolve: noDns } } });
  admin = (await signedInClient(ctx, "admin")).client;
});

afterAll(async () => {
  await ctx?.close();
  fixture?.closeAllConnections();
  await new Promise<void>((resolve) => fixture.close(() => resolve()));
});

const extract = (url: unknown) => admin.post("/api/extract-url", { url });
const UPLOAD = /^\/uploads\/[0-9a-f-]+\.webp$/;
const TIMED_OUT = "The page took too long to respond. Please try again or enter the details manually.";

describe("[extract] access", () => {
  it("anonymous is 401, regular and investor are 403", async () => {
    const anon = await signedInClient(ctx, "anonymous");
    expect((await anon.client.post("/api/extract-url", { url: `${origin}/og.html` })).status).toBe(401);
    for (const role of ["regular", "investor"] as const) {
      const { client } = await signedInClient(ctx, role);
      const res = await client.post("/api/extract-url", { url: `${origin}/og.html` });
      expect(res.status).toBe(403);
    }
  });

  it("an empty or malformed URL is 400 with the spec's message", async () => {
    for (const url of ["", "   ", undefined, 42, "http://", "https://exa mple.com"]) {
      const res = await extract(url);
      expect(res.status, String(url)).toBe(400);
      expect(res.json.message).toBe("Please enter a valid URL to extract content from");
    }
  });
});

describe("[extract] content from fixture pages", () => {
  it("reads Open Graph tags and readable content, sanitized, with absolute links", async () => {
    const res = await extract(`${origin}/og.html`);
    expect(res.status).toBe(200);
    const body = res.json;
    expect(body.title).toBe("Nile Logistics Raises $40 Million Series B to Expand Across East Africa");
    expect(body.summary).toBe("The Cairo-based freight platform will use the new funding to open hubs in Nairobi and Addis Ababa.");
    expect(body.date).toBe("2026-03-04");
    // Images are copies on this site, never links to the source.
    expect(body.image).toMatch(UPLOAD);
    expect(body.logo).toMatch(UPLOAD);
    expect(body.warnings).toEqual([]);
    expect(body.category).toBe("Funding");
    expect(body.originalUrl).toBe(`${origin}/og.html`);
    expect(body.content).toContain("<p>Nile Logistics, the Cairo-based freight platform");
    expect(body.content).toContain(`href="${origin}/reports/series-b"`);
    const srcs = [...body.content.matchAll(/<img[^>]*src="([^"]*)"/g)].map((m: RegExpMatchArray) => m[1]);
    expect(srcs).toHaveLength(1);
    expect(srcs[0]).toMatch(UPLOAD);
    expect(body.content).not.toContain("/images/team.jpg");
    expect(body.content).not.toMatch(/<script|onclick|window\.evil/i);
    expect(body.content).not.toContain("Example Wire");
  });

  it("reads JSON-LD (in @graph, next to a broken block): headline, description, date, image, publisher logo", async () => {
    const res = await extract(`${origin}/jsonld.html`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      title: "Delta Solar and Kahwa Coffee sign a partnership to power 40 roasteries with rooftop solar",
      summary: "A five-year agreement covers installation, storage and maintenance across Egypt.",
      date: "2025-11-20",
      image: null,
      category: "Partnership",
      company: null,
      warnings: ["The featured image was left out (https://cdn.example.org/solar-roof.jpg): The web address could not be found."],
    });
    expect(res.json.logo).toMatch(UPLOAD);
    expect(res.json.content).toContain("forty Kahwa Coffee roasteries");
  });

  it("falls back to the readable text of a page without metadata", async () => {
    const res = await extract(`${origin}/plain.html`);
    expect(res.status).toBe(200);
    expect(res.json.title).toBe("Quarterly results: revenue up 18%");
    expect(res.json.summary.length).toBeLessThanOrEqual(200);
    expect(res.json.summary).toMatch(/^Meridian Crest Holdings reported quarterly revenue up 18%/);
    expect(res.json.date).toBe("2026-07-30");
    expect(res.json.category).toBe("Financial Results");
    expect(res.json.image).toBeNull();
    expect(res.json.logo).toBeNull();
    expect(res.json.content).toContain("Café chain Kahwa");
  });

  it("decodes a gzip page and follows an allowed redirect", async () => {
    expect((await extract(`${origin}/gzip.html`)).json.date).toBe("2026-03-04");
    const redirected = await extract(`${origin}/to-og`);
    expect(redirected.status).toBe(200);
    expect(redirected.json.originalUrl).toBe(`${origin}/og.html`);
  });

  it("follows up to 5 redirects and refuses the sixth", async () => {
    expect((await extract(`${origin}/loop/4`)).status).toBe(200);
    const res = await extract(`${origin}/loop/5`);
    expect(res.status).toBe(502);
    expect(res.json.message).toBe("The page redirected more than 5 times.");
  });

  it("reports upstream failures with a reason", async () => {
    const missing = await extract(`${origin}/missing`);
    expect(missing.status).toBe(502);
    expect(missing.json.message).toBe("The page answered with HTTP 404.");
    const pdf = await extract(`${origin}/report.pdf`);
    expect(pdf.status).toBe(422);
    expect(pdf.json.message).toMatch(/does not point to a web page/);
    const empty = await extract(`${origin}/empty.html`);
    expect(empty.status).toBe(422);
    expect(empty.json.message).toBe("Could not extract content from the URL");
  });
});

describe("[extract] images are copied to this site, and the company is matched", () => {
  let kahwa: { name: string; companyLogo: string | null };

  beforeAll(async () => {
    kahwa = await ctx.services.portfolio.create(
      portfolioSchema.parse(portfolioBody({ name: "Kahwa Coffee Co.", sector: "food-security", companyLogo: "/uploads/kahwa-logo.webp" })),
    );
    await ctx.services.portfolio.create(
      portfolioSchema.parse(portfolioBody({ name: "BravoPay", sector: "finance", companyLogo: "/uploads/bravopay-logo.webp" })),
    );
    await ctx.services.portfolio.create(portfolioSchema.parse(portfolioBody({ name: "Café Ñandú", sector: "food-security", companyLogo: null })));
  });

  it("copies up to 12 content images and the lead image; every other image is left out and listed, none is hot-linked", async () => {
    const before = hits.length;
    const res = await extract(`${origin}/images-page.html`);
    expect(res.status).toBe(200);
    const body = res.json;

    const srcs = [...body.content.matchAll(/<img[^>]*src="([^"]*)"/g)].map((m: RegExpMatchArray) => m[1]);
    // hub, team and the six extras; not the blocked, missing, HTML, SVG or thirteenth ones.
    expect(srcs).toHaveLength(8);
    for (const src of srcs) expect(src).toMatch(UPLOAD);
    expect(new Set(srcs).size).toBe(8);
    expect(body.content).not.toMatch(/127\.0\.0\.1|::127|\/img\//);
    expect(body.content).toContain('alt="The new hub"');
    expect(body.content).not.toContain("One too many");

    expect(body.image).toMatch(UPLOAD);
    // The page names a portfolio company in its title: its logo and sector, not the site's icon.
    expect(body.company).toBe("Kahwa Coffee Co.");
    expect(body.sector).toBe("food-security");
    expect(body.logo).toBe(kahwa.companyLogo);

    expect(body.warnings).toEqual([
      "1 more image was left out: at most 12 images are copied from a page.",
      `An image in the content was left out (http://[::7f00:1]:${new URL(origin).port}/img/inside.png): its address points to a private or internal network.`,
      `An image in the content was left out (${origin}/img/missing.png): the site answered with HTTP 404.`,
      `An image in the content was left out (${origin}/img/page-not-image.png): it is not a photo or logo image.`,
      `An image in the content was left out (${origin}/img/drawing.svg): it is not a photo or logo image.`,
    ]);
    // The thirteenth image and the site icon (a company logo was matched) were never requested.
    const requested = hits.slice(before);
    expect(requested).not.toContain("/img/thirteenth.png");
    expect(requested).not.toContain("/img/site-logo.png");
    expect(requested).not.toContain("/img/inside.png");

    // The copies are served by this site as WebP.
    for (const url of [body.image, srcs[0]]) {
      const copy = await fetch(`${ctx.baseUrl}${url}`);
      expect(copy.status).toBe(200);
      expect(copy.headers.get("content-type")).toBe("image/webp");
    }
  });

  it("matches the publisher name regardless of case and legal form, and fills sector and logo", async () => {
    const res = await extract(`${origin}/company-site.html`);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ company: "BravoPay", sector: "finance", logo: "/uploads/bravopay-logo.webp" });
    expect(res.json.image).toMatch(UPLOAD);
  });

  it("a page about no portfolio company keeps company and sector empty and copies the site's own logo", async () => {
    const res = await extract(`${origin}/og.html`);
    expect(res.json.company).toBeNull();
    expect(res.json.sector).toBeNull();
    expect(res.json.logo).toMatch(UPLOAD);
  });
});

describe("[extract] limits", () => {
  it("a page slower than the deadline is refused (deadline injected: 1 s here, 10 s in production)", async () => {
    for (const slow of ["/slow", "/silent"]) {
      const started = Date.now();
      const res = await extract(`${origin}${slow}`);
      const took = Date.now() - started;
      expect(res.status).toBe(502);
      expect(res.json.message).toBe(TIMED_OUT);
      expect(took).toBeGreaterThanOrEqual(900);
      expect(took).toBeLessThan(5000);
    }
  });

  it.each(["/half-close-delimited", "/half-length", "/half-gzip"])(
    "a deadline that fires mid-body (%s) is a failure, never the truncated page",
    async (half) => {
      const res = await extract(`${origin}${half}`);
      expect(res.status).toBe(502);
      expect(res.json.message).toBe(TIMED_OUT);
      expect(res.json.title).toBeUndefined();
    },
  );

  it("a page over 3 MB is refused, whether streamed, declared or compressed", async () => {
    for (const huge of ["/huge", "/huge-declared", "/gzip-bomb"]) {
      const res = await extract(`${origin}${huge}`);
      expect(res.status, huge).toBe(502);
      expect(res.json.message).toBe("The page is larger than 3 MB and was not downloaded.");
    }
  });
});

describe("[extract] blocked addresses", () => {
  const port = () => new URL(origin).port;
  const blockedMessage = "This address points to a private or internal network and cannot be fetched.";

  it("refuses loopback, private, CGNAT, link-local, metadata, unspecified, multicast and mapped addresses", async () => {
    const targets = [
      `http://127.0.0.1:${Number(port()) === 80 ? 81 : 80}/`,
      "http://127.0.0.1/",
      "http://127.8.9.10/",
      `http://localhost:${port()}/og.html`,
      "http://localhost/",
      "http://app.localhost/",
      "http://10.0.0.1/",
      "http://10.255.255.255/",
      "http://172.16.0.1/",
      "http://172.31.255.254/",
      "http://192.168.1.1/",
      "http://100.64.0.1/",
      "http://169.254.169.254/latest/meta-data/",
      "http://169.254.1.1/",
      "http://0.0.0.0/",
      "http://0.0.0.0:8080/",
      "http://224.0.0.1/",
      "http://255.255.255.255/",
      "http://[::1]/",
      "http://[::]/",
      "http://[fe80::1]/",
      "http://[fc00::1]/",
      "http://[fd12:3456::1]/",
      "http://[ff02::1]/",
      "http://[::ffff:127.0.0.1]/",
      "http://[::ffff:a9fe:a9fe]/",
      "http://[::127.0.0.1]/",
      "http://[::ffff:0:7f00:1]/",
      "http://[64:ff9b::a9fe:a9fe]/",
      "http://[2002:7f00:1::1]/",
      "http://2130706433/",
      "http://0x7f.1/",
      "http://017700000001/",
      "https://127.0.0.1/",
    ];
    for (const url of targets) {
      const res = await extract(url);
      expect(res.status, url).toBe(422);
      expect(res.json.message, url).toBe(blockedMessage);
    }
  });

  it("refuses schemes other than http and https", async () => {
    for (const url of ["file:///etc/passwd", "ftp://example.com/file.txt", "gopher://example.com/", "data:text/html,<p>x</p>", "javascript:alert(1)"]) {
      const res = await extract(url);
      expect(res.status, url).toBe(422);
      expect(res.json.message, url).toBe("Only http:// and https:// web addresses can be fetched.");
    }
  });

  it("refuses credentials in the URL and unusual ports", async () => {
    expect((await extract("http://user:pass@example.com/")).json.message).toBe("Web addresses with a user name or password cannot be fetched.");
    const port = await extract("http://example.com:6379/");
    expect(port.status).toBe(422);
    expect(port.json.message).toBe("Only the standard web ports (80, 443, 8080, 8443) can be fetched.");
  });

  it("refuses a redirect from an allowed page to loopback, metadata, localhost or file:", async () => {
    for (const hop of ["/to-loopback", "/to-metadata", "/to-localhost"]) {
      const before = hits.length;
      const res = await extract(`${origin}${hop}`);
      expect(res.status, hop).toBe(422);
      expect(res.json.message, hop).toBe(blockedMessage);
      // Only the redirecting page was requested; the target was never reached.
      expect(hits.slice(before)).toEqual([hop]);
    }
    const file = await extract(`${origin}/to-file`);
    expect(file.status).toBe(422);
    expect(file.json.message).toBe("Only http:// and https:// web addresses can be fetched.");
  });
});

describe("[extract] DNS answers are checked where the socket connects", () => {
  const answers: Record<string, { address: string; family: number }[]> = {
    "intranet.example": [{ address: "10.1.2.3", family: 4 }],
    "loopback.example": [{ address: "127.0.0.1", family: 4 }],
    "metadata.example": [{ address: "169.254.169.254", family: 4 }],
    "v6.example": [{ address: "::1", family: 6 }],
    "mapped.example": [{ address: "::ffff:192.168.0.1", family: 6 }],
    // One public and one private answer: refused as a whole, nothing is connected.
    "mixed.example": [
      { address: "93.184.215.14", family: 4 },
      { address: "192.168.0.10", family: 4 },
    ],
  };
  const resolve: LookupFunction = (hostname, _options, callback) => {
    const list = answers[hostname];
    if (!list) return callback(Object.assign(new Error("not found"), { code: "ENOTFOUND" }), []);
    callback(null, list);
  };
  const service = createExtractService({ nodeEnv: "test", resolve, timeoutMs: 2000 });

  it.each(Object.keys(answers))("%s is refused", async (host) => {
    await expect(service.extract(`http://${host}/news`)).rejects.toMatchObject({
      code: "UNPROCESSABLE",
      message: "This address points to a private or internal network and cannot be fetched.",
    });
  });

  it("an unknown name is a clear 'could not be found'", async () => {
    await expect(service.extract("https://no-such-host.example/")).rejects.toMatchObject({
      code: "UNPROCESSABLE",
      message: "The web address could not be found.",
    });
  });
});

describe("[extract] the allow-list is a test seam only", () => {
  it("cannot be enabled in production, and no environment variable turns it on", () => {
    expect(() => createExtractService({ nodeEnv: "production", allowOrigins: ["http://127.0.0.1:1234"] })).toThrow(/test-only/);
    const config = loadConfig({ NODE_ENV: "production", DATA_DIR: ctx.services.config.dataDir, EXTRACT_ALLOW_ORIGINS: origin });
    expect(JSON.stringify(config)).not.toContain(origin);
  });
});
