import sharp from "sharp";
import { describe, expect, it } from "vitest";
import {
  cachedWatermarkOverlay,
  cleanWatermarkText,
  escapeMarkup,
  WATERMARK_LINE_MAX,
  WATERMARK_NAME_MAX,
  watermarkFontFile,
  watermarkLines,
  watermarkOverlay,
  watermarkPage,
} from "./watermark";

const at = new Date("2026-05-01T11:05:00Z");

/** The raw RGBA pixels of a PNG. */
async function pixels(png: Buffer) {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, info };
}

/** The share of pixels with any opacity, and whether every such pixel is grey (red, green and blue equal). */
async function ink(png: Buffer) {
  const { data } = await pixels(png);
  let inked = 0;
  let coloured = 0;
  for (let i = 0; i < data.length; i += 4) {
    if (data[i + 3] === 0) continue;
    inked++;
    if (Math.max(data[i], data[i + 1], data[i + 2]) - Math.min(data[i], data[i + 1], data[i + 2]) > 8) coloured++;
  }
  return { inked: inked / (data.length / 4), coloured };
}

const overlayOf = (name: string, width = 600, height = 400) =>
  watermarkOverlay(watermarkLines({ name, email: "viewer@example.com", at, viewId: "v42" }), width, height);

describe("[data room] watermark text", () => {
  it("has the e-mail and the view first, then the time in Cairo, then the name", () => {
    expect(watermarkLines({ name: "Mona Hassan", email: "mona@example.com", at, viewId: "7f3a" })).toEqual([
      "mona@example.com · View 7f3a",
      // Cairo keeps summer time in May: UTC+3.
      "2026-05-01 14:05 Cairo",
      "Mona Hassan",
    ]);
    expect(watermarkLines({ name: "x", email: "y", at: new Date("2026-01-15T22:30:00Z"), viewId: "1" })[1]).toBe("2026-01-16 00:30 Cairo");
  });

  it("a name cannot displace the real e-mail and view: it is drawn after them, on one line of its own, capped", () => {
    const forged = "other@victim.test · 2026-01-01 10:00 Cairo · View AAAA-BBBB";
    const lines = watermarkLines({ name: `${forged}\n${forged}`, email: "mona@example.com", at, viewId: "7f3a" });
    expect(lines[0]).toBe("mona@example.com · View 7f3a");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe(`${forged} ${forged}`.slice(0, WATERMARK_NAME_MAX - 1) + "…");
    // However long the address, the view id stays on the first line.
    const long = watermarkLines({ name: "", email: `${"a".repeat(300)}@example.com`, at, viewId: "7f3a" })[0];
    expect(Array.from(long).length).toBeLessThanOrEqual(WATERMARK_LINE_MAX);
    expect(long.endsWith("… · View 7f3a")).toBe(true);
  });

  it("a name of invisible characters is no name: it is left out", () => {
    const invisible = [
      "\u200B\u200B\u200B",
      "\u200C\u200D\u2060\uFEFF",
      "\u00AD\u034F\u180E\u3164\uFFA0",
      "\u2800 \u2800",
      "\u{E0041}\u{E0042}",
      "\u202E\u2066",
      " \u0007 ",
    ];
    for (const name of invisible) {
      expect(watermarkLines({ name, email: "mona@example.com", at, viewId: "7f3a" }), JSON.stringify(name)).toEqual([
        "mona@example.com · View 7f3a",
        "2026-05-01 14:05 Cairo",
      ]);
    }
    // Zero-width characters inside a real name are removed; the joiners that shape its letters stay.
    expect(cleanWatermarkText("Mo\u200Bna\u2060 Has\u00ADsan")).toBe("Mona Hassan");
  });

  it("removes control and bidi-override characters from a name, so it cannot reorder the line", () => {
    expect(cleanWatermarkText("Ali\u202Egnp.exe")).toBe("Alignp.exe");
    expect(cleanWatermarkText("\u2067Sara\u2069 \u202Bx\u202C")).toBe("Sara x");
    expect(cleanWatermarkText("Line one\nLine\ttwo\u0000\u2028")).toBe("Line one Line two");
    // The joiners that shape a name's own letters stay.
    expect(cleanWatermarkText("می\u200Cخواهم")).toBe("می\u200Cخواهم");
    expect(Array.from(cleanWatermarkText("x".repeat(500)))).toHaveLength(120);
  });

  it("escapes every character Pango markup gives a meaning to", () => {
    expect(escapeMarkup(`<span foreground="red">&amp;'</span>`)).toBe("&lt;span foreground=&quot;red&quot;&gt;&amp;amp;&#39;&lt;/span&gt;");
  });
});

