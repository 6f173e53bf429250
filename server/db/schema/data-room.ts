import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { DOCUMENT_VIEW_KINDS, DOWNLOAD_MODES } from "../../../shared/data-room";
import { PERIOD_KINDS } from "../../../shared/document-period";
import { createdAt, updatedAt } from "./columns";
import { users } from "./accounts";

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
