// On both engines: it tests PGlite's own settings, and that PostgreSQL is left alone.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "./client";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe("[database] PGlite's memory settings", () => {
  it("starts with the shared_buffers asked for and PGlite's own start-up settings kept", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "pglite-settings-"));
    dirs.push(dataDir);
    const database = await openDatabase({ dataDir, pgliteSharedBuffersMb: 16 });
    try {
      const setting = async (name: string) => (await database.pglite!.query<{ v: string }>(`select current_setting('${name}') as v`)).rows[0].v;
      expect(await setting("shared_buffers")).toBe("16MB");
      // PGlite's defaults still apply: one process, no parallel workers, the public schema first.
      expect(await setting("max_parallel_workers_per_gather")).toBe("0");
      expect(await setting("search_path")).toBe("public");
      // Its WebAssembly memory starts at 128 MB and need not grow for a buffer pool that small.
      // `mod` is PGlite's Emscripten module: not public API, read here only to measure.
      const wasm = (database.pglite as unknown as { mod?: { wasmMemory?: WebAssembly.Memory } }).mod?.wasmMemory;
      expect(wasm?.buffer.byteLength).toBe(128 * 1024 * 1024);
    } finally {
      await database.close();
    }
  });
});
