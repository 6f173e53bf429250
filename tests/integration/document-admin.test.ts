/**
 * Admin management of the investor document library: uploads checked by content, edits with
 * optimistic concurrency, deletion with the file, categories, access logs; and the investor
 * applications review.
 */
import { existsSync, readdirSync } from "node:fs";
import { strToU8, zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { HTML_PAGE, postMultipart, seedFile } from "../fixtures/files";
import { diskDir } from "../../server/lib/storage-disk";

let ctx: TestContext;
let admin: Client;
let adminId: number;
beforeAll(async () => {
  ctx = await createTestContext();
  const signedIn = await signedInClient(ctx, "admin");
  admin = signedIn.client;
  adminId = signedIn.user!.id;
});
afterAll(() => ctx.close());

const storedFiles = () => readdirSync(diskDir(ctx.services.storage, "documents"));

async function newCategory(name = `Category ${Math.random().toString(36).slice(2, 8)}`) {
  const res = await admin.post("/api/admin/document-categories", { name, description: "For tests" });
  expect(res.status).toBe(201);
  return res.json as { id: number; name: string };
}

function uploadDoc(file: { data: Uint8Array | string; name: string; type?: string }, fields: Record<string, string> = {}, client = admin) {
  return postMultipart(client, "/api/admin/documents", { file, fields: { title: "Quarterly Report", ...fields } });
}

/** A zip that looks like Office from the outside but is not (or is macro-enabled). */
function fakeOoxml(kind: "no-content-types" | "wrong-main" | "macro") {
  const files: Record<string, Uint8Array> = { "word/document.xml": strToU8("<w:document/>") };
  if (kind === "wrong-main") {
    files["[Content_Types].xml"] = strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/missing.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    );
  }
  if (kind === "macro") {
    files["[Content_Types].xml"] = strToU8(
      '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.ms-word.document.macroEnabled.main+xml"/></Types>',
    );
    files["word/vbaProject.bin"] = new Uint8Array([1, 2, 3]);
  }
  return zipSync(files);
}

