/**
 * The investor portal's access rules, enforced by the server: the document matrix
 * (role x visibility x list/download), the access log, path tricks, what the list reveals,
 * the investor-application workflow, and the data the portal page itself sends to the browser.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import type { AppLoadContext } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loader } from "~/routes/investor-portal";
import type { PortalData } from "~/components/portal/types";
import { documentAccessLogs, documents, type Role } from "../../server/db/schema";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { diskDir } from "../../server/lib/storage-disk";

let ctx: TestContext;
let publicDoc: { id: number; fileName: string; fileUrl: string };
let privateDoc: { id: number; fileName: string; fileUrl: string };
let allIds: number[];
let publicIds: number[];
let storageKeys: string[];

beforeAll(async () => {
  ctx = await createTestContext({ seed: true });
  const rows = await ctx.services.database.db.select().from(documents);
  allIds = rows.map((r) => r.id).sort((a, b) => a - b);
  publicIds = rows
    .filter((r) => r.isPublic)
    .map((r) => r.id)
    .sort((a, b) => a - b);
  storageKeys = rows.map((r) => r.fileUrl);
  publicDoc = rows.find((r) => r.fileName === "corporate-profile-2026.pdf")!;
  privateDoc = rows.find((r) => r.fileName === "annual-report-2025.pdf")!;
  expect(publicDoc).toBeTruthy();
  expect(privateDoc).toBeTruthy();
  expect(publicIds.length).toBeGreaterThan(0);
  expect(publicIds.length).toBeLessThan(allIds.length);
});
afterAll(() => ctx.close());

const seedFile = (name: string) => readFileSync(path.resolve("server/db/seed/files", name));

async function logsFor(documentId: number, userId?: number) {
  const where =
    userId === undefined
      ? eq(documentAccessLogs.documentId, documentId)
      : and(eq(documentAccessLogs.documentId, documentId), eq(documentAccessLogs.userId, userId));
  return ctx.services.database.db.select().from(documentAccessLogs).where(where);
}

async function rawDownload(client: Client, id: number | string) {
  const res = await fetch(`${ctx.baseUrl}/api/documents/${id}/download`, { headers: client.cookie ? { Cookie: client.cookie } : {} });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

describe("[portal] anonymous visitors", () => {
  it("get 401 on every document and application route", async () => {
    const anon = new Client(ctx.baseUrl);
    for (const url of [
      "/api/documents",
      "/api/document-categories",
      `/api/documents/${publicDoc.id}/download`,
      `/api/documents/${privateDoc.id}/download`,
      "/api/documents/999999/download",
      "/api/documents/..%2F..%2Fetc%2Fpasswd/download",
      "/api/investor-applications/mine",
    ]) {
      const res = await anon.get(url);
      expect(res.status, url).toBe(401);
      expect(res.text).not.toContain("%PDF");
    }
    expect((await anon.post("/api/investor-applications", { company: "Acme", position: "CEO", motivation: "Long enough motivation text." })).status).toBe(401);
    expect(await logsFor(publicDoc.id)).toHaveLength(0);
  });
});

describe.each([
  ["regular", false],
  ["investor", true],
  ["admin", true],
] as [Role, boolean][])("[portal] %s users", (role, readsAll) => {
  it(`list ${readsAll ? "every document" : "only Public documents"}`, async () => {
    const { client } = await signedInClient(ctx, role);
    const res = await client.get("/api/documents");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const ids = (res.json as { id: number; isPublic: boolean }[]).map((d) => d.id).sort((a, b) => a - b);
    expect(ids).toEqual(readsAll ? allIds : publicIds);
    if (!readsAll) expect((res.json as { isPublic: boolean }[]).every((d) => d.isPublic)).toBe(true);
    const cats = await client.get("/api/document-categories");
    expect(cats.status).toBe(200);
    expect(cats.json.length).toBe(4);
  });

  it("download a Public document, byte for byte, under its real name, and the access is logged with user and IP", async () => {
    const { client, user } = await signedInClient(ctx, role);
    const res = await rawDownload(client, publicDoc.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="?corporate-profile-2026\.pdf"?$/);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.body.equals(seedFile("corporate-profile-2026.pdf"))).toBe(true);
    const logs = await logsFor(publicDoc.id, user!.id);
    expect(logs).toHaveLength(1);
    expect(logs[0].ipAddress).toMatch(/127\.0\.0\.1$/);
    expect(logs[0].accessTime).toBeInstanceOf(Date);
  });

  it(`${readsAll ? "download" : "cannot tell apart from a missing one"} an Investor Only document`, async () => {
    const { client, user } = await signedInClient(ctx, role);
    const res = await rawDownload(client, privateDoc.id);
    if (readsAll) {
      expect(res.status).toBe(200);
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="?annual-report-2025\.pdf"?$/);
      expect(res.body.equals(seedFile("annual-report-2025.pdf"))).toBe(true);
      expect(await logsFor(privateDoc.id, user!.id)).toHaveLength(1);
    } else {
      const missing = await rawDownload(client, 999_999);
      expect(res.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(res.body.toString()).toBe(missing.body.toString());
      expect(res.body.toString()).not.toContain("%PDF");
      // Recorded as a refused attempt, not as a download.
      expect((await logsFor(privateDoc.id, user!.id)).map((l) => l.refused)).toEqual([true]);
    }
  });
});

describe("[portal] guessing and path tricks reveal nothing", () => {
  const tricks = [
    "0",
    "-1",
    "999999",
    "2147483648",
    "99999999999999999999",
    "1.5",
    "1e2",
    "0x1",
    "01",
    "1e0",
    "+1",
    "%201",
    "abc",
    "%20",
    "..%2F..%2Fetc%2Fpasswd",
    "%2E%2E%2F%2E%2E%2Fetc%2Fpasswd",
    "1%2F..%2F..%2Fetc%2Fpasswd",
    "..%5C..%5Cwindows%5Cwin.ini",
    "%00",
  ];

  it.each(["investor", "admin"] as Role[])("as %s every odd id answers 404 and logs nothing", async (role) => {
    const { client } = await signedInClient(ctx, role);
    const before = (await ctx.services.database.db.select().from(documentAccessLogs)).length;
    for (const id of tricks) {
      const res = await rawDownload(client, id);
      expect(res.status, id).toBe(404);
      const body = res.body.toString();
      expect(body, id).not.toMatch(/root:|\[fonts\]|%PDF/);
      expect(body, id).not.toMatch(/stack|node_modules|at .*\.ts/);
    }
    expect((await ctx.services.database.db.select().from(documentAccessLogs)).length).toBe(before);
  });

  it("a path smuggled into a stored file key is refused, not followed", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const db = ctx.services.database.db;
    for (const key of ["../../../../etc/passwd", "/etc/passwd", "..\\..\\secret.pdf", "sub/dir.pdf"]) {
      await db.update(documents).set({ fileUrl: key }).where(eq(documents.id, publicDoc.id));
      const res = await rawDownload(client, publicDoc.id);
      expect(res.status, key).toBe(404);
      expect(res.body.toString()).not.toContain("root:");
    }
    await db.update(documents).set({ fileUrl: publicDoc.fileUrl }).where(eq(documents.id, publicDoc.id));
    expect((await rawDownload(client, publicDoc.id)).status).toBe(200);
  });

  it("the list never shows where files are stored: fileUrl is the checked download route", async () => {
    const { client } = await signedInClient(ctx, "admin");
    const res = await client.get("/api/documents");
    for (const d of res.json as { id: number; fileUrl: string }[]) expect(d.fileUrl).toBe(`/api/documents/${d.id}/download`);
    for (const key of storageKeys) expect(res.text).not.toContain(key);
    expect(res.text).not.toContain(diskDir(ctx.services.storage, "documents"));
    expect(res.text).not.toMatch(/"(storageKey|filePath|path)"/);
  });
});

describe("[portal] investor applications", () => {
  const valid = { company: "Nile Family Office", position: "Partner", motivation: "We would like to review the annual reports before investing." };

  it("validates with the shared schema's messages", async () => {
    const { client } = await signedInClient(ctx, "regular");
    const res = await client.post("/api/investor-applications", { company: "", position: "x", motivation: "too short" });
    expect(res.status).toBe(400);
    expect(res.json.errors).toEqual({
      company: "Company is required",
      position: "Position is required",
      motivation: "Please tell us why you want investor access (at least 20 characters)",
    });
    expect((await client.get("/api/investor-applications/mine")).json).toBeNull();
  });

  it("a regular user files one pending application; a second is refused; only admins review", async () => {
    const { client, user } = await signedInClient(ctx, "regular");
    const other = await signedInClient(ctx, "regular");
    // Fields the server owns are ignored, whatever the body says.
    const res = await client.post("/api/investor-applications", {
      ...valid,
      investmentInterests: "Logistics",
      status: "approved",
      userId: other.user!.id,
      reviewedById: 1,
    });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ status: "pending", userId: user!.id, reviewedAt: null, reviewedById: null, investmentInterests: "Logistics" });

    const again = await client.post("/api/investor-applications", valid);
    expect(again.status).toBe(409);
    expect(again.json.message).toBe("You already have an application under review.");
    expect((await client.get("/api/investor-applications/mine")).json).toMatchObject({ id: res.json.id, status: "pending" });
    expect((await other.client.get("/api/investor-applications/mine")).json).toBeNull();

    // Neither the applicant nor an investor can approve it.
    expect((await client.post(`/api/admin/investor-applications/${res.json.id}/approve`)).status).toBe(403);
    const investor = await signedInClient(ctx, "investor");
    expect((await investor.client.post(`/api/admin/investor-applications/${res.json.id}/approve`)).status).toBe(403);
    expect((await client.get("/api/admin/investor-applications")).status).toBe(403);
    expect((await client.get("/api/user")).json.role).toBe("regular");
  });

  it("approval makes the user an investor at once (role read fresh on the next request) and opens every document", async () => {
    const { client } = await signedInClient(ctx, "regular");
    const admin = await signedInClient(ctx, "admin");
    const { json: app } = await client.post("/api/investor-applications", valid);
    expect((await rawDownload(client, privateDoc.id)).status).toBe(404);

    const approved = await admin.client.post(`/api/admin/investor-applications/${app.id}/approve`);
    expect(approved.status).toBe(200);
    expect(approved.json).toMatchObject({ status: "approved", reviewedById: admin.user!.id });
    expect(approved.json.reviewedAt).toBeTruthy();

    expect((await client.get("/api/user")).json.role).toBe("investor");
    const list = await client.get("/api/documents");
    expect((list.json as { id: number }[]).map((d) => d.id).sort((a, b) => a - b)).toEqual(allIds);
    expect((await rawDownload(client, privateDoc.id)).status).toBe(200);

    expect((await admin.client.post(`/api/admin/investor-applications/${app.id}/approve`)).status).toBe(409);
    const more = await client.post("/api/investor-applications", valid);
    expect(more.status).toBe(409);
    expect(more.json.message).toBe("You already have investor access.");
  });

  it("a rejected user stays regular, sees the dates, and may apply again", async () => {
    const { client } = await signedInClient(ctx, "regular");
    const admin = await signedInClient(ctx, "admin");
    const { json: app } = await client.post("/api/investor-applications", valid);
    const rejected = await admin.client.post(`/api/admin/investor-applications/${app.id}/reject`);
    expect(rejected.status).toBe(200);
    const mine = (await client.get("/api/investor-applications/mine")).json;
    expect(mine).toMatchObject({ id: app.id, status: "rejected" });
    expect(Date.parse(mine.reviewedAt)).toBeGreaterThanOrEqual(Date.parse(mine.submittedAt));
    expect((await client.get("/api/user")).json.role).toBe("regular");
    expect((await admin.client.post(`/api/admin/investor-applications/${app.id}/approve`)).status).toBe(409);

    const again = await client.post("/api/investor-applications", valid);
    expect(again.status).toBe(201);
    expect((await client.get("/api/investor-applications/mine")).json).toMatchObject({ id: again.json.id, status: "pending" });
  });

  it("reviewing an unknown or odd application id answers 404", async () => {
    const admin = await signedInClient(ctx, "admin");
    for (const id of ["999999", "0", "abc", "..%2F1"]) {
      expect((await admin.client.post(`/api/admin/investor-applications/${id}/approve`)).status, id).toBe(404);
    }
  });
});

describe("[portal] the page's own data", () => {
  const request = new Request("http://localhost/investor-portal?tab=press");
  const context = (user: Awaited<ReturnType<typeof signedInClient>>["user"]) => ({ services: ctx.services, user, locale: "en" }) as unknown as AppLoadContext;
  const load = async (role: Role) => {
    const { user } = await signedInClient(ctx, role);
    // As the session reads them: an admin's session proved a second factor at sign-in (signedInClient gives one).
    const result = loader({
      context: context({ ...user!, secondFactorProved: role === "admin" }),
      request,
      params: {},
      unstable_pattern: "/investor-portal",
    } as unknown as Parameters<typeof loader>[0]);
    return { user: user!, result, data: (await result.portal) as PortalData };
  };

  it("sends anonymous visitors to /auth with the page as the redirect target", () => {
    let thrown: unknown;
    try {
      loader({ context: context(undefined), request, params: {} } as unknown as Parameters<typeof loader>[0]);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/auth?redirect=%2Finvestor-portal%3Ftab%3Dpress");
  });

  it("gives a regular user Public documents and their application, and nothing else", async () => {
    const { data, result } = await load("regular");
    expect(data.hasAccess).toBe(false);
    expect(data.documents.map((d) => d.id).sort((a, b) => a - b)).toEqual(publicIds);
    expect(data.portfolio).toEqual([]);
    expect(data.press).toEqual([]);
    expect(data.application).toBeNull();
    expect(Object.keys(result.user).sort()).toEqual(["company", "email", "fullName", "id", "isVerified", "position", "role", "secondFactorProved", "username"]);
    expect(JSON.stringify(data)).not.toContain(privateDoc.fileUrl);
  });

  it("gives an investor every document, the portfolio and the releases without their bodies", async () => {
    const { data } = await load("investor");
    expect(data.hasAccess).toBe(true);
    expect(data.documents.map((d) => d.id).sort((a, b) => a - b)).toEqual(allIds);
    expect(data.categories).toHaveLength(4);
    expect(data.portfolio.length).toBeGreaterThan(0);
    expect(data.press.length).toBe(await ctx.services.press.count());
    expect(data.press.every((r) => r.content === undefined)).toBe(true);
    for (const key of storageKeys) expect(JSON.stringify(data)).not.toContain(key);
  });

  it("sends an admin whose session did not prove a second factor to prove one, and gives them nothing of the portal", async () => {
    const { user } = await signedInClient(ctx, "admin");
    let thrown: unknown;
    try {
      loader({ context: context({ ...user!, secondFactorProved: false }), request, params: {} } as unknown as Parameters<typeof loader>[0]);
    } catch (err) {
      thrown = err;
    }
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("Location")).toBe("/account?setup=two-factor");
  });

  it("gives an admin the releases without their bodies too; the edit form reads a release in both languages from the API", async () => {
    const { data } = await load("admin");
    expect(data.press.length).toBe(await ctx.services.press.count());
    expect(data.press.every((r) => r.content === undefined)).toBe(true);
    const full = (await ctx.services.press.get(data.press[0].id)) as { content: string; titleAr: string | null };
    expect(full.content.length).toBeGreaterThan(0);
    expect(full).toHaveProperty("titleAr");
  });
});
