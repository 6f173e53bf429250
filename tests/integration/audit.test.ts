/**
 * The audit trail through the API (PGlite, and PostgreSQL when TEST_DATABASE_URL is set): what each admin endpoint
 * records (who, from where, the exact summary, never a secret), the list's filters and pages, verification, the CSV
 * and JSON exports, and who may read any of it.
 */
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditChain, auditEvents, users } from "../../server/db/schema";
import { applicationInput } from "../../server/db/seed/factories";
import { Client, createTestContext, signedInClient, type TestContext } from "../helpers/context";
import { userInput } from "../helpers/factories";
import { postMultipart, seedFile } from "../fixtures/files";

let ctx: TestContext;
let admin: Client;
let adminId: number;
let adminEmail: string;
let n = 0;

const FROM = { "X-Forwarded-For": "198.51.100.20", "User-Agent": "Mozilla/5.0 (Audit test) Chrome/156" };

beforeAll(async () => {
  ctx = await createTestContext({ env: { TRUST_PROXY: "true" } });
  const signedIn = await signedInClient(ctx, "admin");
  admin = signedIn.client;
  adminId = signedIn.user!.id;
  adminEmail = signedIn.email!;
});
afterAll(() => ctx?.close());

const db = () => ctx.database.db;
type Event = { id: number; action: string; entityType: string; entityId: string | null; actorId: number | null; actorEmail: string | null; summary: unknown };

/** The newest event about an item, as the API lists it. */
async function latest(entityType: string, entityId: string | number) {
  const res = await admin.get(`/api/admin/audit?entityType=${entityType}&entityId=${encodeURIComponent(String(entityId))}`);
  expect(res.status).toBe(200);
  return res.json.events[0] as Event & { ip: string | null; userAgent: string | null; occurredAt: string };
}

async function member() {
  return ctx.services.users.create(
    userInput({ email: `member${++n}-${Date.now()}@example.test`, password: "member password", fullName: "Member", isVerified: true }),
  );
}

/** A CSV export as its bytes say, the byte-order mark kept (a fetch's text() drops it). */
async function csvExport(query: string) {
  const res = await fetch(`${ctx.baseUrl}/api/admin/audit/export?${query}`, { headers: { Cookie: admin.cookie } });
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(await res.arrayBuffer()));
}

/** Every summary stored so far, as text. */
const everySummary = async () => JSON.stringify((await db().select({ s: auditEvents.summary }).from(auditEvents)).map((r) => r.s));

