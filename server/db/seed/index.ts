import { randomBytes } from "node:crypto";
import { copyFile, readdir, stat } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { portfolioSchema, pressReleaseSchema } from "../../../shared/schemas";
import type { Services } from "../../services";
import { mimeForExtension } from "../../services/documents";
import { documentCategories, documents, portfolioItems, pressReleases, users } from "../schema";
import { DOCUMENT_CATEGORIES, DOCUMENTS, PORTFOLIO, PRESS } from "./data";

/** Seed files ship in the repository; the server runs from its root (like the migrations folder). */
const seedDir = (sub: string) => path.resolve(process.env.SEED_DIR ?? "server/db/seed", sub);

const countOf = async (services: Services, table: typeof portfolioItems | typeof pressReleases | typeof documents) => {
  const [{ count }] = await services.database.db.select({ count: sql<number>`count(*)::int` }).from(table);
  return count;
};

/**
 * Fills an empty database with the demo content and the first admin. Each part runs only when its
 * table is empty, so running it again changes nothing.
 */
export async function seed(services: Services, { log = () => {} }: { log?: (line: string) => void } = {}) {
  const { db } = services.database;

  // Images are files served under /uploads, not data URLs.
  for (const file of await readdir(seedDir("assets"))) {
    const target = path.join(services.storage.uploadsDir, file);
    if (!(await stat(target).catch(() => null))) await copyFile(path.join(seedDir("assets"), file), target);
  }

  await seedAdmin(services, log);

  if ((await countOf(services, portfolioItems)) === 0) {
    for (const item of PORTFOLIO) await services.portfolio.create(portfolioSchema.parse(item));
  }

  if ((await countOf(services, pressReleases)) === 0) {
    for (const item of PRESS) {
      const created = await services.press.create(pressReleaseSchema.parse(item));
      if (item.spotlight) await services.settings.setSpotlightId(created.id);
    }
  }

  if ((await countOf(services, documents)) === 0) {
    for (const c of DOCUMENT_CATEGORIES) {
      await db.insert(documentCategories).values(c).onConflictDoNothing();
    }
    const cats = await db.select().from(documentCategories);
    const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    for (const d of DOCUMENTS) {
      const ext = d.file.split(".").pop()!;
      const key = services.storage.newKey(ext);
      const source = path.join(seedDir("files"), d.file);
      await copyFile(source, services.storage.documentPath(key)!);
      await db.insert(documents).values({
        title: d.title,
        description: d.description,
        fileName: d.file,
        fileUrl: key,
        fileType: mimeForExtension(ext),
        fileSize: (await stat(source)).size,
        categoryId: cats.find((c) => c.name === d.category)?.id ?? null,
        isPublic: d.isPublic,
        uploadedById: admin?.id ?? null,
      });
    }
  }
}

async function seedAdmin(services: Services, log: (line: string) => void) {
  const { db } = services.database;
  const { adminEmail, adminPassword } = services.config;
  if (adminEmail && adminPassword) {
    const existing = await services.users.byEmail(adminEmail);
    if (!existing) {
      await services.users.create({ email: adminEmail, password: adminPassword, fullName: "Site Administrator", company: null, position: null, role: "admin", isVerified: true });
      log(`Admin account created for ${adminEmail}.`);
    } else if (existing.role !== "admin") {
      await services.users.setRole(existing.id, "admin");
    }
    return;
  }
  const [anyAdmin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  if (anyAdmin) return;
  const email = "admin@meridiancrest.example";
  const password = randomBytes(12).toString("base64url");
  await services.users.create({ email, password, fullName: "Site Administrator", company: null, position: null, role: "admin", isVerified: true });
  log(
    [
      "",
      "  An admin account was created (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own):",
      `    e-mail:   ${email}`,
      `    password: ${password}`,
      "",
    ].join("\n"),
  );
}
