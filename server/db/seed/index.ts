import { randomBytes } from "node:crypto";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { and, eq, isNull, sql } from "drizzle-orm";
import { portfolioSchema, pressReleaseSchema } from "../../../shared/schemas";
import { portfolioArabicSchema, pressArabicSchema, withArabic } from "../../../shared/content-schemas";
import { sanitizeContentOffThread } from "../../lib/sanitize";
import type { Services } from "../../features";
import { createPortfolioService } from "../../features/portfolio/portfolio";
import { createPressService } from "../../features/press/press";
import { convertContentDocs } from "../../features/content/content-docs";
import { createSettingsService } from "../../features/settings/settings";
import { createUserService } from "../../features/accounts/users";
import type { DbOrTx } from "../client";
import { documentCategories, documents, documentVersions, portfolioItems, pressReleases, users } from "../schema";
import { DOCUMENT_CATEGORIES, DOCUMENTS, PORTFOLIO, PRESS } from "./data";
import { adminUserInput, documentCategoryRow, documentRow, portfolioItem } from "./factories";

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
    const existing = await storage.stat("uploads", file);
    if (!existing || existing.size !== (await stat(source)).size) await storage.write("uploads", file, await readFile(source));
  }

  await seedAdmin(services, log);

  await db.transaction(async (tx) => {
    if ((await countOf(tx, portfolioItems)) > 0) return;
    const portfolio = createPortfolioService({ db: tx });
    let done = 0;
    for (const item of PORTFOLIO) {
      await portfolio.create(withArabic(portfolioSchema, portfolioArabicSchema).parse(portfolioItem(item)), { publication: "published" });
      await onProgress("portfolio", ++done);
    }
  });

  await db.transaction(async (tx) => {
    if ((await countOf(tx, pressReleases)) > 0) return;
    const press = createPressService({ db: tx });
    const settings = createSettingsService({ db: tx, productionHostname: services.config.productionHostname });
    let done = 0;
    for (const item of PRESS) {
      const created = await press.create(withArabic(pressReleaseSchema, pressArabicSchema).parse(item), { publication: "published" });
      // A demo release was last changed when it was published: its date, not the moment the seed ran.
      const published = new Date(`${item.date}T08:00:00.000Z`);
      await tx.update(pressReleases).set({ createdAt: published, updatedAt: published, publishedAt: published }).where(eq(pressReleases.id, created.id));
      if (item.spotlight) await settings.setSpotlightId(created.id);
      await onProgress("press", ++done);
    }
    // The demo releases are written as HTML: they get the editor's documents at once, without an audit event (the
    // seed's writes are the install, not a person's or the system's changes).
    await convertContentDocs({ db: tx });
  });

  await db.transaction(async (tx) => {
    if ((await countOf(tx, documents)) > 0) return;
    for (const c of DOCUMENT_CATEGORIES) {
      await tx.insert(documentCategories).values(documentCategoryRow(c)).onConflictDoNothing();
    }
    const cats = await tx.select().from(documentCategories);
    const [admin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
    let done = 0;
    for (const d of DOCUMENTS) {
      const key = seedDocumentKey(d.file);
      const bytes = await readFile(path.join(seedDir("files"), d.file));
      await storage.write("documents", key, bytes);
      const [doc] = await tx
        .insert(documents)
        .values(
          documentRow({
            title: d.title,
            description: d.description,
            titleAr: d.titleAr,
            descriptionAr: d.descriptionAr,
            fileName: d.file,
            fileUrl: key,
            fileSize: bytes.length,
            categoryId: cats.find((c) => c.name === d.category)?.id ?? null,
            isPublic: d.isPublic,
            periodKind: d.period?.kind ?? null,
            periodYear: d.period?.year ?? null,
            publishedAt: d.publishedAt,
            uploadedById: admin?.id ?? null,
          }),
        )
        .returning();
      await tx.insert(documentVersions).values({
        documentId: doc.id,
        number: 1,
        fileKey: key,
        fileName: doc.fileName,
        fileType: doc.fileType,
        fileSize: doc.fileSize,
        createdById: doc.uploadedById,
        createdAt: doc.uploadedAt,
      });
      await onProgress("documents", ++done);
    }
  });

  await seedArabic(db);
  await seedDocumentPeriods(db);
}

/**
 * Gives the demo documents stored before documents had a period their period and publication date: a row still
 * holding the seed's title and file, with no period and published the day it was uploaded (what the migration
 * wrote). Documents an admin dated are left alone; running it again changes nothing.
 */
export async function seedDocumentPeriods(db: DbOrTx) {
  await db.transaction(async (tx) => {
    for (const d of DOCUMENTS) {
      await tx
        .update(documents)
        .set({ periodKind: d.period?.kind ?? null, periodYear: d.period?.year ?? null, publishedAt: d.publishedAt })
        .where(
          and(
            eq(documents.title, d.title),
            eq(documents.fileName, d.file),
            isNull(documents.periodYear),
            sql`${documents.publishedAt} = (${documents.uploadedAt} at time zone 'UTC')::date`,
          ),
        );
    }
  });
}

/**
 * Adds the Arabic text to demo rows stored before the content had Arabic: a row whose English is still the seed's
 * and whose Arabic is empty. Rows an admin wrote or edited are left alone; running it again changes nothing.
 */
export async function seedArabic(db: DbOrTx) {
  await db.transaction(async (tx) => {
    for (const item of PORTFOLIO) {
      await tx
        .update(portfolioItems)
        .set({ descriptionAr: item.descriptionAr })
        .where(and(eq(portfolioItems.name, item.name), eq(portfolioItems.description, item.description), isNull(portfolioItems.descriptionAr)));
    }
    for (const item of PRESS) {
      await tx
        .update(pressReleases)
        .set({
          titleAr: item.titleAr,
          displayTitleAr: item.displayTitleAr ?? null,
          summaryAr: item.summaryAr,
          contentAr: item.contentAr ? await sanitizeContentOffThread(item.contentAr) : null,
        })
        .where(
          and(eq(pressReleases.title, item.title), eq(pressReleases.summary, item.summary), isNull(pressReleases.titleAr), isNull(pressReleases.contentAr)),
        );
    }
    for (const c of DOCUMENT_CATEGORIES) {
      await tx
        .update(documentCategories)
        .set({ nameAr: c.nameAr, descriptionAr: c.descriptionAr })
        .where(and(eq(documentCategories.name, c.name), isNull(documentCategories.nameAr)));
    }
    for (const d of DOCUMENTS) {
      await tx
        .update(documents)
        .set({ titleAr: d.titleAr, descriptionAr: d.descriptionAr })
        .where(and(eq(documents.title, d.title), eq(documents.fileName, d.file), isNull(documents.titleAr)));
    }
  });
}

async function seedAdmin(services: Services, log: (line: string) => void) {
  const { db } = services.database;
  const { adminEmail, adminPassword } = services.config;
  if (adminEmail && adminPassword) {
    const existing = await services.users.byEmail(adminEmail);
    if (!existing) {
      await services.users.create(adminUserInput(adminEmail, adminPassword));
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
    await createUserService({ db: tx }).create(adminUserInput(email, password));
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
