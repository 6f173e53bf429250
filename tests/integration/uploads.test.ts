/**
 * POST /api/admin/uploads: images checked by their bytes, re-encoded to WebP variants without metadata,
 * size limits per kind, and nothing but admins.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { HTML_PAGE, photo, pixelBombPng, postMultipart, seedFile, SVG_WITH_SCRIPT } from "../fixtures/files";
import { diskDir } from "../../server/lib/storage-disk";

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, "admin")).client;
});
afterAll(() => ctx.close());

const uploadsDir = () => diskDir(ctx.services.storage, "uploads");
const fileOf = (url: string) => path.join(uploadsDir(), url.replace(/^\/uploads\//, ""));
const upload = (file: { data: Uint8Array | string; name: string; type?: string }, kind?: string, client = admin) =>
  postMultipart(client, `/api/admin/uploads${kind ? `?kind=${kind}` : ""}`, { file });

describe("[uploads] good images", () => {
  it("a PNG becomes WebP variants at 400/800/1600, EXIF gone", async () => {
    const png = await photo("png", 2000, 1000);
    expect(png.includes(Buffer.from("SECRET-EXIF-MARKER"))).toBe(true);
    const res = await upload({ data: png, name: "Board Photo.png", type: "image/png" });
    expect(res.status).toBe(201);
    expect(res.json.url).toMatch(/^\/uploads\/[a-f0-9-]{36}\.webp$/);
    expect(res.json).toMatchObject({ width: 1600, height: 800 });
    expect(Object.keys(res.json.variants).sort()).toEqual(["1600", "400", "800"]);
    expect(res.json.variants["1600"]).toBe(res.json.url);
    for (const [w, url] of Object.entries<string>(res.json.variants)) {
      const bytes = readFileSync(fileOf(url));
      const meta = await sharp(bytes).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.width).toBe(Number(w));
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(bytes.includes(Buffer.from("SECRET-EXIF-MARKER"))).toBe(false);
      expect(bytes.includes(Buffer.from("Secret Photographer"))).toBe(false);
    }
    // Served by the static handler with a long cache and the right type.
    const served = await fetch(ctx.baseUrl + res.json.url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toContain("immutable");
  });

  it("a JPEG is accepted whatever its name and declared type, turned upright, never upscaled", async () => {
    // 300 x 200 stored sideways (EXIF orientation 6 = rotate 90°): upright it is 200 x 300.
    const jpeg = await photo("jpeg", 300, 200, { orientation: 6 });
    const res = await upload({ data: jpeg, name: "notes.txt", type: "text/plain" });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ width: 200, height: 300 });
    expect(Object.keys(res.json.variants)).toEqual(["200"]);
    const meta = await sharp(readFileSync(fileOf(res.json.url))).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it("kinds have their own widths: a logo tops out at 512, a banner at 1920", async () => {
    const logo = await upload({ data: await photo("png", 900, 300), name: "logo.png" }, "logo");
    expect(logo.status).toBe(201);
    expect(Object.keys(logo.json.variants).sort((a, b) => +a - +b)).toEqual(["128", "256", "512"]);
    const banner = await upload({ data: await photo("jpeg", 2400, 800), name: "banner.jpg" }, "banner");
    expect(banner.status).toBe(201);
    expect(banner.json.width).toBe(1920);
  });

  it("WebP and GIF are accepted too", async () => {
    const webp = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } })
      .webp()
      .toBuffer();
    const gif = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#c9a227" } })
      .gif()
      .toBuffer();
    expect((await upload({ data: webp, name: "a.webp" })).status).toBe(201);
    expect((await upload({ data: gif, name: "a.gif" })).status).toBe(201);
  });
});

describe("[uploads] refused", () => {
  it("oversized files are 413 with the spec's message, per kind", async () => {
    const big = (mb: number) => Buffer.alloc(Math.ceil(mb * 1024 * 1024), 1);
    const image = await upload({ data: big(5.2), name: "big.png", type: "image/png" });
    expect(image.status).toBe(413);
    expect(image.json.message).toBe("File size exceeds 5MB limit");
    const logo = await upload({ data: big(1.1), name: "logo.png", type: "image/png" }, "logo");
    expect(logo.status).toBe(413);
    expect(logo.json.message).toBe("File size exceeds 1MB limit");
    const banner = await upload({ data: big(10.1), name: "banner.png", type: "image/png" }, "banner");
    expect(banner.status).toBe(413);
    expect(banner.json.message).toBe("File size exceeds 10MB limit");
  });

  it("text, HTML and PDF files renamed .png are 415", async () => {
    for (const data of ["just some text, not an image", HTML_PAGE, seedFile("annual-report-2025.pdf")]) {
      const res = await upload({ data, name: "innocent.png", type: "image/png" });
      expect(res.status).toBe(415);
      expect(res.json.message).toBe("Only image files can be uploaded (JPEG, PNG, WebP, GIF or AVIF).");
    }
  });

  it("SVG is refused, with a script or without", async () => {
    for (const data of [SVG_WITH_SCRIPT, '<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>']) {
      const res = await upload({ data, name: "logo.svg", type: "image/svg+xml" }, "logo");
      expect(res.status).toBe(415);
      expect(res.json.message).toMatch(/^SVG images are not accepted/);
    }
  });

  it("a decompression bomb (a few KB claiming 2.5 gigapixels) is refused without decoding it", async () => {
    const res = await upload({ data: pixelBombPng(), name: "bomb.png", type: "image/png" });
    expect(res.status).toBe(413);
    expect(res.json.message).toBe("The image dimensions are too large (40 megapixels at most).");
  });

  it("a truncated image is refused", async () => {
    const png = await photo("png", 400, 400);
    const res = await upload({ data: png.subarray(0, 200), name: "cut.png" });
    expect(res.status).toBe(415);
  });

  it("no file, a wrong field or an unknown kind is 400", async () => {
    expect((await postMultipart(admin, "/api/admin/uploads", { fields: { other: "x" } })).status).toBe(400);
    expect((await admin.post("/api/admin/uploads", { file: "data:image/png;base64,AAAA" })).status).toBe(400);
    const kind = await upload({ data: await photo("png", 10, 10), name: "a.png" }, "huge");
    expect(kind.status).toBe(400);
  });

  it("anonymous is 401; regular and investor are 403; nothing is stored", async () => {
    const before = readdirSync(uploadsDir()).length;
    const png = await photo("png", 50, 50);
    expect((await upload({ data: png, name: "a.png" }, undefined, new Client(ctx.baseUrl))).status).toBe(401);
    for (const role of ["regular", "investor"] as const) {
      const { client } = await signedInClient(ctx, role);
      const res = await upload({ data: png, name: "a.png" }, undefined, client);
      expect(res.status).toBe(403);
    }
    expect(readdirSync(uploadsDir()).length).toBe(before);
  });

  it("a cross-site upload is refused", async () => {
    const png = await photo("png", 50, 50);
    const form = new FormData();
    form.append("file", new Blob([png], { type: "image/png" }), "a.png");
    const res = await fetch(`${ctx.baseUrl}/api/admin/uploads`, {
      method: "POST",
      headers: { Cookie: admin.cookie, Origin: "https://evil.example" },
      body: form,
    });
    expect(res.status).toBe(403);
    expect(existsSync(uploadsDir())).toBe(true);
  });
});
