#!/usr/bin/env bash
# Regenerates the home page's media in public/media from code (no stock footage, no real people):
#   hero.mp4 / hero.webm   10 s seamless loop, 1280x720, H.264 and VP9, no audio
#   hero-poster.webp/.jpg  the first frame, shown before (or instead of) the video
#   about.mp4 / about.webm 12 s seamless loop, 720x720
#   about-poster.webp
# Frames are drawn by scripts/make-media-frames.mjs (SVG rendered with sharp) and encoded with ffmpeg.
# Needs ffmpeg (Debian: apt-get install -y ffmpeg). Usage: bash scripts/make-media.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || { echo "ffmpeg is needed: apt-get install -y ffmpeg" >&2; exit 1; }

OUT=public/media
TMP="$(mktemp -d)"
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

encode() { # name fps
  local name=$1 fps=$2 frames="$TMP/$1/f%04d.png"
  # H.264 for every browser; yuv420p + faststart so playback can begin before the download ends.
  ffmpeg -hide_banner -loglevel error -y -framerate "$fps" -i "$frames" -an \
    -c:v libx264 -preset veryslow -crf "$3" -tune animation -pix_fmt yuv420p -movflags +faststart "$OUT/$name.mp4"
  # VP9 for browsers that prefer WebM; usually smaller at the same quality.
  ffmpeg -hide_banner -loglevel error -y -framerate "$fps" -i "$frames" -an \
    -c:v libvpx-vp9 -b:v 0 -crf "$4" -deadline good -cpu-used 2 -row-mt 1 -pix_fmt yuv420p "$OUT/$name.webm"
}

echo "rendering frames..."
node scripts/make-media-frames.mjs hero "$TMP/hero"
node scripts/make-media-frames.mjs about "$TMP/about"

echo "encoding..."
encode hero 24 30 42
encode about 24 30 44

# Posters: the first frame, so the swap from poster to video is invisible.
node --input-type=module -e "
import sharp from 'sharp';
await sharp('$TMP/hero/f0000.png').webp({ quality: 72 }).toFile('$OUT/hero-poster.webp');
await sharp('$TMP/hero/f0000.png').jpeg({ quality: 74, mozjpeg: true }).toFile('$OUT/hero-poster.jpg');
await sharp('$TMP/about/f0000.png').webp({ quality: 72 }).toFile('$OUT/about-poster.webp');
"
ls -l "$OUT"
