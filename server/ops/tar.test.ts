import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { PassThrough } from "node:stream";
import { gzipSync } from "node:zlib";
import { pack } from "tar-stream";
import { afterAll, describe, expect, it } from "vitest";
import { BLOCK, filterTar, readTar, TarError, TarWriter } from "./tar";

async function write(entries: { name: string; data: Buffer }[]): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on("data", (c: Buffer) => chunks.push(c));
  const tar = new TarWriter(out);
  for (const e of entries) await tar.add(e.name, e.data.length, e.data);
  await tar.finish();
  return Buffer.concat(chunks);
}

async function read(bytes: Buffer, opts: { skip?: string } = {}) {
  const out: { name: string; data: Buffer }[] = [];
  // Fed in odd-sized pieces, as a gunzip stream delivers them.
  const pieces = (async function* () {
    for (let i = 0; i < bytes.length; i += 777) yield bytes.subarray(i, i + 777);
  })();
  for await (const entry of readTar(pieces)) {
    if (entry.name === opts.skip) continue;
    const parts: Buffer[] = [];
    for await (const p of entry.body) parts.push(Buffer.from(p));
    out.push({ name: entry.name, data: Buffer.concat(parts) });
  }
  return out;
}

/** A tar written by tar-stream itself, for kinds of entries the backup writer never makes. */
async function packed(entries: { name: string; type?: "file" | "directory"; data?: Buffer }[]): Promise<Buffer> {
  const p = pack();
  const chunks: Buffer[] = [];
  p.on("data", (c: unknown) => chunks.push(c as Buffer));
  const ended = new Promise((resolve) => p.on("end", () => resolve(null)));
  for (const e of entries) p.entry({ name: e.name, type: e.type ?? "file" }, e.data ?? Buffer.alloc(0));
  p.finalize();
  await ended;
  return Buffer.concat(chunks);
}

const sample = [
  { name: "database/postgres.dump", data: Buffer.alloc(513, 7) },
  { name: "uploads/empty.webp", data: Buffer.alloc(0) },
  { name: "documents/6f1c2a84-6d1e-4d4f-9a43-0b5f0c7e9d21.pdf", data: Buffer.alloc(BLOCK, 1) },
  { name: "manifest.json", data: Buffer.from('{"format":1}') },
];

