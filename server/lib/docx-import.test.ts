import { deflateRawSync } from "node:zlib";
import { strToU8, zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { lyingZip, zerosDeflated } from "../../tests/fixtures/zip-bombs";
import { checkDocxZip, docxToHtml } from "./docx-import";
import { AppError } from "./errors";
import { unpackZip, ZipLimitError } from "./zip-entries";

const LIMITS = { totalBytes: 1024 * 1024, entries: 10, ratio: 100, ratioFloorBytes: 64 * 1024 };
const text = (s: string) => new Uint8Array(deflateRawSync(Buffer.from(s)));
/** 64 MB of zeros whose zip declares 2 KB, beside a real [Content_Types].xml. */
const bomb = () => lyingZip({ "[Content_Types].xml": text("<Types/>"), "word/document.xml": zerosDeflated(64) }, 2048);

describe("[docx import] reading a zip by the bytes it inflates to", () => {
  it("gives every part's bytes as they unpack, stored or deflated, whatever sizes the zip declares", async () => {
    const zip = zipSync({ "a.txt": [strToU8("stored"), { level: 0 }], "b.xml": [strToU8("<b>".repeat(100)), { level: 9 }] });
    const out = await unpackZip(zip, LIMITS, { keep: true });
    expect(out.names).toEqual(["a.txt", "b.xml"]);
    expect(new TextDecoder().decode(out.files["b.xml"])).toBe("<b>".repeat(100));
    expect(out.unpackedBytes).toBe(6 + 300);
    const lying = await unpackZip(lyingZip({ "x.xml": text("<x/>".repeat(50)) }, 1), LIMITS);
    expect(lying.unpackedBytes).toBe(200);
  });

  it("stops at the limit, counting what came out, not what the zip declared", async () => {
    const err = await unpackZip(bomb(), LIMITS).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ZipLimitError);
    // Stopped within one zlib chunk past the part's limit (100 times its packed size, at least 64 KB).
    expect((err as ZipLimitError).unpackedBytes).toBeLessThan(LIMITS.totalBytes + 64 * 1024);
  });

  it("the conversion itself refuses a zip that understates its size: mammoth never reads it", async () => {
    // One at a time: a refusal nobody awaits yet would be an unhandled rejection.
    for (const work of [() => checkDocxZip(bomb()), () => docxToHtml(bomb())]) {
      const err = await work().catch((e: unknown) => e);
      expect(err).toBeInstanceOf(AppError);
      expect(err).toMatchObject({ code: "PAYLOAD_TOO_LARGE", messageId: "errors.docx.tooBig" });
    }
  });
});
