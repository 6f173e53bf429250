/**
 * How much of the machine image work may take: libvips' operation cache and the number of images decoded or
 * encoded at once (uploads, the viewer's page images and their watermarks), shared by every part that uses sharp.
 *
 * sharp runs in libuv's thread pool (4 threads, which file reads and writes share) and libvips starts threads of its
 * own. Each image in flight holds its decoded pixels (8 MB for a page at 1200 px, 15 MB for a 2400 x 1600 photograph)
 * and, with glibc, the threads that touch them keep freed memory in arenas of their own; fewer at once means a lower
 * peak and fewer arenas, and a cached page's file read never waits behind a queue of encodes.
 */
import sharp from "sharp";

export type ImageLimits = {
  /** libvips' cache of recent operations and their results, in megabytes; 0 turns it off. */
  cacheMb: number;
  /** Images decoded or encoded at once; the rest wait their turn in order. */
  jobs: number;
};

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { cacheMb: 0, jobs: 2 };

let jobs = DEFAULT_IMAGE_LIMITS.jobs;
let running = 0;
const waiting: (() => void)[] = [];

/**
 * Applies the limits. Uploads and viewer pages are never the same operation twice (each upload is new bytes, each page
 * image carries its own watermark), so libvips' cache (50 MB and 20 open files by default) only holds memory.
 */
export function configureImages(limits: Partial<ImageLimits> = {}): void {
  const { cacheMb, jobs: at } = { ...DEFAULT_IMAGE_LIMITS, ...limits };
  if (cacheMb > 0) sharp.cache({ memory: cacheMb, files: 0, items: 100 });
  else sharp.cache(false);
  jobs = Math.max(1, Math.floor(at));
  while (running < jobs && waiting.length > 0) {
    running++;
    waiting.shift()!();
  }
}

/** The image jobs running and waiting now. */
export const imageJobStats = () => ({ running, waiting: waiting.length, max: jobs });

/**
 * Runs `work` (sharp calls only: never something that itself waits for an image job) when fewer than the configured
 * number of image jobs are running.
 */
export async function withImageJob<T>(work: () => Promise<T>): Promise<T> {
  if (running < jobs) running++;
  // A finishing job hands its place straight to the next one waiting.
  else await new Promise<void>((resolve) => waiting.push(resolve));
  try {
    return await work();
  } finally {
    const next = running <= jobs ? waiting.shift() : undefined;
    if (next) next();
    else running--;
  }
}
