/**
 * Document names outside ASCII (French accents, Arabic) survive the upload exactly, are listed
 * exactly, and come back on download through RFC 6266: an ASCII `filename` for old clients and a
 * UTF-8 `filename*` with the original name.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { safeFileName } from "../../server/features/documents/document-admin";
import { postMultipart, seedFile } from "../fixtures/files";

let ctx: TestContext;
let admin: Client;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = (await signedInClient(ctx, "admin")).client;
});
afterAll(() => ctx.close());

/** The two file-name parameters of a Content-Disposition header, decoded. */
function dispositionNames(header: string | null) {
  const plain = /(?:^|;)\s*filename=(?:"((?:[^"\\]|\\.)*)"|([^;\s"]+))/i.exec(header ?? "");
  const ascii = plain ? (plain[1] ?? plain[2]) : undefined;
  const extended = /(?:^|;)\s*filename\*=UTF-8''([^;\s]+)/i.exec(header ?? "")?.[1];
  return { ascii, utf8: extended === undefined ? undefined : decodeURIComponent(extended) };
}

describe("[documents] non-ASCII file names", () => {
  it.each([
    ["résumé.pdf", "annual-report-2025.pdf"],
    ["التقرير السنوي.pdf", "annual-report-2025.pdf"],
    ["Überblick – Q3 2026 (final).xlsx", "q3-2026-financial-statements.xlsx"],
  ])("[documents] %s is stored, listed and downloaded under its exact name", async (name, fixture) => {
    const res = await postMultipart(admin, "/api/admin/documents", {
      file: { data: seedFile(fixture), name, type: "application/octet-stream" },
      fields: { title: "Named upload", isPublic: "true" },
    });
    expect(res.status).toBe(201);
    expect(res.json.fileName).toBe(name);

    const list = await admin.get("/api/documents");
    expect(list.json.find((d: { id: number }) => d.id === res.json.id).fileName).toBe(name);

    const download = await fetch(`${ctx.baseUrl}/api/documents/${res.json.id}/download`, { headers: { Cookie: admin.cookie } });
    expect(download.status).toBe(200);
    const header = download.headers.get("content-disposition");
    expect(header).toMatch(/^attachment;/);
    const names = dispositionNames(header);
    expect(names.utf8).toBe(name);
    // The plain parameter is US-ASCII only, so no client reads it as Latin-1 mojibake.
    expect(names.ascii).toMatch(/^[\x20-\x7e]+$/);
    expect(names.ascii!.endsWith(name.slice(name.lastIndexOf(".")))).toBe(true);
  });

  it("[documents] an ASCII name keeps a plain filename parameter", async () => {
    const res = await postMultipart(admin, "/api/admin/documents", {
      file: { data: seedFile("esg-policy.docx"), name: "esg-policy.docx" },
      fields: { title: "ESG" },
    });
    expect(res.json.fileName).toBe("esg-policy.docx");
    const download = await fetch(`${ctx.baseUrl}/api/documents/${res.json.id}/download`, { headers: { Cookie: admin.cookie } });
    const header = download.headers.get("content-disposition");
    expect(dispositionNames(header)).toEqual({ ascii: "esg-policy.docx", utf8: undefined });
  });

  it("[documents] the name keeps whole characters when it is shortened", async () => {
    // 130 Arabic letters: the stored stem is cut to 120 characters, never in the middle of one.
    const long = `${"ت".repeat(130)}.pdf`;
    const res = await postMultipart(admin, "/api/admin/documents", {
      file: { data: seedFile("annual-report-2025.pdf"), name: long },
      fields: { title: "Long" },
    });
    expect(res.status).toBe(201);
    expect(res.json.fileName).toBe(`${"ت".repeat(120)}.pdf`);
  });
});

describe("[documents] display names", () => {
  it("[documents] decomposed accents (as macOS sends them) are stored composed", () => {
    expect(safeFileName("re\u0301sume\u0301.pdf", "pdf", "x")).toBe("résumé.pdf");
  });

  it("[documents] bidirectional overrides cannot disguise the extension", () => {
    expect(safeFileName("invoice\u202Efdp.exe", "pdf", "x")).toBe("invoice fdp.pdf");
  });

  it("[documents] without a usable name the title is used, in any script", () => {
    expect(safeFileName("", "pdf", "التقرير السنوي 2026")).toBe("التقرير السنوي 2026.pdf");
    expect(safeFileName(undefined, "docx", "***")).toBe("document.docx");
  });
});
