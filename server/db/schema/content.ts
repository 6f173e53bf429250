import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, publicationColumns, tsvector, updatedAt } from "./columns";
import { users } from "./accounts";

export const PORTFOLIO_STATUSES = ["Active", "Partial Exit", "Full Exit"] as const;
export type PortfolioStatus = (typeof PORTFOLIO_STATUSES)[number];

export const portfolioItems = pgTable(
  "portfolio_items",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    /** Arabic description; null until translated (readers fall back to English). The name stays as written. */
    descriptionAr: text("description_ar"),
    sector: text("sector").notNull(),
    yearAcquired: integer("year_acquired").notNull(),
    image: text("image"),
    companyLogo: text("company_logo"),
    website: text("website"),
    status: text("status", { enum: PORTFOLIO_STATUSES }).notNull().default("Active"),
    exitYear: integer("exit_year"),
    ...publicationColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("portfolio_status_check", sql`${t.status} in ('Active', 'Partial Exit', 'Full Exit')`),
    check("portfolio_exit_year_check", sql`${t.status} <> 'Active' or ${t.exitYear} is null`),
    check("portfolio_publication_check", sql`${t.publication} in ('draft', 'scheduled', 'published', 'withdrawn')`),
    check("portfolio_scheduled_check", sql`${t.publication} <> 'scheduled' or ${t.publishAt} is not null`),
    // The scheduler's query: the scheduled items, soonest first.
    index("portfolio_publication_idx").on(t.publication, t.publishAt),
  ],
);

export const pressReleases = pgTable(
  "press_releases",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    /** Optional headline shown instead of the title on the detail page. */
    displayTitle: text("display_title"),
    summary: text("summary").notNull(),
    /** Sanitized HTML. */
    content: text("content").notNull(),
    date: date("date", { mode: "string" }).notNull(),
    company: text("company"),
    sector: text("sector"),
    category: text("category").notNull().default("News"),
    featured: boolean("featured").notNull().default(false),
    showOnHomepage: boolean("show_on_homepage").notNull().default(false),
    image: text("image"),
    companyLogo: text("company_logo"),
    originalUrl: text("original_url"),
    /**
     * The Arabic text; null until translated. A release reads in Arabic only when title, summary and content all
     * have Arabic (the headline is optional, as in English); otherwise Arabic pages show the English text.
     */
    titleAr: text("title_ar"),
    displayTitleAr: text("display_title_ar"),
    summaryAr: text("summary_ar"),
    /** Sanitized HTML. */
    contentAr: text("content_ar"),
    /**
     * The rich-text editor's documents (its JSON) for `content` / `contentAr`, which hold the HTML rendered from
     * them on the server; null for text never opened in the editor (its HTML is then the source).
     */
    contentDoc: jsonb("content_doc").$type<Record<string, unknown>>(),
    contentArDoc: jsonb("content_ar_doc").$type<Record<string, unknown>>(),
    /**
     * A correction: set when a published release is edited (`correctedAt`, shown as 'Updated on ...'), with an
     * optional public note in each language.
     */
    correctedAt: timestamp("corrected_at", { withTimezone: true }),
    correctionNote: text("correction_note"),
    correctionNoteAr: text("correction_note_ar"),
    ...publicationColumns(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The words the press search looks in (pressSearchDocument), computed by the database whenever a row is
     * written, so a search reads them instead of recomputing them for every row it looks at. Only queries
     * read it: pages and the API select `pressColumns`, which leave it out.
     */
    searchDocument: tsvector("search_document").generatedAlwaysAs((): SQL => pressSearchDocument(pressReleases)),
  },
  (t) => [
    index("press_date_idx").on(t.date, t.id),
    index("press_company_idx").on(t.company),
    // The database itself refuses a second featured release among the published ones (a release not yet
    // public may carry the flag: it takes the star when it is published).
    uniqueIndex("press_one_featured")
      .on(t.featured)
      .where(sql`featured and publication = 'published'`),
    check("press_publication_check", sql`${t.publication} in ('draft', 'scheduled', 'published', 'withdrawn')`),
    check("press_scheduled_check", sql`${t.publication} <> 'scheduled' or ${t.publishAt} is not null`),
    // The scheduler's query: the scheduled releases, soonest first.
    index("press_publication_idx").on(t.publication, t.publishAt),
    // The press list: a company tab pages newest first without scanning other companies' releases.
    index("press_company_date_idx").on(t.company, t.date, t.id),
    // The press search (word prefixes, every word required) finds its matches here. Without fastupdate a
    // write goes straight into the index rather than into a pending list that every search must read
    // (PGlite has no autovacuum to empty it); releases are written rarely and searched often.
    index("press_search_document_idx").using("gin", t.searchDocument).with({ fastupdate: false }),
    // The index the previous release searched through (the same words, computed from the text). No query
    // uses it any more; it stays until every instance runs the code that reads search_document, so a
    // rolling deployment never searches without an index. A later migration drops it.
    index("press_search_idx").using("gin", pressSearchDocumentV1(t)),
  ],
);

