/**
 * Image uploads for the admin forms and the account page's profile photo. The bytes decide what a file is (never its
 * name or the browser's Content-Type); only raster formats sharp decodes safely are accepted, and what is stored is our
 * own re-encoding: WebP variants without metadata, under generated names.
 */
import { randomUUID } from "node:crypto";
import { fileTypeFromBuffer } from "file-type";
import sharp, { type Metadata } from "sharp";
import { FILE_TOO_LARGE, UPLOAD_LIMITS_MB, type UploadKind } from "../../../shared/schemas";
import { AppError } from "../../lib/errors";
import { imageJobMb, withImageJob } from "../../lib/image-jobs";
import type { FileStore } from "../../lib/storage";
import { AVATAR_PREFIX } from "../../lib/upload-names";

/** Image MIME types (as detected from the bytes) and the sharp formats they must decode as. */
const ACCEPTED: Record<string, string[]> = {
  "image/jpeg": ["jpeg"],
  "image/png": ["png"],
  "image/webp": ["webp"],
  "image/gif": ["gif"],
  "image/avif": ["heif"],
};

/**
 * What an image is for: an admin upload kind, or a user's profile photo (the account page), which is checked and
 * limited like any other image but stored small.
 */
export type ImageKind = UploadKind | "avatar";

/** What resizing an upload into its variants holds at most, per pixel of the original. */
const UPLOAD_BYTES_PER_PIXEL = 7;

/** Widths stored per kind; never larger than the original (no upscaling). */
const WIDTHS: Record<ImageKind, number[]> = {
  image: [400, 800, 1600],
  banner: [640, 1280, 1920],
  logo: [128, 256, 512],
  avatar: [128, 256],
};

const limitMb = (kind: ImageKind) => (kind === "avatar" ? UPLOAD_LIMITS_MB.image : UPLOAD_LIMITS_MB[kind]);

/** Decompression-bomb guard: a few KB of PNG can claim gigapixels. 40 MP covers any real photo. */
export const MAX_INPUT_PIXELS = 40_000_000;

export type StoredImage = {
  url: string;
  width: number;
  height: number;
  variants: Record<string, string>;
};

export const uploadLimitBytes = (kind: ImageKind) => limitMb(kind) * 1024 * 1024;

/**
 * The name of an image stored by storeImage without its extension, from its URL ('/uploads/<uuid>.webp', or
 * '/uploads/avatar-<uuid>.webp' for a profile photo); null for anything else.
 */
const STORED_IMAGE = new RegExp(`^/uploads/((?:${AVATAR_PREFIX})?[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\\.webp$`);
const storedImageName = (url: string) => STORED_IMAGE.exec(url)?.[1] ?? null;

/** SVG is text, so byte sniffing finds no type; recognise it to give a clear reason. */
function looksLikeSvg(buffer: Buffer) {
  const head = buffer
    .subarray(0, 4096)
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart()
    .toLowerCase();
  return head.includes("<svg") || (head.startsWith("<?xml") && head.includes("svg"));
}

export function createUploadService({ storage }: { storage: FileStore }) {
  return {
    async storeImage(buffer: Buffer, kind: ImageKind): Promise<StoredImage> {
      if (buffer.length > uploadLimitBytes(kind)) {
        throw new AppError("PAYLOAD_TOO_LARGE", FILE_TOO_LARGE, { values: { mb: limitMb(kind) } });
      }
      const detected = await fileTypeFromBuffer(buffer);
      if (!detected || !ACCEPTED[detected.mime]) {
        throw new AppError("UNSUPPORTED_MEDIA", looksLikeSvg(buffer) ? "errors.upload.svg" : "errors.upload.notAnImage", {
          internal: `upload refused: detected ${detected?.mime ?? "nothing"}`,
        });
      }

      const input = { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" as const, pages: 1 };
      let meta: Metadata;
      try {
        meta = await sharp(buffer, input).metadata();
      } catch (err) {
        if (/pixel limit/i.test(String(err))) throw new AppError("PAYLOAD_TOO_LARGE", "errors.upload.tooManyPixels");
        throw new AppError("UNSUPPORTED_MEDIA", "errors.upload.damaged", { internal: String(err) });
      }
      if (!meta.format || !ACCEPTED[detected.mime].includes(meta.format)) {
        throw new AppError("UNSUPPORTED_MEDIA", "errors.upload.notAnImage", { internal: `format mismatch ${detected.mime} vs ${meta.format}` });
      }
      const rotated = (meta.orientation ?? 1) >= 5;
      const sourceWidth = (rotated ? meta.height : meta.width) ?? 0;
      const sourceHeight = (rotated ? meta.width : meta.height) ?? 0;
      if (!sourceWidth || !sourceHeight) throw new AppError("UNSUPPORTED_MEDIA", "errors.upload.damaged");
      if (sourceWidth * sourceHeight > MAX_INPUT_PIXELS) {
        throw new AppError("PAYLOAD_TOO_LARGE", "errors.upload.tooManyPixels");
      }

      const max = Math.max(...WIDTHS[kind]);
      const widths = [...new Set([...WIDTHS[kind].filter((w) => w < sourceWidth), Math.min(sourceWidth, max)])].sort((a, b) => a - b);
      // A profile photo's files are named apart from published images: they are served differently.
      const name = `${kind === "avatar" ? AVATAR_PREFIX : ""}${randomUUID()}`;
      const largest = widths[widths.length - 1];
      const encoded: { key: string; data: Buffer }[] = [];
      const variants: Record<string, string> = {};
      let width = 0;
      let height = 0;
      try {
        await withImageJob(
          async () => {
            // Decode once; rotate() applies the EXIF orientation, and sharp writes no metadata unless asked.
            const base = sharp(buffer, input).rotate();
            for (const w of widths) {
              const key = w === largest ? `${name}.webp` : `${name}-${w}.webp`;
              const { data, info } = await base
                .clone()
                .resize({ width: w, withoutEnlargement: true })
                .webp({ quality: kind === "logo" ? 90 : 82, effort: 4 })
                .toBuffer({ resolveWithObject: true });
              encoded.push({ key, data });
              variants[String(w)] = `/uploads/${key}`;
              if (w === largest) [width, height] = [info.width, info.height];
            }
          },
          // Resizing streams: a 2400 x 1600 photograph held 11-24 MB while its variants were made (at most 6.5 bytes a pixel).
          { mb: imageJobMb(sourceWidth * sourceHeight, UPLOAD_BYTES_PER_PIXEL) },
        );
      } catch (err) {
        // Only decoding and encoding happen above, so a failure here is about the file itself.
        if (/pixel limit/i.test(String(err))) throw new AppError("PAYLOAD_TOO_LARGE", "errors.upload.tooManyPixels");
        throw new AppError("UNSUPPORTED_MEDIA", "errors.upload.unprocessable", { internal: String(err) });
      }
      // All variants or none: a storage failure removes every file written and says the server is at fault.
      await storage.writeAll("uploads", encoded);
      return { url: `/uploads/${name}.webp`, width, height, variants };
    },

    /** Deletes the files of an image storeImage stored as `kind` (its URL as returned); any other URL is left alone. */
    async removeImage(url: string, kind: ImageKind) {
      const name = storedImageName(url);
      if (!name) return;
      await Promise.all([`${name}.webp`, ...WIDTHS[kind].map((w) => `${name}-${w}.webp`)].map((key) => storage.remove("uploads", key)));
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
