import { describe, expect, it } from "vitest";
import { ALLOCATOR_NOTE, allocatorNote } from "./allocator";

describe("[memory] the start-up note about glibc's allocator", () => {
  it("is given on Linux until both limits are set, in variables or as tunables", () => {
    expect(allocatorNote({}, "linux")).toBe(ALLOCATOR_NOTE);
    expect(allocatorNote({ MALLOC_ARENA_MAX: "2" }, "linux")).toBe(ALLOCATOR_NOTE);
    expect(allocatorNote({ MALLOC_MMAP_THRESHOLD_: "131072" }, "linux")).toBe(ALLOCATOR_NOTE);
    expect(allocatorNote({ MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "131072" }, "linux")).toBeUndefined();
    expect(allocatorNote({ GLIBC_TUNABLES: "glibc.malloc.arena_max=2:glibc.malloc.mmap_threshold=131072" }, "linux")).toBeUndefined();
  });

  it("is not given with jemalloc preloaded, or off Linux", () => {
    expect(allocatorNote({ LD_PRELOAD: "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2" }, "linux")).toBeUndefined();
    expect(allocatorNote({}, "darwin")).toBeUndefined();
  });
});
