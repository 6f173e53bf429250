import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { BLOCK, readTar, tarHeader, TarError, TarWriter } from "./tar";

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

const sample = [
  { name: "database/postgres.dump", data: Buffer.alloc(513, 7) },
  { name: "uploads/empty.webp", data: Buffer.alloc(0) },
  { name: "documents/6f1c2a84-6d1e-4d4f-9a43-0b5f0c7e9d21.pdf", data: Buffer.alloc(BLOCK, 1) },
  { name: "manifest.json", data: Buffer.from('{"format":1}') },
];

describe("[backup] tar", () => {
  it("reads back what it wrote, in order, whatever the chunk sizes; an entry left unread is skipped", async () => {
    const bytes = await write(sample);
    expect(bytes.length % BLOCK).toBe(0);
    expect(await read(bytes)).toEqual(sample);
    expect((await read(bytes, { skip: "database/postgres.dump" })).map((e) => e.name)).toEqual(sample.slice(1).map((e) => e.name));
  });

  it("refuses a corrupt header, a stream cut inside an entry, and one without the end-of-archive marker", async () => {
    const bytes = await write(sample);
    const corrupt = Buffer.from(bytes);
    corrupt[10] ^= 1;
    await expect(read(corrupt)).rejects.toThrow(new TarError("the tar header at byte 0 is corrupt (its checksum does not match)"));
    await expect(read(bytes.subarray(0, BLOCK + 100))).rejects.toThrow(new TarError("it ends early, inside database/postgres.dump (truncated)"));
    await expect(read(bytes.subarray(0, bytes.length - 2 * BLOCK))).rejects.toThrow(new TarError("it ends early, before the end of the archive (truncated)"));
  });

  it("writes sizes of 8 GiB and more in base-256 and reads them back", async () => {
    const size = 9 * 1024 ** 3 + 5;
    const header = tarHeader("database/postgres.dump", size, new Date(0));
    expect(header[124]).toBe(0x80);
    const entries = readTar(
      (async function* () {
        yield header;
      })(),
    );
    const first = await entries.next();
    expect(first.value).toMatchObject({ name: "database/postgres.dump", size });
    await expect(entries.next()).rejects.toThrow(/ends early, inside database\/postgres.dump/);
  });

  it("refuses to write more or fewer bytes than the header announced", async () => {
    const tar = new TarWriter(new PassThrough().resume());
    await expect(tar.add("a.bin", 3, Buffer.alloc(4))).rejects.toThrow("a.bin grew while it was copied (more than 3 bytes)");
    await expect(new TarWriter(new PassThrough().resume()).add("b.bin", 3, Buffer.alloc(2))).rejects.toThrow("b.bin ended after 2 of 3 bytes");
  });
});
