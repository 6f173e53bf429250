/** The demo seed on an empty database: content, files, flags, the first admin, and idempotence. */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FALLBACK_PRESS } from "../../../shared/fallback-press";
import { SECTOR_VALUES } from "../../../shared/sectors";
import { Client, createTestContext, type TestContext } from "../../../tests/helpers/context";
import { createServices } from "../../features";
import { documentCategories, documents, portfolioItems, pressReleases, settings, users } from "../schema";
import { seed } from "./index";
import { diskDir } from "../../lib/storage-disk";

let ctx: TestContext;
const lines: string[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  await seed(ctx.services, { log: (line) => lines.push(line) });
});
afterAll(() => ctx.close());

const db = () => ctx.services.database.db;
const uploadFile = (url: string) => path.join(diskDir(ctx.services.storage, "uploads"), url.replace(/^\/uploads\//, ""));

describe("[seed] portfolio", () => {
  it("[seed] six companies over the five sectors of the one list", async () => {
    const rows = await db().select().from(portfolioItems);
    expect(rows).toHaveLength(6);
    expect(new Set(rows.map((r) => r.sector))).toEqual(new Set(SECTOR_VALUES));
    expect(rows.find((r) => r.name === "Boost Freight")?.sector).toBe("logistics");
  });

  it("[seed] statuses Active, Partial Exit with an exit year, and Full Exit", async () => {
    const rows = await db().select().from(portfolioItems);
    expect(new Set(rows.map((r) => r.status))).toEqual(new Set(["Active", "Partial Exit", "Full Exit"]));
    for (const r of rows) {
      if (r.status === "Active") expect(r.exitYear, r.name).toBeNull();
      else {
        expect(r.exitYear, r.name).toEqual(expect.any(Number));
        expect(r.exitYear!).toBeGreaterThanOrEqual(r.yearAcquired);
      }
      expect(r.yearAcquired).toBeGreaterThanOrEqual(1990);
      expect(r.yearAcquired).toBeLessThanOrEqual(new Date().getFullYear());
    }
  });

  it("[seed] every company has an image and a logo that are real files served by the app", async () => {
    const rows = await db().select().from(portfolioItems);
    const anon = new Client(ctx.baseUrl);
    for (const r of rows) {
      for (const url of [r.image, r.companyLogo]) {
        expect(url, r.name).toMatch(/^\/uploads\/[a-z0-9-]+\.webp$/);
        expect(existsSync(uploadFile(url!)), url!).toBe(true);
        const bytes = readFileSync(uploadFile(url!));
        expect(bytes.subarray(0, 4).toString("latin1")).toBe("RIFF");
        expect(bytes.subarray(8, 12).toString("latin1")).toBe("WEBP");
      }
      const res = await fetch(ctx.baseUrl + r.image!);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("image/webp");
      expect(r.website).toMatch(/^https:\/\//);
    }
    expect((await anon.get("/api/portfolio")).json).toHaveLength(6);
  });
});

describe("[seed] press releases", () => {
  it("[seed] at least 16 releases covering the spec's categories", async () => {
    const rows = await db().select().from(pressReleases);
    expect(rows.length).toBeGreaterThanOrEqual(16);
    const categories = new Set(rows.map((r) => r.category));
    for (const c of ["Acquisition", "Partnership", "Investment", "Funding", "Expansion", "Award", "Sustainability", "Technology", "News"]) {
      expect(categories.has(c), c).toBe(true);
    }
  });

  it("[seed] exactly three on the homepage, one of them featured, and only one featured", async () => {
    const rows = await db().select().from(pressReleases);
    const homepage = rows.filter((r) => r.showOnHomepage);
    const featured = rows.filter((r) => r.featured);
    expect(homepage).toHaveLength(3);
    expect(featured).toHaveLength(1);
    expect(featured[0].showOnHomepage).toBe(true);
  });

  it("[seed] the homepage shows the three newest releases, none dated after today, every sector from the list", async () => {
    const rows = await db().select().from(pressReleases);
    const newest = [...rows].sort((a, b) => b.date.localeCompare(a.date)).slice(0, 3);
    expect(
      rows
        .filter((r) => r.showOnHomepage)
        .map((r) => r.id)
        .sort(),
    ).toEqual(newest.map((r) => r.id).sort());
    expect(newest[0].date).toBe("2026-11-17");
    for (const r of rows) {
      expect(r.date <= "2026-11-26", r.title).toBe(true);
      expect(SECTOR_VALUES as readonly string[], r.title).toContain(r.sector);
    }
  });

  it("[seed] the three built-in fallback releases are stored", async () => {
    const rows = await db().select().from(pressReleases);
    for (const f of FALLBACK_PRESS) {
      const row = rows.find((r) => r.title === f.title);
      expect(row, f.title).toBeDefined();
      expect(row).toMatchObject({
        date: f.date,
        category: f.category,
        company: f.company,
        sector: f.sector,
        image: f.image,
        companyLogo: f.companyLogo,
      });
    }
    const [acquisition, partnership, seriesB] = FALLBACK_PRESS;
    expect([acquisition.category, acquisition.date, acquisition.sector]).toEqual(["Acquisition", "2023-05-15", "transportation"]);
    expect([partnership.category, partnership.date, partnership.sector]).toEqual(["Partnership", "2023-04-03", "finance"]);
    expect([seriesB.category, seriesB.date, seriesB.sector, seriesB.featured]).toEqual(["Investment", "2022-09-20", "logistics", false]);
  });

  it("[seed] every release has a summary, content written in the editor's format, an image file and a date", async () => {
    const rows = await db().select().from(pressReleases);
    for (const r of rows) {
      expect(r.summary.length, r.title).toBeGreaterThanOrEqual(10);
      // The editor's document, and the HTML the server renders from it (each block with its direction).
      expect(r.contentDoc, r.title).toMatchObject({ type: "doc" });
      expect(r.content, r.title).toMatch(/^<p dir="auto">/);
      if (r.contentAr) expect(r.contentArDoc, r.title).toMatchObject({ type: "doc" });
      expect(r.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(r.image, r.title).toMatch(/^\/uploads\//);
      expect(existsSync(uploadFile(r.image!)), r.image!).toBe(true);
      if (r.companyLogo) expect(existsSync(uploadFile(r.companyLogo)), r.companyLogo).toBe(true);
    }
  });

  it("[seed] the spotlight setting points at an existing release", async () => {
    const id = await ctx.services.settings.spotlightId();
    expect(id).toEqual(expect.any(Number));
    const release = await ctx.services.press.get(id!);
    expect(release.title.length).toBeGreaterThan(0);
  });
});

describe("[seed] documents", () => {
  const MAGIC: Record<string, (b: Buffer) => boolean> = {
    pdf: (b) => b.subarray(0, 5).toString("latin1") === "%PDF-" && b.includes(Buffer.from("%%EOF")),
    xlsx: (b) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && b.includes(Buffer.from("xl/workbook.xml")),
    docx: (b) => b.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04])) && b.includes(Buffer.from("word/document.xml")),
  };

  it("[seed] at least six documents, PDF, XLSX and DOCX, some Public and some Investor Only", async () => {
    const rows = await db().select().from(documents);
    expect(rows.length).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((r) => r.fileName.split(".").pop()))).toEqual(new Set(["pdf", "xlsx", "docx"]));
    expect(rows.some((r) => r.isPublic)).toBe(true);
    expect(rows.some((r) => !r.isPublic)).toBe(true);
  });

  it("[seed] each document is a real file of its type, with its size, type and category recorded", async () => {
    const rows = await db().select().from(documents);
    const cats = await db().select().from(documentCategories);
    const admins = await db().select().from(users).where(eq(users.role, "admin"));
    for (const r of rows) {
      const ext = r.fileName.split(".").pop()!;
      const file = path.join(diskDir(ctx.services.storage, "documents"), r.fileUrl);
      expect(file, r.fileUrl).not.toBeNull();
      const bytes = readFileSync(file!);
      expect(MAGIC[ext](bytes), r.fileName).toBe(true);
      expect(r.fileSize).toBe(bytes.length);
      expect(r.fileType).toBe(
        {
          pdf: "application/pdf",
          xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        }[ext],
      );
      expect(cats.map((c) => c.id)).toContain(r.categoryId);
      expect(admins.map((a) => a.id)).toContain(r.uploadedById);
      // Stored under a generated name, never the original file name.
      expect(r.fileUrl).not.toBe(r.fileName);
    }
  });
});

