/**
 * Draws the demo brand's images (portfolio banners, logos, press photos) as WebP files.
 * Run once with `npx tsx scripts/make-seed-assets.ts`; the output is committed under server/db/seed/assets.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";

const out = path.resolve("server/db/seed/assets");
mkdirSync(out, { recursive: true });

type Scene = { key: string; from: string; to: string; accent: string; motif: (w: number, h: number, accent: string) => string };

const skyline = (w: number, h: number, a: string) => {
  let s = "";
  let x = 0;
  let i = 0;
  while (x < w) {
    const bw = 40 + ((i * 37) % 70);
    const bh = 120 + ((i * 53) % 260);
    s += `<rect x="${x}" y="${h - bh}" width="${bw - 6}" height="${bh}" fill="${a}" opacity="${0.18 + (i % 3) * 0.08}"/>`;
    for (let wy = h - bh + 14; wy < h - 10; wy += 22) s += `<rect x="${x + 8}" y="${wy}" width="${bw - 22}" height="6" fill="#fff" opacity="0.08"/>`;
    x += bw;
    i++;
  }
  return s;
};
const waves = (w: number, h: number, a: string) =>
  [0, 1, 2, 3, 4]
    .map(
      (i) =>
        `<path d="M0 ${h * 0.55 + i * 40} C ${w * 0.25} ${h * 0.45 + i * 40}, ${w * 0.5} ${h * 0.7 + i * 40}, ${w} ${h * 0.5 + i * 40} L ${w} ${h} L 0 ${h} Z" fill="${a}" opacity="${0.1 + i * 0.05}"/>`,
    )
    .join("");
const circuit = (w: number, h: number, a: string) => {
  let s = "";
  for (let i = 0; i < 26; i++) {
    const x = (i * 97) % w;
    const y = (i * 61) % h;
    s += `<path d="M${x} ${y} h ${60 + (i % 4) * 30} v ${40 + (i % 3) * 25}" stroke="${a}" stroke-width="3" fill="none" opacity="0.35"/><circle cx="${x}" cy="${y}" r="6" fill="${a}" opacity="0.6"/>`;
  }
  return s;
};
const fields = (w: number, h: number, a: string) => {
  let s = "";
  for (let i = 0; i < 14; i++)
    s += `<path d="M ${-200 + i * 110} ${h} L ${w / 2} ${h * 0.42} L ${-140 + i * 110} ${h} Z" fill="${a}" opacity="${0.06 + (i % 2) * 0.08}"/>`;
  s += `<circle cx="${w * 0.78}" cy="${h * 0.28}" r="70" fill="${a}" opacity="0.55"/>`;
  return s;
};
const road = (w: number, h: number, a: string) =>
  `<path d="M ${w * 0.42} ${h * 0.38} L ${w * 0.58} ${h * 0.38} L ${w * 0.9} ${h} L ${w * 0.1} ${h} Z" fill="#000" opacity="0.25"/>` +
  [0, 1, 2, 3, 4, 5]
    .map((i) => `<rect x="${w / 2 - 4 - i}" y="${h * 0.42 + i * i * 14 + i * 20}" width="${8 + i * 2}" height="${14 + i * 8}" fill="${a}" opacity="0.8"/>`)
    .join("");
const cups = (w: number, h: number, a: string) => {
  let s = "";
  for (let i = 0; i < 9; i++) {
    const cx = 120 + (i % 3) * 380 + (Math.floor(i / 3) % 2) * 120;
    const cy = 160 + Math.floor(i / 3) * 220;
    s += `<circle cx="${cx}" cy="${cy}" r="70" fill="none" stroke="${a}" stroke-width="10" opacity="0.35"/><circle cx="${cx}" cy="${cy}" r="44" fill="${a}" opacity="0.2"/>`;
  }
  return s;
};

const scenes: Scene[] = [
  { key: "bravopay", from: "#0b1f3a", to: "#12507a", accent: "#5ec8f2", motif: circuit },
  { key: "boost-freight", from: "#10233d", to: "#1d5b5b", accent: "#7fe0c0", motif: road },
  { key: "axis-urban", from: "#1b1d2b", to: "#4a3f6b", accent: "#c9b8ff", motif: skyline },
  { key: "kahwa-coffee", from: "#2a1a12", to: "#6b4226", accent: "#e8b07a", motif: cups },
  { key: "delta-harvest", from: "#14301f", to: "#3c6e2f", accent: "#e5d37a", motif: fields },
  { key: "motorly", from: "#1c1c1c", to: "#5a1f1f", accent: "#ff8a65", motif: road },
  { key: "press-cairo", from: "#0d1b2a", to: "#1b4965", accent: "#d4a373", motif: skyline },
  { key: "press-energy", from: "#0f2027", to: "#2c5364", accent: "#f9d976", motif: fields },
  { key: "press-ports", from: "#0a2239", to: "#1e6091", accent: "#99d98c", motif: waves },
];

const banner = (s: Scene, w = 1200, h = 750) => `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${s.from}"/><stop offset="1" stop-color="${s.to}"/></linearGradient>
  <radialGradient id="r" cx="0.8" cy="0.1" r="0.9"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></radialGradient></defs>
  <rect width="${w}" height="${h}" fill="url(#g)"/>${s.motif(w, h, s.accent)}<rect width="${w}" height="${h}" fill="url(#r)"/></svg>`;

const logos: Record<string, { name: string; color: string; mark: string }> = {
  bravopay: { name: "BravoPay", color: "#12507a", mark: "#5ec8f2" },
  "boost-freight": { name: "Boost Freight", color: "#1d5b5b", mark: "#2bb38a" },
  "axis-urban": { name: "Axis Urban", color: "#3b2f63", mark: "#8f7cf0" },
  "kahwa-coffee": { name: "Kahwa Coffee", color: "#6b4226", mark: "#d08a45" },
  "delta-harvest": { name: "Delta Harvest", color: "#2f5a24", mark: "#b7a53a" },
  motorly: { name: "Motorly", color: "#5a1f1f", mark: "#e0603c" },
};

const logo = (l: { name: string; color: string; mark: string }) => `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="160">
  <rect width="480" height="160" rx="24" fill="#ffffff"/>
  <rect x="28" y="40" width="80" height="80" rx="20" fill="${l.mark}"/>
  <text x="68" y="97" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="44" fill="#fff" text-anchor="middle">${l.name[0]}</text>
  <text x="128" y="96" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700" font-size="${l.name.length > 10 ? 36 : 42}" fill="${l.color}">${l.name}</text>
</svg>`;

for (const s of scenes) {
  await sharp(Buffer.from(banner(s)))
    .webp({ quality: 72 })
    .toFile(path.join(out, `${s.key}.webp`));
}
for (const [key, l] of Object.entries(logos)) {
  await sharp(Buffer.from(logo(l)))
    .webp({ quality: 90 })
    .toFile(path.join(out, `${key}-logo.webp`));
}
console.log("assets written to", out);
