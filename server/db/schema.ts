import { getTableColumns, sql, type SQL } from "drizzle-orm";
import { type AnyPgColumn, boolean, check, customType, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { EMAIL_STATUSES } from "../../shared/outbox";
import { PERIOD_KINDS } from "../../shared/document-period";
import { ROLES } from "../../shared/roles";
import { SECURITY_EVENT_TYPES } from "../../shared/security-events";
import { PUBLICATION_STATES } from "../../shared/publication";
import { DOCUMENT_VIEW_KINDS, DOWNLOAD_MODES } from "../../shared/data-room";
import { ALERT_KINDS, CALENDAR_EVENT_KINDS, SUBSCRIBER_STATUSES } from "../../shared/alerts";

/** PostgreSQL's tsvector (a document's words, for full-text search); read as its text form. */
const tsvector = customType<{ data: string }>({ dataType: () => "tsvector" });

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

export type { Role } from "../../shared/roles";

/**
 * Where an item stands in publication (shared/publication.ts). Only `published` items are read by public paths.
 * `publishAt` / `unpublishAt`: the instants the scheduler publishes / takes it down; `scheduleZone`: the zone
 * the editor chose them in; `publishedAt`: when it was last published; `publishLagMs`: how long after its
 * `publishAt` the scheduler published it.
 */
const publicationColumns = () => ({
  publication: text("publication", { enum: PUBLICATION_STATES }).notNull().default("draft"),
  publishedAt: timestamp("published_at", { withTimezone: true }),
  publishAt: timestamp("publish_at", { withTimezone: true }),
  unpublishAt: timestamp("unpublish_at", { withTimezone: true }),
  scheduleZone: text("schedule_zone"),
  publishLagMs: integer("publish_lag_ms"),
});

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    password: text("password").notNull(),
    email: text("email").notNull(),
    fullName: text("full_name"),
    role: text("role", { enum: ROLES }).notNull().default("regular"),
    isVerified: boolean("is_verified").notNull().default(false),
    company: text("company"),
    position: text("position"),
    avatar: text("avatar"),
    /** The language the user last used the site in; their e-mails are written in it. */
    locale: text("locale").notNull().default("en"),
    lastSignInAt: timestamp("last_sign_in_at", { withTimezone: true }),
    /** A disabled account cannot sign in and has no sessions; null while the account is active. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The authenticator app's shared secret (base32); null until two-factor sign-in is switched on. */
    totpSecret: text("totp_secret"),
    totpEnabledAt: timestamp("totp_enabled_at", { withTimezone: true }),
    /** The time step of the last code accepted: a code works once, even within its 30 seconds. */
    totpLastStep: integer("totp_last_step"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("users_username_unique").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_unique").on(sql`lower(${t.email})`),
    check("users_role_check", sql`${t.role} in ('regular', 'investor', 'admin')`),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /** The browser and address the session was started from, and when it was last used (the account page lists them). */
    userAgent: text("user_agent"),
    ipAddress: text("ip_address"),
    lastActiveAt: timestamp("last_active_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId), index("sessions_expires_idx").on(t.expiresAt)],
);

export const contactSubmissions = pgTable(
  "contact_submissions",
  {
    id: serial("id").primaryKey(),
    fullName: text("full_name").notNull(),
    email: text("email").notNull(),
    subject: text("subject").notNull(),
    message: text("message").notNull(),
    ipAddress: text("ip_address"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    /** When an admin first opened the message; null while unread. */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Archived messages leave the inbox but are kept; null while in the inbox. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
  },
  (t) => [index("contact_submitted_idx").on(t.submittedAt)],
);

export const documentCategories = pgTable("document_categories", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  description: text("description"),
  /** Arabic name and description; null until translated (readers fall back to English). */
  nameAr: text("name_ar"),
  descriptionAr: text("description_ar"),
  createdAt: createdAt(),
});

export const documents = pgTable(
  "documents",
  {
    id: serial("id").primaryKey(),
    title: text("title").notNull(),
    description: text("description"),
    /** Arabic title and description; null until translated (readers fall back to English). */
    titleAr: text("title_ar"),
    descriptionAr: text("description_ar"),
    fileName: text("file_name").notNull(),
    /** Generated storage key under DATA_DIR/documents; never a user-supplied path. */
    fileUrl: text("file_url").notNull(),
    fileType: text("file_type"),
    fileSize: integer("file_size"),
    categoryId: integer("category_id").references(() => documentCategories.id, { onDelete: "set null" }),
    isPublic: boolean("is_public").notNull().default(false),
    /** The fiscal year the document reports on; null with `periodKind` for one that reports on no period (a charter). */
    periodYear: integer("period_year"),
    /** FY, H1, H2 or Q1-Q4 of `periodYear`. */
    periodKind: text("period_kind", { enum: PERIOD_KINDS }),
    /** The day the company published the document (not the day it was uploaded here). */
    publishedAt: date("published_at", { mode: "string" })
      .notNull()
      .default(sql`CURRENT_DATE`),
    uploadedById: integer("uploaded_by_id").references(() => users.id, { onDelete: "set null" }),
    uploadedAt: timestamp("uploaded_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
    /** The number of the current version (document_versions); the file columns above are that version's. */
    version: integer("version").notNull().default(1),
    /** Investor Only, and only for the investors named in document_grants (admins always). */
    restricted: boolean("restricted").notNull().default(false),
    /** After this instant nothing of the document reaches anyone but admins. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Access withdrawn at once from everyone but admins, until an admin restores it. */
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    /** Taken out of the library (kept for the record); only admins see it. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** How the file may leave the server: original, stamped (PDF with the reader's watermark) or none (viewer only). */
    downloadMode: text("download_mode", { enum: DOWNLOAD_MODES }).notNull().default("original"),
    /** Readers must have accepted the current confidentiality notice before the first view or download. */
    requiresConfidentiality: boolean("requires_confidentiality").notNull().default(false),
    /**
     * Readers may fetch each page's text (there for screen readers); when false the page-text endpoint refuses. Every
     * read of it is written to the access log.
     */
    pageText: boolean("page_text").notNull().default(true),
    /** When the scheduler saw `expiresAt` pass and dropped the cached pages that listed the document. */
    expiryAppliedAt: timestamp("expiry_applied_at", { withTimezone: true }),
  },
  (t) => [
    index("documents_category_idx").on(t.categoryId),
    check("documents_download_mode_check", sql`${t.downloadMode} in ('original', 'stamped', 'none')`),
    check("documents_restricted_check", sql`not (${t.restricted} and ${t.isPublic})`),
    check("documents_period_check", sql`(${t.periodYear} is null) = (${t.periodKind} is null)`),
    check("documents_period_kind_check", sql`${t.periodKind} in ('FY', 'H1', 'H2', 'Q1', 'Q2', 'Q3', 'Q4')`),
  ],
);

export const APPLICATION_STATUSES = ["pending", "approved", "rejected"] as const;

export const investorApplications = pgTable(
  "investor_applications",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    company: text("company"),
    position: text("position"),
    motivation: text("motivation"),
    investmentInterests: text("investment_interests"),
    status: text("status", { enum: APPLICATION_STATUSES }).notNull().default("pending"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
    reviewedById: integer("reviewed_by_id").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("applications_user_idx").on(t.userId),
    // One open application per user, enforced by the database as well as the service.
    uniqueIndex("applications_one_pending")
      .on(t.userId)
      .where(sql`status = 'pending'`),
    check("applications_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
  ],
);

export const documentAccessLogs = pgTable(
  "document_access_logs",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    /** Null for a refused attempt by a visitor who was not signed in. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    accessTime: timestamp("access_time", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
    /** True when the download was refused (not signed in, or not allowed to read the document). */
    refused: boolean("refused").notNull().default(false),
    /** The version downloaded and the download's view id (printed in a stamped copy); null for a refusal. */
    version: integer("version"),
    viewPublicId: text("view_public_id"),
    /** What was fetched: the file ('download') or a page's text for a screen reader ('page-text'). */
    kind: text("kind", { enum: ["download", "page-text"] })
      .notNull()
      .default("download"),
    /** True when the reader was allowed but the server could not make the file (a stamped copy failed or timed out). */
    failed: boolean("failed").notNull().default(false),
  },
  (t) => [index("access_logs_document_idx").on(t.documentId), check("access_logs_kind_check", sql`${t.kind} in ('download', 'page-text')`)],
);

/**
 * Every file a document has had: version 1 is the first upload, each replacement adds the next number, and a
 * restore adds a new number that points at the restored file. Files are never removed while a version names them.
 */
export const documentVersions = pgTable(
  "document_versions",
  {
    id: serial("id").primaryKey(),
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    number: integer("number").notNull(),
    fileName: text("file_name").notNull(),
    /** Generated storage key under DATA_DIR/documents. */
    fileKey: text("file_key").notNull(),
    fileType: text("file_type"),
    fileSize: integer("file_size"),
    /** The PDF's pages and each page's height / width, read when it is first opened in the viewer. */
    pageCount: integer("page_count"),
    pageAspects: jsonb("page_aspects").$type<number[]>(),
    /** What changed, for readers ('Updated on …'), in English and Arabic. */
    note: text("note"),
    noteAr: text("note_ar"),
    /** The version this one restored, if it is a restore. */
    restoredFrom: integer("restored_from"),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("document_versions_number").on(t.documentId, t.number), index("document_versions_file_idx").on(t.fileKey)],
);

/** The investors a restricted document is shared with. Removing a row withdraws access at once. */
export const documentGrants = pgTable(
  "document_grants",
  {
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("document_grants_pk").on(t.documentId, t.userId), index("document_grants_user_idx").on(t.userId)],
);

/**
 * One opening of the viewer, or one download: who, which version, from which session, with the short id printed in
 * its watermark. Page images are served only to the session that opened the view.
 */
export const documentViews = pgTable(
  "document_views",
  {
    id: serial("id").primaryKey(),
    /** The id printed in the watermark (shared/data-room.ts VIEW_ID_PATTERN). */
    publicId: text("public_id").notNull(),
    kind: text("kind", { enum: DOCUMENT_VIEW_KINDS }).notNull(),
    documentId: integer("document_id")
      .notNull()
      .references(() => documents.id, { onDelete: "cascade" }),
    version: integer("version").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The SHA-256 of the session that opened it (never the session's id itself; the record outlives the session). */
    sessionHash: text("session_hash"),
    ipAddress: text("ip_address"),
    pageCount: integer("page_count"),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("document_views_public_id").on(t.publicId),
    index("document_views_document_idx").on(t.documentId, t.createdAt),
    index("document_views_user_idx").on(t.userId, t.createdAt),
    check("document_views_kind_check", sql`${t.kind} in ('view', 'download')`),
  ],
);

/** How long each page of a view was visible on the reader's screen, summed over the viewer's reports. */
export const documentPageReads = pgTable(
  "document_page_reads",
  {
    viewId: integer("view_id")
      .notNull()
      .references(() => documentViews.id, { onDelete: "cascade" }),
    page: integer("page").notNull(),
    visibleMs: integer("visible_ms").notNull().default(0),
    firstSeenAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("document_page_reads_pk").on(t.viewId, t.page)],
);

/** The confidentiality notice, one row per version (the id is the version): the newest is the one in force. */
export const confidentialityNotices = pgTable("confidentiality_notices", {
  id: serial("id").primaryKey(),
  text: text("text").notNull(),
  textAr: text("text_ar").notNull(),
  createdById: integer("created_by_id").references(() => users.id, { onDelete: "set null" }),
  createdAt: createdAt(),
});

/** Who accepted which version of the confidentiality notice, when, and from which address. */
export const confidentialityAcceptances = pgTable(
  "confidentiality_acceptances",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    noticeId: integer("notice_id")
      .notNull()
      .references(() => confidentialityNotices.id, { onDelete: "cascade" }),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }).notNull().defaultNow(),
    ipAddress: text("ip_address"),
  },
  (t) => [uniqueIndex("confidentiality_acceptances_once").on(t.userId, t.noticeId)],
);

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

export type { EmailStatus } from "../../shared/outbox";

/**
 * Every e-mail the site writes, and the queue that sends them. A row is written in the same transaction as what
 * caused it; an instance claims due rows with FOR UPDATE SKIP LOCKED and a lease (`lockedUntil`), so two instances
 * never take the same message, and one that dies mid-send leaves it to be taken again once the lease ends.
 * Without an SMTP server a message is 'held': kept for the Outbox, never sent.
 */
export const emailMessages = pgTable(
  "email_messages",
  {
    id: serial("id").primaryKey(),
    /** What the message is: 'password-reset', 'verify-email', 'contact-received', ... */
    kind: text("kind").notNull(),
    toAddress: text("to_address").notNull(),
    /** Where a reply goes (the visitor, for a contact message). */
    replyTo: text("reply_to"),
    locale: text("locale").notNull(),
    subject: text("subject").notNull(),
    /** Null once a message carrying a single-use link has been delivered (the link is nobody else's business). */
    html: text("html"),
    textBody: text("text_body"),
    /** True when the body holds a secret link (reset, verification). */
    sensitive: boolean("sensitive").notNull().default(false),
    status: text("status", { enum: EMAIL_STATUSES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    /** Extra headers (an alert's List-Unsubscribe and List-Unsubscribe-Post), built by the server, never from input. */
    headers: jsonb("headers").$type<Record<string, string>>(),
    /** The SMTP server's Message-ID once accepted. */
    messageId: text("message_id"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("email_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status in ('queued', 'sending')`),
    index("email_created_idx").on(t.createdAt, t.id),
    check("email_status_check", sql`${t.status} in ('queued', 'sending', 'sent', 'held', 'failed')`),
  ],
);

export const TOKEN_PURPOSES = ["password-reset", "verify-email", "change-email"] as const;
export type TokenPurpose = (typeof TOKEN_PURPOSES)[number];

/**
 * Single-use links sent by e-mail. Only the SHA-256 of the token is stored; a token is used by setting `usedAt`
 * in the statement that checks it, so two uses at once cannot both pass.
 */
export const accountTokens = pgTable(
  "account_tokens",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    purpose: text("purpose", { enum: TOKEN_PURPOSES }).notNull(),
    tokenHash: text("token_hash").notNull(),
    /** For 'change-email': the address that becomes the account's once the link is used. */
    newEmail: text("new_email"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("account_tokens_hash_unique").on(t.tokenHash), index("account_tokens_user_idx").on(t.userId, t.purpose)],
);

/** Single-use recovery codes for two-factor sign-in, stored as SHA-256 hashes; a used code keeps its row. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** WebAuthn credentials (passkeys): several per account, each named by its owner. */
export const passkeys = pgTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    /** The COSE public key, base64url. */
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: jsonb("transports").$type<string[]>(),
    backedUp: boolean("backed_up").notNull().default(false),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

export type User = typeof users.$inferSelect;
export type EmailMessage = typeof emailMessages.$inferSelect;
export type PortfolioItem = typeof portfolioItems.$inferSelect;
export type PressRelease = Omit<typeof pressReleases.$inferSelect, "searchDocument">;
export type Document = typeof documents.$inferSelect;
export type DocumentCategory = typeof documentCategories.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type InvestorApplication = typeof investorApplications.$inferSelect;

/**
 * Fixed-window request counters shared by every app instance (login, contact, reset limits).
 * `key` names the rule and the visitor, e.g. "contact:ip:203.0.113.7".
 */
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  hits: integer("hits").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

/**
 * Failed sign-ins per account (keyed by a hash of the submitted address, known or not), shared by every instance.
 * After a few failures each further attempt must wait longer (`lockedUntil`); a browser that has signed in to the
 * account before is not held back (see the login throttle service).
 */
export const loginThrottles = pgTable("login_throttles", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }).notNull(),
  lockedUntil: timestamp("locked_until", { withTimezone: true }),
});

export type { SecurityEventType } from "../../shared/security-events";

/**
 * What happened to accounts, for admins and for each user's own recent sign-ins: who (the account, when known), when,
 * from which address and browser, and the details of a change (a role's old and new value, who made it).
 */
export const securityEvents = pgTable(
  "security_events",
  {
    id: serial("id").primaryKey(),
    type: text("type", { enum: SECURITY_EVENT_TYPES }).notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The admin (or other user) who made the change, when not the account's owner. */
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    detail: jsonb("detail").$type<Record<string, string | number | boolean | null>>(),
    createdAt: createdAt(),
  },
  (t) => [index("security_events_user_idx").on(t.userId, t.createdAt), index("security_events_created_idx").on(t.createdAt, t.id)],
);

/**
 * The audit trail: who changed what in the site's content, settings and accounts, when and from where, and a summary
 * of the fields that changed (never a secret). Append-only, and tamper-evident: each row's `hash` is an HMAC, under a
 * key only the server holds, of the previous row's hash and the row's own content, so an edited, removed or inserted
 * row breaks the chain (server/services/audit.ts). Ids are given by the service under the chain's lock (the head's
 * id + 1), never by a sequence, so they have no gaps and a missing id means a removed row.
 * `actor_id` has no foreign key on purpose: deleting an account must not rewrite a hashed row; `actor_email` keeps
 * who it was.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: integer("id").primaryKey(),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull(),
    /** The signed-in admin; null for the system (the retention job, a scheduled publication). */
    actorId: integer("actor_id"),
    actorEmail: text("actor_email"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    /** What happened, as 'entity.verb': 'press.update', 'user.role', 'settings.update', ... */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: text("entity_id"),
    /** The changed fields: { field: { from, to } }, long texts as { fromLength, toLength } (shared/audit.ts). */
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull(),
    prevHash: text("prev_hash").notNull(),
    hash: text("hash").notNull(),
  },
  (t) => [
    index("audit_events_occurred_idx").on(t.occurredAt),
    index("audit_events_actor_idx").on(t.actorId, t.id),
    index("audit_events_entity_idx").on(t.entityType, t.entityId, t.id),
  ],
);

/**
 * The audit chain's two ends, in one row (id 1), updated in the transaction of every audit event: the anchor (the
 * last pruned event's id and hash, 0 and the genesis hash before any pruning) and the head (the newest event's id and
 * hash), so removing the oldest or the newest events is noticed too. `mac` seals the four values under the same key
 * as the events; the migration writes the genesis row with an empty `mac`, valid only while both ends are 0.
 */
export const auditChain = pgTable(
  "audit_chain",
  {
    id: integer("id").primaryKey(),
    anchorId: integer("anchor_id").notNull(),
    anchorHash: text("anchor_hash").notNull(),
    headId: integer("head_id").notNull(),
    headHash: text("head_hash").notNull(),
    mac: text("mac").notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check("audit_chain_one_row", sql`${t.id} = 1`)],
);

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

/**
 * An address that asked for investor alerts. Nothing is sent to it before it confirms (double opt-in): a request
 * keeps the lists and language asked for in `pending*` until the e-mail's link is confirmed. `manageSalt` keys the
 * address's preferences link (an HMAC of the id and the salt under the server's secret, so it is never stored).
 */
export const alertSubscribers = pgTable(
  "alert_subscribers",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    status: text("status", { enum: SUBSCRIBER_STATUSES }).notNull().default("pending"),
    lists: text("lists")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    locale: text("locale").notNull().default("en"),
    pendingLists: text("pending_lists").array(),
    pendingLocale: text("pending_locale"),
    /** SHA-256 of the confirmation link's token, while one is outstanding. */
    confirmTokenHash: text("confirm_token_hash"),
    confirmExpiresAt: timestamp("confirm_expires_at", { withTimezone: true }),
    manageSalt: text("manage_salt").notNull(),
    /** The random id an address's preferences and unsubscribe links carry (never the row's serial number). */
    publicId: text("public_id")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    /** Where it was asked for: 'form' or 'account'. */
    source: text("source").notNull().default("form"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    unsubscribedAt: timestamp("unsubscribed_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("alert_subscribers_email").on(t.email),
    uniqueIndex("alert_subscribers_public_id").on(t.publicId),
    uniqueIndex("alert_subscribers_confirm_token").on(t.confirmTokenHash),
    index("alert_subscribers_lists_idx").using("gin", t.lists),
  ],
);

/**
 * The consent record: every request, confirmation, change and unsubscription of an address, with when, from where
 * and how. Kept after the subscriber row is removed (by address), so consent can be shown for any e-mail sent.
 */
export const alertConsents = pgTable(
  "alert_consents",
  {
    id: serial("id").primaryKey(),
    email: text("email").notNull(),
    /** 'requested', 'confirmed', 'changed', 'unsubscribed', 'removed', 'suppressed'. */
    action: text("action").notNull(),
    /** 'form', 'account', 'preferences', 'one-click', 'admin'. */
    source: text("source").notNull(),
    lists: text("lists")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    locale: text("locale"),
    ip: text("ip"),
    userAgent: text("user_agent"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (t) => [index("alert_consents_email_idx").on(t.email, t.createdAt)],
);

/** Addresses no alert is ever sent to: they unsubscribed, or an admin removed them. Lifted only by a new confirmation. */
export const alertSuppressions = pgTable("alert_suppressions", {
  email: text("email").primaryKey(),
  reason: text("reason", { enum: ["unsubscribed", "one-click", "admin", "bounced"] }).notNull(),
  createdAt: createdAt(),
});

/**
 * One announcement to subscribers: a release published, a public document added, a calendar event added or due
 * tomorrow. Written in the transaction that makes the item public, at most once per item and edition (0 = the
 * first; corrections an admin asks for count up), so no instance and no republication sends it twice. The
 * scheduler's step writes its e-mails in batches (`cursor` = the last subscriber id written).
 */
export const alerts = pgTable(
  "alerts",
  {
    id: serial("id").primaryKey(),
    kind: text("kind", { enum: ALERT_KINDS }).notNull(),
    itemId: integer("item_id").notNull(),
    edition: integer("edition").notNull().default(0),
    lists: text("lists").array().notNull(),
    status: text("status", { enum: ["pending", "sending", "done"] })
      .notNull()
      .default("pending"),
    cursor: integer("cursor").notNull().default(0),
    recipients: integer("recipients").notNull().default(0),
    requestedById: integer("requested_by_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("alerts_item_edition").on(t.kind, t.itemId, t.edition),
    index("alerts_open_idx")
      .on(t.id)
      .where(sql`status <> 'done'`),
  ],
);

/** Which subscriber an alert's e-mail went to (at most one per alert and subscriber), and the e-mail's row. */
export const alertDeliveries = pgTable(
  "alert_deliveries",
  {
    alertId: integer("alert_id")
      .notNull()
      .references(() => alerts.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id").notNull(),
    emailId: integer("email_id").references(() => emailMessages.id, { onDelete: "set null" }),
    /** The e-mail's final status, kept when the Outbox's old messages are deleted (so an alert's counts stay). */
    outcome: text("outcome"),
  },
  (t) => [uniqueIndex("alert_deliveries_pk").on(t.alertId, t.subscriberId), index("alert_deliveries_email_idx").on(t.emailId)],
);

/**
 * An event of the financial calendar: a day, or a day and time, in Cairo (`startsAt` is its instant; midnight in
 * Cairo for an all-day event). `uid` never changes and `sequence` goes up with each change, so subscribed calendars
 * update the event; a cancelled event stays, marked, so they remove it.
 */
export const calendarEvents = pgTable(
  "calendar_events",
  {
    id: serial("id").primaryKey(),
    uid: text("uid").notNull(),
    kind: text("kind", { enum: CALENDAR_EVENT_KINDS }).notNull(),
    date: date("date", { mode: "string" }).notNull(),
    time: text("time"),
    endTime: text("end_time"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    title: text("title").notNull(),
    titleAr: text("title_ar"),
    description: text("description"),
    descriptionAr: text("description_ar"),
    linkUrl: text("link_url"),
    pressReleaseId: integer("press_release_id").references(() => pressReleases.id, { onDelete: "set null" }),
    documentIds: integer("document_ids")
      .array()
      .notNull()
      .default(sql`'{}'::int[]`),
    status: text("status", { enum: ["scheduled", "cancelled"] })
      .notNull()
      .default("scheduled"),
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("calendar_events_uid").on(t.uid), index("calendar_events_starts_idx").on(t.startsAt)],
);