/** Everything the seed writes, in a comparable form. */
async function snapshot() {
  const d = db();
  const order = sql`1`;
  return {
    users: await d.select({ id: users.id, email: users.email, role: users.role, password: users.password }).from(users).orderBy(order),
    portfolio: await d.select().from(portfolioItems).orderBy(order),
    press: await d.select().from(pressReleases).orderBy(order),
    categories: await d.select().from(documentCategories).orderBy(order),
    documents: await d.select().from(documents).orderBy(order),
    settings: await d.select().from(settings).orderBy(order),
    uploads: readdirSync(diskDir(ctx.services.storage, "uploads")).sort(),
    files: readdirSync(diskDir(ctx.services.storage, "documents")).sort(),
  };
}

describe("[seed] running it again", () => {
  it("[seed] a second run changes nothing and logs nothing", async () => {
    const before = await snapshot();
    const again: string[] = [];
    await seed(ctx.services, { log: (line) => again.push(line) });
    expect(await snapshot()).toEqual(before);
    expect(again).toEqual([]);
  });
});

describe("[seed] the first admin", () => {
  it("[seed] without ADMIN_EMAIL/ADMIN_PASSWORD an admin with a random password is created and its credentials logged once", async () => {
    const admins = await db().select().from(users).where(eq(users.role, "admin"));
    expect(admins).toHaveLength(1);
    const output = lines.join("\n");
    expect(lines).toHaveLength(1);
    const email = output.match(/e-mail:\s+(\S+)/)?.[1];
    const password = output.match(/password:\s+(\S+)/)?.[1];
    expect(email).toBe(admins[0].email);
    expect(password!.length).toBeGreaterThanOrEqual(12);
    expect(admins[0].password).not.toContain(password);
    expect(admins[0].password).toMatch(/^\$argon2id\$/);
    expect((await ctx.services.users.verifyLogin(email!, password!)).role).toBe("admin");
  });

  it("[seed] two fresh databases get different random admin passwords", async () => {
    // Wipe and seed again: the new admin's password is not the one printed before.
    const first = lines.join("\n").match(/password:\s+(\S+)/)![1];
    const out = await reseedEmpty({});
    const second = out.join("\n").match(/password:\s+(\S+)/)?.[1];
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it("[seed] ADMIN_EMAIL and ADMIN_PASSWORD create that admin, and no random one", async () => {
    const out = await reseedEmpty({ adminEmail: "owner@meridian.example", adminPassword: "owner's long password" });
    const admins = await db().select().from(users).where(eq(users.role, "admin"));
    expect(admins.map((a) => a.email)).toEqual(["owner@meridian.example"]);
    expect((await ctx.services.users.verifyLogin("owner@meridian.example", "owner's long password")).role).toBe("admin");
    expect(out.join("\n")).not.toContain("owner's long password");
    // The seeded documents name that admin as uploader.
    const docs = await db().select().from(documents);
    expect(docs.every((d) => d.uploadedById === admins[0].id)).toBe(true);
  });

  it("[seed] ADMIN_EMAIL of an existing user makes that user an admin", async () => {
    const existing = await ctx.services.users.create({
      email: "promote@meridian.example",
      password: "their own password",
      fullName: "Promoted",
      company: null,
      position: null,
    });
    expect(existing.role).toBe("regular");
    const services = createServices(ctx.services.database, {
      ...ctx.services.config,
      adminEmail: "promote@meridian.example",
      adminPassword: "ignored password",
    });
    await seed(services);
    expect((await ctx.services.users.getById(existing.id))!.role).toBe("admin");
    // The password is the user's own, not replaced by the variable.
    expect((await ctx.services.users.verifyLogin("promote@meridian.example", "their own password")).id).toBe(existing.id);
  });
});

/** Empties every table and seeds again with the given admin settings; returns what was logged. */
async function reseedEmpty(admin: { adminEmail?: string; adminPassword?: string }) {
  await db().execute(
    sql`truncate table document_access_logs, investor_applications, sessions, contact_submissions, documents, document_categories, press_releases, portfolio_items, settings, users restart identity cascade`,
  );
  const services = createServices(ctx.services.database, { ...ctx.services.config, ...admin });
  const out: string[] = [];
  await seed(services, { log: (line) => out.push(line) });
  return out;
}
