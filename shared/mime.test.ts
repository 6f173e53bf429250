import { describe, expect, it } from "vitest";
import { DOCUMENT_MIME, mimeForExtension } from "./mime";

describe("[mime] document types", () => {
  it("names each accepted document type by its MIME type, from the extension in any case", () => {
    expect(mimeForExtension("pdf")).toBe("application/pdf");
    expect(mimeForExtension("PDF")).toBe("application/pdf");
    expect(mimeForExtension("xlsx")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(mimeForExtension("docx")).toBe(DOCUMENT_MIME.docx);
    expect(mimeForExtension("pptx")).toBe(DOCUMENT_MIME.pptx);
  });

  it("serves anything else as a plain byte stream", () => {
    for (const ext of ["", "exe", "doc", "toString", "__proto__", "constructor"]) expect(mimeForExtension(ext), ext).toBe("application/octet-stream");
  });
});