describe("[documents admin] upload", () => {
  it.each([
    ["annual-report-2025.pdf", "pdf", "application/pdf"],
    ["q3-2026-financial-statements.xlsx", "xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"],
    ["esg-policy.docx", "docx", "application/vnd.openxmlformats-officedocument.wordprocessingml.document"],
  ])("a real %s is stored and listed", async (name, ext, mime) => {
    const category = await newCategory();
    const data = seedFile(name);
    const before = storedFiles().length;
    const res = await uploadDoc(
      { data, name, type: "application/octet-stream" },
      { description: "Audited", categoryId: String(category.id), isPublic: "true" },
    );
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      title: "Quarterly Report",
      description: "Audited",
      categoryId: category.id,
      categoryName: category.name,
      isPublic: true,
      fileType: mime,
      fileSize: data.length,
      fileName: name,
      fileUrl: `/api/documents/${res.json.id}/download`,
    });
    expect(res.json.fileName.endsWith(`.${ext}`)).toBe(true);
    expect(storedFiles().length).toBe(before + 1);
    const download = await admin.get(`/api/documents/${res.json.id}/download`);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toContain(mime);
  });

  it("a PPTX built like PowerPoint's is accepted", async () => {
    const pptx = zipSync({
      "[Content_Types].xml": strToU8(
        '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml" PartName="/ppt/presentation.xml"/></Types>',
      ),
      "ppt/presentation.xml": strToU8("<p:presentation/>"),
      "_rels/.rels": strToU8("<Relationships/>"),
    });
    const res = await uploadDoc({ data: pptx, name: "Investor Day.pptx" });
    expect(res.status).toBe(201);
    expect(res.json.fileName).toBe("Investor Day.pptx");
    expect(res.json.isPublic).toBe(false);
    expect(res.json.categoryId).toBeNull();
  });

  it("the detected type decides the extension, and the name loses any path", async () => {
    const res = await uploadDoc({ data: seedFile("esg-policy.docx"), name: "..\\..\\Windows\\Policy <v2>.pdf" });
    expect(res.status).toBe(201);
    expect(res.json.fileName).toBe("Policy v2.docx");
    const unix = await uploadDoc({ data: seedFile("esg-policy.docx"), name: "../../etc/passwd" });
    expect(unix.json.fileName).toBe("passwd.docx");
  });

  it("disguised and unsupported files are 415 and leave nothing on disk", async () => {
    const before = storedFiles().length;
    const cases: [Uint8Array | string, string, RegExp][] = [
      ["just text pretending", "report.pdf", /^Only PDF, Word/],
      [HTML_PAGE, "report.docx", /^Only PDF, Word/],
      [seedFile("corporate-profile-2026.pdf").subarray(8), "report.pdf", /^Only PDF, Word/],
      [new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]), "legacy.doc", /^Only PDF, Word/],
      [zipSync({ "evil.exe": new Uint8Array([0x4d, 0x5a]) }), "report.xlsx", /^Only PDF, Word/],
      [fakeOoxml("no-content-types"), "report.docx", /^Only PDF, Word/],
      [fakeOoxml("wrong-main"), "report.docx", /^Only PDF, Word/],
      [fakeOoxml("macro"), "report.docx", /^Macro-enabled/],
      [Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(100, 7)]), "broken.xlsx", /damaged/],
    ];
    for (const [data, name, message] of cases) {
      const res = await uploadDoc({ data, name, type: "application/pdf" });
      expect(res.status, name).toBe(415);
      expect(res.json.message, name).toMatch(message);
    }
    expect(storedFiles().length).toBe(before);
  });

  it("validates the fields and the size limit", async () => {
    const noTitle = await uploadDoc({ data: seedFile("annual-report-2025.pdf"), name: "a.pdf" }, { title: " " });
    expect(noTitle.status).toBe(400);
    expect(noTitle.json.errors.title).toBe("Title must be at least 2 characters");
    const badCategory = await uploadDoc({ data: seedFile("annual-report-2025.pdf"), name: "a.pdf" }, { categoryId: "999999" });
    expect(badCategory.status).toBe(400);
    expect(badCategory.json.errors.categoryId).toBe("Please choose a valid category");
    const noFile = await postMultipart(admin, "/api/admin/documents", { fields: { title: "No file here" } });
    expect(noFile.status).toBe(400);
    const huge = Buffer.concat([Buffer.from("%PDF-1.7\n"), Buffer.alloc(20 * 1024 * 1024 + 1)]);
    const tooBig = await uploadDoc({ data: huge, name: "huge.pdf" });
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.message).toBe("File size exceeds 20MB limit");
  });

  it("only admins manage documents", async () => {
    const pdf = { data: seedFile("annual-report-2025.pdf"), name: "a.pdf" };
    expect((await uploadDoc(pdf, {}, new Client(ctx.baseUrl))).status).toBe(401);
    for (const role of ["regular", "investor"] as const) {
      const { client } = await signedInClient(ctx, role);
      expect((await uploadDoc(pdf, {}, client)).status).toBe(403);
      expect((await client.put("/api/admin/documents/1", { title: "Hijack" })).status).toBe(403);
      expect((await client.delete("/api/admin/documents/1")).status).toBe(403);
      expect((await client.get("/api/admin/documents/1/access-logs")).status).toBe(403);
      expect((await client.get("/api/admin/documents/access-counts")).status).toBe(403);
      expect((await client.post("/api/admin/document-categories", { name: "Mine" })).status).toBe(403);
      expect((await client.put("/api/admin/document-categories/1", { name: "Mine" })).status).toBe(403);
      expect((await client.delete("/api/admin/document-categories/1")).status).toBe(403);
    }
  });
});

