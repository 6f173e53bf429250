import { randomBytes } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { portfolioSchema, pressReleaseSchema } from "../../../shared/schemas";
import type { Services } from "../../services";
import { mimeForExtension } from "../../services/documents";
import { createPortfolioService } from "../../services/portfolio";
import { createPressService } from "../../services/press";
import { createSettingsService } from "../../services/settings";
import { createUserService } from "../../services/users";
import type { DbOrTx } from "../client";
import { documentCategories, documents, portfolioItems, pressReleases, users } from "../schema";
import { DOCUMENT_CATEGORIES, DOCUMENTS, PORTFOLIO, PRESS } from "./data";

/** Seed files ship in the repository; the server runs from its root (like the migrations folder). */
const seedDir = (sub: string) => path.resolve(process.env.SEED_DIR ?? "server/db/seed", sub);

const countOf = async (db: DbOrTx, table: typeof portfolioItems | typeof pressReleases | typeof documents) => {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(table);
  return count;
};

/** Seed documents are stored under fixed names, so a run killed half-way leaves nothing the next run does not overwrite. */
export const seedDocumentKey = (file: string) => `seed-${file.toLowerCase()}`;

export type SeedPart = "portfolio" | "press" | "documents";

/**
 * Fills an empty database with the demo content and the first admin. Each part (admin, portfolio,
 * press releases, documents) is all-or-nothing: it runs in one transaction, only when its table is
 * empty, so a first start killed half-way is completed by the next start, and running it again
 * changes nothing. Files are written under temporary names and renamed when complete.
 * `onProgress` is called after each row (tests use it to interrupt the seed at a known point).
 */
export async function seed(
  services: Services,
  { log = () => {}, onProgress = () => {} }: { log?: (line: string) => void; onProgress?: (part: SeedPart, done: number) => void | Promise<void> } = {},
) {
  const { db } = services.database;
  const { storage } = services;

  // Temporary files of a process that died while writing.
  await storage.removeStaleTemp();

  // Images are files served under /uploads, not data URLs. A file left short by an interrupted copy
  // (from before copies were atomic) is replaced.
  for (const file of await readdir(seedDir("assets"))) {
    const source = path.join(seedDir("assets"), file);
    const existing = await stat(path.join(storage.uploadsDir, file)).catch(() => null);
    if (!existing || existing.size !== (await stat(source)).size) await storage.write("uploads", file, await readFile(source));
  }

  await seedAdmin(services, log);

  await db.transaction(async (tx) => {
    if ((await countOf(tx, portfolioItems)) > 0) return;
    const portfolio = createPortfolioService({ db: tx });
    let done = 0;
    for (const item of PORTFOLIO) {
      await portfolio.create(portfolioSchema.parse(item));
      await onProgress("portfolio", ++done);
    }
  });

  await db.transaction(async (tx) => {
    if ((await countOf(tx, pressReleases)) > 0) return;
    const press = createPressService({ db: tx });
    const settings = createSettingsService({ db: tx, productionHostname: services.config.productionHostname });
    let done = 0;
    for (const item of PRESS) {
      const created = await press.create(pressReleaseSchema.parse(item));
      if (item.spotlight) await settings.setSpotlightId(created.id);
      await onProgress("press", ++done);
    }
  });

  await db.transaction(async (tx) => {
    if ((await countOf(tx, documents)) > 0) return;
    for (const c of DOCUMENT_CATEGORIES) {
      await tx.insert(documentCategories).values(c).onConflictDoNothing();
    }
    const cats = await tx.select().from(documentCategories);
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    let done = 0;
    for (const d of DOCUMENTS) {
      const ext = d.file.split(".").pop()!;
      const key = seedDocumentKey(d.file);
      const bytes = await readFile(path.join(seedDir("files"), d.file));
      await storage.write("documents", key, bytes);
      await tx.insert(documents).values({
        title: d.title,
        description: d.description,
        fileName: d.file,
        fileUrl: key,
        fileType: mimeForExtension(ext),
        fileSize: bytes.length,
        categoryId: cats.find((c) => c.name === d.category)?.id ?? null,
        isPublic: d.isPublic,
        uploadedById: admin?.id ?? null,
      });
      await onProgress("documents", ++done);
    }
  });
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
  // The password is printed before the account is committed: a start killed in between leaves no
  // admin whose password nobody saw, and the next start makes a new one.
  await db.transaction(async (tx) => {
    const [anyAdmin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    if (anyAdmin) return;
    const email = "admin@meridiancrest.example";
    const password = randomBytes(12).toString("base64url");
    await createUserService({ db: tx }).create({ email, password, fullName: "Site Administrator", company: null, position: null, role: "admin", isVerified: true });
    log(
      [
        "",
        "  An admin account was created (shown once; set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own):",
        `    e-mail:   ${email}`,
        `    password: ${password}`,
        "",
      ].join("\n"),
    );
  });
}