describe("[audit] what the admin endpoints record", () => {
  it("[audit] a setting changed: who, from where, and the setting's old and new value", async () => {
    expect((await admin.put("/api/admin/settings/environment", { mode: "production" }, FROM)).status).toBe(200);
    expect((await admin.put("/api/admin/settings/environment", { mode: "development" }, FROM)).status).toBe(200);
    const event = await latest("settings", "environmentMode");
    expect(event).toMatchObject({
      action: "settings.update",
      actorId: adminId,
      actorEmail: adminEmail,
      ip: "198.51.100.20",
      userAgent: "Mozilla/5.0 (Audit test) Chrome/156",
      summary: { environmentMode: { from: "production", to: "development" } },
    });
    // Saving the same value again changes nothing and records nothing.
    expect((await admin.put("/api/admin/settings/environment", { mode: "development" })).status).toBe(200);
    expect((await latest("settings", "environmentMode")).id).toBe(event.id);
  });

  it("[audit] the brand texts record only the fields that changed; a legal page's text by its lengths", async () => {
    const brand = {
      name: "Meridian Crest Capital",
      shortName: "Meridian",
      tagline: "Patient Capital",
      description: "A holding company that backs category leaders across Africa and the Middle East.",
      address: "12 Nile Corniche, Garden City, Cairo, Egypt",
      phone: "+20 2 2790 1234",
      email: "hello@meridian.example",
      social: { linkedin: "https://www.linkedin.com/company/meridian", twitter: "", facebook: "", instagram: "" },
    };
    expect((await admin.put("/api/admin/settings/brand", brand)).status).toBe(200);
    expect(
      (await admin.put("/api/admin/settings/brand", { ...brand, tagline: "Patient, Long-Term Capital", social: { ...brand.social, linkedin: "" } })).status,
    ).toBe(200);
    expect((await latest("settings", "brand")).summary).toEqual({
      tagline: { from: "Patient Capital", to: "Patient, Long-Term Capital" },
      "social.linkedin": { from: "https://www.linkedin.com/company/meridian", to: "" },
    });

    const body = "These terms explain how the site may be used. ".repeat(3);
    expect((await admin.put("/api/admin/settings/legal/terms", { body })).status).toBe(200);
    const legal = await latest("settings", "legal.terms");
    expect(legal.summary).toMatchObject({ body: { fromLength: null, toLength: body.trim().length } });
    expect(Object.keys(legal.summary as object).sort()).toEqual(["body", "updatedAt"]);
  });

  it("[audit] a role change, a disabled and an enabled account; no password, hash or second-factor secret is ever stored", async () => {
    const user = await member();
    expect((await admin.patch(`/api/admin/users/${user.id}`, { role: "investor" }, FROM)).status).toBe(200);
    expect((await latest("user", user.id)).summary).toEqual({ role: { from: "regular", to: "investor" } });
    expect((await latest("user", user.id)).action).toBe("user.role");

    expect((await admin.post(`/api/admin/users/${user.id}/disable`)).status).toBe(200);
    expect(await latest("user", user.id)).toMatchObject({ action: "user.disable", summary: { disabled: { from: false, to: true } } });
    expect((await admin.post(`/api/admin/users/${user.id}/enable`)).status).toBe(200);
    expect(await latest("user", user.id)).toMatchObject({ action: "user.enable", summary: { disabled: { from: true, to: false } } });

    const [stored] = await db().select().from(users).where(eq(users.id, user.id));
    const text = await everySummary();
    expect(text).not.toContain(stored.password);
    expect(text).not.toMatch(/argon2|password|totp|secret|token|recovery|session/i);
  });

  it("[audit] a refused change records nothing", async () => {
    const before = (await db().select().from(auditEvents)).length;
    // An admin cannot disable their own account.
    expect((await admin.post(`/api/admin/users/${adminId}/disable`)).status).toBe(409);
    const { client: investor } = await signedInClient(ctx, "investor");
    expect((await investor.put("/api/admin/settings/environment", { mode: "production" })).status).toBe(403);
    expect((await db().select().from(auditEvents)).length).toBe(before);
  });

  it("[audit] documents: uploaded, edited and deleted, with their metadata but never the file", async () => {
    const created = await postMultipart(admin, "/api/admin/documents", {
      file: { data: seedFile("annual-report-2025.pdf"), name: "annual-report-2025.pdf", type: "application/pdf" },
      fields: { title: "Annual Report 2025", isPublic: "false" },
    });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    const upload = await latest("document", id);
    expect(upload.action).toBe("document.create");
    expect(upload.summary).toMatchObject({
      title: { from: null, to: "Annual Report 2025" },
      isPublic: { from: null, to: false },
      fileName: { from: null, to: "annual-report-2025.pdf" },
      fileType: { from: null, to: "application/pdf" },
    });
    expect(JSON.stringify(upload.summary)).not.toMatch(/fileUrl|uploads|documents\//);

    expect((await admin.put(`/api/admin/documents/${id}`, { title: "Annual Report 2025 (restated)", isPublic: true, categoryId: null })).status).toBe(200);
    expect(await latest("document", id)).toMatchObject({
      action: "document.update",
      summary: { title: { from: "Annual Report 2025", to: "Annual Report 2025 (restated)" }, isPublic: { from: false, to: true } },
    });
    expect(Object.keys((await latest("document", id)).summary as object).sort()).toEqual(["isPublic", "title"]);

    expect((await admin.delete(`/api/admin/documents/${id}`)).status).toBe(204);
    expect(await latest("document", id)).toMatchObject({ action: "document.delete", summary: { title: { from: "Annual Report 2025 (restated)", to: null } } });
  });

  it("[audit] document categories: created, renamed and deleted", async () => {
    const created = await admin.post("/api/admin/document-categories", { name: "Board Minutes", description: "Minutes of the board" });
    expect(created.status).toBe(201);
    const id = created.json.id as number;
    expect(await latest("category", id)).toMatchObject({
      action: "category.create",
      summary: { name: { from: null, to: "Board Minutes" }, description: { from: null, to: "Minutes of the board" } },
    });
    expect((await admin.put(`/api/admin/document-categories/${id}`, { name: "Board Papers", description: "Minutes of the board" })).status).toBe(200);
    expect((await latest("category", id)).summary).toEqual({ name: { from: "Board Minutes", to: "Board Papers" } });
    expect((await admin.delete(`/api/admin/document-categories/${id}`)).status).toBe(204);
    expect(await latest("category", id)).toMatchObject({ action: "category.delete", summary: { name: { from: "Board Papers", to: null } } });
  });

  it("[audit] investor applications: an approval with the role it gave, a rejection", async () => {
    const approved = await ctx.services.applications.submit(await member(), applicationInput());
    expect((await admin.post(`/api/admin/investor-applications/${approved.id}/approve`)).status).toBe(200);
    expect(await latest("application", approved.id)).toMatchObject({
      action: "application.approve",
      actorId: adminId,
      summary: { status: { from: "pending", to: "approved" }, applicantRole: { from: "regular", to: "investor" } },
    });
    const rejected = await ctx.services.applications.submit(await member(), applicationInput());
    expect((await admin.post(`/api/admin/investor-applications/${rejected.id}/reject`)).status).toBe(200);
    expect((await latest("application", rejected.id)).summary).toEqual({ status: { from: "pending", to: "rejected" } });
  });
});

describe("[audit] a chain whose ends cannot be trusted", () => {
  it("[audit] refuses an admin change (500) and makes none, until the chain's row is back", async () => {
    const [ends] = await db().select().from(auditChain);
    const mode = await ctx.services.settings.environmentMode();
    await db().delete(auditChain);
    try {
      const refused = await admin.put("/api/admin/settings/environment", { mode: mode === "production" ? "development" : "production" });
      expect(refused.status).toBe(500);
      expect(refused.json.code).toBe("INTERNAL");
      expect(await ctx.services.settings.environmentMode()).toBe(mode);
      expect((await admin.get("/api/admin/audit/verify")).json).toMatchObject({ ok: false, broken: { id: null, problem: "state-missing" } });
    } finally {
      await db().insert(auditChain).values(ends);
    }
    expect((await admin.get("/api/admin/audit/verify")).json.ok).toBe(true);
  });
});

describe("[audit] the list", () => {
  it("[audit] filters by person (account number or e-mail, any case), by item, and by Cairo days; pages with `before`", async () => {
    const { client: other, user: otherAdmin, email: otherEmail } = await signedInClient(ctx, "admin");
    expect((await other.put("/api/admin/settings/environment", { mode: "production" })).status).toBe(200);

    const byId = await admin.get(`/api/admin/audit?actor=${otherAdmin!.id}`);
    expect(byId.json.events.map((e: Event) => e.actorEmail)).toEqual([otherEmail]);
    const byEmail = await admin.get(`/api/admin/audit?actor=${encodeURIComponent(otherEmail!.toUpperCase())}`);
    expect(byEmail.json.events.map((e: Event) => e.id)).toEqual(byId.json.events.map((e: Event) => e.id));
    expect((await admin.get("/api/admin/audit?actor=nobody%40example.test")).json.events).toEqual([]);

    const result = (await db().execute(sql`select ((now() at time zone 'Africa/Cairo')::date)::text as today`)) as unknown as { rows: { today: string }[] };
    const [{ today }] = result.rows;
    const tomorrow = new Date(Date.parse(`${today}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    const all = (await admin.get("/api/admin/audit")).json;
    expect(all.keepDays).toBe(2557);
    expect((await admin.get(`/api/admin/audit?from=${today}&to=${today}`)).json.events.length).toBe(all.events.length);
    expect((await admin.get(`/api/admin/audit?from=${tomorrow}`)).json.events).toEqual([]);

    const newest = all.events[0].id as number;
    const older = await admin.get(`/api/admin/audit?before=${newest}`);
    expect(older.json.events.every((e: Event) => e.id < newest)).toBe(true);
    expect(older.json.events[0].id).toBe(newest - 1);
  });

  it("[audit] refuses a range that ends before it starts, a day that is not a day, an unknown item type", async () => {
    const range = await admin.get("/api/admin/audit?from=2026-11-27&to=2026-11-01");
    expect(range.status).toBe(400);
    expect(range.json).toMatchObject({ code: "VALIDATION", errors: { to: "The last day must not be before the first day." } });
    expect((await admin.get("/api/admin/audit?from=27-11-2026")).json.errors).toEqual({ from: "Dates must be days written as YYYY-MM-DD." });
    expect((await admin.get("/api/admin/audit?entityType=secrets")).status).toBe(400);
  });
});

describe("[audit] verification", () => {
  it("[audit] answers the chain intact, then the first event edited in the database, then intact again once restored", async () => {
    const ok = await admin.get("/api/admin/audit/verify");
    expect(ok.status).toBe(200);
    const count = (await db().select().from(auditEvents)).length;
    expect(ok.json).toMatchObject({ ok: true, count, anchorId: 0, broken: null });

    const [target] = await db().select().from(auditEvents).orderBy(asc(auditEvents.id)).limit(1).offset(2);
    await db().execute(sql`update audit_events set summary = '{"role":{"from":"regular","to":"admin"}}'::jsonb where id = ${target.id}`);
    const broken = await admin.get("/api/admin/audit/verify");
    expect(broken.json).toMatchObject({ ok: false, count: 2, broken: { id: target.id, problem: "hash-mismatch" } });
    await db().update(auditEvents).set({ summary: target.summary }).where(eq(auditEvents.id, target.id));
    expect((await admin.get("/api/admin/audit/verify")).json.ok).toBe(true);
  });
});

describe("[audit] export", () => {
  it("[audit] CSV: a download with the header in the page's language, words for actions and changes, formula cells made text", async () => {
    const names = ['=HYPERLINK("https://evil.example","Open")', "+SUM(A1)", "-2+3", "@cmd"];
    const ids: number[] = [];
    for (const name of names) {
      const res = await admin.post("/api/admin/document-categories", { name, description: null });
      expect(res.status).toBe(201);
      ids.push(res.json.id);
    }
    const res = await admin.get("/api/admin/audit/export?format=csv&entityType=category&lang=en");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("x-export-truncated")).toBe("false");
    const lines = (await csvExport("format=csv&entityType=category&lang=en")).split("\r\n");
    expect(lines[0]).toBe("\uFEFFEvent,Time (UTC),By,Account number,IP address,Browser,Action,Item type,Item ID,Changes,Hash");
    const line = lines.find((l) => l.includes(`,Document category,${ids[0]},`))!;
    // The whole change is one cell: it starts with the field's name, so it is no formula; the name inside is quoted.
    expect(line).toContain(`${adminEmail},${adminId},`);
    expect(line).toContain(`Document category created,Document category,${ids[0]},"Name: — → =HYPERLINK(""https://evil.example"",""Open"")"`);
    for (const name of names) expect(res.text).toContain(name.replaceAll('"', '""'));

    // A cell that would itself start a formula (an item id, a browser) gets an apostrophe.
    await ctx.services.audit.record({
      actor: { id: adminId, email: adminEmail },
      meta: { ip: "198.51.100.30", userAgent: "=cmd|' /C calc'!A0" },
      action: "settings.update",
      entity: { type: "settings", id: "@formula" },
      before: { x: 1 },
      after: { x: 2 },
    });
    const risky = await admin.get("/api/admin/audit/export?format=csv&entityId=%40formula");
    expect(risky.text).toContain(",'=cmd|' /C calc'!A0,");
    expect(risky.text).toContain(",'@formula,");
  });

  it("[audit] CSV in Arabic: the header and the words in Arabic, digits Western", async () => {
    const lines = (await csvExport("format=csv&entityType=settings&entityId=environmentMode&lang=ar")).split("\r\n");
    expect(lines[0]).toBe("\uFEFFالحدث,الوقت (UTC),بواسطة,رقم الحساب,عنوان IP,المتصفح,الإجراء,نوع العنصر,معرّف العنصر,التغييرات,قيمة التجزئة");
    expect(lines[1]).toContain("تغيير إعداد,إعداد,environmentMode,وضع الموقع: ");
    expect(lines[1]).toMatch(/^\d+,\d{4}-\d{2}-\d{2}T/);
  });

  it("[audit] JSON: an array of the matching events with their hashes; filters apply", async () => {
    const res = await admin.get("/api/admin/audit/export?format=json&entityType=user");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-trail-\d{4}-\d{2}-\d{2}\.json"$/);
    const events = res.json as (Event & { hash: string; prevHash: string })[];
    expect(events.length).toBeGreaterThanOrEqual(3);
    expect(events.every((e) => e.entityType === "user" && /^[0-9a-f]{64}$/.test(e.hash) && /^[0-9a-f]{64}$/.test(e.prevHash))).toBe(true);
    expect(events.map((e) => e.id)).toEqual([...events.map((e) => e.id)].sort((a, b) => b - a));
    const none = await admin.get("/api/admin/audit/export?format=json&entityType=portfolio");
    expect(none.json).toEqual([]);
  });

  it("[audit] at most 10,000 events, the newest, and the header says so", async () => {
    const many = ctx.services.audit;
    const truncated = await many.exceedsExport({ entityType: "category" }, 2);
    expect(truncated).toBe(true);
    const batches: number[][] = [];
    for await (const rows of many.exportBatches({ entityType: "category" }, 3)) batches.push(rows.map((r) => r.id));
    expect(batches.flat()).toHaveLength(3);
  });
});

describe("[audit] who may read it", () => {
  const PATHS = ["/api/admin/audit", "/api/admin/audit/verify", "/api/admin/audit/export?format=csv"];

  it("[audit] anonymous 401, members and investors 403, an admin without a second factor 403 TWO_FACTOR_REQUIRED", async () => {
    const { client: regular } = await signedInClient(ctx, "regular");
    const { client: investor } = await signedInClient(ctx, "investor");
    const { client: weakAdmin } = await signedInClient(ctx, "admin", { twoFactor: false });
    for (const path of PATHS) {
      const anonymous = await new Client(ctx.baseUrl).get(path);
      expect(anonymous.status, path).toBe(401);
      expect(anonymous.json.code).toBe("UNAUTHORIZED");
      for (const client of [regular, investor]) {
        const refused = await client.get(path);
        expect(refused.status, path).toBe(403);
        expect(refused.json.code).toBe("FORBIDDEN");
      }
      expect((await weakAdmin.get(path)).json.code).toBe("TWO_FACTOR_REQUIRED");
    }
  });
});