describe("[documents admin] edit and delete", () => {
  it("edits metadata; a stale updatedAt is 409 and changes nothing", async () => {
    const created = (await uploadDoc({ data: seedFile("annual-report-2025.pdf"), name: "a.pdf" })).json;
    const category = await newCategory();
    const first = await admin.put(`/api/admin/documents/${created.id}`, {
      title: "Annual Report 2025 (restated)",
      description: "",
      categoryId: category.id,
      isPublic: true,
      updatedAt: created.updatedAt,
    });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ title: "Annual Report 2025 (restated)", description: null, categoryName: category.name, isPublic: true });
    expect(first.json.updatedAt).not.toBe(created.updatedAt);

    // A second admin still holding the first version.
    const stale = await admin.put(`/api/admin/documents/${created.id}`, {
      title: "Overwrite",
      isPublic: false,
      categoryId: null,
      updatedAt: created.updatedAt,
    });
    expect(stale.status).toBe(409);
    expect(stale.json.message).toMatch(/changed by someone else/);
    const list = await admin.get("/api/documents");
    expect(list.json.find((d: { id: number }) => d.id === created.id).title).toBe("Annual Report 2025 (restated)");

    // Without updatedAt the edit is a plain overwrite (older clients).
    expect((await admin.put(`/api/admin/documents/${created.id}`, { title: "Plain overwrite", isPublic: false, categoryId: null })).status).toBe(200);
  });

  it("unknown ids are 404; bad bodies are 400", async () => {
    expect((await admin.put("/api/admin/documents/999999", { title: "Nothing here" })).status).toBe(404);
    expect((await admin.put("/api/admin/documents/abc", { title: "Nothing here" })).status).toBe(404);
    expect((await admin.delete("/api/admin/documents/999999")).status).toBe(404);
    expect((await admin.get("/api/admin/documents/999999/access-logs")).status).toBe(404);
    const created = (await uploadDoc({ data: seedFile("annual-report-2025.pdf"), name: "a.pdf" })).json;
    const bad = await admin.put(`/api/admin/documents/${created.id}`, { title: "x", isPublic: "maybe" });
    expect(bad.status).toBe(400);
    expect(bad.json.errors.title).toBe("Title must be at least 2 characters");
  });

  it("delete removes the row, its access logs and the file", async () => {
    const created = (await uploadDoc({ data: seedFile("esg-policy.docx"), name: "e.docx" }, { isPublic: "true" })).json;
    await admin.get(`/api/documents/${created.id}/download`);
    const before = storedFiles().length;
    const res = await admin.delete(`/api/admin/documents/${created.id}`);
    expect(res.status).toBe(204);
    expect(storedFiles().length).toBe(before - 1);
    expect((await admin.get(`/api/documents/${created.id}/download`)).status).toBe(404);
    expect((await admin.get("/api/admin/documents/access-counts")).json[created.id]).toBeUndefined();
  });
});

describe("[documents admin] access logs", () => {
  it("records who downloaded what, when and from where, with counts", async () => {
    const doc = (await uploadDoc({ data: seedFile("annual-report-2025.pdf"), name: "a.pdf" }, { isPublic: "false" })).json;
    const investor = await signedInClient(ctx, "investor");
    const regular = await signedInClient(ctx, "regular");
    expect((await investor.client.get(`/api/documents/${doc.id}/download`)).status).toBe(200);
    expect((await investor.client.get(`/api/documents/${doc.id}/download`)).status).toBe(200);
    // Investor-only: a regular user gets a 404, recorded as a refused attempt.
    expect((await regular.client.get(`/api/documents/${doc.id}/download`)).status).toBe(404);
    expect((await admin.get(`/api/documents/${doc.id}/download`)).status).toBe(200);

    const logs = await admin.get(`/api/admin/documents/${doc.id}/access-logs`);
    expect(logs.status).toBe(200);
    // Four entries: three downloads and the refused attempt.
    expect(logs.json).toMatchObject({ count: 4, downloads: 3, refused: 1 });
    expect(logs.json.logs).toHaveLength(4);
    const mine = logs.json.logs.filter((l: { userId: number }) => l.userId === investor.user!.id);
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ email: investor.email, fullName: "investor user" });
    expect(mine[0].ipAddress).toMatch(/127\.0\.0\.1/);
    expect(Date.parse(mine[0].accessTime)).not.toBeNaN();
    // Newest first, and paged.
    const times = logs.json.logs.map((l: { accessTime: string }) => Date.parse(l.accessTime));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const page = await admin.get(`/api/admin/documents/${doc.id}/access-logs?limit=1&offset=1`);
    expect(page.json.count).toBe(4);
    expect(page.json.logs).toHaveLength(1);
    expect(page.json.logs[0].id).toBe(logs.json.logs[1].id);

    const counts = await admin.get("/api/admin/documents/access-counts");
    expect(counts.status).toBe(200);
    expect(counts.json[doc.id]).toBe(3);
  });
});

