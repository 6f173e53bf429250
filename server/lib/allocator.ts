/**
 * glibc keeps what the process frees: in an arena per thread that allocates (libuv's pool, libvips, compression), up
 * to 8 per core, and, once a large block was freed, blocks up to that size (32 MB) inside those arenas too. It reads
 * its limits from the environment only when the process starts, so the app can only say when they are missing.
 * jemalloc, when preloaded, replaces glibc's allocator altogether.
 */
export const ALLOCATOR_NOTE =
  "glibc's allocator keeps freed memory: set MALLOC_ARENA_MAX=2 and MALLOC_MMAP_THRESHOLD_=131072 in the environment (see README, Memory); after 10 minutes of load this holds hundreds of megabytes";

/** The start-up note for a Linux process whose allocator keeps freed memory unbounded, or undefined when it does not. */
export function allocatorNote(env: Record<string, string | undefined>, platform: string = process.platform): string | undefined {
  if (platform !== "linux" || /jemalloc/.test(env.LD_PRELOAD ?? "")) return undefined;
  const tunables = env.GLIBC_TUNABLES ?? "";
  const arenas = Boolean(env.MALLOC_ARENA_MAX) || /arena_max/.test(tunables);
  const mmap = Boolean(env.MALLOC_MMAP_THRESHOLD_) || /mmap_threshold/.test(tunables);
  return arenas && mmap ? undefined : ALLOCATOR_NOTE;
}
