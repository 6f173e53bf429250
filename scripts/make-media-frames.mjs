// Renders the frames of the home page's two abstract background videos as PNG files (called by
// scripts/make-media.sh, which encodes them with ffmpeg). Every moving part is a periodic function
// of the frame number, so the last frame flows into the first and the loop has no visible seam.
// Usage: node scripts/make-media-frames.mjs <hero|about> <outDir>
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const [scene, outDir] = process.argv.slice(2);
if (!scene || !outDir) {
  console.error("usage: make-media-frames.mjs <hero|about> <outDir>");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

/** A small seeded generator, so every run produces the same video. */
function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const TAU = Math.PI * 2;
const f2 = (n) => n.toFixed(2);

// ------------------------------------------------------------------ hero: flowing ribbon + network
function heroScene() {
  const W = 1280;
  const H = 720;
  const FRAMES = 240; // 10 s at 24 fps
  const rand = rng(20240515);
  const nodes = Array.from({ length: 44 }, () => ({
    x: 40 + rand() * (W - 80),
    y: 30 + rand() * (H - 60),
    rx: 12 + rand() * 34,
    ry: 8 + rand() * 26,
    ph: rand() * TAU,
    dir: rand() < 0.5 ? 1 : -1,
    gold: rand() < 0.22,
    r: 1.4 + rand() * 1.8,
  }));
  const ribbonLines = 26;

  function ribbonY(x, p, k) {
    // Two edge curves; the lines in between interpolate, which gives the silk-ribbon look.
    const u = x / W;
    const a = H * 0.62 + 70 * Math.sin(u * TAU * 0.9 + p) + 34 * Math.sin(u * TAU * 1.7 - 2 * p + 1.3);
    const b = H * 0.46 + 90 * Math.sin(u * TAU * 0.7 - p + 0.8) + 30 * Math.sin(u * TAU * 2.1 + p + 2.2);
    const t = k / (ribbonLines - 1);
    return a + (b - a) * t + 10 * Math.sin(u * TAU * 3 + t * 4 + p);
  }

  return {
    W,
    H,
    FRAMES,
    svg(frame) {
      const p = (frame / FRAMES) * TAU;
      const parts = [];
      parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
      parts.push(`<defs>
        <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stop-color="#0b1d38"/><stop offset="0.55" stop-color="#081427"/><stop offset="1" stop-color="#050c19"/>
        </linearGradient>
        <radialGradient id="gold" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stop-color="#d6b36c" stop-opacity="0.42"/><stop offset="1" stop-color="#d6b36c" stop-opacity="0"/>
        </radialGradient>
        <radialGradient id="blue" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stop-color="#3b5c8c" stop-opacity="0.55"/><stop offset="1" stop-color="#3b5c8c" stop-opacity="0"/>
        </radialGradient>
        <radialGradient id="spark" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stop-color="#f5ebd3" stop-opacity="0.9"/><stop offset="0.35" stop-color="#d6b36c" stop-opacity="0.35"/><stop offset="1" stop-color="#d6b36c" stop-opacity="0"/>
        </radialGradient>
        <linearGradient id="rib" x1="0" y1="0" x2="1" y2="0">
          <stop offset="0" stop-color="#5b7aa8"/><stop offset="0.5" stop-color="#e2c88c"/><stop offset="1" stop-color="#5b7aa8"/>
        </linearGradient>
      </defs>`);
      parts.push(`<rect width="${W}" height="${H}" fill="url(#bg)"/>`);
      const gx = 920 + 140 * Math.cos(p);
      const gy = 250 + 70 * Math.sin(p);
      parts.push(`<ellipse cx="${f2(gx)}" cy="${f2(gy)}" rx="560" ry="420" fill="url(#gold)"/>`);
      const bx = 300 + 120 * Math.sin(p);
      const by = 520 + 80 * Math.cos(p);
      parts.push(`<ellipse cx="${f2(bx)}" cy="${f2(by)}" rx="680" ry="520" fill="url(#blue)"/>`);

      // The ribbon.
      for (let k = 0; k < ribbonLines; k++) {
        let d = "";
        for (let x = -20; x <= W + 20; x += 20) d += `${x === -20 ? "M" : "L"}${x},${f2(ribbonY(x, p, k))}`;
        const edge = Math.abs(k / (ribbonLines - 1) - 0.5) * 2; // 0 in the middle, 1 at the edges
        const opacity = 0.09 + 0.22 * (1 - edge);
        parts.push(`<path d="${d}" fill="none" stroke="url(#rib)" stroke-width="1.1" stroke-opacity="${f2(opacity)}"/>`);
      }

      // The network of markets.
      const pos = nodes.map((n) => ({
        x: n.x + n.rx * Math.cos(n.dir * p + n.ph),
        y: n.y + n.ry * Math.sin(n.dir * p + n.ph),
        n,
      }));
      const MAX = 190;
      for (let i = 0; i < pos.length; i++) {
        for (let j = i + 1; j < pos.length; j++) {
          const dx = pos[i].x - pos[j].x;
          const dy = pos[i].y - pos[j].y;
          const d = Math.hypot(dx, dy);
          if (d > MAX) continue;
          const o = (1 - d / MAX) * 0.32;
          const gold = pos[i].n.gold && pos[j].n.gold;
          parts.push(
            `<line x1="${f2(pos[i].x)}" y1="${f2(pos[i].y)}" x2="${f2(pos[j].x)}" y2="${f2(pos[j].y)}" stroke="${gold ? "#d6b36c" : "#8aa1c4"}" stroke-width="1" stroke-opacity="${f2(o)}"/>`,
          );
        }
      }
      for (const { x, y, n } of pos) {
        if (n.gold) {
          const pulse = 0.5 + 0.5 * Math.sin(2 * p + n.ph);
          parts.push(`<circle cx="${f2(x)}" cy="${f2(y)}" r="${f2(10 + 10 * pulse)}" fill="url(#spark)" opacity="${f2(0.5 + 0.5 * pulse)}"/>`);
          parts.push(`<circle cx="${f2(x)}" cy="${f2(y)}" r="${f2(n.r + 0.6)}" fill="#f5ebd3"/>`);
        } else {
          parts.push(`<circle cx="${f2(x)}" cy="${f2(y)}" r="${f2(n.r)}" fill="#b9c7de" fill-opacity="0.75"/>`);
        }
      }
      parts.push("</svg>");
      return parts.join("");
    },
  };
}

// ------------------------------------------------------------------ about: dotted globe, Cairo hub
function aboutScene() {
  const W = 720;
  const H = 720;
  const FRAMES = 288; // 12 s at 24 fps
  const R = 270;
  const CX = W / 2;
  const CY = H / 2 + 10;
  const rad = (d) => (d * Math.PI) / 180;
  // A Fibonacci lattice of dots over the sphere.
  const dots = [];
  const N = 1400;
  for (let i = 0; i < N; i++) {
    const y = 1 - (i / (N - 1)) * 2;
    const r = Math.sqrt(1 - y * y);
    const th = i * Math.PI * (3 - Math.sqrt(5));
    dots.push([Math.cos(th) * r, y, Math.sin(th) * r]);
  }
  const city = (lat, lon) => [Math.cos(rad(lat)) * Math.sin(rad(lon)), Math.sin(rad(lat)), Math.cos(rad(lat)) * Math.cos(rad(lon))];
  const cairo = city(30.04, 31.24);
  const others = [
    city(6.52, 3.38),
    city(-1.29, 36.82),
    city(24.71, 46.68),
    city(25.2, 55.27),
    city(33.57, -7.59),
    city(-26.2, 28.05),
    city(36.8, 10.18),
    city(5.6, -0.19),
    city(51.5, -0.13),
    city(19.07, 72.88),
  ];

  const tilt = rad(12); // latitude 12N faces the viewer: Cairo above the middle, Johannesburg below
  function project(v, lonCenter) {
    // Rotate around the polar axis so lonCenter faces the viewer, then tilt.
    const a = -rad(lonCenter);
    const x1 = v[0] * Math.cos(a) + v[2] * Math.sin(a);
    const z1 = -v[0] * Math.sin(a) + v[2] * Math.cos(a);
    const y2 = v[1] * Math.cos(tilt) - z1 * Math.sin(tilt);
    const z2 = v[1] * Math.sin(tilt) + z1 * Math.cos(tilt);
    return { x: CX + x1 * R, y: CY - y2 * R, z: z2 };
  }
  function slerp(a, b, t, lift) {
    const dot = Math.min(1, Math.max(-1, a[0] * b[0] + a[1] * b[1] + a[2] * b[2]));
    const om = Math.acos(dot);
    const s = Math.sin(om);
    const k1 = Math.sin((1 - t) * om) / s;
    const k2 = Math.sin(t * om) / s;
    const h = 1 + lift * Math.sin(Math.PI * t);
    return [(a[0] * k1 + b[0] * k2) * h, (a[1] * k1 + b[1] * k2) * h, (a[2] * k1 + b[2] * k2) * h];
  }

  return {
    W,
    H,
    FRAMES,
    svg(frame) {
      const p = (frame / FRAMES) * TAU;
      const lon = 26 + 18 * Math.sin(p); // sways over Africa and the Middle East
      const parts = [];
      parts.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">`);
      parts.push(`<defs>
        <radialGradient id="bg" cx="0.5" cy="0.45" r="0.75">
          <stop offset="0" stop-color="#162a48"/><stop offset="1" stop-color="#060f1f"/>
        </radialGradient>
        <radialGradient id="halo" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0.62" stop-color="#3b5c8c" stop-opacity="0.45"/><stop offset="1" stop-color="#3b5c8c" stop-opacity="0"/>
        </radialGradient>
        <radialGradient id="sphere" cx="0.38" cy="0.32" r="0.8">
          <stop offset="0" stop-color="#1f365b"/><stop offset="1" stop-color="#081427"/>
        </radialGradient>
        <radialGradient id="spark" cx="0.5" cy="0.5" r="0.5">
          <stop offset="0" stop-color="#f5ebd3" stop-opacity="0.95"/><stop offset="0.4" stop-color="#d6b36c" stop-opacity="0.4"/><stop offset="1" stop-color="#d6b36c" stop-opacity="0"/>
        </radialGradient>
      </defs>`);
      parts.push(`<rect width="${W}" height="${H}" fill="url(#bg)"/>`);
      parts.push(`<circle cx="${CX}" cy="${CY}" r="${R * 1.32}" fill="url(#halo)"/>`);
      parts.push(`<circle cx="${CX}" cy="${CY}" r="${R}" fill="url(#sphere)"/>`);
      for (const d of dots) {
        const q = project(d, lon);
        if (q.z < 0) continue;
        const o = 0.18 + 0.6 * q.z;
        parts.push(`<circle cx="${f2(q.x)}" cy="${f2(q.y)}" r="${f2(1.1 + 0.9 * q.z)}" fill="#8aa1c4" fill-opacity="${f2(o)}"/>`);
      }
      // Arcs from Cairo with a light travelling along each.
      others.forEach((c, i) => {
        let d = "";
        const pts = [];
        for (let s = 0; s <= 40; s++) {
          const q = project(slerp(cairo, c, s / 40, 0.09), lon);
          pts.push(q);
          d += `${s === 0 ? "M" : "L"}${f2(q.x)},${f2(q.y)}`;
        }
        const front = pts.filter((q) => q.z > -0.15).length / pts.length;
        parts.push(`<path d="${d}" fill="none" stroke="#d6b36c" stroke-width="1.4" stroke-opacity="${f2(0.2 + 0.45 * front)}"/>`);
        const t = ((frame / FRAMES) * 2 + i / others.length) % 1;
        const q = project(slerp(cairo, c, t, 0.09), lon);
        if (q.z > -0.2) parts.push(`<circle cx="${f2(q.x)}" cy="${f2(q.y)}" r="9" fill="url(#spark)"/>`);
        const e = project(c, lon);
        if (e.z > 0) parts.push(`<circle cx="${f2(e.x)}" cy="${f2(e.y)}" r="3" fill="#e2c88c"/>`);
      });
      const hub = project(cairo, lon);
      const pulse = 0.5 + 0.5 * Math.sin(3 * p);
      parts.push(`<circle cx="${f2(hub.x)}" cy="${f2(hub.y)}" r="${f2(14 + 12 * pulse)}" fill="url(#spark)"/>`);
      parts.push(`<circle cx="${f2(hub.x)}" cy="${f2(hub.y)}" r="4.5" fill="#fbf7ee"/>`);
      parts.push("</svg>");
      return parts.join("");
    },
  };
}

const s = scene === "hero" ? heroScene() : scene === "about" ? aboutScene() : null;
if (!s) {
  console.error(`unknown scene ${scene}`);
  process.exit(2);
}
const only = process.env.FRAME ? Number(process.env.FRAME) : null;
for (let f = 0; f < s.FRAMES; f++) {
  if (only !== null && f !== only) continue;
  await sharp(Buffer.from(s.svg(f)))
    .png({ compressionLevel: 1 })
    .toFile(path.join(outDir, `f${String(f).padStart(4, "0")}.png`));
}
console.log(`${scene}: ${only !== null ? 1 : s.FRAMES} frames ${s.W}x${s.H} -> ${outDir}`);