describe("[documents admin] categories", () => {
  it("create, rename, refuse duplicates (any case), delete keeping the documents", async () => {
    const cat = await newCategory("Board Papers");
    expect(cat).toMatchObject({ name: "Board Papers", description: "For tests" });
    const dup = await admin.post("/api/admin/document-categories", { name: "board papers" });
    expect(dup.status).toBe(409);
    expect(dup.json.errors.name).toBe("A category with this name already exists");
    const short = await admin.post("/api/admin/document-categories", { name: "x" });
    expect(short.status).toBe(400);
    expect(short.json.errors.name).toBe("Category name must be at least 2 characters");

    const renamed = await admin.put(`/api/admin/document-categories/${cat.id}`, { name: "Board Minutes", description: "" });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ id: cat.id, name: "Board Minutes", description: null });
    // Renaming to its own name in another case is fine; to another category's name is not.
    expect((await admin.put(`/api/admin/document-categories/${cat.id}`, { name: "BOARD MINUTES" })).status).toBe(200);
    const other = await newCategory("Legal");
    expect((await admin.put(`/api/admin/document-categories/${other.id}`, { name: "board minutes" })).status).toBe(409);

    const doc = (await uploadDoc({ data: seedFile("annual-report-2025.pdf"), name: "a.pdf" }, { categoryId: String(cat.id) })).json;
    expect((await admin.delete(`/api/admin/document-categories/${cat.id}`)).status).toBe(204);
    expect((await admin.delete(`/api/admin/document-categories/${cat.id}`)).status).toBe(404);
    const categories = await admin.get("/api/document-categories");
    expect(categories.json.some((c: { id: number }) => c.id === cat.id)).toBe(false);
    const listed = (await admin.get("/api/documents")).json.find((d: { id: number }) => d.id === doc.id);
    expect(listed).toMatchObject({ categoryId: null, categoryName: null });
    expect(existsSync(diskDir(ctx.services.storage, "documents"))).toBe(true);
  });
});

describe("[applications] admin review", () => {
  const application = {
    company: "Nile Ventures",
    position: "Partner",
    motivation: "We co-invest in logistics across North Africa and want to follow your portfolio.",
    investmentInterests: "Logistics, fintech",
  };

  it("lists applications with the applicant; approve makes an investor; reject records the reviewer", async () => {
    const alice = await signedInClient(ctx, "regular");
    const bob = await signedInClient(ctx, "regular");
    expect((await alice.client.post("/api/investor-applications", application)).status).toBe(201);
    const bobApp = await bob.client.post("/api/investor-applications", { ...application, company: "Bob Capital" });
    expect(bobApp.status).toBe(201);

    const list = await admin.get("/api/admin/investor-applications");
    expect(list.status).toBe(200);
    const aliceRow = list.json.find((a: { userId: number }) => a.userId === alice.user!.id);
    expect(aliceRow).toMatchObject({ status: "pending", email: alice.email, fullName: "regular user", company: "Nile Ventures", reviewedAt: null });

    const approved = await admin.post(`/api/admin/investor-applications/${aliceRow.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.json.status).toBe("approved");
    expect(Date.parse(approved.json.reviewedAt)).not.toBeNaN();
    expect(approved.json.reviewedById).toBe(adminId);
    expect((await alice.client.get("/api/user")).json.role).toBe("investor");
    expect((await admin.post(`/api/admin/investor-applications/${aliceRow.id}/reject`)).status).toBe(409);

    const rejected = await admin.post(`/api/admin/investor-applications/${bobApp.json.id}/reject`);
    expect(rejected.json.status).toBe("rejected");
    expect((await bob.client.get("/api/user")).json.role).toBe("regular");
    expect((await bob.client.get("/api/investor-applications/mine")).json.status).toBe("rejected");
    const after = (await admin.get("/api/admin/investor-applications")).json;
    expect(after.find((a: { id: number }) => a.id === aliceRow.id)).toMatchObject({ status: "approved", role: "investor", reviewedByName: "admin user" });
    expect(after.find((a: { id: number }) => a.id === bobApp.json.id)).toMatchObject({ status: "rejected", role: "regular", reviewedByName: "admin user" });
  });

  it("only admins list and review", async () => {
    const { client } = await signedInClient(ctx, "investor");
    expect((await client.get("/api/admin/investor-applications")).status).toBe(403);
    expect((await client.post("/api/admin/investor-applications/1/approve")).status).toBe(403);
    expect((await new Client(ctx.baseUrl).get("/api/admin/investor-applications")).status).toBe(401);
  });
});
