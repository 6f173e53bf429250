#!/usr/bin/env node
// Writes the site's web fonts into app/fonts/: every face of the @fontsource packages below, cut down to the
// weights the design uses, with the same unicode ranges (so a browser still downloads only the scripts a page
// needs), and app/fonts/fonts.css with their @font-face rules. The output is committed; run this script again
// (`npm run fonts`) after changing a package version or the weights.
//
// - Inter (body text): a variable font kept variable between 400 and 700 (normal, medium, semibold, bold).
// - Playfair Display (headings): one static weight, 600 (every heading is semibold).
// - IBM Plex Sans Arabic (Arabic text and headings, which Inter and Playfair do not cover): static weights 400 and 600
//   (each also serving the next weight up),
//   only their Arabic faces, cut to the Arabic block, its supplement and the joiner and direction marks (shaping
//   makes the presentation forms, so their code points are not needed). Only Arabic text downloads them.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT = path.join(ROOT, "app/fonts");

const FAMILIES = [
  { pkg: "@fontsource-variable/inter", family: "Inter", slug: "inter", axes: { wght: { min: 400, max: 700 } }, weight: "400 700" },
  { pkg: "@fontsource-variable/playfair-display", family: "Playfair Display", slug: "playfair-display", axes: { wght: 600 }, weight: "600" },
];

/** Every code point of a CSS unicode-range value ("U+0000-00FF,U+0131"). */
function codePoints(range) {
  const points = [];
  for (const part of range.split(",")) {
    const [from, to = from] = part.trim().replace(/^U\+/i, "").split("-");
    for (let c = parseInt(from, 16); c <= parseInt(to, 16); c++) points.push(c);
  }
  return points;
}

/** The faces of a fontsource package's index.css ("/* inter-latin-ext-wght-normal *\/"): subset, file, range. */
function facesOf(pkg, slug) {
  const dir = path.join(ROOT, "node_modules", pkg);
  const css = readFileSync(path.join(dir, "index.css"), "utf8");
  return [...css.matchAll(/\/\* ([\w-]+)-wght-normal \*\/\s*@font-face \{([^}]*)\}/g)].map(([, name, body]) => ({
    subset: name.slice(slug.length + 1),
    file: path.join(dir, /url\(\.\/([^)]+)\)/.exec(body)[1]),
    range: /unicode-range: ([^;]+);/.exec(body)[1],
  }));
}

/** Static fonts: one file per weight of a fontsource package (no variable version exists). */
const STATIC_FAMILIES = [
  {
    pkg: "@fontsource/ibm-plex-sans-arabic",
    family: "IBM Plex Sans Arabic",
    slug: "ibm-plex-sans-arabic",
    subset: "arabic",
    // Two files serve four weights: regular also serves medium, semibold also serves bold (half the bytes an
    // Arabic page downloads; the difference between neighbouring weights is slight in Arabic script).
    weights: [
      { file: 400, serves: "400 500" },
      { file: 600, serves: "600 700" },
    ],
    range: "U+0600-06FF,U+0750-077F,U+200C-200F,U+2010-2011",
  },
];

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
const rules = ["/* Written by scripts/subset-fonts.mjs from the @fontsource packages; do not edit by hand. */"];
for (const { pkg, family, slug, axes, weight } of FAMILIES) {
  for (const face of facesOf(pkg, slug)) {
    const text = String.fromCodePoint(...codePoints(face.range));
    const source = readFileSync(face.file);
    const font = await subsetFont(source, text, { targetFormat: "woff2", variationAxes: axes });
    const name = `${slug}-${face.subset}.woff2`;
    writeFileSync(path.join(OUT, name), font);
    console.log(`${name.padEnd(36)} ${(source.length / 1024).toFixed(1).padStart(6)} KB -> ${(font.length / 1024).toFixed(1).padStart(6)} KB`);
    rules.push(
      `@font-face {\n  font-family: "${family}";\n  font-style: normal;\n  font-display: swap;\n  font-weight: ${weight};\n` +
        `  src: url("./${name}") format("woff2");\n  unicode-range: ${face.range};\n}`,
    );
  }
}
for (const { pkg, family, slug, subset, weights, range } of STATIC_FAMILIES) {
  for (const { file: weight, serves } of weights) {
    const file = path.join(ROOT, "node_modules", pkg, "files", `${slug}-${subset}-${weight}-normal.woff2`);
    const source = readFileSync(file);
    const font = await subsetFont(source, String.fromCodePoint(...codePoints(range)), { targetFormat: "woff2" });
    const name = `${slug}-${weight}-${subset}.woff2`;
    writeFileSync(path.join(OUT, name), font);
    console.log(`${name.padEnd(36)} ${(source.length / 1024).toFixed(1).padStart(6)} KB -> ${(font.length / 1024).toFixed(1).padStart(6)} KB`);
    rules.push(
      `@font-face {\n  font-family: "${family}";\n  font-style: normal;\n  font-display: swap;\n  font-weight: ${serves};\n` +
        `  src: url("./${name}") format("woff2");\n  unicode-range: ${range};\n}`,
    );
  }
}
writeFileSync(path.join(OUT, "fonts.css"), `${rules.join("\n\n")}\n`);