describe("[data room] watermark overlay", () => {
  it("ships its font", () => {
    expect(watermarkFontFile()).toMatch(/server\/assets\/fonts\/IBMPlexSansArabic-Regular\.ttf$/);
  });

  it("is a transparent PNG of exactly the page's size, with text on it, leaving most of the page clear", async () => {
    for (const [width, height] of [
      [800, 1132],
      [1600, 1131],
      [37, 2400],
    ]) {
      const png = await overlayOf("Mona Hassan", width, height);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height, meta.hasAlpha]).toEqual(["png", width, height, true]);
      const { inked } = await ink(png);
      expect(inked).toBeGreaterThan(0.01);
      expect(inked).toBeLessThan(0.5);
    }
  });

  it("shapes Arabic: a name differs from the same letters kept apart by zero-width non-joiners", async () => {
    const joined = await overlayOf("محمد عبد الله");
    const apart = await overlayOf(Array.from("محمد عبد الله").join("\u200C"));
    expect((await ink(joined)).inked).toBeGreaterThan(0.01);
    expect(joined.equals(apart)).toBe(false);
    const [a, b] = await Promise.all([pixels(joined), pixels(apart)]);
    expect(a.data.equals(b.data)).toBe(false);
  });

  it("the only difference is the joining: letters kept apart look exactly like their isolated forms", async () => {
    // ARABIC LETTER MEEM, HAH, MEEM, DAL and their isolated presentation forms.
    const isolated: Record<string, string> = { م: "ﻡ", ح: "ﺡ", د: "ﺩ" };
    const name = "محمد";
    const [joined, apart, forms] = await Promise.all(
      [name, Array.from(name).join("\u200C"), Array.from(name, (c) => isolated[c]).join("")].map(
        async (n) => (await pixels(await watermarkOverlay([n], 600, 400))).data,
      ),
    );
    expect(apart.equals(forms)).toBe(true);
    expect(joined.equals(forms)).toBe(false);
  });

  it("prints markup in a name literally", async () => {
    const plain = await pixels(await overlayOf("x"));
    const bold = await pixels(await overlayOf("<b>x</b>"));
    expect(bold.data.equals(plain.data)).toBe(false);
    // A span asking for red is printed as text, in the watermark's grey.
    const red = await overlayOf(`<span foreground="red">x</span>`);
    expect((await ink(red)).coloured).toBe(0);
    for (const name of ["&amp;", "AT&T <Ltd>", 'Ann\'s "Fund"', "&#x202E;"]) await expect(overlayOf(name)).resolves.toBeInstanceOf(Buffer);
  });

  it("is kept for the next page of the same size", async () => {
    const lines = watermarkLines({ name: "Kept", email: "k@example.com", at, viewId: "1" });
    const [a, b] = await Promise.all([cachedWatermarkOverlay(lines, 500, 700), cachedWatermarkOverlay(lines, 500, 700)]);
    expect(a).toBe(b);
    expect(await cachedWatermarkOverlay(lines, 500, 700)).toBe(a);
    expect(await cachedWatermarkOverlay(lines, 500, 701)).not.toBe(a);
  });
});

describe("[data room] watermarked page", () => {
  const lines = watermarkLines({ name: "سارة", email: "sara@example.com", at, viewId: "p1" });

  it("is a WebP of the page's size with the watermark burned in", async () => {
    const page = await sharp({ create: { width: 800, height: 1100, channels: 3, background: "#ffffff" } })
      .png()
      .toBuffer();
    const out = await watermarkPage(page, lines);
    const meta = await sharp(out).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 800, 1100]);
    const { data } = await sharp(out).greyscale().raw().toBuffer({ resolveWithObject: true });
    // Some pixels are darker than the white page.
    expect(data.some((v) => v < 200)).toBe(true);
  });

  it("keeps a photograph's page lossy and small", async () => {
    const photo = await sharp({ create: { width: 800, height: 1100, channels: 3, background: "#808080", noise: { type: "gaussian", mean: 128, sigma: 50 } } })
      .png()
      .toBuffer();
    const out = await watermarkPage(photo, lines);
    expect(out.length).toBeLessThan(photo.length / 2);
  });
});