/** Every column of a press release except `searchDocument`: what pages, the API and the admin read. */
export const pressColumns = (({ searchDocument: _searchDocument, ...readable }) => readable)(getTableColumns(pressReleases));

/**
 * The text the press search looks in, as a tsvector ('simple': no stemming, no stop words): title, headline,
 * summary, company, and the sector and category labels the cards show ('energy' finds the energy releases),
 * then the Arabic title, headline and summary. `search_normalize` (an SQL function from the migrations, the
 * same on PostgreSQL and PGlite) lower-cases the text and folds Arabic spelling variants: alef forms,
 * ta marbuta, alef maqsura, diacritics, tatweel, Arabic punctuation and the definite article, so 'الطاقة' and
 * 'طاقه' are one word. The query goes through `normalizeSearchText` (shared/search-normalize.ts), which
 * does the same in JavaScript.
 */
export function pressSearchDocument(t: {
  title: AnyPgColumn;
  displayTitle: AnyPgColumn;
  summary: AnyPgColumn;
  company: AnyPgColumn;
  sector: AnyPgColumn;
  category: AnyPgColumn;
  titleAr: AnyPgColumn;
  displayTitleAr: AnyPgColumn;
  summaryAr: AnyPgColumn;
}) {
  return sql`to_tsvector('simple', search_normalize(${t.title} || ' ' || coalesce(${t.displayTitle}, '') || ' ' || ${t.summary} || ' ' || coalesce(${t.company}, '') || ' ' || coalesce(${t.sector}, '') || ' ' || ${t.category} || ' ' || coalesce(${t.titleAr}, '') || ' ' || coalesce(${t.displayTitleAr}, '') || ' ' || coalesce(${t.summaryAr}, '')))`;
}

/** The search document of the previous release (English only), which the old expression index still holds. */
function pressSearchDocumentV1(t: {
  title: AnyPgColumn;
  displayTitle: AnyPgColumn;
  summary: AnyPgColumn;
  company: AnyPgColumn;
  sector: AnyPgColumn;
  category: AnyPgColumn;
}) {
  return sql`to_tsvector('simple', ${t.title} || ' ' || coalesce(${t.displayTitle}, '') || ' ' || ${t.summary} || ' ' || coalesce(${t.company}, '') || ' ' || coalesce(${t.sector}, '') || ' ' || ${t.category})`;
}

export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: jsonb("value").notNull(),
  updatedAt: updatedAt(),
});

/** What revisions and preview links are kept for. */
export const CONTENT_ENTITIES = ["press", "portfolio"] as const;
export type ContentEntity = (typeof CONTENT_ENTITIES)[number];

/**
 * Every save of a press release or portfolio item keeps a revision: all its fields (both languages) as saved,
 * numbered 1, 2, ... per item, with who saved it. Kept when the item is deleted (the record of what it said).
 */
export const contentRevisions = pgTable(
  "content_revisions",
  {
    id: serial("id").primaryKey(),
    entityType: text("entity_type", { enum: CONTENT_ENTITIES }).notNull(),
    entityId: integer("entity_id").notNull(),
    number: integer("number").notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorEmail: text("actor_email"),
    /** Why it was saved when not by an edit: 'restore:3' (restored from revision 3). */
    reason: text("reason"),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("content_revisions_entity_number").on(t.entityType, t.entityId, t.number)],
);

/**
 * A link that shows an unpublished item to someone not signed in: the link carries a random token, the table only
 * its SHA-256; it stops working at `expiresAt` or when revoked.
 */
export const previewLinks = pgTable(
  "preview_links",
  {
    id: serial("id").primaryKey(),
    entityType: text("entity_type", { enum: CONTENT_ENTITIES }).notNull(),
    entityId: integer("entity_id").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("preview_links_token").on(t.tokenHash), index("preview_links_entity_idx").on(t.entityType, t.entityId)],
);