const work = mkdtempSync(path.join(os.tmpdir(), "tar-test-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe("[backup] tar", () => {
  it("reads back what it wrote, in order, whatever the chunk sizes; an entry left unread is skipped", async () => {
    const bytes = await write(sample);
    expect(bytes.length % BLOCK).toBe(0);
    expect(await read(bytes)).toEqual(sample);
    expect((await read(bytes, { skip: "database/postgres.dump" })).map((e) => e.name)).toEqual(sample.slice(1).map((e) => e.name));
    // The consumer may also stop half-way through an entry's bytes.
    const names: string[] = [];
    for await (const entry of readTar([bytes])) {
      names.push(entry.name);
      for await (const piece of entry.body) if (piece.length) break;
    }
    expect(names).toEqual(sample.map((e) => e.name));
  });

  it("writes a standard tar that GNU tar lists and extracts", async () => {
    const archive = path.join(work, "sample.tar.gz");
    writeFileSync(archive, gzipSync(await write(sample)));
    expect(execFileSync("tar", ["-tzf", archive], { encoding: "utf8" }).trim().split("\n")).toEqual(sample.map((e) => e.name));
    expect(execFileSync("tar", ["-xzOf", archive, "manifest.json"], { encoding: "utf8" })).toBe('{"format":1}');
  });

  it("refuses a corrupt header, naming the entry it follows", async () => {
    const bytes = await write(sample);
    const first = Buffer.from(bytes);
    first[10] ^= 1;
    await expect(read(first)).rejects.toThrow(new TarError("the tar header at its start is corrupt (its checksum does not match)"));
    const second = Buffer.from(bytes);
    second[BLOCK + 1024 + 10] ^= 1; // the header after the dump's 513 bytes and their padding
    await expect(read(second)).rejects.toThrow(new TarError("the tar header after database/postgres.dump is corrupt (its checksum does not match)"));
  });

  it("refuses a stream cut inside an entry, inside its padding, before or inside the end-of-archive marker", async () => {
    const bytes = await write(sample);
    const error = (cut: Buffer) =>
      read(cut).then(
        () => "read",
        (err: unknown) => (err instanceof TarError ? err.message : `not a TarError: ${String(err)}`),
      );
    expect(await error(bytes.subarray(0, BLOCK + 100))).toBe("it ends early, inside database/postgres.dump (truncated)");
    expect(await error(bytes.subarray(0, BLOCK + 600))).toBe("it ends early, after database/postgres.dump (truncated)");
    expect(await error(bytes.subarray(0, 100))).toBe("it ends early, before the end of the archive (truncated)");
    expect(await error(bytes.subarray(0, bytes.length - 2 * BLOCK))).toBe("it ends early, before the end of the archive (truncated)");
    expect(await error(bytes.subarray(0, bytes.length - BLOCK))).toBe("it ends early, inside the end-of-archive marker (truncated)");
    expect(await error(Buffer.alloc(0))).toBe("it ends early, before the end of the archive (truncated)");
  });

  it("refuses anything after the end-of-archive marker, but not more empty blocks", async () => {
    const bytes = await write(sample);
    const error = (tail: Buffer) =>
      read(Buffer.concat([bytes, tail])).then(
        () => "read",
        (err: unknown) => (err as Error).message,
      );
    expect(await error(Buffer.alloc(BLOCK, 0x41))).toBe("the tar header after manifest.json is corrupt (its checksum does not match)");
    expect(await error(Buffer.from("stray"))).toBe("it has stray bytes after its end-of-archive marker");
    expect(await error(await write([{ name: "late.bin", data: Buffer.alloc(3) }]))).toBe(
      "it holds data after its end-of-archive marker, or tar extension headers, before late.bin",
    );
    expect(await error(Buffer.alloc(18 * BLOCK))).toBe("read");
  });

  it("refuses entries backups never write: folders and extension headers", async () => {
    await expect(read(await packed([{ name: "uploads", type: "directory" }]))).rejects.toThrow(
      new TarError("uploads is not a regular file (tar type directory)"),
    );
    // A name that fits no ustar header makes tar-stream write a pax extension header before it.
    await expect(read(await packed([{ name: `uploads/${"é".repeat(3)}.webp` }]))).rejects.toThrow(/tar extension headers, before uploads\/ééé.webp/);
  });

  it("writes sizes of 8 GiB and more in base-256 and reads them back", async () => {
    const size = 9 * 1024 ** 3 + 5;
    const p = pack();
    p.entry({ name: "database/postgres.dump", size });
    const header = await new Promise<Buffer>((resolve) => p.once("data", (c: unknown) => resolve(c as Buffer)));
    expect(header.length).toBe(BLOCK);
    expect(header[124]).toBe(0x80);
    p.destroy();
    const entries = readTar([header]);
    const first = await entries.next();
    expect(first.value).toMatchObject({ name: "database/postgres.dump", size });
    await expect(entries.next()).rejects.toThrow(new TarError("it ends early, inside database/postgres.dump (truncated)"));
  });

  it("refuses to write more or fewer bytes than the header announced, or a name a plain header cannot hold", async () => {
    const tar = new TarWriter(new PassThrough().resume());
    await expect(tar.add("a.bin", 3, Buffer.alloc(4))).rejects.toThrow("a.bin grew while it was copied (more than 3 bytes)");
    await expect(new TarWriter(new PassThrough().resume()).add("b.bin", 3, Buffer.alloc(2))).rejects.toThrow("b.bin ended after 2 of 3 bytes");
    await expect(new TarWriter(new PassThrough().resume()).add(`${"x".repeat(101)}`, 0, Buffer.alloc(0))).rejects.toThrow(/not up to 100 ASCII characters/);
  });

  it("stops with the error of the stream it feeds instead of waiting for it forever", async () => {
    const out = new PassThrough({ highWaterMark: 1024 }); // never read, so it soon asks the writer to wait
    const failed = Promise.reject(new Error("ENOSPC: no space left on device"));
    failed.catch(() => {});
    const tar = new TarWriter(out, failed);
    const body = (async function* () {
      for (let i = 0; i < 64; i++) yield Buffer.alloc(16 * 1024);
    })();
    const adding = tar.add("database/postgres.dump", 64 * 16 * 1024, body);
    setTimeout(() => out.destroy(), 20);
    await expect(adding).rejects.toThrow("ENOSPC: no space left on device");
    await expect(tar.finish()).rejects.toThrow("ENOSPC: no space left on device");
  });

  it("filters a tar of folders and files, keeping the rest readable", async () => {
    const source = await packed([
      { name: "/pg_wal", type: "directory" },
      { name: "/pg_wal/000000010000000000000001", data: Buffer.alloc(700, 1) },
      { name: "/pg_wal/000000010000000000000002", data: Buffer.alloc(700, 2) },
      { name: "/base/1/1259", data: Buffer.alloc(BLOCK, 3) },
    ]);
    const filtered = await filterTar(source, (name) => !name.endsWith("01"));
    const file = path.join(work, "filtered.tar");
    writeFileSync(file, filtered);
    // GNU tar lists the names as stored (and says on stderr that it would extract them without the leading slash).
    expect(
      execFileSync("tar", ["-tf", file], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] })
        .trim()
        .split("\n"),
    ).toEqual(["/pg_wal", "/pg_wal/000000010000000000000002", "/base/1/1259"]);
    expect(execFileSync("tar", ["-xOf", file, "/pg_wal/000000010000000000000002"], { stdio: ["ignore", "pipe", "ignore"] })).toEqual(Buffer.alloc(700, 2));
    await expect(filterTar(source.subarray(0, BLOCK * 3), () => true)).rejects.toThrow(TarError);
  });
});
