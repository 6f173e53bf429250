/**
 * How much of the machine image work may take: libvips' operation cache and the number of images decoded or
 * encoded at once (uploads, the viewer's page images and their watermarks), shared by every part that uses sharp.
 *
 * sharp runs in libuv's thread pool (4 threads, which file reads and writes share) and libvips starts threads of its
 * own. Each image in flight holds memory until it is encoded: a viewer page 1600 px wide, encoded as lossless WebP with
 * its watermark, about 100 MB (libwebp's lossless encoder takes about 27 bytes a pixel); a 2400 x 1600 photograph
 * resized into its variants 10-25 MB. With glibc, the threads that touch them keep freed memory in arenas of their
 * own; fewer at once means a lower peak and fewer arenas, and a cached page's file read never waits behind a queue of
 * encodes.
 *
 * Two limits apply together: a number of jobs at once, and the megabytes they may hold between them (each job says
 * what it holds at most; one that does not say counts as the largest job). A job always starts when no other runs, so
 * the image work of the process holds at most the larger of the budget and its largest single job.
 */
import sharp from "sharp";

export type ImageLimits = {
  /** libvips' cache of recent operations and their results, in megabytes; 0 turns it off. */
  cacheMb: number;
  /** Images decoded or encoded at once; the rest wait their turn in order. */
  jobs: number;
  /** Megabytes the jobs running at once may hold between them, by what each says it holds. */
  memoryMb: number;
};

export const DEFAULT_IMAGE_LIMITS: ImageLimits = { cacheMb: 0, jobs: 2, memoryMb: 128 };

/** What a job that does not say is taken to hold: the largest measured, a 1600 px viewer page as lossless WebP. */
export const LARGEST_IMAGE_JOB_MB = 100;

let jobs = DEFAULT_IMAGE_LIMITS.jobs;
let memoryMb = DEFAULT_IMAGE_LIMITS.memoryMb;
let running = 0;
let holdingMb = 0;
const waiting: { mb: number; start: () => void }[] = [];

/** Starts waiting jobs in order of arrival while the first in line fits (none overtakes another). */
function pump() {
  while (waiting.length > 0 && running < jobs && (running === 0 || holdingMb + waiting[0].mb <= memoryMb)) {
    const next = waiting.shift()!;
    running++;
    holdingMb += next.mb;
    next.start();
  }
}

/**
 * Applies the limits. Uploads and viewer pages are never the same operation twice (each upload is new bytes, each page
 * image carries its own watermark), so libvips' cache (50 MB and 20 open files by default) only holds memory.
 */
export function configureImages(limits: Partial<ImageLimits> = {}): void {
  const { cacheMb, jobs: at, memoryMb: budget } = { ...DEFAULT_IMAGE_LIMITS, ...limits };
  if (cacheMb > 0) sharp.cache({ memory: cacheMb, files: 0, items: 100 });
  else sharp.cache(false);
  jobs = Math.max(1, Math.floor(at));
  memoryMb = Math.max(0, budget);
  pump();
}

/** The image jobs running and waiting now, and the megabytes the running ones said they hold. */
export const imageJobStats = () => ({ running, waiting: waiting.length, max: jobs, holdingMb, memoryMb });

/** What decoding an image of `pixels` and encoding it again holds at most, in megabytes (`bytesPerPixel` for the operation). */
export const imageJobMb = (pixels: number, bytesPerPixel: number) => Math.ceil((pixels * bytesPerPixel) / (1024 * 1024));

/**
 * Runs `work` (sharp calls only: never something that itself waits for an image job) when fewer than the configured
 * number of image jobs are running and the megabytes it holds (`mb`, at most; the largest job's when not given) fit in
 * the budget beside theirs, or when nothing else runs. Jobs start in order of arrival.
 */
export async function withImageJob<T>(work: () => Promise<T>, { mb = LARGEST_IMAGE_JOB_MB }: { mb?: number } = {}): Promise<T> {
  await new Promise<void>((resolve) => {
    waiting.push({ mb, start: resolve });
    pump();
  });
  try {
    return await work();
  } finally {
    running--;
    holdingMb -= mb;
    pump();
  }
}
